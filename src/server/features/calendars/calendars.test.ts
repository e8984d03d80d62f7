// Calendar sync through the API (run with TZ=UTC): imported calendars served by a local HTTP server
// and synced by the job runner, their busy time in slots and requests; the private feed read by an
// independent parser (node-ical); and who may call what.
import { sql } from 'drizzle-orm';
import nodeIcal from 'node-ical';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CalendarSyncState, FeedLink, ImportedBusy } from '../../../shared/api/calendars.ts';
import type { SlotsResponse } from '../../../shared/api/bookings-responses.ts';
import { PROVIDER_BUSY_MESSAGE } from '../../read-models/calendar-busy.ts';
import { configWarnings, loadConfig } from '../../config.ts';
import { queryRows } from '../../db/open.ts';
import {
  createAvailability,
  createBooking,
  createCategory,
  createProvider,
  createService,
  createUser,
} from '../../db/seed/factories.ts';
import { recordBookingEvent } from '../../bookings/booking-sql.ts';
import { cookieFor } from '../../test/booking-fixture.ts';
import { allDayCalendar, googleCalendar, htmlPage, outlookCalendar } from '../../test/calendar-fixtures.ts';
import { startCalendarServer, type CalendarServer } from '../../test/calendar-server.ts';
import {
  dailyOnFebruary30,
  HOSTILE_PATHS,
  manyEvents,
  manyExdates,
  startHostileCalendarServer,
} from '../../test/hostile-calendars.ts';
import { claimDue } from '../../jobs/claim-due.ts';
import { useTestApp, uniqueIp } from '../../test/test-app.ts';
import { CALENDAR_SYNC_QUEUE, DID_NOT_FINISH, MAX_FAILURES, syncCalendar } from './calendar-sync.ts';
import { ALREADY_IMPORTED, MAX_CALENDARS, TOO_MANY_CALENDARS } from './calendars.ts';
import { NEVER_HAPPENS, NOT_A_CALENDAR, parseBusyIntervals } from './parse-calendar.ts';
import { CalendarParser, TOO_LONG_TO_READ } from './parse-pool.ts';
import {
  answeredStatus,
  calendarUrl,
  fetchCalendarText,
  HTTPS_ONLY,
  isAllowedAddress,
  PRIVATE_ADDRESS,
  TOO_LARGE,
  TOO_MANY_REDIRECTS,
  TOO_SLOW,
} from './safe-fetch.ts';

const t = useTestApp({ calendarFetch: { allowLoopback: true } });

const NOW = new Date('2027-03-01T12:00:00Z');
const NY = 'America/New_York';
let server: CalendarServer;

beforeAll(async () => {
  server = await startCalendarServer({
    '/google.ics': { body: googleCalendar },
    '/allday.ics': { body: allDayCalendar },
    '/outlook.ics': { body: outlookCalendar },
    '/broken.ics': { status: 500, body: 'Internal Server Error', type: 'text/plain' },
    '/login.ics': { body: htmlPage, type: 'text/html' },
    '/slow.ics': { body: googleCalendar, delayMs: 3_000 },
    '/huge.ics': { bytes: 6 * 1024 * 1024 },
    '/r1': { location: '/r2' },
    '/r2': { location: '/r3' },
    '/r3': { location: '/google.ics' },
    '/r0': { location: '/r1' },
    '/to-private': { location: 'http://10.1.2.3/calendar.ics' },
    '/to-metadata': { location: 'https://169.254.169.254/latest/meta-data' },
  });
});
afterAll(async () => {
  await server?.close();
});
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
});

/** A New York provider available 09:00-17:00 local on the given days; another provider; travelers; an admin. */
async function fixture(days: { start: string; end: string }[] = []) {
  const category = await createCategory(t.db);
  const owner = await createProvider(t.db, { timeZone: NY, displayName: 'Harbor Kayaks' });
  const other = await createProvider(t.db, { timeZone: NY });
  const service = await createService(t.db, {
    providerId: owner.provider.id,
    categoryId: category.id,
    title: 'Harbor kayak tour',
    minHours: 1,
    locationType: 'meeting_point',
    locationAddress: 'Pier 26, Hudson River Park',
    locationArea: 'Tribeca',
  });
  const traveler = await createUser(t.db, { role: 'TRAVELER', name: 'Maria Lopes' });
  const traveler2 = await createUser(t.db, { role: 'TRAVELER', name: 'Tom Grey' });
  const admin = await createUser(t.db, { role: 'ADMIN' });
  for (const d of days)
    await createAvailability(t.db, {
      providerId: owner.provider.id,
      startAt: new Date(d.start),
      endAt: new Date(d.end),
    });
  return {
    owner,
    other,
    service,
    traveler,
    traveler2,
    admin,
    cookies: {
      owner: await cookieFor(t.db, owner.user.id),
      other: await cookieFor(t.db, other.user.id),
      traveler: await cookieFor(t.db, traveler.id),
      traveler2: await cookieFor(t.db, traveler2.id),
      admin: await cookieFor(t.db, admin.id),
    },
  };
}

type Cookies = Record<string, string>;

const addCalendar = (cookies: Cookies | undefined, name: string, url: string) =>
  t.app.inject({ method: 'POST', url: '/api/provider/calendars', cookies, payload: { name, url } });
const syncState = async (cookies: Cookies) => {
  const res = await t.app.inject({ url: '/api/provider/calendar-sync', cookies });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<CalendarSyncState>();
};
const sync = () => t.app.jobs.runOnce('calendar-sync');

async function startTimes(serviceId: string, date: string): Promise<string[]> {
  const res = await t.app.inject({ url: `/api/services/${serviceId}/slots?date=${date}&hours=1` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<SlotsResponse>().slots.map((s) => s.start.slice(11, 16));
}

/** Half-hour starts (UTC 'HH:mm') from `first` for `count` slots. */
function halfHours(first: string, count: number): string[] {
  const [h, m] = first.split(':').map(Number) as [number, number];
  return Array.from({ length: count }, (_, i) => {
    const minutes = h * 60 + m + i * 30;
    return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
  });
}
const without = (all: string[], gone: string[]) => all.filter((s) => !gone.includes(s));

describe('an imported calendar', () => {
  // Wednesdays 09:00-17:00 New York time: EST before March 14, EDT after.
  const MARCH = [
    { start: '2027-03-10T14:00:00Z', end: '2027-03-10T22:00:00Z' },
    { start: '2027-03-17T13:00:00Z', end: '2027-03-17T21:00:00Z' },
    { start: '2027-03-14T13:00:00Z', end: '2027-03-14T21:00:00Z' },
  ];

  it('removes the right slots in New York on both sides of the spring change, and a request into it is refused', async () => {
    const f = await fixture(MARCH);
    const before10 = await startTimes(f.service.id, '2027-03-10');
    const before17 = await startTimes(f.service.id, '2027-03-17');
    expect(before10).toEqual(halfHours('14:00', 15));
    expect(before17).toEqual(halfHours('13:00', 15));

    const added = await addCalendar(f.cookies.owner, 'Work', server.url('/google.ics'));
    expect(added.statusCode, added.body).toBe(201);
    expect(await sync()).toBe(1);
    const state = await syncState(f.cookies.owner);
    expect(state.calendars).toMatchObject([{ name: 'Work', lastError: null, busyCount: 79 }]);
    expect(state.calendars[0]?.lastSyncedAt).not.toBeNull();

    // The 10:00-11:00 New York meeting: 15:00Z in EST, 14:00Z in EDT. A 1-hour slot may end as it starts.
    expect(await startTimes(f.service.id, '2027-03-10')).toEqual(without(before10, ['14:30', '15:00', '15:30']));
    expect(await startTimes(f.service.id, '2027-03-17')).toEqual(without(before17, ['13:30', '14:00', '14:30']));

    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/bookings',
      cookies: f.cookies.traveler,
      payload: { serviceId: f.service.id, start: '2027-03-17T14:00:00Z', hours: 1 },
    });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json<{ message: string }>().message).toBe(PROVIDER_BUSY_MESSAGE);
    const beside = await t.app.inject({
      method: 'POST',
      url: '/api/bookings',
      cookies: f.cookies.traveler,
      payload: { serviceId: f.service.id, start: '2027-03-17T13:00:00Z', hours: 1 },
    });
    expect(beside.statusCode, beside.body).toBe(201);
  });

  it('removes a whole local day for an all-day event, in the available days too', async () => {
    const f = await fixture(MARCH);
    const days = async () =>
      (await t.app.inject({ url: `/api/services/${f.service.id}/available-days?month=2027-03&hours=1` })).json<{
        days: string[];
      }>().days;
    expect(await days()).toEqual(['2027-03-10', '2027-03-14', '2027-03-17']);
    await addCalendar(f.cookies.owner, 'Family', server.url('/allday.ics'));
    await sync();
    expect(await days()).toEqual(['2027-03-10', '2027-03-17']);
    expect(await startTimes(f.service.id, '2027-03-14')).toEqual([]);
  });

  it('removes the right slots on both sides of the autumn change', async () => {
    vi.setSystemTime(new Date('2027-10-01T12:00:00Z'));
    const f = await fixture([
      { start: '2027-11-03T13:00:00Z', end: '2027-11-03T21:00:00Z' }, // EDT
      { start: '2027-11-10T14:00:00Z', end: '2027-11-10T22:00:00Z' }, // EST
    ]);
    await addCalendar(f.cookies.owner, 'Work', server.url('/google.ics'));
    await sync();
    expect(await startTimes(f.service.id, '2027-11-03')).toEqual(
      without(halfHours('13:00', 15), ['13:30', '14:00', '14:30']),
    );
    expect(await startTimes(f.service.id, '2027-11-10')).toEqual(
      without(halfHours('14:00', 15), ['14:30', '15:00', '15:30']),
    );
  });

  it('is shown labelled with its name, never an event’s title', async () => {
    const f = await fixture(MARCH);
    await addCalendar(f.cookies.owner, 'Work', server.url('/google.ics'));
    await sync();
    const res = await t.app.inject({
      url: '/api/provider/calendars/busy?from=2027-03-08T00:00:00Z&to=2027-03-15T00:00:00Z',
      cookies: f.cookies.owner,
    });
    expect(res.statusCode, res.body).toBe(200);
    const busy = res.json<ImportedBusy[]>();
    expect(busy.map((b) => [b.start, b.end, b.calendarName])).toEqual([
      ['2027-03-10T15:00:00.000Z', '2027-03-10T16:00:00.000Z', 'Work'],
      ['2027-03-11T09:00:00.000Z', '2027-03-11T10:00:00.000Z', 'Work'],
    ]);
    expect(res.body).not.toContain('Private client');
    const stored = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from calendar_busy cb where cb.provider_id = ${f.owner.provider.id}`,
    );
    expect(stored[0]?.n).toBe(79);
  });

  it('warns of the bookings it overlaps, which stand', async () => {
    const f = await fixture(MARCH);
    const booking = await createBooking(t.db, {
      service: f.service,
      userId: f.traveler.id,
      status: 'CONFIRMED',
      startAt: new Date('2027-03-10T15:30:00Z'),
      hours: 1,
      createdAt: new Date(NOW.getTime() - 3_600_000),
    });
    await createBooking(t.db, {
      service: f.service,
      userId: f.traveler2.id,
      status: 'CONFIRMED',
      startAt: new Date('2027-03-10T18:00:00Z'),
      hours: 1,
      createdAt: new Date(NOW.getTime() - 3_600_000),
    });
    await addCalendar(f.cookies.owner, 'Work', server.url('/google.ics'));
    await addCalendar(f.cookies.owner, 'Outlook', server.url('/outlook.ics'));
    await sync();
    const state = await syncState(f.cookies.owner);
    expect(state.overlaps).toEqual([
      {
        bookingId: booking.id,
        title: 'Harbor kayak tour',
        start: '2027-03-10T15:30:00.000Z',
        end: '2027-03-10T16:30:00.000Z',
        calendarNames: ['Work'],
      },
    ]);
    const [row] = await queryRows<{ status: string }>(t.db, sql`select status from bookings where id = ${booking.id}`);
    expect(row?.status).toBe('CONFIRMED');
  });

  it('says why a sync failed, in plain words, and keeps what it had', async () => {
    const f = await fixture(MARCH);
    await addCalendar(f.cookies.owner, 'Broken', server.url('/broken.ics'));
    await addCalendar(f.cookies.owner, 'Login page', server.url('/login.ics'));
    await addCalendar(f.cookies.owner, 'Gone', server.url('/missing.ics'));
    await addCalendar(f.cookies.owner, 'Huge', server.url('/huge.ics'));
    await sync();
    const state = await syncState(f.cookies.owner);
    const errors = Object.fromEntries(state.calendars.map((c) => [c.name, [c.lastError, c.lastSyncedAt]]));
    expect(errors).toEqual({
      Broken: ['The address answered 500', null],
      'Login page': [NOT_A_CALENDAR, null],
      Gone: ['The address answered 404', null],
      Huge: [TOO_LARGE, null],
    });

    // A calendar that synced and then fails keeps its busy times until it works again.
    const good = await addCalendar(f.cookies.owner, 'Work', server.url('/google.ics'));
    await sync();
    server.routes['/google.ics'] = { status: 503, body: 'down' };
    try {
      await t.db.execute(
        sql`update calendar_imports set next_sync_at = now() where id = ${good.json<{ id: string }>().id}`,
      );
      await sync();
    } finally {
      server.routes['/google.ics'] = { body: googleCalendar };
    }
    const work = (await syncState(f.cookies.owner)).calendars.find((c) => c.name === 'Work');
    expect(work).toMatchObject({ lastError: answeredStatus(503), busyCount: 79 });
    expect(work?.lastSyncedAt).not.toBeNull();
    expect(await startTimes(f.service.id, '2027-03-10')).not.toContain('15:00');
  });

  it('says why a sync failed in the provider’s language (the page’s), kept as a code; older rows too', async () => {
    const f = await fixture(MARCH);
    await addCalendar(f.cookies.owner, 'Login page', server.url('/login.ics'));
    await addCalendar(f.cookies.owner, 'Gone', server.url('/missing.ics'));
    await sync();
    const inLanguage = async (locale: string) => {
      const res = await t.app.inject({
        url: '/api/provider/calendar-sync',
        cookies: f.cookies.owner,
        headers: { 'x-locale': locale },
      });
      return Object.fromEntries(res.json<CalendarSyncState>().calendars.map((c) => [c.name, c.lastError]));
    };
    expect(await inLanguage('ja')).toEqual({
      'Login page': 'これはカレンダーファイルではありません',
      Gone: 'アドレスから 404 が返されました',
    });
    expect(await inLanguage('pt-BR')).toEqual({
      'Login page': 'Isto não é um arquivo de agenda',
      Gone: 'O endereço respondeu 404',
    });
    // The database holds the code and its values, with the English sentence.
    const stored = await queryRows<{ name: string; last_error: string; last_error_problem: unknown }>(
      t.db,
      sql`select name, last_error, last_error_problem from calendar_imports order by name`,
    );
    expect(stored).toEqual([
      {
        name: 'Gone',
        last_error: 'The address answered 404',
        last_error_problem: { code: 'answered_status', status: 404 },
      },
      { name: 'Login page', last_error: NOT_A_CALENDAR, last_error_problem: { code: 'not_a_calendar' } },
    ]);
    // A row written before the codes has only its English sentence: worded if it is one of ours,
    // else shown as it was written.
    await t.db.execute(
      sql`update calendar_imports set last_error_problem = null,
            last_error = case name when 'Gone' then ${`${NEVER_HAPPENS} (February 30)`} else 'Something else entirely' end`,
    );
    expect(await inLanguage('ja')).toEqual({
      'Login page': 'Something else entirely',
      Gone: 'カレンダーに、存在しない日付（2月30日）に繰り返される予定があります',
    });
    expect((await inLanguage('en')).Gone).toBe(`${NEVER_HAPPENS} (February 30)`);
  });

  it('can be removed, and its busy time goes with it', async () => {
    const f = await fixture(MARCH);
    const added = (await addCalendar(f.cookies.owner, 'Work', server.url('/google.ics'))).json<{ id: string }>();
    await sync();
    expect(await startTimes(f.service.id, '2027-03-10')).not.toContain('15:00');
    const byOther = await t.app.inject({
      method: 'DELETE',
      url: `/api/provider/calendars/${added.id}`,
      cookies: f.cookies.other,
    });
    expect(byOther.statusCode).toBe(404);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/provider/calendars/${added.id}`,
      cookies: f.cookies.owner,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await startTimes(f.service.id, '2027-03-10')).toContain('15:00');
    expect((await syncState(f.cookies.owner)).calendars).toEqual([]);
    // A removed calendar is not synced again.
    expect(await sync()).toBe(0);
  });

  it(`takes at most ${MAX_CALENDARS} calendars, each address once`, async () => {
    const f = await fixture();
    for (let i = 0; i < MAX_CALENDARS; i++) {
      const res = await addCalendar(f.cookies.owner, `Calendar ${i}`, server.url(`/c${i}.ics`));
      expect(res.statusCode, res.body).toBe(201);
    }
    const sixth = await addCalendar(f.cookies.owner, 'One more', server.url('/c5.ics'));
    expect(sixth.statusCode).toBe(409);
    expect(sixth.json<{ message: string }>().message).toBe(TOO_MANY_CALENDARS.english);
    const other = await addCalendar(f.cookies.other, 'Mine', server.url('/c0.ics'));
    expect(other.statusCode).toBe(201);
    const again = await addCalendar(f.cookies.other, 'Mine again', server.url('/c0.ics'));
    expect(again.statusCode).toBe(409);
    expect(again.json<{ message: string }>().message).toBe(ALREADY_IMPORTED);
  });
});

describe('hostile calendars', () => {
  let hostile: CalendarServer;
  beforeAll(async () => {
    hostile = await startHostileCalendarServer(NOW);
  });
  afterAll(async () => {
    await hostile?.close();
  });

  it('each ends with a plain error or the right busy times, read off the server’s thread', async () => {
    const f = await fixture();
    for (const [i, path] of HOSTILE_PATHS.entries()) {
      const res = await addCalendar(i < MAX_CALENDARS ? f.cookies.owner : f.cookies.other, path, hostile.url(path));
      expect(res.statusCode, res.body).toBe(201);
    }
    expect(await sync()).toBe(HOSTILE_PATHS.length);
    const calendars = [
      ...(await syncState(f.cookies.owner)).calendars,
      ...(await syncState(f.cookies.other)).calendars,
    ];
    const byPath = Object.fromEntries(calendars.map((c) => [c.name, { error: c.lastError, busy: c.busyCount }]));

    const from = NOW.getTime() - 86_400_000;
    const to = NOW.getTime() + 365 * 86_400_000;
    const eventsInWindow = manyEvents(NOW).starts.filter((s) => s + 30 * 60_000 > from && s < to).length;
    const exdates = manyExdates();
    let busyDays = 0;
    for (let d = Date.UTC(2027, 1, 28, 10); d < to; d += 86_400_000)
      if (d + 3_600_000 > from && exdates.isBusyDay(d)) busyDays++;
    expect(byPath).toEqual({
      '/february-30.ics': { error: `${NEVER_HAPPENS} (February 30)`, busy: 0 },
      '/april-31.ics': { error: `${NEVER_HAPPENS} (April 31)`, busy: 0 },
      // The made-up zone cannot be read: its event is read on the provider's clock (and the row says so).
      '/secondly-zone.ics': { error: null, busy: 1 },
      '/20000-events.ics': { error: null, busy: eventsInWindow },
      '/20000-exdates.ics': { error: null, busy: busyDays },
      // The event whose line has 400,000 parameters is skipped; the other one is kept.
      '/400000-parameters.ics': { error: null, busy: 1 },
    });
    expect(eventsInWindow).toBe(732);
    expect(busyDays).toBe(53);
    const res = await t.app.inject({ url: '/healthz' });
    expect(res.statusCode).toBe(200);
  });

  it('terminates a parse that outlives its budget, records it in plain words, and reads the next file', async () => {
    const f = await fixture();
    await addCalendar(f.cookies.owner, 'Years of history', hostile.url('/20000-events.ics'));
    const [claim] = await claimDue<{ url: string; provider_id: string; failures: number }>(t.db, CALENDAR_SYNC_QUEUE, {
      leaseMs: 60_000,
    });
    const slow = new CalendarParser({ timeoutMs: 20 });
    try {
      const result = await syncCalendar(t.db, claim!, { policy: { allowLoopback: true }, now: NOW, parser: slow });
      expect(result).toEqual({ ok: false, count: 0, error: TOO_LONG_TO_READ });
      const [row] = (await syncState(f.cookies.owner)).calendars;
      expect(row).toMatchObject({ lastError: TOO_LONG_TO_READ, lastSyncedAt: null, busyCount: 0 });
      // The parser starts a new worker for the next file.
      const next = await slow.parse(googleCalendar, {
        timeZone: NY,
        from: NOW,
        to: new Date('2028-03-01T00:00:00Z'),
        timeoutMs: 30_000,
      });
      expect(next.intervals.length).toBeGreaterThan(0);
    } finally {
      await slow.close();
    }
  });
});

describe('a calendar that keeps failing', () => {
  let hostile: CalendarServer;
  beforeAll(async () => {
    hostile = await startHostileCalendarServer(NOW);
  });
  afterAll(async () => {
    await hostile?.close();
  });
  const due = (id: string) => t.db.execute(sql`update calendar_imports set next_sync_at = now() where id = ${id}`);

  it(`is paused after ${MAX_FAILURES} failed syncs in a row, says so, and syncs again once resumed`, async () => {
    const f = await fixture();
    const added = (await addCalendar(f.cookies.owner, 'Never', hostile.url('/february-30.ics'))).json<{ id: string }>();
    for (let i = 1; i <= MAX_FAILURES; i++) {
      expect(await sync()).toBe(1);
      const [row] = (await syncState(f.cookies.owner)).calendars;
      expect(row).toMatchObject({ failures: i, lastError: `${NEVER_HAPPENS} (February 30)`, syncPending: false });
      expect(row?.pausedAt === null).toBe(i < MAX_FAILURES);
      await due(added.id);
    }
    // Paused: not synced again, though due.
    const hits = hostile.hits.length;
    expect(await sync()).toBe(0);
    expect(hostile.hits.length).toBe(hits);

    // The provider fixes the calendar (here: the host now serves a good one) and resumes it.
    hostile.routes['/february-30.ics'] = { body: googleCalendar };
    try {
      const resumed = await t.app.inject({
        method: 'POST',
        url: `/api/provider/calendars/${added.id}/resume`,
        cookies: f.cookies.owner,
      });
      expect(resumed.statusCode, resumed.body).toBe(200);
      expect(resumed.json()).toMatchObject({ pausedAt: null, failures: 0, syncPending: true });
      expect(await sync()).toBe(1);
    } finally {
      hostile.routes['/february-30.ics'] = { body: dailyOnFebruary30 };
    }
    expect((await syncState(f.cookies.owner)).calendars[0]).toMatchObject({
      pausedAt: null,
      failures: 0,
      lastError: null,
      busyCount: 79,
      syncPending: false,
    });
  });

  it('counts a sync that never finished (the process stopped under it), and is not tried at start-up in a loop', async () => {
    const f = await fixture();
    const added = (await addCalendar(f.cookies.owner, 'Work', hostile.url('/20000-exdates.ics'))).json<{
      id: string;
    }>();
    // Three claims whose process died: each lease ran out and the calendar came due again.
    for (let i = 0; i < MAX_FAILURES; i++) {
      expect(await claimDue(t.db, CALENDAR_SYNC_QUEUE, { leaseMs: 60_000 })).toHaveLength(1);
      await t.db.execute(
        sql`update calendar_imports set next_sync_at = now(), lease_token = null where id = ${added.id}`,
      );
    }
    const hits = hostile.hits.length;
    expect(await sync()).toBe(1);
    // The fourth is not fetched: the calendar is paused with a plain error.
    expect(hostile.hits.length).toBe(hits);
    const [row] = (await syncState(f.cookies.owner)).calendars;
    expect(row).toMatchObject({ lastError: DID_NOT_FINISH, busyCount: 0 });
    expect(row?.pausedAt).not.toBeNull();
    expect(await sync()).toBe(0);
  });

  it('shows how many events it could not read and how it read unnamed zones', async () => {
    const f = await fixture();
    await addCalendar(f.cookies.owner, 'Parameters', hostile.url('/400000-parameters.ics'));
    await addCalendar(f.cookies.owner, 'Flicker', hostile.url('/secondly-zone.ics'));
    await sync();
    const rows = Object.fromEntries((await syncState(f.cookies.owner)).calendars.map((c) => [c.name, c]));
    expect(rows.Parameters).toMatchObject({ busyCount: 1, unreadableCount: 1, notes: [], lastError: null });
    expect(rows.Flicker).toMatchObject({
      busyCount: 1,
      unreadableCount: 0,
      notes: [
        'Times in “Flicker Time” were read in your time zone (America/New_York): the calendar defines that zone in a way Locora cannot read.',
      ],
    });
  });

  it('words how it read unnamed zones in the provider’s language', async () => {
    const f = await fixture();
    await addCalendar(f.cookies.owner, 'Flicker', hostile.url('/secondly-zone.ics'));
    await sync();
    const res = await t.app.inject({
      url: '/api/provider/calendar-sync',
      cookies: f.cookies.owner,
      headers: { 'x-locale': 'ja' },
    });
    expect(res.json<CalendarSyncState>().calendars[0]?.notes).toEqual([
      '「Flicker Time」の時刻は、あなたのタイムゾーン（America/New_York）で読み込みました。カレンダーでのこのタイムゾーンの定義を Locora が読み取れないためです。',
    ]);
  });
});

describe('fetching a calendar safely', () => {
  const allowed = { allowLoopback: true };

  it('refuses private, loopback and link-local addresses when the calendar is added', async () => {
    const f = await fixture();
    for (const url of [
      'https://10.0.0.1/calendar.ics',
      'https://192.168.1.20/calendar.ics',
      'https://169.254.169.254/latest/meta-data',
      'https://[fd00::1]/calendar.ics',
      'https://[fe80::1]/calendar.ics',
      'webcal://172.16.0.9/calendar.ics',
    ]) {
      const res = await addCalendar(f.cookies.owner, 'Inside', url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json<{ message: string }>().message).toBe(`${PRIVATE_ADDRESS}.`);
    }
    const ja = await t.app.inject({
      method: 'POST',
      url: '/api/provider/calendars',
      cookies: f.cookies.owner,
      headers: { 'x-locale': 'ja' },
      payload: { name: 'Inside', url: 'https://10.0.0.1/calendar.ics' },
    });
    expect([ja.statusCode, ja.json<{ code: string }>().code, ja.json<{ message: string }>().message]).toEqual([
      400,
      'BAD_REQUEST',
      'このアドレスはプライベートネットワーク内を指しているため、Locora では取得しません。',
    ]);
    const ftp = await addCalendar(f.cookies.owner, 'FTP', 'ftp://example.com/calendar.ics');
    expect(ftp.statusCode).toBe(400);
  });

  it('refuses a name that resolves inside, before connecting, even with loopback allowed', async () => {
    const inside = async () => [{ address: '10.20.30.40', family: 4 }];
    await expect(fetchCalendarText('https://calendar.example/x.ics', { ...allowed, resolve: inside })).rejects.toThrow(
      PRIVATE_ADDRESS,
    );
    const mixed = async () => [
      { address: '93.184.216.34', family: 4 },
      { address: '127.0.0.1', family: 4 },
    ];
    await expect(
      fetchCalendarText('https://calendar.example/x.ics', { allowLoopback: false, resolve: mixed }),
    ).rejects.toThrow(PRIVATE_ADDRESS);
  });

  it('refuses loopback without the test setting, without connecting', async () => {
    const hits = server.hits.length;
    await expect(fetchCalendarText(server.url('/google.ics'), { allowLoopback: false })).rejects.toThrow(HTTPS_ONLY);
    await expect(
      fetchCalendarText(`https://127.0.0.1:${server.port}/google.ics`, { allowLoopback: false }),
    ).rejects.toThrow(PRIVATE_ADDRESS);
    await expect(
      fetchCalendarText(`https://[::ffff:127.0.0.1]:${server.port}/google.ics`, { allowLoopback: false }),
    ).rejects.toThrow(PRIVATE_ADDRESS);
    expect(server.hits.length).toBe(hits);
  });

  it('connects to the address it checked, not to a second answer for the name', async () => {
    // 'calendar.test' has no DNS record: only the checked address can have been connected to.
    const checked = async () => [{ address: '127.0.0.1', family: 4 }];
    expect(
      await fetchCalendarText(`http://calendar.test:${server.port}/google.ics`, { ...allowed, resolve: checked }),
    ).toBe(googleCalendar);
  });

  it('checks every redirect, and follows at most 3', async () => {
    await expect(fetchCalendarText(server.url('/to-private'), allowed)).rejects.toThrow(PRIVATE_ADDRESS);
    await expect(fetchCalendarText(server.url('/to-metadata'), allowed)).rejects.toThrow(PRIVATE_ADDRESS);
    expect(await fetchCalendarText(server.url('/r1'), allowed)).toBe(googleCalendar);
    await expect(fetchCalendarText(server.url('/r0'), allowed)).rejects.toThrow(TOO_MANY_REDIRECTS);
  });

  it('gives up on a slow or huge answer', async () => {
    await expect(fetchCalendarText(server.url('/slow.ics'), { ...allowed, timeoutMs: 300 })).rejects.toThrow(TOO_SLOW);
    await expect(fetchCalendarText(server.url('/huge.ics'), allowed)).rejects.toThrow(TOO_LARGE);
  });

  it('reads webcal as https, and classifies addresses', () => {
    expect(calendarUrl('webcal://calendar.example/a.ics', false).href).toBe('https://calendar.example/a.ics');
    expect(() => calendarUrl('http://calendar.example/a.ics', false)).toThrow(HTTPS_ONLY);
    expect(isAllowedAddress('93.184.216.34', false)).toBe(true);
    expect(isAllowedAddress('2606:4700::1111', false)).toBe(true);
    for (const a of [
      '127.0.0.1',
      '::1',
      '10.1.1.1',
      '100.64.0.1',
      '169.254.1.1',
      '0.0.0.0',
      '::ffff:10.0.0.1',
      'fc00::1',
    ])
      expect(isAllowedAddress(a, false), a).toBe(false);
    // The test setting allows loopback only.
    expect(isAllowedAddress('127.0.0.1', true)).toBe(true);
    expect(isAllowedAddress('::1', true)).toBe(true);
    expect(isAllowedAddress('10.1.1.1', true)).toBe(false);
    expect(isAllowedAddress('192.168.0.1', true)).toBe(false);
  });

  it('warns at start when the test setting is on, and is off by default', () => {
    expect(loadConfig({}).calendarFetch.allowLoopback).toBe(false);
    const on = loadConfig({ CALENDAR_FETCH_ALLOW_PRIVATE: 'true' });
    expect(on.calendarFetch.allowLoopback).toBe(true);
    expect(configWarnings(on).join('\n')).toContain('CALENDAR_FETCH_ALLOW_PRIVATE=true');
    expect(configWarnings(loadConfig({}))).toEqual([]);
  });
});

type IcalEvent = {
  type: string;
  uid: string;
  start: Date;
  end: Date;
  status?: string;
  sequence?: string | number;
  summary: string;
  description?: string;
  location?: string;
  url?: string;
  dtstamp?: Date;
};
const eventsOf = (text: string) =>
  Object.values(nodeIcal.sync.parseICS(text)).filter((c) => c?.type === 'VEVENT') as unknown as IcalEvent[];

describe('the private feed', () => {
  const DAY = 86_400_000;

  /** Bookings of every kind the feed must show or hide; each with the history rows a real one has. */
  async function bookingsFixture() {
    const f = await fixture();
    const made = async (
      status: 'PENDING' | 'CONFIRMED' | 'PAID' | 'COMPLETED' | 'CANCELED',
      start: string,
      extra: { notes?: string; paymentRequired?: boolean; changedDaysAgo?: number; traveler?: string } = {},
    ) => {
      const b = await createBooking(t.db, {
        service: f.service,
        userId: extra.traveler ?? f.traveler.id,
        status,
        startAt: new Date(start),
        hours: 2,
        notes: extra.notes ?? null,
        paymentRequired: extra.paymentRequired ?? false,
        createdAt: new Date(NOW.getTime() - (extra.changedDaysAgo ?? 0) * DAY - 3_600_000),
      });
      await recordBookingEvent(t.db, {
        bookingId: b.id,
        actorUserId: null,
        actorRole: 'SYSTEM',
        from: null,
        to: 'PENDING',
      });
      if (status !== 'PENDING')
        await recordBookingEvent(t.db, {
          bookingId: b.id,
          actorUserId: null,
          actorRole: 'SYSTEM',
          from: 'PENDING',
          to: status,
        });
      if (extra.changedDaysAgo)
        await t.db.execute(
          sql`update booking_events set created_at = ${new Date(NOW.getTime() - extra.changedDaysAgo * DAY).toISOString()}::timestamptz where booking_id = ${b.id}`,
        );
      return b;
    };
    return {
      ...f,
      pending: await made('PENDING', '2027-03-10T15:00:00Z', { notes: 'Two kids, 8 and 10' }),
      confirmed: await made('CONFIRMED', '2027-03-11T15:00:00Z', { traveler: f.traveler2.id }),
      paid: await made('PAID', '2027-03-12T15:00:00Z'),
      completed: await made('COMPLETED', '2027-02-20T15:00:00Z', { changedDaysAgo: 9 }),
      cancelled: await made('CANCELED', '2027-03-13T15:00:00Z', { changedDaysAgo: 2 }),
      oldCancelled: await made('CANCELED', '2027-01-13T15:00:00Z', { changedDaysAgo: 40 }),
      unpaidHold: await made('PENDING', '2027-03-14T15:00:00Z', { paymentRequired: true }),
    };
  }

  async function feedLink(cookies: Cookies) {
    const res = await t.app.inject({ method: 'POST', url: '/api/provider/calendar-feed', cookies });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<FeedLink>();
  }
  const read = (url: string, remoteAddress = uniqueIp()) => t.app.inject({ url: new URL(url).pathname, remoteAddress });

  it('parses in an independent parser with exact instants, statuses and details', async () => {
    const f = await bookingsFixture();
    const link = await feedLink(f.cookies.owner);
    expect(link.url).toMatch(/\/api\/calendar-feeds\/[A-Za-z0-9_-]{43}\.ics$/);
    const res = await read(link.url);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/calendar');
    const events = eventsOf(res.body);
    const byId = new Map(events.map((e) => [e.uid.split('@')[0], e]));
    expect([...byId.keys()].sort()).toEqual(
      [f.pending.id, f.confirmed.id, f.paid.id, f.completed.id, f.cancelled.id].sort(),
    );
    const pending = byId.get(f.pending.id)!;
    expect(pending.start.toISOString()).toBe('2027-03-10T15:00:00.000Z');
    expect(pending.end.toISOString()).toBe('2027-03-10T17:00:00.000Z');
    expect(pending.status).toBe('TENTATIVE');
    expect(pending.summary).toBe('Harbor kayak tour – Maria');
    expect(pending.description).toContain('Special requests: Two kids, 8 and 10');
    expect(pending.description).toContain('/dashboard/provider?tab=bookings');
    expect(pending.location).toBe('Pier 26, Hudson River Park');
    expect(pending.dtstamp).toBeInstanceOf(Date);
    expect(byId.get(f.confirmed.id)).toMatchObject({ status: 'CONFIRMED', summary: 'Harbor kayak tour – Tom' });
    expect(byId.get(f.paid.id)?.status).toBe('CONFIRMED');
    expect(byId.get(f.completed.id)?.status).toBe('CONFIRMED');
    expect(byId.get(f.cancelled.id)?.status).toBe('CANCELLED');
    // Never the traveler's full name.
    expect(res.body).not.toContain('Lopes');
  });

  it('keeps a booking’s UID when it is cancelled, with a higher SEQUENCE', async () => {
    const f = await bookingsFixture();
    const link = await feedLink(f.cookies.owner);
    const before = eventsOf((await read(link.url)).body).find((e) => e.uid.startsWith(f.confirmed.id))!;
    expect(before.status).toBe('CONFIRMED');
    await t.db.execute(sql`update bookings set status = 'CANCELED' where id = ${f.confirmed.id}`);
    await recordBookingEvent(t.db, {
      bookingId: f.confirmed.id,
      actorUserId: f.owner.user.id,
      actorRole: 'PROVIDER',
      from: 'CONFIRMED',
      to: 'CANCELED',
    });
    // The database's clock is today's; business time here is NOW.
    await t.db.execute(
      sql`update booking_events set created_at = ${NOW.toISOString()}::timestamptz where booking_id = ${f.confirmed.id} and to_status = 'CANCELED'`,
    );
    const after = eventsOf((await read(link.url)).body).find((e) => e.uid.startsWith(f.confirmed.id))!;
    expect(after.uid).toBe(before.uid);
    expect(after.status).toBe('CANCELLED');
    expect(Number(after.sequence)).toBeGreaterThan(Number(before.sequence));
  });

  it('round-trips through the import parser to the same instants', async () => {
    const f = await bookingsFixture();
    const feed = (await read((await feedLink(f.cookies.owner)).url)).body;
    const busy = parseBusyIntervals(feed, {
      timeZone: NY,
      from: new Date('2027-01-01T00:00:00Z'),
      to: new Date('2027-12-31T00:00:00Z'),
    }).map((b) => [b.start.toISOString(), b.end.toISOString()]);
    // Cancelled events are not busy; every other booking comes back at its exact instants.
    const expected = [f.completed, f.pending, f.confirmed, f.paid].map((b) => [
      b.startAt.toISOString(),
      b.endAt.toISOString(),
    ]);
    expect(busy).toEqual(expected);
  });

  it('is a 404 without a valid token; a reset link ends the old one', async () => {
    const f = await bookingsFixture();
    const first = await feedLink(f.cookies.owner);
    expect((await read(first.url)).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/calendar-feeds/nope.ics' })).statusCode).toBe(404);
    const forged = first.url.replace(/[A-Za-z0-9_-]{43}\.ics$/, `${'A'.repeat(43)}.ics`);
    expect((await read(forged)).statusCode).toBe(404);
    const second = await feedLink(f.cookies.owner);
    expect(second.url).not.toBe(first.url);
    expect((await read(first.url)).statusCode).toBe(404);
    expect((await read(second.url)).statusCode).toBe(200);
    // Only a hash is stored.
    const token = /([A-Za-z0-9_-]{43})\.ics$/.exec(second.url)![1]!;
    const [row] = await queryRows<{ token_hash: string }>(t.db, sql`select token_hash from calendar_feeds`);
    expect(row?.token_hash).not.toContain(token);
    expect(row?.token_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('is rate-limited', async () => {
    const f = await bookingsFixture();
    const link = await feedLink(f.cookies.owner);
    const ip = uniqueIp();
    let missStatus = 0;
    for (let i = 0; i < 31; i++)
      missStatus = (await t.app.inject({ url: `/api/calendar-feeds/${'B'.repeat(43)}.ics`, remoteAddress: ip }))
        .statusCode;
    expect(missStatus).toBe(429);
    // A network throttled for its misses still reads a valid feed (calendar services poll many
    // feeds, stale ones included, from the same addresses).
    expect((await read(link.url, ip)).statusCode).toBe(200);
    let status = 0;
    for (let i = 0; i < 61; i++) status = (await read(link.url)).statusCode;
    expect(status).toBe(429);
  });
});

describe('the traveler’s Add to calendar', () => {
  it('is the booking as one event, for its traveler only', async () => {
    const f = await fixture();
    const booking = await createBooking(t.db, {
      service: f.service,
      userId: f.traveler.id,
      status: 'CONFIRMED',
      startAt: new Date('2027-03-10T15:00:00Z'),
      hours: 2,
      notes: 'Vegetarian lunch',
      createdAt: new Date(NOW.getTime() - 3_600_000),
    });
    const url = `/api/bookings/${booking.id}/calendar.ics`;
    const mine = await t.app.inject({ url, cookies: f.cookies.traveler });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.headers['content-disposition']).toContain('attachment');
    const [event] = eventsOf(mine.body);
    expect(event).toMatchObject({ summary: 'Harbor kayak tour with Harbor Kayaks', status: 'CONFIRMED' });
    expect(event?.start.toISOString()).toBe('2027-03-10T15:00:00.000Z');
    expect(event?.end.toISOString()).toBe('2027-03-10T17:00:00.000Z');
    expect(event?.location).toBe('Pier 26, Hudson River Park');
    expect(event?.description).toContain(`/dashboard/traveler/bookings/${booking.id}`);
    expect(event?.description).toContain('Vegetarian lunch');
    expect((await t.app.inject({ url })).statusCode).toBe(401);
    for (const who of ['traveler2', 'owner', 'other', 'admin'] as const)
      expect((await t.app.inject({ url, cookies: f.cookies[who] })).statusCode, who).toBe(404);
  });

  it('names the exact address only once the booking is accepted: not while pending, nor after a decline', async () => {
    const f = await fixture();
    for (const status of ['PENDING', 'CANCELED'] as const) {
      const booking = await createBooking(t.db, {
        service: f.service,
        userId: f.traveler.id,
        status,
        startAt: new Date(status === 'PENDING' ? '2027-03-10T15:00:00Z' : '2027-03-11T15:00:00Z'),
        hours: 2,
        createdAt: new Date(NOW.getTime() - 3_600_000),
      });
      const res = await t.app.inject({ url: `/api/bookings/${booking.id}/calendar.ics`, cookies: f.cookies.traveler });
      expect(res.statusCode, res.body).toBe(200);
      const [event] = eventsOf(res.body);
      expect(event?.location, status).toBeTruthy();
      expect(event?.location, status).not.toContain('Pier 26');
      expect(res.body, status).not.toContain('Pier 26');
    }
  });

  it('is linked from the “booking accepted” email', async () => {
    const f = await fixture();
    const booking = await createBooking(t.db, {
      service: f.service,
      userId: f.traveler.id,
      status: 'PENDING',
      startAt: new Date('2027-03-10T15:00:00Z'),
      hours: 2,
      createdAt: new Date(NOW.getTime() - 3_600_000),
    });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/bookings/${booking.id}/accept`,
      cookies: f.cookies.owner,
    });
    expect(res.statusCode, res.body).toBe(200);
    const [mail] = await queryRows<{ text: string }>(
      t.db,
      sql`select text from email_outbox where kind = 'booking-accepted' and to_address = ${f.traveler.email}`,
    );
    expect(mail?.text).toContain(`Add to calendar: `);
    expect(mail?.text).toContain(`/api/bookings/${booking.id}/calendar.ics`);
  });
});

describe('who may call', () => {
  it('lets only providers manage their own calendars and feed', async () => {
    const f = await fixture();
    const added = (await addCalendar(f.cookies.owner, 'Work', server.url('/google.ics'))).json<{ id: string }>();
    const calls = [
      { method: 'GET' as const, url: '/api/provider/calendar-sync', ok: 200 },
      { method: 'POST' as const, url: '/api/provider/calendar-feed', ok: 201 },
      {
        method: 'GET' as const,
        url: '/api/provider/calendars/busy?from=2027-03-01T00:00:00Z&to=2027-03-08T00:00:00Z',
        ok: 200,
      },
    ];
    for (const call of calls) {
      expect((await t.app.inject({ method: call.method, url: call.url })).statusCode, `anonymous ${call.url}`).toBe(
        401,
      );
      for (const who of ['owner', 'other'] as const)
        expect((await t.app.inject({ ...call, cookies: f.cookies[who] })).statusCode, `${who} ${call.url}`).toBe(
          call.ok,
        );
      for (const who of ['traveler', 'admin'] as const)
        expect((await t.app.inject({ ...call, cookies: f.cookies[who] })).statusCode, `${who} ${call.url}`).toBe(403);
    }
    // Another provider sees only their own calendars.
    expect((await syncState(f.cookies.other)).calendars).toEqual([]);
    expect((await syncState(f.cookies.owner)).calendars).toHaveLength(1);

    const add = {
      method: 'POST' as const,
      url: '/api/provider/calendars',
      payload: { name: 'X', url: server.url('/x.ics') },
    };
    expect((await t.app.inject(add)).statusCode).toBe(401);
    expect((await t.app.inject({ ...add, cookies: f.cookies.traveler })).statusCode).toBe(403);
    expect((await t.app.inject({ ...add, cookies: f.cookies.admin })).statusCode).toBe(403);
    expect((await t.app.inject({ ...add, cookies: f.cookies.other })).statusCode).toBe(201);

    const resume = { method: 'POST' as const, url: `/api/provider/calendars/${added.id}/resume` };
    expect((await t.app.inject(resume)).statusCode).toBe(401);
    expect((await t.app.inject({ ...resume, cookies: f.cookies.traveler })).statusCode).toBe(403);
    expect((await t.app.inject({ ...resume, cookies: f.cookies.admin })).statusCode).toBe(403);
    expect((await t.app.inject({ ...resume, cookies: f.cookies.other })).statusCode).toBe(404);
    expect((await t.app.inject({ ...resume, cookies: f.cookies.owner })).statusCode).toBe(200);

    const del = { method: 'DELETE' as const, url: `/api/provider/calendars/${added.id}` };
    expect((await t.app.inject(del)).statusCode).toBe(401);
    expect((await t.app.inject({ ...del, cookies: f.cookies.traveler })).statusCode).toBe(403);
    expect((await t.app.inject({ ...del, cookies: f.cookies.admin })).statusCode).toBe(403);
    expect((await t.app.inject({ ...del, cookies: f.cookies.other })).statusCode).toBe(404);
    expect((await t.app.inject({ ...del, cookies: f.cookies.owner })).statusCode).toBe(200);
  });
});
