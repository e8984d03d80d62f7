import { beforeEach, describe, expect, it } from 'vitest';
import { createBooking, createCategory, createProvider, createService, createUser } from '../../db/seed/factories.ts';
import { createSession, SESSION_COOKIE } from '../../http/session.ts';
import { useTestApp } from '../../test/test-app.ts';

/**
 * A provider's own bookings on their Availability week: requests waiting for an answer
 * (tentative) and accepted bookings with the traveler's name and the service; what freed the time
 * (declined, canceled, refunded) and card requests not yet authorised are not shown; only the
 * provider's own, and only to them.
 */
const t = useTestApp();
const DAY = 24 * 3600 * 1000;
const HOUR = 3600 * 1000;

let f: Awaited<ReturnType<typeof buildFixture>>;
async function cookieFor(userId: string) {
  const { token } = await createSession(t.db, userId, 'test');
  return { [SESSION_COOKIE]: token };
}

async function buildFixture() {
  const category = await createCategory(t.db, { name: 'Massage', slug: 'massage' });
  const owner = await createProvider(t.db, { displayName: 'Ana Lima', timeZone: 'UTC' });
  const other = await createProvider(t.db, { displayName: 'Bruno Costa', timeZone: 'UTC' });
  const service = await createService(t.db, {
    providerId: owner.provider.id,
    categoryId: category.id,
    title: 'Deep tissue massage',
  });
  const othersService = await createService(t.db, { providerId: other.provider.id, categoryId: category.id });
  const rita = await createUser(t.db, { name: 'Rita Souza' });
  const traveler = await createUser(t.db, { name: 'Tomás Reis' });
  const admin = await createUser(t.db, { role: 'ADMIN' });
  // A week two weeks ahead (UTC midnights), and one booking per status in it.
  const weekStart = new Date(Math.floor(Date.now() / DAY) * DAY + 14 * DAY);
  const at = (day: number, hour: number) => new Date(weekStart.getTime() + day * DAY + hour * HOUR);
  const make = (status: 'PENDING' | 'CONFIRMED' | 'PAID' | 'CANCELED' | 'REFUNDED', startAt: Date, userId = rita.id) =>
    createBooking(t.db, { service, userId, status, startAt, hours: 2, createdAt: new Date() });
  const b = {
    pending: await make('PENDING', at(1, 10), traveler.id),
    confirmed: await make('CONFIRMED', at(2, 10)),
    paid: await make('PAID', at(3, 14)),
    canceled: await make('CANCELED', at(4, 10)),
    refunded: await make('REFUNDED', at(5, 10)),
    nextWeek: await make('CONFIRMED', at(8, 10)),
    // A card request the traveler has not paid yet: the provider does not see it.
    unpaid: await createBooking(t.db, {
      service,
      userId: rita.id,
      status: 'PENDING',
      startAt: at(6, 10),
      hours: 1,
      paymentRequired: true,
      createdAt: new Date(),
    }),
    others: await createBooking(t.db, {
      service: othersService,
      userId: rita.id,
      status: 'CONFIRMED',
      startAt: at(2, 10),
    }),
  };
  const range = `from=${weekStart.toISOString()}&to=${new Date(weekStart.getTime() + 7 * DAY).toISOString()}`;
  return {
    b,
    range,
    cookies: {
      owner: await cookieFor(owner.user.id),
      other: await cookieFor(other.user.id),
      traveler: await cookieFor(rita.id),
      admin: await cookieFor(admin.id),
    },
  };
}
beforeEach(async () => {
  f = await buildFixture();
});

const get = (cookies?: Record<string, string>, qs = f.range) =>
  t.app.inject({ url: `/api/provider/calendar/bookings?${qs}`, ...(cookies ? { cookies } : {}) });

describe('GET /api/provider/calendar/bookings', () => {
  it('lists the provider’s requests (tentative) and accepted bookings of the week, with who and what', async () => {
    const res = await get(f.cookies.owner);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      {
        id: f.b.pending.id,
        status: 'PENDING',
        start: f.b.pending.startAt.toISOString(),
        end: f.b.pending.endAt.toISOString(),
        travelerName: 'Tomás Reis',
        serviceTitle: 'Deep tissue massage',
      },
      expect.objectContaining({ id: f.b.confirmed.id, status: 'CONFIRMED', travelerName: 'Rita Souza' }),
      expect.objectContaining({ id: f.b.paid.id, status: 'PAID' }),
    ]);
  });

  it('shows another provider only their own', async () => {
    const res = await get(f.cookies.other);
    expect(res.json().map((x: { id: string }) => x.id)).toEqual([f.b.others.id]);
  });

  it('is for providers: 401 signed out, 403 for a traveler and an admin', async () => {
    expect((await get()).statusCode).toBe(401);
    expect((await get(f.cookies.traveler)).statusCode).toBe(403);
    expect((await get(f.cookies.admin)).statusCode).toBe(403);
  });

  it('refuses a range it cannot read, with the reason', async () => {
    const res = await get(f.cookies.owner, 'from=next-week');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/"from" must be a date/);
  });
});
