import { beforeEach, describe, expect, it } from 'vitest';
import { createBooking, createCategory, createProvider, createService, createUser } from '../../db/seed/factories.ts';
import { createSession, SESSION_COOKIE } from '../../http/session.ts';
import { useTestApp } from '../../test/test-app.ts';

const t = useTestApp();

async function cookieFor(userId: string) {
  const { token } = await createSession(t.db, userId, 'test');
  return { [SESSION_COOKIE]: token };
}

type Fixture = Awaited<ReturnType<typeof buildFixture>>;
let f: Fixture;

async function buildFixture() {
  const category = await createCategory(t.db);
  const owner = await createProvider(t.db, { displayName: 'Ana Lima' });
  const other = await createProvider(t.db, { displayName: 'Bruno Costa' });
  const traveler = await createUser(t.db, { name: 'Rita Sousa', image: '/uploads/avatars/rita.png' });
  const admin = await createUser(t.db, { role: 'ADMIN' });
  const service = await createService(t.db, {
    providerId: owner.provider.id,
    categoryId: category.id,
    title: 'Deep tissue massage',
    priceCents: 6000,
  });
  const othersService = await createService(t.db, { providerId: other.provider.id, categoryId: category.id });
  const day = (n: number) => new Date(Date.UTC(2026, 5, n, 9));
  const older = await createBooking(t.db, {
    service,
    userId: traveler.id,
    status: 'COMPLETED',
    hours: 2,
    startAt: day(1),
    createdAt: new Date('2026-05-01T10:00:00Z'),
  });
  const newer = await createBooking(t.db, {
    service,
    userId: traveler.id,
    status: 'PENDING',
    hours: 1,
    startAt: day(10),
    createdAt: new Date('2026-05-02T10:00:00Z'),
  });
  const foreign = await createBooking(t.db, { service: othersService, userId: traveler.id, startAt: day(3) });
  return {
    owner,
    other,
    traveler,
    service,
    older,
    newer,
    foreign,
    cookies: {
      owner: await cookieFor(owner.user.id),
      other: await cookieFor(other.user.id),
      traveler: await cookieFor(traveler.id),
      admin: await cookieFor(admin.id),
    },
  };
}

beforeEach(async () => {
  f = await buildFixture();
});

describe('GET /api/provider/bookings', () => {
  it('lists the provider’s own incoming bookings, newest first, with traveler, service, start, hours, status, amount', async () => {
    const res = await t.app.inject({ url: '/api/provider/bookings', cookies: f.cookies.owner });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.map((b: { id: string }) => b.id)).toEqual([f.newer.id, f.older.id]);
    expect(body[1]).toEqual({
      id: f.older.id,
      status: 'COMPLETED',
      start: '2026-06-01T09:00:00.000Z',
      end: '2026-06-01T11:00:00.000Z',
      hours: 2,
      amountCents: 12000,
      // The traveler pays the subtotal and the 5 % fee; the provider receives the subtotal.
      feeCents: 600,
      totalCents: 12600,
      providerReceivesCents: 12000,
      currency: 'USD',
      cancelReason: null,
      declined: false,
      canceledBy: null,
      createdAt: '2026-05-01T10:00:00.000Z',
      respondBy: null,
      timeZone: 'Europe/Lisbon',
      user: { name: 'Rita Sousa', image: '/uploads/avatars/rita.png' },
      service: { id: f.service.id, title: 'Deep tissue massage', photos: [] },
      paymentStatus: null,
      paymentRequired: false,
      authorisedAt: null,
      address: null,
      notes: null,
      location: { type: 'traveler_address', area: null, address: null },
      // Who is asking: the traveler's name, picture, join date, completed bookings and the
      // rating providers gave them; no phone until the traveler confirms one and the booking is
      // confirmed.
      traveler: {
        id: f.traveler.id,
        name: 'Rita Sousa',
        image: '/uploads/avatars/rita.png',
        joinedAt: expect.any(String),
        completedBookings: 1,
        rating: 0,
        ratingCount: 0,
      },
      travelerPhone: null,
      // Reviews are blind: nothing written on either side yet, and the window closes 14 days after
      // the end.
      review: null,
      travelerReview: null,
      travelerReviewed: false,
      reviewWindowEndsAt: '2026-06-15T11:00:00.000Z',
    });
    expect(res.body).not.toContain('@');
  });

  it('filters by effective status (a request never answered reads CANCELED, a past booking COMPLETED)', async () => {
    const ids = async (status: string) =>
      (await t.app.inject({ url: `/api/provider/bookings?status=${status}`, cookies: f.cookies.owner }))
        .json()
        .map((b: { id: string }) => b.id);
    // `newer` is stored PENDING, but its start (June 2026) and respond-by time have passed.
    expect(await ids('PENDING')).toEqual([]);
    expect(await ids('CANCELED')).toEqual([f.newer.id]);
    expect(await ids('COMPLETED')).toEqual([f.older.id]);
    const none = await t.app.inject({ url: '/api/provider/bookings?status=REFUNDED', cookies: f.cookies.owner });
    expect(none.json()).toEqual([]);
  });

  it.each(['pending', 'UPCOMING', '', 'PENDING,PAID'])('refuses status=%s with 400', async (status) => {
    const res = await t.app.inject({
      url: `/api/provider/bookings?status=${encodeURIComponent(status)}`,
      cookies: f.cookies.owner,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/status must be one of/);
  });

  it('keeps the bookings of a deleted service', async () => {
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/services/${f.service.id}`,
      cookies: f.cookies.owner,
    });
    // Both bookings are in the past (June 2026), so the service can be deleted.
    expect(del.statusCode).toBe(200);
    const res = await t.app.inject({ url: '/api/provider/bookings', cookies: f.cookies.owner });
    expect(res.json()).toHaveLength(2);
  });

  it('access: anonymous 401, traveler and admin 403, another provider sees only theirs', async () => {
    expect((await t.app.inject({ url: '/api/provider/bookings' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/provider/bookings', cookies: f.cookies.traveler })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/provider/bookings', cookies: f.cookies.admin })).statusCode).toBe(403);
    const other = await t.app.inject({ url: '/api/provider/bookings', cookies: f.cookies.other });
    expect(other.json().map((b: { id: string }) => b.id)).toEqual([f.foreign.id]);
  });
});
