import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  MAX_BOOKING_DAYS_AHEAD,
  MIN_LEAD_HOURS,
  SLOT_TAKEN_MESSAGE,
} from '../../../shared/domain/booking-lifecycle.ts';
import { queryRows } from '../../db/open.ts';
import { mapDatabaseError } from '../../http/errors.ts';
import { createAvailability, createBooking, createProvider, createService } from '../../db/seed/factories.ts';
import { useTestApp } from '../../test/test-app.ts';
import {
  bookingFixture,
  cookieFor,
  count,
  HOURS_25,
  localAt,
  type BookingFixture,
} from '../../test/booking-fixture.ts';
import {
  IDEMPOTENCY_MISMATCH_MESSAGE,
  IN_THE_PAST_MESSAGE,
  OUTSIDE_AVAILABILITY_MESSAGE,
  ADMIN_CANNOT_BOOK_MESSAGE,
  PROVIDER_CANNOT_BOOK_MESSAGE,
  SERVICE_NOT_FOUND,
  SERVICE_UNAVAILABLE_MESSAGE,
  SERVICE_WITHDRAWN_MESSAGE,
  TOO_FAR_MESSAGE,
  TOO_SOON_MESSAGE,
} from './request.ts';

const t = useTestApp();
let f: BookingFixture;

beforeEach(async () => {
  f = await bookingFixture(t.db);
});

type Cookies = Record<string, string>;

function post(cookies: Cookies | undefined, body: Record<string, unknown>, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/bookings',
    payload: body,
    headers,
    ...(cookies ? { cookies } : {}),
  });
}

const at = (time: string, day = 3) => localAt(day, time, f.timeZone).toISOString();
const request = (over: Record<string, unknown> = {}) => ({
  serviceId: f.service.id,
  start: at('10:00'),
  hours: 2,
  address: 'Rua Augusta 1, Lisbon',
  notes: 'Second floor',
  ...over,
});

const liveBookings = () =>
  count(t.db, sql`select count(*) as n from bookings where status in ('PENDING', 'CONFIRMED', 'PAID')`);

describe('POST /api/bookings', () => {
  it('creates a PENDING request with server-side amounts, a history row, a realtime event and the provider’s email', async () => {
    const res = await post(f.cookies.traveler, { ...request(), amountCents: 1 });
    expect(res.statusCode).toBe(201);
    const { booking } = res.json();
    expect(booking).toMatchObject({
      status: 'PENDING',
      start: at('10:00'),
      end: at('12:00'),
      hours: 2,
      amountCents: 12000,
      feeCents: 600,
      totalCents: 12600,
      address: 'Rua Augusta 1, Lisbon',
      notes: 'Second floor',
      cancelReason: null,
      timeZone: 'Europe/Lisbon',
      user: { id: f.traveler.id, name: 'Rita Sousa', image: null },
      service: {
        id: f.service.id,
        title: 'Deep tissue massage',
        price: 6000,
        pricingUnit: 'per hour',
        category: { name: 'Wellness' },
        provider: { id: f.owner.provider.id, userId: f.owner.user.id, displayName: 'Ana Lima', avatar: null },
      },
      review: null,
    });
    const created = new Date(booking.createdAt).getTime();
    expect(new Date(booking.respondBy).getTime()).toBe(created + 24 * 3600 * 1000);

    const events = await queryRows<Record<string, unknown>>(
      t.db,
      sql`select actor_user_id, actor_role, from_status, to_status from booking_events where booking_id = ${booking.id}`,
    );
    expect(events).toEqual([
      { actor_user_id: f.traveler.id, actor_role: 'TRAVELER', from_status: null, to_status: 'PENDING' },
    ]);
    const realtime = await queryRows<{ user_id: string; type: string }>(
      t.db,
      sql`select user_id, type from user_events order by user_id`,
    );
    expect(realtime.map((e) => e.user_id).sort()).toEqual([f.owner.user.id, f.traveler.id].sort());
    expect(realtime.every((e) => e.type === 'booking')).toBe(true);
    const mails = await queryRows<{ to_address: string; kind: string; subject: string; text: string }>(
      t.db,
      sql`select to_address, kind, subject, text from email_outbox where kind = 'booking-request'`,
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      to_address: f.owner.user.email,
      kind: 'booking-request',
      subject: 'New booking request: Deep tissue massage',
    });
    expect(mails[0]!.text).toContain('Rita Sousa asked to book Deep tissue massage on');
    // The provider's zone named by the service's city, with its offset then (never the IANA id).
    expect(mails[0]!.text).toMatch(/10:00 AM Lisbon \(UTC(\+1)?\) for 2 hours/);
    // The link opens the provider's Booking Requests tab.
    expect(mails[0]!.text).toContain('/dashboard/provider?tab=bookings');
  });

  it('respondBy is the start when it comes sooner than 24 hours', async () => {
    await createAvailability(t.db, {
      providerId: f.owner.provider.id,
      startAt: new Date(Date.now() + 2 * 3600 * 1000),
      endAt: new Date(Date.now() + 20 * 3600 * 1000),
    });
    // The first grid time at least MIN_LEAD_HOURS (+ 30 min margin) ahead.
    const step = 30 * 60 * 1000;
    const start = new Date(Math.ceil((Date.now() + (MIN_LEAD_HOURS + 0.5) * 3600 * 1000) / step) * step);
    const res = await post(f.cookies.traveler, request({ start: start.toISOString() }));
    expect(res.statusCode).toBe(201);
    expect(res.json().booking.respondBy).toBe(start.toISOString());
  });

  it('actors: anonymous 401; only travelers book: the provider, another provider and an admin get 403 saying what to do', async () => {
    expect((await post(undefined, request())).statusCode).toBe(401);
    for (const cookies of [f.cookies.owner, f.cookies.other]) {
      const provider = await post(cookies, request({ start: at('10:00') }));
      expect([provider.statusCode, provider.json().message]).toEqual([403, PROVIDER_CANNOT_BOOK_MESSAGE]);
      expect(provider.json().message).toContain('Switch to Traveler');
    }
    const admin = await post(f.cookies.admin, request({ start: at('12:00') }));
    expect([admin.statusCode, admin.json().message]).toEqual([403, ADMIN_CANNOT_BOOK_MESSAGE]);
    expect(await liveBookings()).toBe(0);
    expect((await post(f.cookies.traveler, request({ start: at('08:00') }))).statusCode).toBe(201);
    expect((await post(f.cookies.traveler2, request({ start: at('14:00') }))).statusCode).toBe(201);
    expect(await liveBookings()).toBe(2);
  });

  it('refuses a missing, deleted, inactive or paused service', async () => {
    const missing = await post(f.cookies.traveler, request({ serviceId: '00000000-0000-4000-8000-000000000000' }));
    expect([missing.statusCode, missing.json().message]).toEqual([404, SERVICE_NOT_FOUND]);
    await t.db.execute(sql`update services set is_paused = true where id = ${f.service.id}`);
    const paused = await post(f.cookies.traveler, request());
    expect([paused.statusCode, paused.json().message]).toEqual([409, SERVICE_UNAVAILABLE_MESSAGE]);
    await t.db.execute(sql`update services set is_paused = false, is_active = false where id = ${f.service.id}`);
    const inactive = await post(f.cookies.traveler, request());
    expect([inactive.statusCode, inactive.json().message]).toEqual([409, SERVICE_WITHDRAWN_MESSAGE]);
    await t.db.execute(sql`update services set is_active = true, deleted_at = now() where id = ${f.service.id}`);
    const deleted = await post(f.cookies.traveler, request());
    expect([deleted.statusCode, deleted.json().message]).toEqual([404, SERVICE_NOT_FOUND]);
    expect(await liveBookings()).toBe(0);
  });

  it('a booking slipping in after the delete is refused by the database trigger with a clear 409', async () => {
    await t.db.execute(sql`update services set deleted_at = now() where id = ${f.service.id}`);
    const err = await t.db
      .execute(
        sql`insert into bookings (user_id, service_id, provider_id, start_at, hours, end_at, amount_cents)
            values (${f.traveler.id}, ${f.service.id}, ${f.owner.provider.id}, now() + interval '4 days', 1,
                    now() + interval '4 days 1 hour', 100)`,
      )
      .then(
        () => undefined,
        (e: unknown) => mapDatabaseError(e),
      );
    expect(err).toMatchObject({ statusCode: 409, message: 'This service has been deleted and takes no new bookings.' });
  });

  it.each([
    [{ hours: 1 }, 'This service is booked for at least 2 hours.'],
    [{ hours: 25 }, 'Hours must be at most 24'],
    [{ hours: 1.5 }, 'Hours must be a whole number'],
    [{ hours: 0 }, 'Hours must be at least 1'],
    [{ serviceId: 'nope' }, 'serviceId must be a service id'],
    [{ start: '2030-01-01T10:00:00' }, 'Start must be an ISO date-time with a time zone offset'],
    [{ address: 'x'.repeat(301) }, 'Service address must be at most 300 characters'],
    [{ notes: 'x'.repeat(2001) }, 'Special requests must be at most 2000 characters'],
  ])('refuses %o with 400', async (over, message) => {
    const res = await post(f.cookies.traveler, request(over));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('refuses a start in the past, too soon, or too far ahead', async () => {
    const past = await post(f.cookies.traveler, request({ start: new Date(Date.now() - 3600_000).toISOString() }));
    expect([past.statusCode, past.json().message]).toEqual([400, IN_THE_PAST_MESSAGE]);
    const soonStart = new Date(Math.ceil((Date.now() + 30 * 60_000) / 1_800_000) * 1_800_000 + 1_800_000);
    const soon = await post(f.cookies.traveler, request({ start: soonStart.toISOString() }));
    expect([soon.statusCode, soon.json().message]).toEqual([400, TOO_SOON_MESSAGE.english]);
    const far = await post(f.cookies.traveler, request({ start: localAt(200, '10:00', f.timeZone).toISOString() }));
    expect([far.statusCode, far.json().message]).toEqual([400, TOO_FAR_MESSAGE.english]);
  });

  it('refuses a start off the 30-minute grid of the provider’s clock', async () => {
    const res = await post(f.cookies.traveler, request({ start: at('10:15') }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(
      /^Start times are on the hour or half past in the provider’s time zone \(Lisbon \(UTC(\+1)?\)\)\.$/,
    );
    const seconds = await post(
      f.cookies.traveler,
      request({ start: new Date(localAt(3, '10:00', f.timeZone).getTime() + 1000).toISOString() }),
    );
    expect(seconds.statusCode).toBe(400);
  });

  it('says why a request is refused in the reader’s language (X-Locale), its code in English', async () => {
    const ja = { 'x-locale': 'ja' };
    const ptBR = { 'x-locale': 'pt-BR' };
    const short = await post(f.cookies.traveler, request({ hours: 1 }), ja);
    expect([short.statusCode, short.json().code, short.json().message]).toEqual([
      400,
      'BAD_REQUEST',
      'このサービスは 2時間以上からのご予約です。',
    ]);
    expect((await post(f.cookies.traveler, request({ hours: 1 }), ptBR)).json().message).toBe(
      'Este serviço é reservado por pelo menos 2 horas.',
    );
    const soonStart = new Date(Math.ceil((Date.now() + 30 * 60_000) / 1_800_000) * 1_800_000 + 1_800_000);
    expect((await post(f.cookies.traveler, request({ start: soonStart.toISOString() }), ja)).json().message).toBe(
      `ご予約の開始は今から ${MIN_LEAD_HOURS} 時間以上先にしてください。`,
    );
    expect((await post(f.cookies.traveler, request({ start: soonStart.toISOString() }), ptBR)).json().message).toBe(
      `As reservas devem começar daqui a pelo menos ${MIN_LEAD_HOURS} horas.`,
    );
    const far = request({ start: localAt(200, '10:00', f.timeZone).toISOString() });
    expect((await post(f.cookies.traveler, far, ja)).json().message).toBe(
      `ご予約の開始は今から ${MAX_BOOKING_DAYS_AHEAD} 日後までにしてください。`,
    );
    const offGrid = await post(f.cookies.traveler, request({ start: at('10:15') }), ja);
    expect(offGrid.json().message).toMatch(
      /^開始時刻は提供者のタイムゾーン（.*リスボン.*）で正時または 30 分にしてください。$/,
    );
    expect((await post(f.cookies.traveler, request({ start: at('10:15') }), ptBR)).json().message).toMatch(
      /^Os horários de início são em ponto ou e meia no fuso horário do prestador \(Lisboa .*\)\.$/,
    );
  });

  it('uses the grid of a zone with a :45 offset (Asia/Kathmandu, UTC+5:45)', async () => {
    const zone = 'Asia/Kathmandu';
    const p = await createProvider(t.db, { timeZone: zone });
    const s = await createService(t.db, {
      providerId: p.provider.id,
      categoryId: f.category.id,
      minHours: 1,
      locationType: 'provider_place',
      locationAddress: 'Thamel Marg 5, Kathmandu',
    });
    await createAvailability(t.db, {
      providerId: p.provider.id,
      startAt: localAt(3, '08:00', zone),
      endAt: localAt(3, '18:00', zone),
    });
    const onGrid = localAt(3, '10:00', zone);
    expect(onGrid.getUTCMinutes()).toBe(15);
    // 10:15 in Kathmandu is xx:30 UTC: on the UTC grid, off the provider's.
    const offGrid = localAt(3, '10:15', zone);
    expect(offGrid.getUTCMinutes()).toBe(30);
    const bad = await post(f.cookies.traveler, { serviceId: s.id, start: offGrid.toISOString(), hours: 1 });
    expect(bad.statusCode).toBe(400);
    const ok = await post(f.cookies.traveler, { serviceId: s.id, start: onGrid.toISOString(), hours: 1 });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().booking.timeZone).toBe(zone);
  });

  it('refuses time outside availability or inside blocked time, and accepts time across touching slots', async () => {
    const before = await post(f.cookies.traveler, request({ start: at('07:00') }));
    expect([before.statusCode, before.json().message]).toEqual([400, OUTSIDE_AVAILABILITY_MESSAGE]);
    const overEnd = await post(f.cookies.traveler, request({ start: at('19:00') }));
    expect(overEnd.statusCode).toBe(400);
    const otherDay = await post(f.cookies.traveler, request({ start: at('10:00', 5) }));
    expect(otherDay.statusCode).toBe(400);
    await createAvailability(t.db, {
      providerId: f.owner.provider.id,
      startAt: localAt(3, '13:00', f.timeZone),
      endAt: localAt(3, '14:00', f.timeZone),
      isBlocked: true,
    });
    const blocked = await post(f.cookies.traveler, request({ start: at('12:30') }));
    expect([blocked.statusCode, blocked.json().message]).toEqual([400, OUTSIDE_AVAILABILITY_MESSAGE]);
    await createAvailability(t.db, {
      providerId: f.owner.provider.id,
      startAt: localAt(3, '20:00', f.timeZone),
      endAt: localAt(3, '23:00', f.timeZone),
    });
    const across = await post(f.cookies.traveler, request({ start: at('19:00') }));
    expect(across.statusCode).toBe(201);
  });

  it('409s a taken slot (also through another service of the provider) and allows back-to-back bookings', async () => {
    expect((await post(f.cookies.traveler, request({ start: at('10:00') }))).statusCode).toBe(201);
    const same = await post(f.cookies.traveler2, request({ start: at('11:00') }));
    expect([same.statusCode, same.json().message]).toEqual([409, SLOT_TAKEN_MESSAGE]);
    const viaOther = await post(f.cookies.traveler2, { serviceId: f.service2.id, start: at('11:30'), hours: 1 });
    expect([viaOther.statusCode, viaOther.json().message]).toEqual([409, SLOT_TAKEN_MESSAGE]);
    expect((await post(f.cookies.traveler2, request({ start: at('12:00') }))).statusCode).toBe(201);
    expect(
      (await post(f.cookies.traveler2, { serviceId: f.othersService.id, start: at('10:00'), hours: 1 })).statusCode,
    ).toBe(201);
    expect(await liveBookings()).toBe(3);
  });

  it('an expired-but-unpersisted request does not block the slot; it is persisted CANCELED by the system first', async () => {
    const stale = await createBooking(t.db, {
      service: f.service,
      userId: f.traveler2.id,
      startAt: localAt(3, '10:00', f.timeZone),
      hours: 2,
      createdAt: new Date(Date.now() - HOURS_25),
    });
    const res = await post(f.cookies.traveler, request({ start: at('10:00') }));
    expect(res.statusCode).toBe(201);
    const rows = await queryRows<{ status: string; cancel_reason: string | null }>(
      t.db,
      sql`select status, cancel_reason from bookings where id = ${stale.id}`,
    );
    expect(rows).toEqual([{ status: 'CANCELED', cancel_reason: 'expired' }]);
    const events = await queryRows<Record<string, unknown>>(
      t.db,
      sql`select actor_user_id, actor_role, from_status, to_status, reason from booking_events where booking_id = ${stale.id}`,
    );
    expect(events).toEqual([
      { actor_user_id: null, actor_role: 'SYSTEM', from_status: 'PENDING', to_status: 'CANCELED', reason: 'expired' },
    ]);
  });
});

describe('Idempotency-Key', () => {
  it('a retry with the same key returns the first booking (200) and creates nothing', async () => {
    const headers = { 'idempotency-key': 'checkout-7f3a' };
    const first = await post(f.cookies.traveler, request(), headers);
    expect(first.statusCode).toBe(201);
    const again = await post(f.cookies.traveler, request(), headers);
    expect(again.statusCode).toBe(200);
    expect(again.json().booking.id).toBe(first.json().booking.id);
    expect(await count(t.db, sql`select count(*) as n from bookings`)).toBe(1);
    // One request email to the provider, one receipt to the traveler: none for the replay.
    expect(await count(t.db, sql`select count(*) as n from email_outbox`)).toBe(2);
  });

  it('the same key from another user is another request', async () => {
    const headers = { 'idempotency-key': 'same-key' };
    expect((await post(f.cookies.traveler, request({ start: at('10:00') }), headers)).statusCode).toBe(201);
    expect((await post(f.cookies.traveler2, request({ start: at('14:00') }), headers)).statusCode).toBe(201);
  });

  it('the same key with a different request is a 409', async () => {
    const headers = { 'idempotency-key': 'k1' };
    expect((await post(f.cookies.traveler, request(), headers)).statusCode).toBe(201);
    const other = await post(f.cookies.traveler, request({ start: at('14:00') }), headers);
    expect([other.statusCode, other.json().message]).toEqual([409, IDEMPOTENCY_MISMATCH_MESSAGE.english]);
  });

  it.each(['x'.repeat(201), ' leading-space', 'tab\there', 'ünicode'])('refuses key %j with 400', async (key) => {
    const res = await post(f.cookies.traveler, request(), { 'idempotency-key': key });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Idempotency-Key must be 1 to 200 printable characters');
    expect(await count(t.db, sql`select count(*) as n from bookings`)).toBe(0);
  });

  it('racing retries with one key make one booking and all get it', async () => {
    const headers = { 'idempotency-key': 'race-1' };
    const answers = await Promise.all(Array.from({ length: 12 }, () => post(f.cookies.traveler, request(), headers)));
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 200)).toHaveLength(11);
    expect(new Set(answers.map((a) => a.json().booking.id)).size).toBe(1);
    expect(await count(t.db, sql`select count(*) as n from bookings`)).toBe(1);
  });
});

describe('under load', () => {
  async function travelers(n: number) {
    const { createUser } = await import('../../db/seed/factories.ts');
    const out: Cookies[] = [];
    for (let i = 0; i < n; i++) out.push(await cookieFor(t.db, (await createUser(t.db)).id));
    return out;
  }

  it(
    '200 concurrent requests for one slot: exactly one 201, 199 409s, one live booking',
    { timeout: 120_000 },
    async () => {
      const people = await travelers(20);
      const answers = await Promise.all(
        Array.from({ length: 200 }, (_, i) => post(people[i % people.length], request({ start: at('10:00') }))),
      );
      const codes = answers.map((a) => a.statusCode);
      const odd = answers.filter((a) => a.statusCode !== 201 && a.statusCode !== 409);
      expect(odd.map((a) => a.json().message)).toEqual([]);
      expect(codes.filter((c) => c === 201)).toHaveLength(1);
      expect(codes.filter((c) => c === 409)).toHaveLength(199);
      expect(answers.filter((a) => a.statusCode === 409).every((a) => a.json().message === SLOT_TAKEN_MESSAGE)).toBe(
        true,
      );
      expect(await liveBookings()).toBe(1);
    },
  );

  it(
    '200 concurrent overlapping-but-different requests on two services of one provider: one wins',
    { timeout: 120_000 },
    async () => {
      const people = await travelers(20);
      const answers = await Promise.all(
        Array.from({ length: 200 }, (_, i) =>
          post(
            people[i % people.length],
            i % 2 === 0
              ? request({ start: at(i % 4 === 0 ? '10:00' : '10:30') })
              : { serviceId: f.service2.id, start: at(i % 3 === 0 ? '11:00' : '10:30'), hours: 1 },
          ),
        ),
      );
      const codes = answers.map((a) => a.statusCode);
      const odd = answers.filter((a) => a.statusCode !== 201 && a.statusCode !== 409);
      expect(odd.map((a) => a.json().message)).toEqual([]);
      expect(codes.filter((c) => c === 201)).toHaveLength(1);
      expect(codes.filter((c) => c === 409)).toHaveLength(199);
      expect(await liveBookings()).toBe(1);
      const overlaps = await count(
        t.db,
        sql`select count(*) as n from bookings a join bookings b on a.id < b.id and a.provider_id = b.provider_id
          and tstzrange(a.start_at, a.end_at) && tstzrange(b.start_at, b.end_at)
          where a.status in ('PENDING', 'CONFIRMED', 'PAID') and b.status in ('PENDING', 'CONFIRMED', 'PAID')`,
      );
      expect(overlaps).toBe(0);
    },
  );

  it(
    '200 concurrent requests for a slot held by an expired-but-unpersisted request: one 201, 199 409s',
    { timeout: 120_000 },
    async () => {
      const stale = await createBooking(t.db, {
        service: f.service,
        userId: f.traveler.id,
        startAt: localAt(3, '10:00', f.timeZone),
        hours: 2,
        createdAt: new Date(Date.now() - HOURS_25),
      });
      const people = await travelers(20);
      const answers = await Promise.all(
        Array.from({ length: 200 }, (_, i) =>
          post(people[i % people.length], request({ start: at(i % 2 ? '10:00' : '11:00') })),
        ),
      );
      const codes = answers.map((a) => a.statusCode);
      const odd = answers.filter((a) => a.statusCode !== 201 && a.statusCode !== 409);
      expect(odd.map((a) => a.json().message)).toEqual([]);
      expect(codes.filter((c) => c === 201)).toHaveLength(1);
      expect(codes.filter((c) => c === 409)).toHaveLength(199);
      expect(await liveBookings()).toBe(1);
      expect(await count(t.db, sql`select count(*) as n from booking_events where booking_id = ${stale.id}`)).toBe(1);
    },
  );
});
