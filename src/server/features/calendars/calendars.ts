/**
 * Calendar sync (decision 040): the provider's private feed of their bookings, the traveler's
 * "Add to calendar" file, and the calendars a provider imports busy time from (added, listed,
 * removed, and synced by the job runner).
 */
import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { CalendarImport, ImportedBusy, ImportOverlap } from '../../../shared/api/calendars.ts';
import { DAY_MS } from '../../../shared/domain/time.ts';
import { isAddressRevealed, type LocationType } from '../../../shared/domain/service-location.ts';
import { queryRows, type Db, type Executor } from '../../db/open.ts';
import { AppError, mapDatabaseError } from '../../http/errors.ts';
import { bookingWhere, effectiveStatusSql, visibleToProviderSql } from '../../bookings/booking-sql.ts';
import { held, type Claim, type LeasedQueue } from '../../jobs/claim-due.ts';
import type { LeasedKind } from '../../jobs/runner.ts';
import { bookingCalendar, firstName, type FeedEvent } from './booking-feed.ts';
import { calendarParser, type CalendarParser } from './parse-pool.ts';
import {
  CalendarFetchError,
  calendarUrl,
  fetchCalendarText,
  isAllowedAddress,
  PRIVATE_ADDRESS,
  type FetchPolicy,
} from './safe-fetch.ts';

export const MAX_CALENDARS = 5;
export const SYNC_INTERVAL_MINUTES = 15;
/** Busy time is kept for this far ahead (and a day back, for a day in progress). */
export const IMPORT_DAYS_AHEAD = 365;
/** A cancelled booking stays in the feed this long (as CANCELLED), so calendars remove it. */
export const CANCELLED_KEPT_DAYS = 30;
/** Past bookings the feed keeps (COMPLETED work stays in the provider's calendar). */
export const FEED_PAST_DAYS = 365;

export const TOO_MANY_CALENDARS = `You can import at most ${MAX_CALENDARS} calendars. Remove one to add another.`;
export const ALREADY_IMPORTED = 'This calendar is already imported.';
export const CALENDAR_NOT_FOUND = 'Calendar not found.';
export const PROVIDER_PROFILE_NEEDED = 'Create your provider profile first.';
export const BOOKING_NOT_FOUND = 'Booking not found.';

const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

async function providerOf(db: Executor, userId: string): Promise<{ id: string; timeZone: string }> {
  const [row] = await queryRows<{ id: string; time_zone: string }>(
    db,
    sql`select id, time_zone from providers where user_id = ${userId}`,
  );
  if (!row) throw new AppError('NOT_FOUND', PROVIDER_PROFILE_NEEDED);
  return { id: row.id, timeZone: row.time_zone };
}

// ------------------------------------------------------------------------------ the export feed

/** The path of a feed URL (the token is its only secret). */
export const feedPath = (token: string) => `/api/calendar-feeds/${token}.ics`;

/** Whether the provider has a feed link, and since when (the link itself is shown once). */
export async function getFeedStatus(db: Executor, userId: string): Promise<{ createdAt: string | null }> {
  const provider = await providerOf(db, userId);
  const [row] = await queryRows<{ created_at: Date }>(
    db,
    sql`select created_at from calendar_feeds where provider_id = ${provider.id}`,
  );
  return { createdAt: row ? new Date(row.created_at).toISOString() : null };
}

/**
 * A new feed link (43 characters of base64url: 256 random bits); any older link stops working at
 * once. Only its SHA-256 is stored.
 */
export async function resetFeedToken(db: Executor, userId: string, appUrl: string) {
  const provider = await providerOf(db, userId);
  const token = randomBytes(32).toString('base64url');
  const [row] = await queryRows<{ created_at: Date }>(
    db,
    sql`insert into calendar_feeds (provider_id, token_hash) values (${provider.id}, ${hashToken(token)})
        on conflict (provider_id) do update set token_hash = excluded.token_hash, created_at = now()
        returning created_at`,
  );
  return { url: `${appUrl}${feedPath(token)}`, createdAt: new Date(row!.created_at).toISOString() };
}

/** The provider a feed token opens, or undefined. */
export async function providerByFeedToken(db: Executor, token: string): Promise<string | undefined> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return undefined;
  const [row] = await queryRows<{ provider_id: string }>(
    db,
    sql`select provider_id from calendar_feeds where token_hash = ${hashToken(token)}`,
  );
  return row?.provider_id;
}

type FeedRow = {
  id: string;
  status: string;
  effective: string;
  start_at: Date;
  end_at: Date;
  created_at: Date;
  title: string;
  traveler_name: string | null;
  provider_name: string;
  location_type: LocationType;
  location_address: string | null;
  location_area: string | null;
  service_city: string;
  booking_address: string | null;
  notes: string | null;
  changes: number;
  changed_at: Date | null;
};

const feedSelect = (now: Date) => sql`b.id, b.status, ${effectiveStatusSql(now)} as effective, b.start_at, b.end_at,
  b.created_at, s.title, tu.name as traveler_name, p.display_name as provider_name,
  s.location_type, s.location_address, s.location_area, s.city as service_city,
  b.address as booking_address, b.notes,
  (select count(*) from booking_events e where e.booking_id = b.id)::int as changes,
  (select max(e.created_at) from booking_events e where e.booking_id = b.id) as changed_at`;

const isCancelled = (status: string) => status === 'CANCELED' || status === 'REFUNDED';

function toFeedEvent(
  r: FeedRow,
  summary: string,
  description: string,
  location: string | null,
  url: string,
): FeedEvent {
  const written = r.status;
  return {
    id: r.id,
    status: r.effective,
    start: new Date(r.start_at),
    end: new Date(r.end_at),
    // An expiry already in effect but not yet written is one more change.
    sequence: r.changes + (r.effective !== written ? 1 : 0),
    changedAt: new Date(r.changed_at ?? r.created_at),
    summary,
    description,
    location,
    url,
  };
}

function descriptionOf(lines: (string | null | undefined | false)[]): string {
  return lines.filter((l): l is string => !!l).join('\n');
}

/**
 * The provider's feed: every booking they can see (never an unpaid hold that has not reached them)
 * that is PENDING (tentative), CONFIRMED, PAID or COMPLETED, from a year back; and for
 * CANCELLED_KEPT_DAYS after its last change, every cancelled or declined one, as CANCELLED.
 */
export async function providerFeed(db: Executor, providerId: string, appUrl: string, now: Date): Promise<string> {
  const rows = await queryRows<FeedRow>(
    db,
    sql`select ${feedSelect(now)}
        from bookings b
        join services s on s.id = b.service_id
        join providers p on p.id = b.provider_id
        join users tu on tu.id = b.user_id
        where b.provider_id = ${providerId} and ${visibleToProviderSql('b')}
          and b.start_at >= ${ts(new Date(now.getTime() - FEED_PAST_DAYS * DAY_MS))}
        order by b.start_at, b.id`,
  );
  const cutoff = now.getTime() - CANCELLED_KEPT_DAYS * DAY_MS;
  const events = rows
    .filter((r) => {
      if (!isCancelled(r.effective)) return true;
      // Cancelled: kept 30 days after its last change (an expiry not yet written has just happened).
      if (r.effective !== r.status) return true;
      return new Date(r.changed_at ?? r.created_at).getTime() >= cutoff;
    })
    .map((r) => {
      const traveler = firstName(r.traveler_name);
      const link = `${appUrl}/dashboard/provider?tab=bookings`;
      return toFeedEvent(
        r,
        `${r.title} – ${traveler}`,
        descriptionOf([
          `${r.title} with ${traveler}`,
          r.effective === 'PENDING' && 'Request waiting for your answer.',
          r.notes && `Special requests: ${r.notes}`,
          `Booking on Locora: ${link}`,
        ]),
        bookingWhere(r),
        link,
      );
    });
  return bookingCalendar('Locora bookings', events);
}

/** The traveler's own booking as a one-event calendar ("Add to calendar"); 404 for anyone else's. */
export async function travelerBookingCalendar(
  db: Executor,
  userId: string,
  bookingId: string,
  appUrl: string,
  now: Date,
): Promise<string> {
  const [r] = await queryRows<FeedRow>(
    db,
    sql`select ${feedSelect(now)}
        from bookings b
        join services s on s.id = b.service_id
        join providers p on p.id = b.provider_id
        join users tu on tu.id = b.user_id
        where b.id = ${bookingId} and b.user_id = ${userId}`,
  );
  if (!r) throw new AppError('NOT_FOUND', BOOKING_NOT_FOUND);
  const link = `${appUrl}/dashboard/traveler/bookings/${r.id}`;
  // The exact address of the provider's place or meeting point only once the booking is accepted
  // (as the booking view shows it): before that, or after a decline, the area and city.
  const where =
    isAddressRevealed(r.effective) || r.location_type === 'traveler_address'
      ? bookingWhere(r)
      : [r.location_area, r.service_city].filter(Boolean).join(', ');
  const event = toFeedEvent(
    r,
    `${r.title} with ${r.provider_name}`,
    descriptionOf([
      `${r.title} with ${r.provider_name}`,
      r.effective === 'PENDING' && 'Waiting for the provider to accept.',
      r.notes && `Your special requests: ${r.notes}`,
      `Your booking on Locora: ${link}`,
    ]),
    where || null,
    link,
  );
  return bookingCalendar(r.title, [event], { publish: true });
}

// ------------------------------------------------------------------------------ imported calendars

type ImportRow = {
  id: string;
  name: string;
  url: string;
  last_synced_at: Date | null;
  last_error: string | null;
  last_error_at: Date | null;
  busy_count: number;
  next_sync_at: Date;
  created_at: Date;
};

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

function toImport(r: ImportRow): CalendarImport {
  return {
    id: r.id,
    name: r.name,
    url: r.url,
    lastSyncedAt: iso(r.last_synced_at),
    lastError: r.last_error,
    lastErrorAt: iso(r.last_error_at),
    busyCount: r.busy_count,
    createdAt: new Date(r.created_at).toISOString(),
  };
}

export async function listCalendars(db: Executor, userId: string): Promise<CalendarImport[]> {
  const provider = await providerOf(db, userId);
  const rows = await queryRows<ImportRow>(
    db,
    sql`select id, name, url, last_synced_at, last_error, last_error_at, busy_count, next_sync_at, created_at
        from calendar_imports where provider_id = ${provider.id} and deleted_at is null
        order by created_at, id`,
  );
  return rows.map(toImport);
}

/**
 * Adds a calendar (due at once: the route wakes the sync job). The address is checked as far as
 * it can be without fetching (scheme, and an address written as a private IP); the fetch checks
 * the rest at every sync.
 */
export async function addCalendar(
  db: Db,
  userId: string,
  input: { name: string; url: string },
  policy: Pick<FetchPolicy, 'allowLoopback'>,
): Promise<CalendarImport> {
  let url: URL;
  try {
    url = calendarUrl(input.url, policy.allowLoopback);
  } catch (err) {
    throw new AppError('BAD_REQUEST', err instanceof CalendarFetchError ? `${err.message}.` : 'Invalid address.');
  }
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (/^[\d.]+$|:/.test(host) && !isAllowedAddress(host, policy.allowLoopback))
    throw new AppError('BAD_REQUEST', `${PRIVATE_ADDRESS}.`);
  if (/^localhost$/i.test(host) && !policy.allowLoopback) throw new AppError('BAD_REQUEST', `${PRIVATE_ADDRESS}.`);
  const provider = await providerOf(db, userId);
  try {
    return await db.transaction(async (tx) => {
      // Adds of one provider take turns, so the count below holds until this commits.
      await tx.execute(sql`select 1 from providers where id = ${provider.id} for no key update`);
      const [count] = await queryRows<{ n: number }>(
        tx,
        sql`select count(*)::int as n from calendar_imports where provider_id = ${provider.id} and deleted_at is null`,
      );
      if ((count?.n ?? 0) >= MAX_CALENDARS) throw new AppError('CONFLICT', TOO_MANY_CALENDARS);
      const [row] = await queryRows<ImportRow>(
        tx,
        sql`insert into calendar_imports (provider_id, name, url) values (${provider.id}, ${input.name.trim()}, ${input.url.trim()})
            returning id, name, url, last_synced_at, last_error, last_error_at, busy_count, next_sync_at, created_at`,
      );
      return toImport(row!);
    });
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw mapDatabaseError(err, { calendar_imports_provider_url_key: ALREADY_IMPORTED }) ?? err;
  }
}

/** Removes a calendar of the provider's and its busy times (one transaction); 404 for anyone else's. */
export async function removeCalendar(db: Db, userId: string, id: string): Promise<void> {
  const provider = await providerOf(db, userId);
  await db.transaction(async (tx) => {
    const [row] = await queryRows<{ id: string }>(
      tx,
      sql`update calendar_imports set deleted_at = now(), lease_token = null
          where id = ${id} and provider_id = ${provider.id} and deleted_at is null returning id`,
    );
    if (!row) throw new AppError('NOT_FOUND', CALENDAR_NOT_FOUND);
    await tx.execute(sql`delete from calendar_busy where import_id = ${id}`);
  });
}

/** The provider's imported busy times overlapping [from, to), labelled with their calendar's name. */
export async function listImportedBusy(
  db: Executor,
  userId: string,
  range: { start: Date; end: Date },
): Promise<ImportedBusy[]> {
  const provider = await providerOf(db, userId);
  const rows = await queryRows<{ start_at: Date; end_at: Date; import_id: string; name: string }>(
    db,
    sql`select cb.start_at, cb.end_at, cb.import_id, ci.name
        from calendar_busy cb join calendar_imports ci on ci.id = cb.import_id
        where cb.provider_id = ${provider.id}
          and tstzrange(cb.start_at, cb.end_at) && tstzrange(${ts(range.start)}, ${ts(range.end)})
        order by cb.start_at, cb.end_at
        limit 2000`,
  );
  return rows.map((r) => ({
    start: new Date(r.start_at).toISOString(),
    end: new Date(r.end_at).toISOString(),
    calendarId: r.import_id,
    calendarName: r.name,
  }));
}

/**
 * The provider's live bookings (not yet ended) that an imported busy time overlaps, with the
 * calendars that do: the provider is warned, and the bookings stand.
 */
export async function listImportOverlaps(db: Executor, userId: string, now: Date): Promise<ImportOverlap[]> {
  const provider = await providerOf(db, userId);
  const rows = await queryRows<{ id: string; title: string; start_at: Date; end_at: Date; names: string[] }>(
    db,
    sql`select b.id, s.title, b.start_at, b.end_at,
               array_agg(distinct ci.name order by ci.name) as names
        from bookings b
        join services s on s.id = b.service_id
        join calendar_busy cb on cb.provider_id = b.provider_id
          and tstzrange(cb.start_at, cb.end_at) && tstzrange(b.start_at, b.end_at)
        join calendar_imports ci on ci.id = cb.import_id and ci.deleted_at is null
        where b.provider_id = ${provider.id} and ${visibleToProviderSql('b')}
          and b.status in ('PENDING', 'CONFIRMED', 'PAID')
          and ${effectiveStatusSql(now)} in ('PENDING', 'CONFIRMED', 'PAID')
          and b.end_at > ${ts(now)}
        group by b.id, s.title, b.start_at, b.end_at
        order by b.start_at
        limit 100`,
  );
  return rows.map((r) => ({
    bookingId: r.id,
    title: r.title,
    start: new Date(r.start_at).toISOString(),
    end: new Date(r.end_at).toISOString(),
    calendarNames: r.names,
  }));
}

// ------------------------------------------------------------------------------ the sync job

export const CALENDAR_SYNC_QUEUE: LeasedQueue = {
  table: 'calendar_imports',
  due: 'next_sync_at',
  pending: sql`deleted_at is null`,
  returning: sql`q.url, q.provider_id`,
};

const SYNC_LEASE_MS = 60_000;
/** A fetch (10 s) plus parsing and storing a large calendar. */
const SYNC_MAX_RUN_MS = 45_000;
const INSERT_CHUNK = 1000;

type SyncClaim = { url: string; provider_id: string };

/** One sync of a claimed calendar: fetch, parse, replace its busy times; or record why not. */
export async function syncCalendar(
  db: Db,
  claim: Claim<SyncClaim>,
  opts: { policy: FetchPolicy; now: Date; signal?: AbortSignal; parser?: CalendarParser },
): Promise<{ ok: boolean; count: number; error?: string }> {
  const next = sql`now() + make_interval(mins => ${SYNC_INTERVAL_MINUTES})`;
  const [provider] = await queryRows<{ time_zone: string }>(
    db,
    sql`select time_zone from providers where id = ${claim.row.provider_id}`,
  );
  let intervals: { start: Date; end: Date }[];
  try {
    const text = await fetchCalendarText(claim.row.url, opts.policy, opts.signal);
    // Read in the parser's worker thread, under its time and memory limits (decision 045).
    const parsed = await (opts.parser ?? calendarParser).parse(text, {
      timeZone: provider?.time_zone ?? 'UTC',
      from: new Date(opts.now.getTime() - DAY_MS),
      to: new Date(opts.now.getTime() + IMPORT_DAYS_AHEAD * DAY_MS),
      signal: opts.signal,
    });
    intervals = parsed.intervals;
  } catch (err) {
    // The runner is stopping (or the job outlived its worst case): nothing is recorded, the lease
    // is handed back or runs out.
    if (opts.signal?.aborted) throw err;
    const message = err instanceof CalendarFetchError ? err.message : 'The calendar could not be read';
    await db.execute(
      sql`update calendar_imports set last_error = ${message}, last_error_at = now(), next_sync_at = ${next}, lease_token = null
          where ${held(claim)} and deleted_at is null`,
    );
    return { ok: false, count: 0, error: message };
  }
  await db.transaction(async (tx) => {
    const [row] = await queryRows<{ id: string }>(
      tx,
      sql`update calendar_imports set last_synced_at = now(), last_error = null, last_error_at = null,
            busy_count = ${intervals.length}, next_sync_at = ${next}, lease_token = null
          where ${held(claim)} and deleted_at is null returning id`,
    );
    // Lost the claim (or removed meanwhile): record nothing.
    if (!row) return;
    await tx.execute(sql`delete from calendar_busy where import_id = ${claim.id}`);
    for (let i = 0; i < intervals.length; i += INSERT_CHUNK) {
      const chunk = intervals.slice(i, i + INSERT_CHUNK);
      await tx.execute(
        sql`insert into calendar_busy (import_id, provider_id, start_at, end_at)
            select ${claim.id}::uuid, ${claim.row.provider_id}::uuid, s, e
            from unnest(${sql.raw(`'{${chunk.map((c) => c.start.toISOString()).join(',')}}'`)}::timestamptz[],
                        ${sql.raw(`'{${chunk.map((c) => c.end.toISOString()).join(',')}}'`)}::timestamptz[]) as t(s, e)`,
      );
    }
  });
  return { ok: true, count: intervals.length };
}

/** The job kind: each calendar about every 15 minutes, and at once when added. */
export function calendarSyncJobKind(opts: {
  db: Db;
  policy: FetchPolicy;
  now: () => Date;
  intervalMs?: number;
  leaseMs?: number;
}): LeasedKind<SyncClaim> {
  const leaseMs = opts.leaseMs ?? SYNC_LEASE_MS;
  return {
    name: 'calendar-sync',
    queue: CALENDAR_SYNC_QUEUE,
    leaseMs,
    maxRunMs: Math.min(SYNC_MAX_RUN_MS, 10 * leaseMs),
    intervalMs: opts.intervalMs ?? 30_000,
    run: (claim, signal) => syncCalendar(opts.db, claim, { policy: opts.policy, now: opts.now(), signal }),
  };
}
