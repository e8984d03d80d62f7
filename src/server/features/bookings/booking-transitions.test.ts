import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/open.ts';
import { createBooking, createReview } from '../../db/seed/factories.ts';
import { useTestApp } from '../../test/test-app.ts';
import { bookingFixture, count, DAY_MS, HOURS_25, localAt, type BookingFixture } from '../../test/booking-fixture.ts';
import { BOOKING_NOT_FOUND } from './queries.ts';
import { runBookingLifecycle } from './lifecycle.ts';

const t = useTestApp();
let f: BookingFixture;
const APP_URL = 'http://localhost:3000';

beforeEach(async () => {
  f = await bookingFixture(t.db);
});

type Cookies = Record<string, string>;
const HOUR = 3600 * 1000;

/** A booking of the fixture's main service by `userId` (default: the traveler). */
function book(over: Parameters<typeof createBooking>[1] = {}) {
  return createBooking(t.db, {
    service: f.service,
    userId: f.traveler.id,
    hours: 2,
    startAt: localAt(3, '10:00', f.timeZone),
    ...over,
  });
}

function act(cookies: Cookies | undefined, id: string, action: string, body?: unknown) {
  return t.app.inject({
    method: 'POST',
    url: `/api/bookings/${id}/${action}`,
    ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
    ...(cookies ? { cookies } : {}),
  });
}

const events = (bookingId: string) =>
  queryRows<Record<string, unknown>>(
    t.db,
    sql`select actor_user_id, actor_role, from_status, to_status, reason from booking_events
        where booking_id = ${bookingId} order by created_at, id`,
  );
const statusOf = async (id: string) =>
  (await queryRows<{ status: string }>(t.db, sql`select status from bookings where id = ${id}`))[0]?.status;

describe('GET /api/bookings', () => {
  it('upcoming: live and not ended, soonest first; past: the rest, latest first; effective statuses', async () => {
    const later = await book({ startAt: localAt(4, '10:00', f.timeZone), status: 'CONFIRMED' });
    const sooner = await book({ startAt: localAt(3, '10:00', f.timeZone) });
    const expired = await book({
      startAt: localAt(3, '14:00', f.timeZone),
      createdAt: new Date(Date.now() - HOURS_25),
    });
    const done = await book({ startAt: new Date(Date.now() - 5 * DAY_MS), status: 'CONFIRMED' });
    const older = await book({ startAt: new Date(Date.now() - 9 * DAY_MS), status: 'COMPLETED' });
    await createReview(t.db, older, { rating: 4, text: 'Lovely' });
    const notMine = await book({ userId: f.traveler2.id, startAt: localAt(4, '14:00', f.timeZone) });

    const up = await t.app.inject({ url: '/api/bookings?status=upcoming', cookies: f.cookies.traveler });
    expect(up.statusCode).toBe(200);
    expect(up.json().map((b: { id: string; status: string }) => [b.id, b.status])).toEqual([
      [sooner.id, 'PENDING'],
      [later.id, 'CONFIRMED'],
    ]);
    expect(up.json()[0].respondBy).not.toBeNull();
    expect(up.json()[1].respondBy).toBeNull();
    const def = await t.app.inject({ url: '/api/bookings', cookies: f.cookies.traveler });
    expect(def.json().map((b: { id: string }) => b.id)).toEqual([sooner.id, later.id]);

    const past = await t.app.inject({ url: '/api/bookings?status=past', cookies: f.cookies.traveler });
    const body = past.json();
    expect(body.map((b: { id: string; status: string }) => [b.id, b.status])).toEqual([
      [expired.id, 'CANCELED'],
      [done.id, 'COMPLETED'],
      [older.id, 'COMPLETED'],
    ]);
    expect(body[0].respondBy).toBeNull();
    expect(body[2].review).toMatchObject({ rating: 4, text: 'Lovely' });
    expect(body.some((b: { id: string }) => b.id === notMine.id)).toBe(false);
  });

  it('access: anonymous 401; a bad status 400; a provider sees only bookings they made as a traveler', async () => {
    await book();
    expect((await t.app.inject({ url: '/api/bookings' })).statusCode).toBe(401);
    const bad = await t.app.inject({ url: '/api/bookings?status=later', cookies: f.cookies.traveler });
    expect([bad.statusCode, bad.json().message]).toEqual([400, 'status must be upcoming or past']);
    for (const who of ['owner', 'other', 'admin', 'traveler2'] as const) {
      const res = await t.app.inject({ url: '/api/bookings?status=upcoming', cookies: f.cookies[who] });
      expect(res.json()).toEqual([]);
    }
  });
});

describe('GET /api/bookings/{id}', () => {
  it('its traveler, its provider and an admin read it; another traveler and another provider get 404; anonymous 401', async () => {
    const b = await book();
    const url = `/api/bookings/${b.id}`;
    expect((await t.app.inject({ url })).statusCode).toBe(401);
    for (const who of ['traveler', 'owner', 'admin'] as const) {
      const res = await t.app.inject({ url, cookies: f.cookies[who] });
      expect(res.statusCode).toBe(200);
      expect(res.json().booking).toMatchObject({ id: b.id, status: 'PENDING', timeZone: 'Europe/Lisbon' });
    }
    for (const who of ['traveler2', 'other'] as const) {
      const res = await t.app.inject({ url, cookies: f.cookies[who] });
      expect([res.statusCode, res.json().message]).toEqual([404, BOOKING_NOT_FOUND]);
    }
    const missing = await t.app.inject({
      url: '/api/bookings/00000000-0000-4000-8000-000000000000',
      cookies: f.cookies.admin,
    });
    expect(missing.statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/bookings/nope', cookies: f.cookies.traveler })).statusCode).toBe(400);
  });

  it('computes on read: a PENDING made 25 h ago reads CANCELED before any job ran; a past CONFIRMED reads COMPLETED', async () => {
    const stale = await book({ createdAt: new Date(Date.now() - HOURS_25) });
    const done = await book({
      startAt: new Date(Date.now() - 5 * HOUR),
      status: 'CONFIRMED',
      createdAt: new Date(Date.now() - 3 * DAY_MS),
    });
    const a = await t.app.inject({ url: `/api/bookings/${stale.id}`, cookies: f.cookies.traveler });
    expect(a.json().booking).toMatchObject({ status: 'CANCELED', respondBy: null });
    const b = await t.app.inject({ url: `/api/bookings/${done.id}`, cookies: f.cookies.owner });
    expect(b.json().booking.status).toBe('COMPLETED');
    // Nothing written yet.
    expect(await statusOf(stale.id)).toBe('PENDING');
    expect(await statusOf(done.id)).toBe('CONFIRMED');
  });
});

describe('GET /api/provider/bookings?status= (effective status)', () => {
  it('filters by the status as of now', async () => {
    const stale = await book({ createdAt: new Date(Date.now() - HOURS_25) });
    const fresh = await book({ startAt: localAt(4, '10:00', f.timeZone) });
    const ids = async (status: string) =>
      (await t.app.inject({ url: `/api/provider/bookings?status=${status}`, cookies: f.cookies.owner }))
        .json()
        .map((b: { id: string }) => b.id);
    expect(await ids('PENDING')).toEqual([fresh.id]);
    expect(await ids('CANCELED')).toEqual([stale.id]);
  });
});

describe('POST /api/bookings/{id}/accept', () => {
  it('the provider accepts a request: CONFIRMED, history, realtime events to both, email to the traveler', async () => {
    const b = await book();
    const res = await act(f.cookies.owner, b.id, 'accept');
    expect(res.statusCode).toBe(200);
    expect(res.json().booking).toMatchObject({ id: b.id, status: 'CONFIRMED', respondBy: null });
    expect(await statusOf(b.id)).toBe('CONFIRMED');
    expect(await events(b.id)).toEqual([
      {
        actor_user_id: f.owner.user.id,
        actor_role: 'PROVIDER',
        from_status: 'PENDING',
        to_status: 'CONFIRMED',
        reason: null,
      },
    ]);
    const realtime = await queryRows<{ user_id: string; data: { status: string } }>(
      t.db,
      sql`select user_id, data from user_events`,
    );
    expect(realtime.map((e) => e.user_id).sort()).toEqual([f.owner.user.id, f.traveler.id].sort());
    expect(realtime.every((e) => e.data.status === 'CONFIRMED')).toBe(true);
    const mails = await queryRows<{ to_address: string; kind: string; subject: string }>(
      t.db,
      sql`select to_address, kind, subject from email_outbox`,
    );
    expect(mails).toEqual([
      { to_address: f.traveler.email, kind: 'booking-accepted', subject: 'Booking accepted: Deep tissue massage' },
    ]);
  });

  it('actors: anonymous 401, its traveler 403, another traveler, another provider and an admin 404', async () => {
    const b = await book();
    expect((await act(undefined, b.id, 'accept')).statusCode).toBe(401);
    const traveler = await act(f.cookies.traveler, b.id, 'accept');
    expect([traveler.statusCode, traveler.json().message]).toEqual([403, 'Only the provider can accept this booking.']);
    for (const who of ['traveler2', 'other', 'admin'] as const) {
      const res = await act(f.cookies[who], b.id, 'accept');
      expect([res.statusCode, res.json().message]).toEqual([404, BOOKING_NOT_FOUND]);
    }
    expect(await statusOf(b.id)).toBe('PENDING');
    expect(await events(b.id)).toEqual([]);
  });

  it('409 with the current status: already CONFIRMED, expired, or started', async () => {
    const b = await book();
    expect((await act(f.cookies.owner, b.id, 'accept')).statusCode).toBe(200);
    const again = await act(f.cookies.owner, b.id, 'accept');
    expect([again.statusCode, again.json().message]).toEqual([409, 'Cannot accept this booking: it is CONFIRMED']);

    const stale = await book({ startAt: localAt(4, '10:00', f.timeZone), createdAt: new Date(Date.now() - HOURS_25) });
    const late = await act(f.cookies.owner, stale.id, 'accept');
    expect([late.statusCode, late.json().message]).toEqual([409, 'Cannot accept this booking: it is CANCELED']);
    // The refusal wrote the expiry down (system), once.
    expect(await statusOf(stale.id)).toBe('CANCELED');
    expect(await events(stale.id)).toEqual([
      { actor_user_id: null, actor_role: 'SYSTEM', from_status: 'PENDING', to_status: 'CANCELED', reason: 'expired' },
    ]);
  });

  it('two accepts racing: one 200, one 409', async () => {
    const b = await book();
    const [x, y] = await Promise.all([act(f.cookies.owner, b.id, 'accept'), act(f.cookies.owner, b.id, 'accept')]);
    expect([x.statusCode, y.statusCode].sort()).toEqual([200, 409]);
    expect(await events(b.id)).toHaveLength(1);
  });
});

describe('POST /api/bookings/{id}/decline', () => {
  it('the provider declines with a reason: CANCELED, reason kept, the traveler emailed', async () => {
    const b = await book();
    const res = await act(f.cookies.owner, b.id, 'decline', { reason: '  Fully booked that week  ' });
    expect(res.statusCode).toBe(200);
    expect(res.json().booking).toMatchObject({ status: 'CANCELED', cancelReason: 'Fully booked that week' });
    expect(await events(b.id)).toEqual([
      {
        actor_user_id: f.owner.user.id,
        actor_role: 'PROVIDER',
        from_status: 'PENDING',
        to_status: 'CANCELED',
        reason: 'Fully booked that week',
      },
    ]);
    expect(
      await count(
        t.db,
        sql`select count(*) as n from email_outbox where kind = 'booking-declined' and to_address = ${f.traveler.email}`,
      ),
    ).toBe(1);
    // The slot is free again.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/bookings',
      cookies: f.cookies.traveler2,
      payload: { serviceId: f.service.id, start: localAt(3, '10:00', f.timeZone).toISOString(), hours: 2 },
    });
    expect(again.statusCode).toBe(201);
  });

  it("the provider's list then reads it as declined, with the reason, as the traveler's does", async () => {
    const declined = await book();
    const canceled = await book({ startAt: localAt(4, '10:00', f.timeZone) });
    expect((await act(f.cookies.owner, declined.id, 'decline', { reason: 'Away that week' })).statusCode).toBe(200);
    expect((await act(f.cookies.traveler, canceled.id, 'cancel', { reason: 'Plans changed' })).statusCode).toBe(200);
    const list = (await t.app.inject({ url: '/api/provider/bookings', cookies: f.cookies.owner })).json();
    const byId = (id: string) => list.find((b: { id: string }) => b.id === id);
    expect(byId(declined.id)).toMatchObject({
      status: 'CANCELED',
      declined: true,
      canceledBy: 'PROVIDER',
      cancelReason: 'Away that week',
    });
    expect(byId(canceled.id)).toMatchObject({
      status: 'CANCELED',
      declined: false,
      canceledBy: 'TRAVELER',
      cancelReason: 'Plans changed',
    });
    const mine = (await t.app.inject({ url: '/api/bookings?status=past', cookies: f.cookies.traveler })).json();
    expect(mine.find((b: { id: string }) => b.id === declined.id)).toMatchObject({ declined: true });
  });

  it('without a body, with {} and with a too long reason', async () => {
    const a = await book();
    expect((await act(f.cookies.owner, a.id, 'decline')).json().booking.cancelReason).toBeNull();
    const b = await book({ startAt: localAt(4, '10:00', f.timeZone) });
    const long = await act(f.cookies.owner, b.id, 'decline', { reason: 'x'.repeat(501) });
    expect(long.statusCode).toBe(400);
    expect((await act(f.cookies.owner, b.id, 'decline', {})).statusCode).toBe(200);
  });

  it('actors and states: traveler 403, others 404, anonymous 401, CONFIRMED 409', async () => {
    const b = await book();
    expect((await act(undefined, b.id, 'decline')).statusCode).toBe(401);
    expect((await act(f.cookies.traveler, b.id, 'decline')).statusCode).toBe(403);
    for (const who of ['traveler2', 'other', 'admin'] as const)
      expect((await act(f.cookies[who], b.id, 'decline')).statusCode).toBe(404);
    const c = await book({ startAt: localAt(4, '10:00', f.timeZone), status: 'CONFIRMED' });
    const res = await act(f.cookies.owner, c.id, 'decline');
    expect([res.statusCode, res.json().message]).toEqual([409, 'Cannot decline this booking: it is CONFIRMED']);
  });
});

describe('POST /api/bookings/{id}/cancel', () => {
  it('the traveler cancels a CONFIRMED booking with a reason; the provider is emailed', async () => {
    const b = await book({ status: 'CONFIRMED' });
    const res = await act(f.cookies.traveler, b.id, 'cancel', { reason: 'Flight changed' });
    expect(res.statusCode).toBe(200);
    expect(res.json().booking).toMatchObject({ status: 'CANCELED', cancelReason: 'Flight changed' });
    expect(await events(b.id)).toEqual([
      {
        actor_user_id: f.traveler.id,
        actor_role: 'TRAVELER',
        from_status: 'CONFIRMED',
        to_status: 'CANCELED',
        reason: 'Flight changed',
      },
    ]);
    const mails = await queryRows<{ to_address: string; kind: string; text: string }>(
      t.db,
      sql`select to_address, kind, text from email_outbox`,
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to_address: f.owner.user.email, kind: 'booking-canceled' });
    expect(mails[0]!.text).toContain('/dashboard/provider?tab=bookings');
  });

  it('the provider cancels a PENDING or PAID booking; the traveler is emailed', async () => {
    const a = await book();
    expect((await act(f.cookies.owner, a.id, 'cancel')).json().booking.status).toBe('CANCELED');
    const p = await book({ startAt: localAt(4, '10:00', f.timeZone), status: 'PAID' });
    expect((await act(f.cookies.owner, p.id, 'cancel')).json().booking.status).toBe('CANCELED');
    expect(await count(t.db, sql`select count(*) as n from email_outbox where to_address = ${f.traveler.email}`)).toBe(
      2,
    );
  });

  it('actors: anonymous 401; another traveler, another provider and an admin 404', async () => {
    const b = await book();
    expect((await act(undefined, b.id, 'cancel')).statusCode).toBe(401);
    for (const who of ['traveler2', 'other', 'admin'] as const) {
      const res = await act(f.cookies[who], b.id, 'cancel');
      expect([res.statusCode, res.json().message]).toEqual([404, BOOKING_NOT_FOUND]);
    }
    expect(await statusOf(b.id)).toBe('PENDING');
  });

  it('409: already canceled, completed, or started', async () => {
    const b = await book();
    await act(f.cookies.traveler, b.id, 'cancel');
    const again = await act(f.cookies.traveler, b.id, 'cancel');
    expect([again.statusCode, again.json().message]).toEqual([409, 'Cannot cancel this booking: it is CANCELED']);
    const done = await book({
      startAt: new Date(Date.now() - 5 * HOUR),
      status: 'CONFIRMED',
      createdAt: new Date(Date.now() - 2 * DAY_MS),
    });
    const completed = await act(f.cookies.traveler, done.id, 'cancel');
    expect([completed.statusCode, completed.json().message]).toEqual([
      409,
      'Cannot cancel this booking: it is COMPLETED',
    ]);
    const running = await book({
      startAt: new Date(Date.now() - HOUR),
      hours: 3,
      status: 'CONFIRMED',
      createdAt: new Date(Date.now() - 2 * DAY_MS),
    });
    const started = await act(f.cookies.traveler, running.id, 'cancel');
    expect([started.statusCode, started.json().message]).toEqual([
      409,
      'Cannot cancel this booking: it is CONFIRMED and has already started.',
    ]);
    expect(await statusOf(running.id)).toBe('CONFIRMED');
  });
});

describe('expiry and completion job', () => {
  it('persists expiry and completion once, even when two rounds run at the same time', async () => {
    const stale = await book({ createdAt: new Date(Date.now() - HOURS_25) });
    const done = await book({
      startAt: new Date(Date.now() - 5 * HOUR),
      status: 'PAID',
      createdAt: new Date(Date.now() - 3 * DAY_MS),
    });
    const fresh = await book({ startAt: localAt(4, '10:00', f.timeZone) });
    const live = await book({ startAt: localAt(4, '14:00', f.timeZone), status: 'CONFIRMED' });
    const moved = await Promise.all([
      runBookingLifecycle(t.db, { appUrl: APP_URL }),
      runBookingLifecycle(t.db, { appUrl: APP_URL }),
    ]);
    expect(moved[0] + moved[1]).toBe(2);
    expect(await statusOf(stale.id)).toBe('CANCELED');
    expect(await statusOf(done.id)).toBe('COMPLETED');
    expect(await statusOf(fresh.id)).toBe('PENDING');
    expect(await statusOf(live.id)).toBe('CONFIRMED');
    expect(await events(stale.id)).toEqual([
      { actor_user_id: null, actor_role: 'SYSTEM', from_status: 'PENDING', to_status: 'CANCELED', reason: 'expired' },
    ]);
    expect(await events(done.id)).toEqual([
      { actor_user_id: null, actor_role: 'SYSTEM', from_status: 'PAID', to_status: 'COMPLETED', reason: null },
    ]);
    const mails = await queryRows<{ to_address: string; kind: string }>(
      t.db,
      sql`select to_address, kind from email_outbox`,
    );
    expect(mails).toEqual([{ to_address: f.traveler.email, kind: 'booking-expired' }]);
    expect(await count(t.db, sql`select count(*) as n from user_events where type = 'booking'`)).toBe(4);
    // Nothing left to do.
    expect(await runBookingLifecycle(t.db, { appUrl: APP_URL })).toBe(0);
  });

  it('works in batches', async () => {
    for (let i = 0; i < 5; i++)
      await book({
        startAt: localAt(3, `${String(8 + i * 2).padStart(2, '0')}:00`, f.timeZone),
        createdAt: new Date(Date.now() - HOURS_25),
      });
    expect(await runBookingLifecycle(t.db, { appUrl: APP_URL, batchSize: 2 })).toBe(2);
    expect(await runBookingLifecycle(t.db, { appUrl: APP_URL, batchSize: 2 })).toBe(2);
    expect(await runBookingLifecycle(t.db, { appUrl: APP_URL, batchSize: 2 })).toBe(1);
    expect(await count(t.db, sql`select count(*) as n from bookings where status = 'CANCELED'`)).toBe(5);
  });
});

describe('API docs', () => {
  it('document the booking routes', async () => {
    const res = await t.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toEqual(
      expect.arrayContaining([
        '/api/bookings',
        '/api/bookings/{id}',
        '/api/bookings/{id}/accept',
        '/api/bookings/{id}/decline',
        '/api/bookings/{id}/cancel',
      ]),
    );
  });
});
