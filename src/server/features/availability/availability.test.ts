import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AvailabilityCreated, AvailabilitySlot } from '../../../shared/api/availability.ts';
import {
  END_AFTER_START_MESSAGE,
  IN_THE_PAST_MESSAGE,
  MAX_BULK_SLOTS,
  RANGE_ORDER_MESSAGE,
  RANGE_TOO_WIDE_MESSAGE,
  SELECT_DAY_MESSAGE,
  TOO_FAR_AHEAD_MESSAGE,
  TOO_LONG_MESSAGE,
  HALF_HOUR_MESSAGE,
  WEEKDAYS_MESSAGE,
  weekStartOf,
  expandRule,
} from '../../../shared/domain/availability.ts';
import {
  addCalendarDays,
  calendarDateIn,
  DAY_MS,
  utcOffsetMinutes,
  utcToZoned,
  zonedToUtc,
} from '../../../shared/domain/time.ts';
import { queryRows } from '../../db/open.ts';
import { availability, availabilityRules } from '../../db/schema.ts';
import { toWeeklyRule } from '../../read-models/availability.ts';
import { OCCURRENCE_DATE_MESSAGE } from './availability.ts';
import { signUp, useTestApp } from '../../test/test-app.ts';

const t = useTestApp();

type Cookies = Record<string, string>;
const NY = 'America/New_York';
const LISBON = 'Europe/Lisbon';

async function provider(timeZone = NY) {
  const account = await signUp(t.app, { role: 'PROVIDER', timeZone });
  const me = await t.app.inject({ url: '/api/provider/me', cookies: account.cookies });
  expect(me.statusCode).toBe(200);
  return { ...account, providerId: me.json<{ id: string }>().id, userId: account.user.id };
}

async function admin() {
  const account = await signUp(t.app);
  await t.db.execute(sql`update users set role = 'ADMIN' where id = ${account.user.id}`);
  return account;
}

const post = (cookies: Cookies | undefined, payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/availability', cookies, payload: payload as object });
const bulk = (cookies: Cookies | undefined, payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/availability/bulk', cookies, payload: payload as object });
const del = (cookies: Cookies | undefined, id: string, query = '') =>
  t.app.inject({ method: 'DELETE', url: `/api/availability/${id}${query}`, cookies });
const list = (ref: string, query = '', cookies?: Cookies) =>
  t.app.inject({ url: `/api/availability/${ref}${query}`, cookies });

/** The calendar date `days` from today in `timeZone`. */
const dayIn = (days: number, timeZone = NY) => calendarDateIn(new Date(Date.now() + days * DAY_MS), timeZone);
/** A one-off slot on the provider's wall clock, `days` from today. */
const oneOff = (days: number, from = '09:00', to = '17:00', extra: object = {}) => ({
  start: `${dayIn(days)}T${from}`,
  end: `${dayIn(days)}T${to}`,
  isBlocked: false,
  isRecurring: false,
  ...extra,
});
const weekly = (days: number, recurrenceDays: number[], from = '09:00', to = '17:00', extra: object = {}) => ({
  start: `${dayIn(days)}T${from}`,
  end: `${dayIn(days)}T${to}`,
  isBlocked: false,
  isRecurring: true,
  recurrenceType: 'WEEKLY',
  recurrenceDays,
  ...extra,
});

type StoredRow = {
  id: string;
  start: string;
  end: string;
  local_start: string;
  local_end: string;
  offset: string;
  is_blocked: boolean;
  is_recurring: boolean;
  recurrence_type: string | null;
  recurrence_days: number[] | null;
  series_id: string | null;
};

/**
 * What a provider has: the stored one-off slots, and the first 12 weeks of each weekly schedule
 * (a schedule is one rule row, its occurrences are worked out when read), by start.
 */
async function stored(providerId: string): Promise<StoredRow[]> {
  const rows = await storedRows(providerId);
  const [zone] = await queryRows<{ time_zone: string }>(
    t.db,
    sql`select time_zone from providers where id = ${providerId}`,
  );
  const timeZone = zone!.time_zone;
  const rules = await t.db.select().from(availabilityRules).where(eq(availabilityRules.providerId, providerId));
  const minute = (d: Date) => `${d.toISOString().slice(0, 16)}Z`;
  for (const rule of rules) {
    const range = {
      start: zonedToUtc(rule.startsOn, '00:00', timeZone),
      end: zonedToUtc(addCalendarDays(rule.startsOn, 84), '00:00', timeZone),
    };
    for (const o of expandRule(toWeeklyRule(rule), range, timeZone)) {
      const from = utcToZoned(o.start, timeZone);
      rows.push({
        id: rule.id,
        start: minute(o.start),
        end: minute(o.end),
        local_start: `${from.date} ${from.time}`,
        local_end: utcToZoned(o.end, timeZone).time,
        offset: `${Math.trunc(utcOffsetMinutes(timeZone, o.start) / 60)}h`,
        is_blocked: rule.isBlocked,
        is_recurring: true,
        recurrence_type: rule.recurrenceType,
        recurrence_days: rule.recurrenceDays,
        series_id: rule.id,
      });
    }
  }
  return rows.sort((a, b) => a.start.localeCompare(b.start) || a.end.localeCompare(b.end));
}

async function storedRows(providerId: string) {
  return queryRows<{
    id: string;
    start: string;
    end: string;
    local_start: string;
    local_end: string;
    offset: string;
    is_blocked: boolean;
    is_recurring: boolean;
    recurrence_type: string | null;
    recurrence_days: number[] | null;
    series_id: string | null;
  }>(
    t.db,
    sql`
    select a.id, to_char(a.start_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI"Z"') as start,
           to_char(a.end_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI"Z"') as "end",
           to_char(a.start_at at time zone p.time_zone, 'YYYY-MM-DD HH24:MI') as local_start,
           to_char(a.end_at at time zone p.time_zone, 'HH24:MI') as local_end,
           extract(epoch from (a.start_at at time zone p.time_zone) - (a.start_at at time zone 'UTC'))::int / 3600 || 'h' as offset,
           a.is_blocked, a.is_recurring, a.recurrence_type, a.recurrence_days, a.series_id
    from availability a join providers p on p.id = a.provider_id
    where a.provider_id = ${providerId}
    order by a.start_at, a.end_at`,
  );
}

const message = (res: { json: () => unknown }) => (res.json() as { message: string }).message;

afterEach(() => {
  vi.useRealTimers();
});

describe('POST /api/availability', () => {
  it('stores a one-off slot read on the provider’s wall clock, and returns it', async () => {
    const p = await provider();
    const res = await post(p.cookies, oneOff(3));
    expect(res.statusCode).toBe(201);
    const body = res.json<AvailabilityCreated>();
    expect(body.duplicates).toBe(0);
    expect(body.skippedDates).toEqual([]);
    expect(body.slots).toHaveLength(1);
    expect(body.slots[0]).toMatchObject({
      isBlocked: false,
      isRecurring: false,
      recurrenceType: null,
      recurrenceDays: null,
      seriesId: null,
    });
    const rows = await stored(p.providerId);
    expect(rows.map((r) => [r.local_start, r.local_end])).toEqual([[`${dayIn(3)} 09:00`, '17:00']]);
    expect(rows[0]!.id).toBe(body.slots[0]!.id);
  });

  it('stores instants as sent, and a blocked slot over an available one (both kept)', async () => {
    const p = await provider(LISBON);
    const date = dayIn(5, LISBON);
    const available = await post(p.cookies, {
      start: `${date}T09:00`,
      end: `${date}T17:00`,
      isBlocked: false,
      isRecurring: false,
    });
    const start = new Date(available.json<AvailabilityCreated>().slots[0]!.start);
    const blockedStart = new Date(start.getTime() + 3 * 3600_000).toISOString();
    const blockedEnd = new Date(start.getTime() + 4 * 3600_000).toISOString();
    const blocked = await post(p.cookies, {
      start: blockedStart,
      end: blockedEnd,
      isBlocked: true,
      isRecurring: false,
    });
    expect(blocked.statusCode).toBe(201);
    expect(blocked.json<AvailabilityCreated>().slots[0]).toMatchObject({
      start: blockedStart,
      end: blockedEnd,
      isBlocked: true,
    });
    const rows = await stored(p.providerId);
    expect(rows.map((r) => [r.local_start.slice(11), r.local_end, r.is_blocked])).toEqual([
      ['09:00', '17:00', false],
      ['12:00', '13:00', true],
    ]);
  });

  it('does not store the same slot twice, and allows overlapping ones', async () => {
    const p = await provider();
    expect((await post(p.cookies, oneOff(4))).statusCode).toBe(201);
    const again = await post(p.cookies, oneOff(4));
    expect(again.statusCode).toBe(201);
    expect(again.json<AvailabilityCreated>()).toMatchObject({ slots: [], duplicates: 1 });
    expect((await post(p.cookies, oneOff(4, '12:00', '18:00'))).statusCode).toBe(201);
    // The same times blocked are another slot.
    expect((await post(p.cookies, oneOff(4, '09:00', '17:00', { isBlocked: true }))).json().slots).toHaveLength(1);
    expect(await stored(p.providerId)).toHaveLength(3);
  });

  it('stores a recurring schedule as one open-ended rule, one series, at the same local time', async () => {
    const p = await provider();
    const res = await post(p.cookies, weekly(2, [1, 3]));
    expect(res.statusCode).toBe(201);
    const { slots } = res.json<AvailabilityCreated>();
    // The reply lists its first week: one occurrence per selected day.
    expect(slots).toHaveLength(2);
    expect(slots.every((s) => s.occurrenceDate !== null && s.id === s.seriesId)).toBe(true);
    // Nothing is stored per occurrence: one rule, which runs until the provider ends it.
    expect(await storedRows(p.providerId)).toEqual([]);
    const [rule] = await t.db.select().from(availabilityRules).where(eq(availabilityRules.providerId, p.providerId));
    expect(rule).toMatchObject({ id: slots[0]!.seriesId, startsOn: dayIn(2), endsOn: null, startTime: '09:00' });
    const rows = await stored(p.providerId);
    expect(rows).toHaveLength(24);
    expect(new Set(rows.map((r) => r.series_id)).size).toBe(1);
    expect(rows[0]!.series_id).toBe(slots[0]!.seriesId);
    expect(rows.every((r) => r.is_recurring && r.recurrence_type === 'WEEKLY')).toBe(true);
    expect(rows.every((r) => JSON.stringify(r.recurrence_days) === '[1,3]')).toBe(true);
    expect(new Set(rows.map((r) => `${r.local_start.slice(11)}-${r.local_end}`))).toEqual(new Set(['09:00-17:00']));
    // Mondays and Wednesdays only, none before the chosen date.
    const weekdays = rows.map((r) => new Date(`${r.local_start.slice(0, 10)}T00:00:00Z`).getUTCDay());
    expect(new Set(weekdays)).toEqual(new Set([1, 3]));
    expect(rows.every((r) => r.local_start.slice(0, 10) >= dayIn(2))).toBe(true);
  });

  it('refuses what breaks a rule, with the rule’s message, and stores nothing', async () => {
    const p = await provider();
    const cases: [object, string][] = [
      [oneOff(3, '17:00', '09:00'), END_AFTER_START_MESSAGE],
      [oneOff(3, '09:00', '09:00'), END_AFTER_START_MESSAGE],
      [weekly(3, [1], '17:00', '09:00'), END_AFTER_START_MESSAGE],
      [weekly(3, []), SELECT_DAY_MESSAGE],
      [{ ...weekly(3, [1]), recurrenceDays: null }, SELECT_DAY_MESSAGE],
      [{ ...weekly(3, [1]), recurrenceDays: undefined }, SELECT_DAY_MESSAGE],
      [oneOff(-3), IN_THE_PAST_MESSAGE],
      [weekly(-2, [1]), IN_THE_PAST_MESSAGE],
      [oneOff(400), TOO_FAR_AHEAD_MESSAGE],
      [weekly(370, [1]), TOO_FAR_AHEAD_MESSAGE],
      [oneOff(3, '09:15', '17:00'), HALF_HOUR_MESSAGE],
      [weekly(3, [1], '09:00', '16:45'), HALF_HOUR_MESSAGE],
      [{ ...oneOff(3), end: `${dayIn(4)}T10:00` }, TOO_LONG_MESSAGE],
    ];
    for (const [payload, expected] of cases) {
      const res = await post(p.cookies, payload);
      expect([res.statusCode, message(res)], JSON.stringify(payload)).toEqual([400, expected]);
    }
    expect(await stored(p.providerId)).toEqual([]);
  });

  it('refuses bad input on every field', async () => {
    const p = await provider();
    const good = weekly(3, [1]);
    const bad: [string, unknown][] = [
      ['start', undefined],
      ['start', 12],
      ['start', 'tomorrow'],
      ['start', `${dayIn(3)}T09:00:30Z`],
      ['start', `${dayIn(3)}`],
      ['start', `2026-02-30T09:00`],
      ['start', 'x'.repeat(41)],
      ['end', null],
      ['end', `${dayIn(3)}T25:00`],
      ['isBlocked', 'yes'],
      ['isRecurring', 'true'],
      ['isRecurring', 1],
      ['recurrenceType', 'DAILY'],
      ['recurrenceDays', [7]],
      ['recurrenceDays', [-1]],
      ['recurrenceDays', ['1']],
      ['recurrenceDays', [1.5]],
      ['recurrenceDays', [0, 1, 2, 3, 4, 5, 6, 0]],
      ['recurrenceDays', 'Mon'],
    ];
    for (const [field, value] of bad) {
      const res = await post(p.cookies, { ...good, [field]: value });
      expect(res.statusCode, `${field}: ${JSON.stringify(value)}`).toBe(400);
      const body = res.json<{ details?: { path: string }[] }>();
      expect(body.details?.[0]?.path, field).toMatch(new RegExp(`^body\\.${field}`));
    }
    expect(message(await post(p.cookies, { ...good, recurrenceDays: [8] }))).toBe(WEEKDAYS_MESSAGE);
    for (const payload of ['not json', [], null]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/availability',
        cookies: p.cookies,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(payload),
      });
      expect(res.statusCode).toBe(400);
    }
    expect(await stored(p.providerId)).toEqual([]);
  });

  it('ignores recurrence fields of a one-off slot and duplicate days of a schedule', async () => {
    const p = await provider();
    const res = await post(p.cookies, { ...oneOff(3), recurrenceType: 'WEEKLY', recurrenceDays: [1, 2] });
    expect(res.json<AvailabilityCreated>().slots[0]).toMatchObject({
      isRecurring: false,
      recurrenceDays: null,
      seriesId: null,
    });
    const twice = await post(p.cookies, weekly(10, [5, 5, 2]));
    expect(twice.json<AvailabilityCreated>().slots).toHaveLength(2);
    expect(twice.json<AvailabilityCreated>().slots[0]!.recurrenceDays).toEqual([2, 5]);
  });

  it('writes only to the caller’s own calendar (a providerId in the body is ignored)', async () => {
    const owner = await provider();
    const other = await provider();
    const res = await post(other.cookies, { ...oneOff(3), providerId: owner.providerId });
    expect(res.statusCode).toBe(201);
    expect(await stored(owner.providerId)).toEqual([]);
    expect(await stored(other.providerId)).toHaveLength(1);
  });

  it('access: anonymous 401, traveler 403, admin 403 (whatever the body), provider 201', async () => {
    const traveler = await signUp(t.app);
    const anAdmin = await admin();
    for (const payload of [oneOff(3), { nonsense: true }]) {
      expect((await post(undefined, payload)).statusCode).toBe(401);
      expect((await post(traveler.cookies, payload)).statusCode).toBe(403);
      expect((await post(anAdmin.cookies, payload)).statusCode).toBe(403);
    }
    const p = await provider();
    expect((await post(p.cookies, oneOff(3))).statusCode).toBe(201);
    expect(await t.db.select().from(availability)).toHaveLength(1);
  });
});

describe('POST /api/availability/bulk', () => {
  it('stores every slot of the list in one go, each schedule its own series', async () => {
    const p = await provider();
    const res = await bulk(p.cookies, {
      availabilities: [oneOff(3), oneOff(3, '18:00', '19:00', { isBlocked: true }), weekly(4, [2]), weekly(4, [4])],
    });
    expect(res.statusCode).toBe(201);
    expect(res.json<AvailabilityCreated>().slots).toHaveLength(2 + 1 + 1);
    const rows = await stored(p.providerId);
    expect(rows).toHaveLength(26);
    expect(new Set(rows.filter((r) => r.series_id).map((r) => r.series_id)).size).toBe(2);
    expect(rows.filter((r) => r.is_blocked)).toHaveLength(1);
  });

  it('is all or nothing: one bad slot refuses the list, naming it', async () => {
    const p = await provider();
    const res = await bulk(p.cookies, { availabilities: [oneOff(3), weekly(4, []), oneOff(5)] });
    expect(res.statusCode).toBe(400);
    expect(message(res)).toBe(SELECT_DAY_MESSAGE);
    const invalid = await bulk(p.cookies, { availabilities: [oneOff(3), { ...oneOff(4), start: 'soon' }] });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json<{ details: { path: string }[] }>().details[0]!.path).toBe('body.availabilities.1.start');
    expect(await stored(p.providerId)).toEqual([]);
  });

  it('bounds the list and the occurrences it makes', async () => {
    const p = await provider();
    for (const payload of [
      {},
      { availabilities: [] },
      { availabilities: 'all' },
      { availabilities: Array(MAX_BULK_SLOTS + 1).fill(oneOff(3)) },
    ]) {
      expect((await bulk(p.cookies, payload)).statusCode, JSON.stringify(payload).slice(0, 60)).toBe(400);
    }
    // Schedules are rules, not rows: a full list of every-day schedules is stored as 100 rules.
    const res = await bulk(p.cookies, {
      availabilities: Array(MAX_BULK_SLOTS).fill(weekly(3, [0, 1, 2, 3, 4, 5, 6], '06:00', '07:00')),
    });
    expect(res.statusCode).toBe(201);
    expect(await t.db.select().from(availabilityRules)).toHaveLength(MAX_BULK_SLOTS);
    await t.db.delete(availabilityRules);
    // The same list of identical one-offs stores one row.
    const same = await bulk(p.cookies, { availabilities: Array(MAX_BULK_SLOTS).fill(oneOff(3)) });
    expect(same.json<AvailabilityCreated>()).toMatchObject({ duplicates: MAX_BULK_SLOTS - 1 });
    expect(await stored(p.providerId)).toHaveLength(1);
  });

  it('access: anonymous 401, traveler 403, admin 403, provider 201', async () => {
    const traveler = await signUp(t.app);
    const anAdmin = await admin();
    const payload = { availabilities: [oneOff(3)] };
    expect((await bulk(undefined, payload)).statusCode).toBe(401);
    expect((await bulk(undefined, {})).statusCode).toBe(401);
    expect((await bulk(traveler.cookies, payload)).statusCode).toBe(403);
    expect((await bulk(anAdmin.cookies, payload)).statusCode).toBe(403);
    const p = await provider();
    expect((await bulk(p.cookies, payload)).statusCode).toBe(201);
  });
});

describe('DELETE /api/availability/{id}', () => {
  it('deletes one occurrence, or the whole series, and nothing of another series', async () => {
    const p = await provider();
    const series = (await post(p.cookies, weekly(2, [1, 3]))).json<AvailabilityCreated>().slots;
    const otherSeries = (await post(p.cookies, weekly(2, [5]))).json<AvailabilityCreated>().slots;
    const single = (await post(p.cookies, oneOff(3, '20:00', '21:00'))).json<AvailabilityCreated>().slots[0]!;

    // One occurrence of a schedule is named by its date.
    const missing = await del(p.cookies, series[1]!.id);
    expect([missing.statusCode, message(missing)]).toEqual([400, OCCURRENCE_DATE_MESSAGE]);
    const one = await del(p.cookies, series[1]!.id, `?date=${series[1]!.occurrenceDate}`);
    expect([one.statusCode, one.json()]).toEqual([200, { deleted: 1 }]);
    expect((await stored(p.providerId)).map((r) => r.local_start.slice(0, 10))).not.toContain(
      series[1]!.occurrenceDate,
    );
    expect(await stored(p.providerId)).toHaveLength(24 - 1 + 12 + 1);

    // Ending a schedule from an occurrence on keeps what came before it.
    const third = addCalendarDays(series[0]!.occurrenceDate!, 14);
    expect((await del(p.cookies, series[0]!.id, `?series=true&date=${third}`)).json()).toEqual({ deleted: 1 });
    const [ended] = await t.db.select().from(availabilityRules).where(eq(availabilityRules.id, series[0]!.id));
    expect(ended!.endsOn).toBe(addCalendarDays(third, -1));

    const all = await del(p.cookies, series[0]!.id, '?series=true');
    expect(all.json()).toEqual({ deleted: 1 });
    const rest = await stored(p.providerId);
    expect(rest).toHaveLength(13);
    expect(new Set(rest.map((r) => r.series_id))).toEqual(new Set([otherSeries[0]!.seriesId, null]));

    // series=true on a one-off slot deletes that slot only; series=false is one occurrence.
    expect((await del(p.cookies, single.id, '?series=true')).json()).toEqual({ deleted: 1 });
    expect(
      (await del(p.cookies, otherSeries[0]!.id, `?series=false&date=${otherSeries[0]!.occurrenceDate}`)).json(),
    ).toEqual({ deleted: 1 });
    expect(await stored(p.providerId)).toHaveLength(11);
    // Gone is gone.
    expect((await del(p.cookies, single.id)).statusCode).toBe(404);
  });

  it('access: anonymous 401, traveler 403, admin 403, another provider 404; the slot stays', async () => {
    const owner = await provider();
    const slot = (await post(owner.cookies, weekly(2, [1]))).json<AvailabilityCreated>().slots[0]!;
    const traveler = await signUp(t.app);
    const anAdmin = await admin();
    const other = await provider();
    expect((await del(undefined, slot.id)).statusCode).toBe(401);
    expect((await del(traveler.cookies, slot.id)).statusCode).toBe(403);
    expect((await del(anAdmin.cookies, slot.id)).statusCode).toBe(403);
    const intruder = await del(other.cookies, slot.id, '?series=true');
    expect([intruder.statusCode, message(intruder)]).toEqual([404, 'Availability not found.']);
    expect(await stored(owner.providerId)).toHaveLength(12);
    expect((await del(owner.cookies, slot.id, `?date=${slot.occurrenceDate}`)).statusCode).toBe(200);
    expect(await stored(owner.providerId)).toHaveLength(11);
  });

  it('refuses bad ids and series values', async () => {
    const p = await provider();
    expect((await del(p.cookies, 'not-a-uuid')).statusCode).toBe(400);
    expect((await del(p.cookies, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    const slot = (await post(p.cookies, oneOff(3))).json<AvailabilityCreated>().slots[0]!;
    expect((await del(p.cookies, slot.id, '?series=yes')).statusCode).toBe(400);
    expect(await stored(p.providerId)).toHaveLength(1);
  });
});

describe('GET /api/availability/{providerId}', () => {
  it('is public, names the zone, and finds the provider by user id or provider id', async () => {
    const p = await provider(LISBON);
    // Today on Lisbon's clock: between 00:00 and 05:00 UTC New York's today is Lisbon's yesterday.
    const today = dayIn(0, LISBON);
    const created = await post(p.cookies, {
      ...weekly(0, [0, 1, 2, 3, 4, 5, 6]),
      start: `${today}T09:00`,
      end: `${today}T17:00`,
    });
    expect(created.statusCode, created.body).toBe(201);
    const traveler = await signUp(t.app);
    const anAdmin = await admin();
    const other = await provider();
    const from = dayIn(0, LISBON);
    const to = addCalendarDays(from, 7);
    const answers = [];
    for (const [ref, cookies] of [
      [p.userId, undefined],
      [p.providerId, undefined],
      [p.userId, traveler.cookies],
      [p.userId, p.cookies],
      [p.userId, other.cookies],
      [p.userId, anAdmin.cookies],
    ] as const) {
      const res = await list(ref, `?from=${from}&to=${to}`, cookies);
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-time-zone']).toBe(LISBON);
      answers.push(res.json<AvailabilitySlot[]>());
    }
    expect(answers[0]).toHaveLength(7);
    for (const a of answers) expect(a).toEqual(answers[0]);
    expect(Object.keys(answers[0]![0]!).sort()).toEqual(
      [
        'end',
        'id',
        'isBlocked',
        'isRecurring',
        'occurrenceDate',
        'recurrenceDays',
        'recurrenceType',
        'seriesId',
        'start',
      ].sort(),
    );
    // Sorted by start.
    const starts = answers[0]!.map((s) => s.start);
    expect([...starts].sort()).toEqual(starts);
  });

  it('defaults to the current week in the provider’s zone and returns what overlaps the range', async () => {
    const p = await provider();
    const weekStart = weekStartOf(dayIn(0));
    const nextWeek = addCalendarDays(weekStart, 7);
    // A slot next week, and (when today is not Saturday) one later today or tomorrow this week.
    await post(p.cookies, { ...oneOff(0), start: `${nextWeek}T10:00`, end: `${nextWeek}T11:00` });
    const current = await list(p.userId);
    expect(current.statusCode).toBe(200);
    expect(current.json()).toEqual([]);
    const next = await list(p.userId, `?from=${nextWeek}`);
    expect(next.json<AvailabilitySlot[]>()).toHaveLength(1);
    // A range that ends at the slot's start does not include it; one that ends a minute later does.
    const startsAt = next.json<AvailabilitySlot[]>()[0]!.start;
    expect((await list(p.userId, `?from=${weekStart}&to=${encodeURIComponent(startsAt)}`)).json()).toEqual([]);
    const aMinuteLater = new Date(new Date(startsAt).getTime() + 60_000).toISOString();
    expect((await list(p.userId, `?from=${weekStart}&to=${encodeURIComponent(aMinuteLater)}`)).json()).toHaveLength(1);
    // A range starting inside the slot includes it too.
    expect((await list(p.userId, `?from=${encodeURIComponent(aMinuteLater)}`)).json()).toHaveLength(1);
  });

  it('refuses reversed, too wide and unreadable ranges; unknown providers are 404', async () => {
    const p = await provider();
    const from = dayIn(0);
    const cases: [string, string | undefined][] = [
      [`?from=${from}&to=${from}`, RANGE_ORDER_MESSAGE],
      [`?from=${addCalendarDays(from, 1)}&to=${from}`, RANGE_ORDER_MESSAGE],
      [`?from=${from}&to=${addCalendarDays(from, 63)}`, RANGE_TOO_WIDE_MESSAGE],
      ['?from=yesterday', undefined],
      [`?to=${from}T00:00`, undefined],
      [`?from=${'9'.repeat(41)}`, undefined],
    ];
    for (const [query, expected] of cases) {
      const res = await list(p.userId, query);
      expect(res.statusCode, query).toBe(400);
      if (expected) expect(message(res)).toBe(expected);
    }
    expect((await list(p.userId, `?from=${from}&to=${addCalendarDays(from, 62)}`)).statusCode).toBe(200);
    expect((await list('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await list('not-a-provider')).statusCode).toBe(404);
    const traveler = await signUp(t.app);
    expect((await list(traveler.user.id)).statusCode).toBe(404);
  });
});

describe('daylight saving through the API', () => {
  // The server's clock is set to 20 Feb 2026 for these requests (only Date is faked).
  const at = (iso: string) => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(iso));
  };

  it('keeps a New York schedule created in early March at 09:00-17:00 local while its UTC offset changes', async () => {
    const p = await provider(NY);
    at('2026-02-20T12:00:00Z');
    const res = await post(p.cookies, {
      start: '2026-03-02T09:00',
      end: '2026-03-02T17:00',
      isBlocked: false,
      isRecurring: true,
      recurrenceType: 'WEEKLY',
      recurrenceDays: [1, 3],
    });
    expect(res.statusCode).toBe(201);
    const rows = await stored(p.providerId);
    expect(rows).toHaveLength(24);
    expect(rows.slice(0, 4).map((r) => [r.start, r.end, r.offset])).toEqual([
      ['2026-03-02T14:00Z', '2026-03-02T22:00Z', '-5h'],
      ['2026-03-04T14:00Z', '2026-03-04T22:00Z', '-5h'],
      ['2026-03-09T13:00Z', '2026-03-09T21:00Z', '-4h'],
      ['2026-03-11T13:00Z', '2026-03-11T21:00Z', '-4h'],
    ]);
    expect(rows.every((r) => r.local_start.endsWith('09:00') && r.local_end === '17:00')).toBe(true);
    // The week of the change, read back: Monday and Wednesday at 13:00Z, the zone named.
    const week = await list(p.userId, '?from=2026-03-08&to=2026-03-15');
    expect(week.headers['x-time-zone']).toBe(NY);
    expect(week.json<AvailabilitySlot[]>().map((s) => s.start)).toEqual([
      '2026-03-09T13:00:00.000Z',
      '2026-03-11T13:00:00.000Z',
    ]);
  });

  it('keeps Lisbon’s local time across the March change, and sent as instants too', async () => {
    const p = await provider(LISBON);
    at('2026-03-10T12:00:00Z');
    // Sunday 22 March 10:00 WET, sent as an instant: the series keeps 10:00 on Lisbon's clock.
    const res = await post(p.cookies, {
      start: '2026-03-22T10:00:00Z',
      end: '2026-03-22T12:00:00Z',
      isBlocked: true,
      isRecurring: true,
      recurrenceType: 'WEEKLY',
      recurrenceDays: [0],
    });
    expect(res.statusCode).toBe(201);
    const rows = await stored(p.providerId);
    expect(rows.slice(0, 2).map((r) => [r.start, r.local_start, r.is_blocked])).toEqual([
      ['2026-03-22T10:00Z', '2026-03-22 10:00', true],
      ['2026-03-29T09:00Z', '2026-03-29 10:00', true],
    ]);
    expect(rows.every((r) => r.local_start.endsWith('10:00') && r.local_end === '12:00')).toBe(true);
  });

  it('keeps New York’s schedule across the November change', async () => {
    const p = await provider(NY);
    at('2026-10-01T12:00:00Z');
    await post(p.cookies, {
      start: '2026-10-26T09:00',
      end: '2026-10-26T17:00',
      isRecurring: true,
      recurrenceDays: [1],
    });
    const rows = await stored(p.providerId);
    expect(rows.slice(0, 2).map((r) => r.start)).toEqual(['2026-10-26T13:00Z', '2026-11-02T14:00Z']);
  });

  it('skips the spring-forward night for a schedule inside the gap, and refuses such a one-off slot', async () => {
    const p = await provider(NY);
    at('2026-02-20T12:00:00Z');
    const res = await post(p.cookies, {
      start: '2026-03-01T02:00',
      end: '2026-03-01T03:00',
      isRecurring: true,
      recurrenceDays: [0],
    });
    expect(res.json<AvailabilityCreated>().skippedDates).toEqual(['2026-03-08']);
    const rows = await stored(p.providerId);
    expect(rows).toHaveLength(11);
    expect(rows.map((r) => r.local_start.slice(0, 10))).not.toContain('2026-03-08');
    const oneOffInGap = await post(p.cookies, { start: '2026-03-08T02:00', end: '2026-03-08T03:00' });
    expect([oneOffInGap.statusCode, message(oneOffInGap)]).toEqual([
      400,
      'This time does not exist on Mar 8, 2026 in America/New_York: the clocks move forward',
    ]);
  });
});

describe('the database refuses malformed slots itself', () => {
  it('checks the recurrence fields, the length and duplicates', async () => {
    const p = await provider();
    const start = new Date(Date.now() + 2 * DAY_MS);
    const end = new Date(start.getTime() + 3600_000);
    const base = { providerId: p.providerId, startAt: start, endAt: end };
    const code = async (values: object) => {
      try {
        await t.db.insert(availability).values({ ...base, ...values });
        return 'ok';
      } catch (err) {
        const e = err as { code?: string; cause?: { code?: string } };
        return e.cause?.code ?? e.code;
      }
    };
    expect(await code({ isRecurring: true, recurrenceType: 'WEEKLY', recurrenceDays: [1] })).toBe('23514'); // no series
    const seriesId = '00000000-0000-4000-8000-000000000001';
    expect(await code({ isRecurring: true, recurrenceType: 'WEEKLY', recurrenceDays: [7], seriesId })).toBe('23514');
    expect(await code({ isRecurring: true, recurrenceType: 'WEEKLY', recurrenceDays: [], seriesId })).toBe('23514');
    expect(await code({ isRecurring: false, seriesId })).toBe('23514');
    expect(await code({ endAt: new Date(start.getTime() + 26 * 3600_000) })).toBe('23514');
    expect(
      await code({
        isRecurring: true,
        recurrenceType: 'WEEKLY',
        recurrenceDays: [1, 6],
        seriesId,
        endAt: new Date(end.getTime() + 3600_000),
      }),
    ).toBe('ok');
    expect(await code({})).toBe('ok');
    expect(await code({})).toBe('23505');
  });
});
