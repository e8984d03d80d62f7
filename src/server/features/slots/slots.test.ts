// GET /api/services/{id}/slots and /available-days through the API (run with TZ=UTC).
// The server's clock is fixed at NOW (only Date is faked), so days and DST changes are known.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AvailableDaysResponse, SlotsResponse } from '../../../shared/api/bookings-responses.ts';
import { HOUR_MS } from '../../../shared/domain/time.ts';
import {
  createAvailability,
  createBooking,
  createCategory,
  createProvider,
  createService,
  createUser,
} from '../../db/seed/factories.ts';
import { availabilityRules, bookings } from '../../db/schema.ts';
import { createSession, SESSION_COOKIE } from '../../http/session.ts';
import { useTestApp } from '../../test/test-app.ts';

const t = useTestApp();

const NOW = new Date('2027-03-01T12:00:00Z');
const NY = 'America/New_York';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
});

type Cookies = Record<string, string>;

async function cookieFor(userId: string): Promise<Cookies> {
  const { token } = await createSession(t.db, userId, 'test');
  return { [SESSION_COOKIE]: token };
}

const at = (iso: string) => new Date(iso);

/**
 * A New York provider with two services (minHours 1 and 2), available 09:00-17:00 local on
 * Wednesday 2027-03-10 (EST: 14:00Z-22:00Z); another provider; a traveler and an admin.
 */
async function fixture() {
  const category = await createCategory(t.db);
  const owner = await createProvider(t.db, { timeZone: NY });
  const other = await createProvider(t.db, { timeZone: NY });
  const service = await createService(t.db, { providerId: owner.provider.id, categoryId: category.id, minHours: 1 });
  const sibling = await createService(t.db, { providerId: owner.provider.id, categoryId: category.id, minHours: 2 });
  const othersService = await createService(t.db, { providerId: other.provider.id, categoryId: category.id });
  const traveler = await createUser(t.db, { role: 'TRAVELER' });
  const admin = await createUser(t.db, { role: 'ADMIN' });
  await createAvailability(t.db, {
    providerId: owner.provider.id,
    startAt: at('2027-03-10T14:00:00Z'),
    endAt: at('2027-03-10T22:00:00Z'),
  });
  return { category, owner, other, service, sibling, othersService, traveler, admin };
}

const slotsOf = (serviceId: string, query: string, cookies?: Cookies) =>
  t.app.inject({ url: `/api/services/${serviceId}/slots?${query}`, cookies });
const daysOf = (serviceId: string, query: string, cookies?: Cookies) =>
  t.app.inject({ url: `/api/services/${serviceId}/available-days?${query}`, cookies });

/** The slot starts of a day as 'HH:mm' UTC. */
async function startTimes(serviceId: string, date: string, hours = 1): Promise<string[]> {
  const res = await slotsOf(serviceId, `date=${date}&hours=${hours}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<SlotsResponse>().slots.map((s) => s.start.slice(11, 16));
}

/** Every start of the fixture's day, 09:00 to 16:00 local (14:00Z to 21:00Z). */
const FULL_DAY = ['14:00', '14:30', '15:00', '15:30', '16:00', '16:30', '17:00', '17:30'].concat([
  '18:00',
  '18:30',
  '19:00',
  '19:30',
  '20:00',
  '20:30',
  '21:00',
]);

describe('who may read slots', () => {
  it('anyone may read the slots of a public service: anonymous, a traveler, the provider, another provider, an admin', async () => {
    const f = await fixture();
    const callers: (Cookies | undefined)[] = [
      undefined,
      await cookieFor(f.traveler.id),
      await cookieFor(f.owner.user.id),
      await cookieFor(f.other.user.id),
      await cookieFor(f.admin.id),
    ];
    for (const cookies of callers) {
      const res = await slotsOf(f.service.id, 'date=2027-03-10&hours=1', cookies);
      expect(res.statusCode).toBe(200);
      // Anonymous: no-store; signed in: private, no-store (every private answer).
      expect(res.headers['cache-control']).toContain('no-store');
      const body = res.json<SlotsResponse>();
      expect(body.timeZone).toBe(NY);
      expect(body.date).toBe('2027-03-10');
      expect(body.slots[0]).toEqual({ start: '2027-03-10T14:00:00.000Z', end: '2027-03-10T15:00:00.000Z' });
      expect(body.slots.map((s) => s.start.slice(11, 16))).toEqual(FULL_DAY);

      const days = await daysOf(f.service.id, 'month=2027-03&hours=1', cookies);
      expect(days.statusCode).toBe(200);
      expect(days.headers['cache-control']).toContain('no-store');
      expect(days.json<AvailableDaysResponse>()).toEqual({ timeZone: NY, month: '2027-03', days: ['2027-03-10'] });
    }
  });

  it('an inactive, paused or deleted service is a 404 for everyone, its owner and an admin too', async () => {
    const f = await fixture();
    const hidden = [
      await createService(t.db, { providerId: f.owner.provider.id, categoryId: f.category.id, isActive: false }),
      await createService(t.db, { providerId: f.owner.provider.id, categoryId: f.category.id, isPaused: true }),
      await createService(t.db, { providerId: f.owner.provider.id, categoryId: f.category.id, deletedAt: NOW }),
    ];
    const callers = [undefined, await cookieFor(f.owner.user.id), await cookieFor(f.admin.id)];
    for (const service of hidden) {
      for (const cookies of callers) {
        const slots = await slotsOf(service.id, 'date=2027-03-10&hours=1', cookies);
        expect(slots.statusCode).toBe(404);
        expect(slots.json<{ message: string }>().message).toBe('Service not found.');
        expect((await daysOf(service.id, 'month=2027-03&hours=1', cookies)).statusCode).toBe(404);
      }
    }
    expect((await slotsOf('7b0c1c3e-2f64-4a9e-9b7a-3c1d2e4f5a6b', 'date=2027-03-10&hours=1')).statusCode).toBe(404);
  });
});

describe('the query', () => {
  it('hours below the service minimum is a 400 with a message; at the minimum it answers', async () => {
    const f = await fixture();
    const res = await slotsOf(f.sibling.id, 'date=2027-03-10&hours=1');
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toBe('This service is booked for a minimum of 2 hour(s)');
    const days = await daysOf(f.sibling.id, 'month=2027-03&hours=1');
    expect(days.statusCode).toBe(400);
    expect(days.json<{ message: string }>().message).toBe('This service is booked for a minimum of 2 hour(s)');
    // Asked from a Thai page, in Thai.
    const thai = await t.app.inject({
      url: `/api/services/${f.sibling.id}/slots?date=2027-03-10&hours=1`,
      headers: { 'x-locale': 'th' },
    });
    expect(thai.json<{ message: string }>().message).toBe('บริการนี้ต้องจองอย่างน้อย 2 ชั่วโมง');
    // Two hours: 09:00 to 15:00 local.
    expect(await startTimes(f.sibling.id, '2027-03-10', 2)).toEqual(FULL_DAY.slice(0, -2));
  });

  it('malformed dates, months, hours and ids are 400s', async () => {
    const f = await fixture();
    for (const query of [
      'date=2027-3-10&hours=1',
      'date=2027-02-30&hours=1',
      'hours=1',
      'date=2027-03-10',
      'date=2027-03-10&hours=0',
      'date=2027-03-10&hours=25',
      'date=2027-03-10&hours=1.5',
      'date=2027-03-10&hours=x',
    ]) {
      expect((await slotsOf(f.service.id, query)).statusCode, query).toBe(400);
    }
    for (const query of [
      'month=2027-13&hours=1',
      'month=2027-3&hours=1',
      'month=2027-03-01&hours=1',
      'hours=1',
      'month=2027-03',
    ]) {
      expect((await daysOf(f.service.id, query)).statusCode, query).toBe(400);
    }
    expect((await slotsOf('not-a-uuid', 'date=2027-03-10&hours=1')).statusCode).toBe(400);
  });

  it('a day in the past or more than 180 days ahead has no slots (not an error), even with availability', async () => {
    const f = await fixture();
    const providerId = f.owner.provider.id;
    await createAvailability(t.db, {
      providerId,
      startAt: at('2027-02-20T14:00:00Z'),
      endAt: at('2027-02-20T22:00:00Z'),
    });
    // NOW + 180 days is 2027-08-28T12:00Z: the 28th still has its morning, the 29th has nothing.
    await createAvailability(t.db, {
      providerId,
      startAt: at('2027-08-28T12:00:00Z'),
      endAt: at('2027-08-28T16:00:00Z'),
    });
    await createAvailability(t.db, {
      providerId,
      startAt: at('2027-08-29T12:00:00Z'),
      endAt: at('2027-08-29T16:00:00Z'),
    });
    expect(await startTimes(f.service.id, '2027-02-20')).toEqual([]);
    expect(await startTimes(f.service.id, '2027-08-28')).toEqual(['12:00']);
    expect(await startTimes(f.service.id, '2027-08-29')).toEqual([]);
    expect(await startTimes(f.service.id, '2030-01-01')).toEqual([]);
    const past = await daysOf(f.service.id, 'month=2027-02&hours=1');
    expect(past.json<AvailableDaysResponse>().days).toEqual([]);
    const late = await daysOf(f.service.id, 'month=2027-08&hours=1');
    expect(late.json<AvailableDaysResponse>().days).toEqual(['2027-08-28']);
    expect((await daysOf(f.service.id, 'month=2031-01&hours=1')).json<AvailableDaysResponse>().days).toEqual([]);
  });

  it('today: nothing sooner than 2 hours from now', async () => {
    const f = await fixture();
    // NOW is 07:00 in New York; available 08:00-12:00 local (13:00Z-17:00Z) today.
    await createAvailability(t.db, {
      providerId: f.owner.provider.id,
      startAt: at('2027-03-01T13:00:00Z'),
      endAt: at('2027-03-01T17:00:00Z'),
    });
    expect(await startTimes(f.service.id, '2027-03-01')).toEqual(['14:00', '14:30', '15:00', '15:30', '16:00']);
  });
});

describe('bookings and blocked time', () => {
  /** A 1-hour booking at 10:00 local (15:00Z) on the fixture's day. */
  const tenOClock = { startAt: at('2027-03-10T15:00:00Z'), hours: 1 };
  /** The fixture's day without 09:30, 10:00 and 10:30 (09:00 ends as the booking starts: allowed). */
  const withoutTen = FULL_DAY.filter((s) => !['14:30', '15:00', '15:30'].includes(s));

  it('PENDING, CONFIRMED and PAID bookings take their time; touching them is allowed', async () => {
    const f = await fixture();
    for (const status of ['PENDING', 'CONFIRMED', 'PAID'] as const) {
      await createBooking(t.db, {
        service: f.service,
        userId: f.traveler.id,
        status,
        createdAt: at('2027-03-01T10:00:00Z'),
        ...tenOClock,
      });
      expect(await startTimes(f.service.id, '2027-03-10'), status).toEqual(withoutTen);
      const days = await daysOf(f.service.id, 'month=2027-03&hours=1');
      expect(days.json<AvailableDaysResponse>().days).toEqual(['2027-03-10']);
      await t.db.delete(bookings);
      expect(await startTimes(f.service.id, '2027-03-10'), `${status} deleted`).toEqual(FULL_DAY);
    }
  });

  it('CANCELED and COMPLETED bookings and an expired request (no answer within 24 hours) free their time', async () => {
    const f = await fixture();
    const canceled = { service: f.service, userId: f.traveler.id, ...tenOClock };
    await createBooking(t.db, { ...canceled, status: 'CANCELED' });
    await createBooking(t.db, { ...canceled, status: 'COMPLETED', startAt: at('2027-03-10T16:00:00Z') });
    // Made 25 hours ago and never answered: it expired an hour ago, whether or not a job has run.
    await createBooking(t.db, {
      service: f.service,
      userId: f.traveler.id,
      status: 'PENDING',
      createdAt: new Date(NOW.getTime() - 25 * HOUR_MS),
      startAt: at('2027-03-10T17:00:00Z'),
      hours: 1,
    });
    expect(await startTimes(f.service.id, '2027-03-10')).toEqual(FULL_DAY);
    // A request made 23 hours ago still holds its time (one more hour to answer).
    await createBooking(t.db, {
      service: f.service,
      userId: f.traveler.id,
      status: 'PENDING',
      createdAt: new Date(NOW.getTime() - 23 * HOUR_MS),
      startAt: at('2027-03-10T19:00:00Z'),
      hours: 1,
    });
    expect(await startTimes(f.service.id, '2027-03-10')).toEqual(
      FULL_DAY.filter((s) => !['18:30', '19:00', '19:30'].includes(s)),
    );
  });

  it("a booking of another of the provider's services takes the time too; another provider's does not", async () => {
    const f = await fixture();
    await createBooking(t.db, { service: f.othersService, userId: f.traveler.id, status: 'CONFIRMED', ...tenOClock });
    expect(await startTimes(f.service.id, '2027-03-10')).toEqual(FULL_DAY);
    await createBooking(t.db, {
      service: f.sibling,
      userId: f.traveler.id,
      status: 'CONFIRMED',
      startAt: at('2027-03-10T15:00:00Z'),
      hours: 2,
    });
    // 10:00-12:00 local taken: 09:00 and from 12:00 on.
    expect(await startTimes(f.service.id, '2027-03-10')).toEqual([
      '14:00',
      ...FULL_DAY.slice(FULL_DAY.indexOf('17:00')),
    ]);
  });

  it('a day fully booked is not an available day', async () => {
    const f = await fixture();
    await createAvailability(t.db, {
      providerId: f.owner.provider.id,
      startAt: at('2027-03-12T14:00:00Z'),
      endAt: at('2027-03-12T16:00:00Z'),
    });
    await createBooking(t.db, {
      service: f.sibling,
      userId: f.traveler.id,
      status: 'PAID',
      startAt: at('2027-03-12T14:00:00Z'),
      hours: 2,
    });
    expect(await startTimes(f.service.id, '2027-03-12')).toEqual([]);
    expect((await daysOf(f.service.id, 'month=2027-03&hours=1')).json<AvailableDaysResponse>().days).toEqual([
      '2027-03-10',
    ]);
  });

  it('blocked time removes starts; touching it is allowed', async () => {
    const f = await fixture();
    // Blocked 12:00-13:00 local (17:00Z-18:00Z).
    await createAvailability(t.db, {
      providerId: f.owner.provider.id,
      startAt: at('2027-03-10T17:00:00Z'),
      endAt: at('2027-03-10T18:00:00Z'),
      isBlocked: true,
    });
    expect(await startTimes(f.service.id, '2027-03-10')).toEqual(
      FULL_DAY.filter((s) => !['16:30', '17:00', '17:30'].includes(s)),
    );
  });
});

describe('daylight saving days through the API', () => {
  it('New York, 14 March 2027 (23 hours): no start at 02:00 or 02:30, which do not exist', async () => {
    const f = await fixture();
    // 00:00 EST (05:00Z) to 05:00 EDT (09:00Z).
    await createAvailability(t.db, {
      providerId: f.owner.provider.id,
      startAt: at('2027-03-14T05:00:00Z'),
      endAt: at('2027-03-14T09:00:00Z'),
    });
    const res = await slotsOf(f.service.id, 'date=2027-03-14&hours=1');
    const slots = res.json<SlotsResponse>().slots;
    expect(slots.map((s) => s.start.slice(11, 16))).toEqual([
      '05:00',
      '05:30',
      '06:00',
      '06:30',
      '07:00',
      '07:30',
      '08:00',
    ]);
    // 01:30 EST lasts one real hour, to 03:30 EDT.
    expect(slots[3]).toEqual({ start: '2027-03-14T06:30:00.000Z', end: '2027-03-14T07:30:00.000Z' });
    expect((await daysOf(f.service.id, 'month=2027-03&hours=1')).json<AvailableDaysResponse>().days).toEqual([
      '2027-03-10',
      '2027-03-14',
    ]);
  });

  it('Sydney, 4 April 2027 (25 hours): 02:00 and 02:30 are offered twice', async () => {
    const category = await createCategory(t.db);
    const sydney = await createProvider(t.db, { timeZone: 'Australia/Sydney' });
    const service = await createService(t.db, { providerId: sydney.provider.id, categoryId: category.id });
    // 01:00 AEDT (14:00Z on the 3rd) to 03:00 AEST (17:00Z): three real hours.
    await createAvailability(t.db, {
      providerId: sydney.provider.id,
      startAt: at('2027-04-03T14:00:00Z'),
      endAt: at('2027-04-03T17:00:00Z'),
    });
    const res = await slotsOf(service.id, 'date=2027-04-04&hours=1');
    expect(res.json<SlotsResponse>()).toEqual({
      timeZone: 'Australia/Sydney',
      date: '2027-04-04',
      slots: [
        { start: '2027-04-03T14:00:00.000Z', end: '2027-04-03T15:00:00.000Z' },
        { start: '2027-04-03T14:30:00.000Z', end: '2027-04-03T15:30:00.000Z' },
        { start: '2027-04-03T15:00:00.000Z', end: '2027-04-03T16:00:00.000Z' },
        { start: '2027-04-03T15:30:00.000Z', end: '2027-04-03T16:30:00.000Z' },
        { start: '2027-04-03T16:00:00.000Z', end: '2027-04-03T17:00:00.000Z' },
      ],
    });
    // The day before in Sydney has nothing, though the availability is on the 3rd in UTC.
    expect((await daysOf(service.id, 'month=2027-04&hours=1')).json<AvailableDaysResponse>().days).toEqual([
      '2027-04-04',
    ]);
  });
});

describe('a weekly schedule in half hours that runs until it is ended', () => {
  // Sundays 09:30-11:00 in New York from 7 March 2027, with no end. The clocks move forward on
  // 14 March 2027 and back on 7 November 2027.
  async function schedule() {
    const category = await createCategory(t.db);
    const owner = await createProvider(t.db, { timeZone: NY });
    const service = await createService(t.db, { providerId: owner.provider.id, categoryId: category.id, minHours: 1 });
    await t.db.insert(availabilityRules).values({
      providerId: owner.provider.id,
      recurrenceDays: [0],
      startsOn: '2027-03-07',
      startTime: '09:30',
      endTime: '11:00',
    });
    return service;
  }

  it('offers 09:30 and 10:00 local every Sunday, across both clock changes, months later', async () => {
    const service = await schedule();
    expect(await startTimes(service.id, '2027-03-07')).toEqual(['14:30', '15:00']); // EST
    expect(await startTimes(service.id, '2027-03-14')).toEqual(['13:30', '14:00']); // EDT from that night
    expect(await startTimes(service.id, '2027-03-08')).toEqual([]);
    // Two hours do not fit in the 90-minute window.
    expect(await startTimes(service.id, '2027-03-07', 2)).toEqual([]);
    const march = await daysOf(service.id, 'month=2027-03&hours=1');
    expect(march.json<AvailableDaysResponse>().days).toEqual(['2027-03-07', '2027-03-14', '2027-03-21', '2027-03-28']);
    // Past twelve weeks, and on the autumn change.
    vi.setSystemTime(new Date('2027-10-01T12:00:00Z'));
    expect(await startTimes(service.id, '2027-10-31')).toEqual(['13:30', '14:00']); // EDT
    expect(await startTimes(service.id, '2027-11-07')).toEqual(['14:30', '15:00']); // EST from that night
  });

  it('takes a booking at 09:30 from the schedule, and the start is gone for the next traveler', async () => {
    const service = await schedule();
    const traveler = await createUser(t.db, { role: 'TRAVELER' });
    const cookies = await cookieFor(traveler.id);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/bookings',
      cookies,
      payload: { serviceId: service.id, start: '2027-03-14T13:30:00.000Z', hours: 1, address: '1 Main St' },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(await startTimes(service.id, '2027-03-14')).toEqual([]);
    // Outside the schedule: refused.
    const outside = await t.app.inject({
      method: 'POST',
      url: '/api/bookings',
      cookies,
      payload: { serviceId: service.id, start: '2027-03-15T13:30:00.000Z', hours: 1, address: '1 Main St' },
    });
    expect(outside.statusCode).toBe(400);
  });
});
