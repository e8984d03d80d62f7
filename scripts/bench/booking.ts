/**
 * Booking benchmark (a measurement, not a test): `npm run bench:booking -- [--smoke] [options]`.
 *
 * On PostgreSQL (DATABASE_URL, default postgres://postgres@127.0.0.1:5432/locora_bench_booking) it
 * creates, migrates and fills a database with one provider in New York (a recurring weekly
 * schedule for the next 26 weeks, some blocked time, three services, 500 bookings of those
 * services spread over the next 180 days), many other providers with their own bookings (so the
 * indexes have something to skip) and travelers. Then it starts the real app as a child process
 * and measures with autocannon:
 * - GET /api/services/{id}/slots (one day) and /available-days (one month), each next to the
 *   same feature function (getSlots / getAvailableDays: the same SQL) run straight on a pg pool;
 * - POST /api/bookings under contention: many travelers posting for overlapping slots (201 vs
 *   409), next to the bare INSERT that the bookings_no_overlap constraint guards, on a pg pool.
 *   Until the booking core (branch wt-core) is merged the route answers 404: that is reported and
 *   the step is skipped, not a crash.
 * - /available-days (one month) of a second New York provider with the same schedule and 3 imported
 *   calendars of 2,000 busy times each (decision 040), against the same 50 ms p99 target;
 * - /healthz while each of six hostile calendars syncs (hostile-calendars.ts, decision 045), p99
 *   against a 50 ms ceiling: calendars are read in the parser's worker thread.
 * EXPLAIN ANALYZE of every query of the reads, flagging a Seq Scan on bookings, availability or
 * calendar_busy.
 * `--smoke` runs every step on a tiny data set in a throwaway database (exit 1 if a step broke).
 *
 * Reuses the search benchmark's helpers: fill (create/migrate, safety check), servers (the app as
 * a child), measure (autocannon and the pool loop), explain, format and report.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import pg from 'pg';
import { expandWeekly } from '../../src/shared/domain/availability.ts';
import { bookingAmounts } from '../../src/shared/domain/booking-amounts.ts';
import { monthDates } from '../../src/shared/domain/slots.ts';
import { addCalendarDays, calendarDateIn, HOUR_MS, weekdayOf, zonedToUtc } from '../../src/shared/domain/time.ts';
import { openPostgres, type Db } from '../../src/server/db/open.ts';
import { createSession, SESSION_COOKIE } from '../../src/server/http/session.ts';
import { getAvailableDays, getSlots } from '../../src/server/features/slots/slots.ts';
import { explainShape, printExplain } from './explain.ts';
import { createAndMigrate, dropDatabase, refuseForeignUsers } from './fill.ts';
import { fmtInt, fmtMs, fmtRatio, fmtSecs, safeLocation, table, withDbName } from './format.ts';
import { cannonOnce, dbLoop, describe, summarize, type Measured } from './measure.ts';
import { BENCH_EMAIL_DOMAIN, parseInteger, UsageError } from './options.ts';
import { fewSamples, loadNote, pf } from './report.ts';
import { measureHostileCalendars, printHostileCalendars } from './hostile-calendars.ts';
import { children, startApp } from './servers.ts';

const DEFAULT_URL = 'postgres://postgres@127.0.0.1:5432/locora_bench_booking';
const SMOKE_DB_NAME = 'locora_bench_booking_smoke';
const ZONE = 'America/New_York';
/** A traveler who loses a race hears so quickly: p99 of POST /api/bookings under contention. */
const CONTENTION_TARGET_MS = 500;
/** The target: a month of available days in under 50 ms (judged on p99). */
const TARGET_MS = 50;

const USAGE = `Usage: npm run bench:booking -- [--smoke] [--duration=10] [--connections=8] [--bookings=500] [--travelers=200] [--others=200] [--pool=10]
  DATABASE_URL   PostgreSQL database to create/fill (default ${DEFAULT_URL}); it is wiped, so it may only hold benchmark users
  --smoke        every step on a tiny data set in a throwaway database (${SMOKE_DB_NAME}); the numbers mean nothing`;

type Options = {
  url: string;
  smoke: boolean;
  duration: number;
  connections: number;
  bookings: number;
  travelers: number;
  others: number;
  pool: number;
};

function parseArgs(argv: string[]): Options {
  const smoke = argv.includes('--smoke');
  const o: Options = {
    url: process.env.DATABASE_URL ?? DEFAULT_URL,
    smoke,
    duration: smoke ? 1 : 10,
    connections: smoke ? 2 : 8,
    bookings: smoke ? 20 : 500,
    travelers: smoke ? 10 : 200,
    others: smoke ? 3 : 200,
    pool: 10,
  };
  if (smoke) o.url = withDbName(o.url, SMOKE_DB_NAME);
  for (const arg of argv) {
    if (arg === '--smoke') continue;
    const m = /^--(duration|connections|bookings|travelers|others|pool)=(.+)$/.exec(arg);
    if (!m) throw new UsageError(`unknown argument ${arg}`);
    const key = m[1] as 'duration' | 'connections' | 'bookings' | 'travelers' | 'others' | 'pool';
    o[key] = parseInteger(m[2] as string, `--${key}`, key === 'others' ? 0 : 1, 100_000);
  }
  return o;
}

// ------------------------------------------------------------------------------------- fill

/** The weekly schedule of a provider under test; returns the rows stored. */
async function insertSchedule(client: pg.PoolClient, providerId: string, today: string): Promise<number> {
  const weeks = 26;
  const series = [
    { days: [1, 2, 3, 4, 5], startTime: '09:00', endTime: '18:00', isBlocked: false },
    { days: [6], startTime: '10:00', endTime: '14:00', isBlocked: false },
    { days: [3], startTime: '12:00', endTime: '13:00', isBlocked: true },
  ];
  let rows = 0;
  for (const s of series) {
    const { occurrences } = expandWeekly(
      { date: today, startTime: s.startTime, endTime: s.endTime, endDayOffset: 0 },
      s.days,
      ZONE,
      weeks,
    );
    await client.query(
      `insert into availability (provider_id, start_at, end_at, is_blocked, is_recurring, recurrence_type, recurrence_days, series_id)
       select $1, s, e, $4, true, 'WEEKLY', $5, $6 from unnest($2::timestamptz[], $3::timestamptz[]) as t(s, e)`,
      [
        providerId,
        occurrences.map((x) => x.start.toISOString()),
        occurrences.map((x) => x.end.toISOString()),
        s.isBlocked,
        s.days,
        randomUUID(),
      ],
    );
    rows += occurrences.length;
  }
  return rows;
}

/**
 * A second New York provider with the same schedule, one service, and IMPORTED_CALENDARS imported
 * calendars of EVENTS_PER_CALENDAR busy times each over the next 180 days (30 to 90 minutes,
 * between 08:00 and 18:00 local). The calendars are not due for a sync during the run.
 */
async function insertImportedProvider(client: pg.PoolClient, category: string, today: string) {
  const [user] = (
    await client.query<{ id: string }>(
      `insert into users (email, name, role) values ($1, 'Bea', 'PROVIDER') returning id`,
      [email('imported-provider')],
    )
  ).rows;
  const [provider] = (
    await client.query<{ id: string }>(
      `insert into providers (user_id, display_name, time_zone) values ($1, 'Bea', $2) returning id`,
      [user?.id, ZONE],
    )
  ).rows;
  const providerId = provider?.id as string;
  const [service] = (
    await client.query<{ id: string }>(
      `insert into services (provider_id, category_id, title, price_cents, min_hours)
       values ($1, $2, 'Kayak tour', 5000, 1) returning id`,
      [providerId, category],
    )
  ).rows;
  await insertSchedule(client, providerId, today);
  let busy = 0;
  for (let c = 0; c < IMPORTED_CALENDARS; c++) {
    const [calendar] = (
      await client.query<{ id: string }>(
        `insert into calendar_imports (provider_id, name, url, next_sync_at, last_synced_at, busy_count)
         values ($1, $2, $3, now() + interval '1 year', now(), $4) returning id`,
        [providerId, `Calendar ${c + 1}`, `https://calendar.invalid/bench-${c}.ics`, EVENTS_PER_CALENDAR],
      )
    ).rows;
    const spans = Array.from({ length: EVENTS_PER_CALENDAR }, (_, k) => {
      const day = addCalendarDays(today, 1 + Math.floor((k * 180) / EVENTS_PER_CALENDAR));
      const minutes = 8 * 60 + ((k * 7 + c * 3) % 20) * 30;
      const start = zonedToUtc(
        day,
        `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`,
        ZONE,
      );
      return { start, end: new Date(start.getTime() + (30 + ((k + c) % 3) * 30) * 60_000) };
    });
    const r = await client.query(
      `insert into calendar_busy (import_id, provider_id, start_at, end_at)
       select $1, $2, s, e from unnest($3::timestamptz[], $4::timestamptz[]) as t(s, e)`,
      [calendar?.id, providerId, spans.map((x) => x.start.toISOString()), spans.map((x) => x.end.toISOString())],
    );
    busy += r.rowCount ?? 0;
  }
  return { serviceId: service?.id as string, busy };
}

type Fixture = {
  serviceIds: string[];
  /** Dates (provider's zone) and months measured. */
  dates: string[];
  months: string[];
  travelerIds: string[];
  bookings: number;
  otherBookings: number;
  availabilityRows: number;
  /** The provider with imported calendars: their service, and the busy times stored. */
  importedServiceId: string;
  importedBusy: number;
};

/** Imported calendars of the second provider, and busy times in each (decision 040). */
const IMPORTED_CALENDARS = 3;
const EVENTS_PER_CALENDAR = 2_000;

const email = (what: string) => `${what}${BENCH_EMAIL_DOMAIN}`;

/** Wipes the database and fills it (every row made here; the safety check refuses anything else). */
async function fillDatabase(o: Options, pool: pg.Pool, now: Date): Promise<Fixture> {
  const client = await pool.connect();
  try {
    await refuseForeignUsers(client, o.url);
    await client.query('truncate users, categories cascade');
    const category = randomUUID();
    await client.query(`insert into categories (id, name, slug) values ($1, 'Tours', 'tours')`, [category]);

    // Travelers.
    const travelers = await client.query<{ id: string }>(
      `insert into users (email, name, role)
       select 'traveler' || i || $2, 'Traveler ' || i, 'TRAVELER' from generate_series(1, $1) i returning id`,
      [o.travelers, BENCH_EMAIL_DOMAIN],
    );
    const travelerIds = travelers.rows.map((r) => r.id);

    // The provider under test: three services of one hour minimum.
    const [user] = (
      await client.query<{ id: string }>(
        `insert into users (email, name, role) values ($1, 'Ana', 'PROVIDER') returning id`,
        [email('provider')],
      )
    ).rows;
    const [provider] = (
      await client.query<{ id: string }>(
        `insert into providers (user_id, display_name, time_zone) values ($1, 'Ana', $2) returning id`,
        [user?.id, ZONE],
      )
    ).rows;
    const providerId = provider?.id as string;
    const serviceIds = (
      await client.query<{ id: string }>(
        `insert into services (provider_id, category_id, title, price_cents, min_hours)
         select $1, $2, 'Walking tour ' || i, 5000, 1 from generate_series(1, 3) i returning id`,
        [providerId, category],
      )
    ).rows.map((r) => r.id);

    // A recurring weekly schedule: Monday to Friday 09:00-18:00 and Saturday 10:00-14:00 for 26
    // weeks (stored as occurrences, as POST /api/availability stores them), and blocked lunches.
    const today = calendarDateIn(now, ZONE);
    const availabilityRows = await insertSchedule(client, providerId, today);

    // Bookings of the provider: weekdays over the next 180 days, 1-2 hours from 09:00 to 16:00,
    // never overlapping (live ones), spread over the three services and the travelers. One in
    // eight is CANCELED (it frees its time); the rest PENDING (fresh), CONFIRMED or PAID.
    const days = Array.from({ length: 180 }, (_, i) => addCalendarDays(today, i + 1)).filter(
      (d) => weekdayOf(d) >= 1 && weekdayOf(d) <= 5,
    );
    // Round r puts one booking on every weekday at 09:00, 11:00, 13:00 or 15:00 (1 or 2 hours).
    const starts = Array.from({ length: Math.min(o.bookings, days.length * 4) }, (_, k) => {
      const hour = 9 + 2 * Math.floor(k / days.length);
      return {
        start: zonedToUtc(days[k % days.length] as string, `${String(hour).padStart(2, '0')}:00`, ZONE),
        hours: 1 + (k % 2),
      };
    });
    const statuses = ['PENDING', 'CONFIRMED', 'PAID', 'CONFIRMED', 'PAID', 'PENDING', 'CONFIRMED', 'CANCELED'];
    let bookings = 0;
    for (const [i, b] of starts.entries()) {
      const status = statuses[i % statuses.length] as string;
      const { subtotalCents, feeCents } = bookingAmounts(5000, b.hours, 'USD');
      const res = await client
        .query(
          `insert into bookings (user_id, service_id, provider_id, status, start_at, hours, end_at, amount_cents, fee_cents, created_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) on conflict do nothing`,
          [
            travelerIds[i % travelerIds.length],
            serviceIds[i % serviceIds.length],
            providerId,
            status,
            b.start,
            b.hours,
            new Date(b.start.getTime() + b.hours * HOUR_MS),
            subtotalCents,
            feeCents,
            new Date(now.getTime() - HOUR_MS),
          ],
        )
        .catch((err: unknown) => {
          // Two live bookings that would overlap: the constraint says no; skip it.
          if ((err as { code?: string }).code === '23P01') return { rowCount: 0 };
          throw err;
        });
      bookings += res.rowCount ?? 0;
    }

    // Other providers, each with one service and as many bookings (noise the indexes must skip).
    let otherBookings = 0;
    if (o.others > 0) {
      await client.query(
        `with u as (
           insert into users (email, name, role)
           select 'other' || i || $2, 'Other ' || i, 'PROVIDER' from generate_series(1, $1) i returning id
         ), p as (
           insert into providers (user_id, display_name, time_zone) select id, 'Other', 'Europe/Lisbon' from u returning id
         )
         insert into services (provider_id, category_id, title, price_cents) select id, $3, 'Other tour', 4000 from p`,
        [o.others, BENCH_EMAIL_DOMAIN, category],
      );
      const r = await client.query(
        `insert into bookings (user_id, service_id, provider_id, status, start_at, hours, end_at, amount_cents, fee_cents, created_at)
         select $1, s.id, s.provider_id, 'CONFIRMED', t, 1, t + interval '1 hour', 4000, 200, $3::timestamptz - interval '1 hour'
         from services s
         cross join generate_series(1, $2) k
         cross join lateral (select date_trunc('hour', $3::timestamptz) + (k * interval '7 hours') - interval '30 days' as t) x
         where s.provider_id <> $4`,
        [travelerIds[0], o.bookings, now, providerId],
      );
      otherBookings = r.rowCount ?? 0;
    }
    const imported = await insertImportedProvider(client, category, today);
    await client.query('analyze');

    // What is measured: weekdays spread over the next two months, and the next six months.
    const dates = days.slice(0, o.smoke ? 3 : 40);
    const months = [...new Set(Array.from({ length: 6 }, (_, i) => addCalendarDays(today, i * 31).slice(0, 7)))];
    return {
      serviceIds,
      dates,
      months,
      travelerIds,
      bookings,
      otherBookings,
      availabilityRows,
      importedServiceId: imported.serviceId,
      importedBusy: imported.busy,
    };
  } finally {
    client.release();
  }
}

// ---------------------------------------------------------------------------------- measure

/** autocannon after a short warm-up (none in --smoke). */
async function http(base: string, paths: string[], o: Options): Promise<Measured> {
  if (!o.smoke) await cannonOnce(base, paths, o.connections, Math.min(3, o.duration));
  return cannonOnce(base, paths, o.connections, o.duration);
}

async function pool(db: Db, run: (db: Db, i: number) => Promise<unknown>, o: Options): Promise<Measured> {
  if (!o.smoke) await dbLoop(db, { run }, o.connections, Math.min(3, o.duration));
  return dbLoop(db, { run }, o.connections, o.duration);
}

type ReadRow = { label: string; app: Measured; db: Measured; seqScan: string[]; target: boolean | undefined };

/** Lock waits seen by sampling pg_stat_activity while the contention step ran. */
type LockWaits = { samples: number; withWaits: number; max: number; byEvent: Record<string, number> };

/**
 * Samples pg_stat_activity every `everyMs` on its own connection: how many sessions of this
 * database wait on a lock, and on what (transactionid: an insert waiting for a conflicting
 * in-flight booking to commit or roll back; tuple / relation: row or table locks).
 */
function sampleLockWaits(client: pg.Pool, everyMs = 25): { stop: () => Promise<LockWaits> } {
  const waits: LockWaits = { samples: 0, withWaits: 0, max: 0, byEvent: {} };
  let running = true;
  const loop = (async () => {
    while (running) {
      const { rows } = await client.query<{ event: string; n: number }>(
        `select wait_event as event, count(*)::int as n from pg_stat_activity
         where datname = current_database() and wait_event_type = 'Lock' group by wait_event`,
      );
      waits.samples += 1;
      const total = rows.reduce((a, r) => a + r.n, 0);
      if (total > 0) waits.withWaits += 1;
      waits.max = Math.max(waits.max, total);
      for (const r of rows) waits.byEvent[r.event] = (waits.byEvent[r.event] ?? 0) + r.n;
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return waits;
    },
  };
}

function describeLockWaits(w: LockWaits): string {
  const events = Object.entries(w.byEvent)
    .sort((a, b) => b[1] - a[1])
    .map(([event, n]) => `${event} ${(n / Math.max(1, w.samples)).toFixed(2)}`)
    .join(', ');
  return `${w.withWaits} of ${w.samples} samples (every 25 ms) had a session waiting on a lock; at most ${w.max} at once; average sessions waiting by lock: ${events || 'none'}`;
}

type Contention = {
  status: 'measured' | 'missing' | 'broken';
  note: string;
  lockWaits?: LockWaits;
  app?: Measured & { created: number; conflicts: number; other: Record<string, number> };
  db?: Measured & { created: number; conflicts: number };
  overlaps?: number;
  winnersAtMost?: number;
};

/**
 * The bookings POSTed under contention: 10:00, 10:30 and 11:00 for 2 hours on the next three
 * Saturdays (available 10:00-14:00 and never booked by the fill), on all three services. On a
 * Saturday they all overlap, so exactly one request per Saturday can win.
 */
function contentionBodies(now: Date) {
  const today = calendarDateIn(now, ZONE);
  const saturdays = Array.from({ length: 3 }, (_, i) =>
    addCalendarDays(today, ((6 - weekdayOf(today) + 7) % 7 || 7) + 7 * i),
  );
  const starts = saturdays.flatMap((d) => ['10:00', '10:30', '11:00'].map((t) => zonedToUtc(d, t, ZONE)));
  return { starts, hours: 2, winnersAtMost: saturdays.length };
}

async function measureContention(base: string, db: Db, client: pg.Pool, f: Fixture, o: Options): Promise<Contention> {
  const now = new Date();
  const { starts, hours, winnersAtMost } = contentionBodies(now);
  const origin = base;
  // One session per traveler (cookies), made the way sign-in makes them.
  const cookies = await Promise.all(
    f.travelerIds.map(async (id) => `${SESSION_COOKIE}=${(await createSession(db, id, 'bench:booking')).token}`),
  );
  const body = (i: number) =>
    JSON.stringify({
      serviceId: f.serviceIds[i % f.serviceIds.length],
      start: (starts[i % starts.length] as Date).toISOString(),
      hours,
      // The services come to the traveler (the default place): a request names the address.
      address: '1 Bench Street, New York',
      notes: 'bench contention',
    });
  const headers = (i: number) => ({
    'content-type': 'application/json',
    cookie: cookies[i % cookies.length] as string,
    origin,
  });

  const probe = await fetch(`${base}/api/bookings`, { method: 'POST', headers: headers(0), body: body(0) });
  const probeText = await probe.text();
  if (probe.status === 404) {
    return {
      status: 'missing',
      note: `POST /api/bookings answered 404 (${probeText.slice(0, 80)}): the booking core (branch wt-core) is not merged here; step skipped`,
    };
  }
  if (probe.status !== 201 && probe.status !== 409) {
    return { status: 'broken', note: `POST /api/bookings answered ${probe.status}: ${probeText.slice(0, 200)}` };
  }
  await deleteContentionBookings(client);

  const requests = Array.from({ length: Math.max(cookies.length, starts.length * f.serviceIds.length) }, (_, i) => ({
    method: 'POST' as const,
    path: '/api/bookings',
    headers: headers(i),
    body: body(i),
  }));
  const counts: Record<string, number> = {};
  const latencies: number[] = [];
  const sampler = sampleLockWaits(client);
  const t0 = performance.now();
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      { url: base, connections: Math.max(o.connections, 16), duration: o.duration, timeout: 10, requests },
      (err: unknown, r: autocannon.Result) =>
        err ? reject(err instanceof Error ? err : new Error(String(err))) : resolve(r),
    );
    instance.on('response', (_c, statusCode, _b, responseTime) => {
      counts[statusCode] = (counts[statusCode] ?? 0) + 1;
      if (statusCode === 201 || statusCode === 409) latencies.push(responseTime);
    });
  });
  const seconds = (performance.now() - t0) / 1000;
  const lockWaits = await sampler.stop();
  const created = counts[201] ?? 0;
  const conflicts = counts[409] ?? 0;
  const other = Object.fromEntries(Object.entries(counts).filter(([k]) => k !== '201' && k !== '409'));
  const app = {
    ...summarize(latencies, seconds, Object.values(other).reduce((a, b) => a + b, 0) + result.errors + result.timeouts),
    created,
    conflicts,
    other,
  };
  // What the other answers were (autocannon does not keep bodies): replay a few distinct requests.
  let otherNote = '';
  if (Object.keys(other).length) {
    await deleteContentionBookings(client);
    for (const r of requests.slice(0, 30)) {
      const res = await fetch(`${base}${r.path}`, { method: 'POST', headers: r.headers, body: r.body });
      if (res.status !== 201 && res.status !== 409) {
        otherNote = `; e.g. ${res.status}: ${(await res.text()).slice(0, 160)}`;
        break;
      }
    }
  }
  const overlaps = await countOverlaps(client);
  await deleteContentionBookings(client);

  // The ceiling: the same INSERT straight on the pool; the constraint refuses the losers (23P01).
  let dbCreated = 0;
  let dbConflicts = 0;
  const priced = bookingAmounts(5000, hours, 'USD');
  const dbM = await dbLoop(
    db,
    {
      run: async (_db, i) => {
        const start = starts[i % starts.length] as Date;
        try {
          await client.query(
            `insert into bookings (user_id, service_id, provider_id, status, start_at, hours, end_at, amount_cents, fee_cents, notes)
             select $1, s.id, s.provider_id, 'PENDING', $3, $4, $5, $6, $7, 'bench contention' from services s where s.id = $2`,
            [
              f.travelerIds[i % f.travelerIds.length],
              f.serviceIds[i % f.serviceIds.length],
              start,
              hours,
              new Date(start.getTime() + hours * HOUR_MS),
              priced.subtotalCents,
              priced.feeCents,
            ],
          );
          dbCreated++;
        } catch (err) {
          if ((err as { code?: string }).code !== '23P01') throw err;
          dbConflicts++;
        }
      },
    },
    Math.max(o.connections, 16),
    o.duration,
  );
  await deleteContentionBookings(client);
  return {
    status: 'measured',
    note: `${requests.length} distinct requests cycling: ${f.travelerIds.length} travelers, ${starts.length} starts (3 per Saturday, all overlapping) x ${f.serviceIds.length} services, ${hours} h; at most ${winnersAtMost} can win${otherNote}`,
    app,
    lockWaits,
    db: { ...dbM, created: dbCreated, conflicts: dbConflicts },
    overlaps,
    winnersAtMost,
  };
}

/**
 * Removes the bookings the contention step made, with the rows that point at them (whatever
 * tables the booking core adds: booking history, idempotency keys), found from the foreign keys.
 */
async function deleteContentionBookings(client: pg.Pool): Promise<void> {
  const refs = await client.query<{ tbl: string; col: string }>(
    `select c.conrelid::regclass::text as tbl, a.attname as col
       from pg_constraint c join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
      where c.contype = 'f' and c.confrelid = 'bookings'::regclass`,
  );
  const ids = `select id from bookings where notes = 'bench contention'`;
  for (const r of refs.rows) await client.query(`delete from ${r.tbl} where "${r.col}" in (${ids})`);
  await client.query(`delete from bookings where notes = 'bench contention'`);
}

/** Live bookings of one provider that overlap another (must be 0: the constraint's job). */
async function countOverlaps(client: pg.Pool): Promise<number> {
  const r = await client.query<{ n: string }>(
    `select count(*) as n from bookings a join bookings b
       on a.provider_id = b.provider_id and a.id < b.id
      and tstzrange(a.start_at, a.end_at) && tstzrange(b.start_at, b.end_at)
      where a.status in ('PENDING', 'CONFIRMED', 'PAID') and b.status in ('PENDING', 'CONFIRMED', 'PAID')`,
  );
  return Number(r.rows[0]?.n ?? 0);
}

// ------------------------------------------------------------------------------------- main

async function main(): Promise<number> {
  let o: Options;
  try {
    o = parseArgs(process.argv.slice(2));
  } catch (err) {
    if (err instanceof UsageError) {
      console.error(`bench:booking: ${err.message}\n\n${USAGE}`);
      return 2;
    }
    throw err;
  }
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'locora-bench-booking-'));
  process.on('exit', () => {
    for (const c of children) c.kill('SIGKILL');
    fs.rmSync(tmp, { recursive: true, force: true });
  });
  for (const sig of ['SIGINT', 'SIGTERM'] as const) process.on(sig, () => process.exit(130));

  const cpus = os.cpus();
  console.log(
    `Locora booking benchmark${o.smoke ? ' (--smoke: checks that every step runs; the numbers mean nothing)' : ''}`,
  );
  console.log(`  ${loadNote()} before start`);
  console.log(
    `  machine: ${cpus.length} cores (${cpus[0]?.model.trim() ?? '?'}), Node ${process.version}, PostgreSQL at ${safeLocation(o.url)}`,
  );
  console.log(
    `  ${o.connections} connections (contention: ${Math.max(o.connections, 16)}), ${o.duration} s per measurement; the app runs as a child process,\n` +
      `  the pool ceilings run the same feature functions (same SQL) on a pg pool of ${o.pool} in this process; all share the same cores.`,
  );

  if (o.smoke) await dropDatabase(o.url);
  try {
    console.log(`\n== Database ${safeLocation(o.url)} ==`);
    await createAndMigrate(o.url);
    const database = await openPostgres(o.url, o.pool);
    // Raw SQL (fill, contention INSERT, EXPLAIN) with the app's planner setting (db/open.ts).
    const rawPool = new pg.Pool({ connectionString: o.url, max: o.pool, options: '-c random_page_cost=1.1' });
    try {
      const t0 = performance.now();
      const f = await fillDatabase(o, rawPool, new Date());
      console.log(
        `  filled in ${fmtSecs((performance.now() - t0) / 1000)}: 1 provider (${ZONE}) with ${f.serviceIds.length} services, ${fmtInt(f.availabilityRows)} availability rows (26 weekly weeks), ${fmtInt(f.bookings)} bookings; ${fmtInt(o.others)} other providers with ${fmtInt(f.otherBookings)} bookings; ${fmtInt(f.travelerIds.length)} travelers`,
      );
      console.log(
        `  and 1 provider (${ZONE}, same schedule) with ${IMPORTED_CALENDARS} imported calendars of ${fmtInt(EVENTS_PER_CALENDAR)} busy times each (${fmtInt(f.importedBusy)} stored)`,
      );

      const serviceId = f.serviceIds[0] as string;
      const slotsPaths = f.dates.map((d) => `/api/services/${serviceId}/slots?date=${d}&hours=2`);
      const daysPaths = f.months.map((m) => `/api/services/${serviceId}/available-days?month=${m}&hours=2`);
      const slotsRun = (db: Db, i: number) =>
        getSlots(db, serviceId, { date: f.dates[i % f.dates.length] as string, hours: 2 });
      const daysRun = (db: Db, i: number) =>
        getAvailableDays(db, serviceId, { month: f.months[i % f.months.length] as string, hours: 2 });
      // The provider with 3 imported calendars of 2,000 events each (decision 040).
      const importedLabel = `available-days, ${IMPORTED_CALENDARS} calendars x ${fmtInt(EVENTS_PER_CALENDAR)} events`;
      const importedPaths = f.months.map(
        (m) => `/api/services/${f.importedServiceId}/available-days?month=${m}&hours=2`,
      );
      const importedRun = (db: Db, i: number) =>
        getAvailableDays(db, f.importedServiceId, { month: f.months[i % f.months.length] as string, hours: 2 });

      // Sanity: the reads answer something, and the month answer agrees with the day answers.
      const month = f.months[1] as string;
      const perDay = await Promise.all(
        monthDates(month).map(async (d) =>
          (await getSlots(database.db, serviceId, { date: d, hours: 2 })).slots.length ? d : null,
        ),
      );
      const days = (await getAvailableDays(database.db, serviceId, { month, hours: 2 })).days;
      const agree = JSON.stringify(days) === JSON.stringify(perDay.filter(Boolean));
      console.log(
        `  check: ${month} has ${days.length} available days; same as day-by-day slots: ${agree ? 'yes' : 'NO'}`,
      );

      console.log('\n== EXPLAIN ANALYZE ==');
      const explained = [
        { label: 'slots (one day)', run: slotsRun },
        { label: 'available-days (one month)', run: daysRun },
        { label: importedLabel, run: importedRun },
      ];
      const seqScans: Record<string, string[]> = {};
      for (const shape of explained) {
        const e = await explainShape(rawPool, shape);
        printExplain(shape, e, '');
        seqScans[shape.label] = e.flatMap((x) =>
          x.lines
            .filter((l) => /Seq Scan on (bookings|availability|calendar_busy)/.test(l))
            .map((l) => `${x.label}: ${l.trim()}`),
        );
      }

      console.log('\n== Measurements ==');
      // Loopback calendar addresses allowed: the hostile calendars are served from this process.
      const server = await startApp(o.url, tmp, undefined, { CALENDAR_FETCH_ALLOW_PRIVATE: 'true' });
      try {
        const rows: ReadRow[] = [];
        for (const [label, paths, run, judged] of [
          ['slots (one day)', slotsPaths, slotsRun, false],
          ['available-days (one month)', daysPaths, daysRun, true],
          [importedLabel, importedPaths, importedRun, true],
        ] as const) {
          const app = await http(server.base, [...paths], o);
          console.log(`  ${label}, HTTP: ${describe(app)}`);
          const db = await pool(database.db, run, o);
          console.log(`  ${label}, pool: ${describe(db)}`);
          rows.push({
            label,
            app,
            db,
            seqScan: seqScans[label] ?? [],
            target: judged ? app.p99 < TARGET_MS : undefined,
          });
        }
        const contention = await measureContention(server.base, database.db, rawPool, f, o);
        if (contention.app) console.log(`  POST /api/bookings, HTTP: ${describe(contention.app)}`);
        if (contention.db) console.log(`  INSERT under the constraint, pool: ${describe(contention.db)}`);

        console.log('  hostile calendars: syncing each while /healthz is asked...');
        const hostile = await measureHostileCalendars(server.base, rawPool, database.db, email);

        printResults(o, rows, contention);
        printHostileCalendars(hostile, o.smoke);
        if (!o.smoke) return 0;
        const problems = [
          ...rows.flatMap((r) => [
            ...(r.app.errors || r.db.errors ? [`${r.label}: ${r.app.errors + r.db.errors} errors or non-2xx`] : []),
            ...(r.app.count === 0 || r.db.count === 0 ? [`${r.label}: no successful response`] : []),
          ]),
          ...(agree ? [] : ['available-days disagrees with day-by-day slots']),
          ...(contention.status === 'broken' ? [contention.note] : []),
          ...(contention.overlaps ? [`${contention.overlaps} overlapping live bookings`] : []),
          ...hostile.flatMap((h) =>
            h.outcome === 'did not end' || h.health.errors || h.health.count === 0
              ? [`hostile calendar ${h.path}: ${h.outcome}, ${h.health.errors} /healthz errors`]
              : [],
          ),
        ];
        for (const p of problems) console.error(`  smoke FAILED: ${p}`);
        if (!problems.length) console.log('  smoke passed: every step ran');
        return problems.length ? 1 : 0;
      } finally {
        await server.stop();
      }
    } finally {
      await rawPool.end();
      await database.close();
    }
  } finally {
    if (o.smoke) await dropDatabase(o.url).catch(() => undefined);
  }
}

function printResults(o: Options, rows: ReadRow[], c: Contention) {
  console.log(`\n== Results (${o.connections} connections, ${o.duration} s each) ==\n`);
  console.log(
    table(
      ['request', 'req/s', 'p50 ms', 'p99 ms', 'pool req/s', 'pool p50', 'pool p99', 'ratio (req/s)', 'target'],
      rows.map((r) => [
        r.label,
        fmtInt(r.app.rps) + fewSamples(r.app),
        fmtMs(r.app.p50),
        fmtMs(r.app.p99),
        fmtInt(r.db.rps) + fewSamples(r.db),
        fmtMs(r.db.p50),
        fmtMs(r.db.p99),
        fmtRatio(r.app.rps / r.db.rps),
        r.target === undefined ? '-' : `p99 < ${TARGET_MS} ms ${o.smoke ? '(not judged)' : pf(r.target)}`,
      ]),
      [false, true, true, true, true, true, true, true, false],
    ),
  );
  console.log('\n  POST /api/bookings under contention:');
  if (c.status !== 'measured' || !c.app || !c.db) {
    console.log(`    ${c.status === 'missing' ? 'NOT MEASURED' : 'BROKEN'}: ${c.note}`);
  } else {
    console.log(`    ${c.note}`);
    console.log(
      table(
        ['', 'answers/s', 'p50 ms', 'p99 ms', '201 / created', '409 / refused', 'other'],
        [
          [
            'HTTP',
            fmtInt(c.app.rps),
            fmtMs(c.app.p50),
            fmtMs(c.app.p99),
            fmtInt(c.app.created),
            fmtInt(c.app.conflicts),
            Object.entries(c.app.other)
              .map(([k, v]) => `${k}: ${v}`)
              .join(', ') || '0',
          ],
          [
            'pool INSERT',
            fmtInt(c.db.rps),
            fmtMs(c.db.p50),
            fmtMs(c.db.p99),
            fmtInt(c.db.created),
            fmtInt(c.db.conflicts),
            '0',
          ],
        ],
        [false, true, true, true, true, true, false],
      ),
    );
    console.log(
      `    ratio HTTP / pool: ${fmtRatio(c.app.rps / c.db.rps)}; overlapping live bookings after: ${c.overlaps} ${pf(c.overlaps === 0)}`,
    );
    if (c.lockWaits) console.log(`    lock waits during the HTTP step: ${describeLockWaits(c.lockWaits)}`);
    console.log(
      `    p99 of a 201 or 409 under contention < ${CONTENTION_TARGET_MS} ms: ${pf(c.app.p99 < CONTENTION_TARGET_MS)}`,
    );
    console.log(
      `    201s at most ${c.winnersAtMost} (one per Saturday): ${pf(c.app.created <= (c.winnersAtMost ?? 0) && c.db.created <= (c.winnersAtMost ?? 0))}`,
    );
  }
  const seq = rows.flatMap((r) => r.seqScan);
  console.log(
    `\n  ${pf(seq.length === 0)}  the reads use indexes (no Seq Scan on bookings, availability or calendar_busy)${seq.length ? `: ${seq.join('; ')}` : ''}`,
  );
  if (o.smoke) console.log('  (targets are not judged by --smoke)');
  console.log(`  ${loadNote()} at the end`);
  console.log('');
}

main()
  .then((code) => process.exit(code))
  .catch((err: unknown) => {
    console.error(`\nbench:booking failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    process.exit(1);
  });
