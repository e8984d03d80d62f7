/**
 * The calendar sync job (decisions 040 and 045): each imported calendar about every 15 minutes and
 * at once when added. A sync fetches the address (safe-fetch.ts), has the parser's worker thread
 * read it (parse-pool.ts) and replaces the calendar's busy times in one transaction; a failure is
 * recorded as its problem (worded for the provider when shown) with its English sentence, and keeps
 * the last good busy times.
 */
import { sql } from 'drizzle-orm';
import { DAY_MS } from '../../../shared/domain/time.ts';
import { queryRows, type Db } from '../../db/open.ts';
import { held, type Claim, type LeasedQueue } from '../../jobs/claim-due.ts';
import type { LeasedKind } from '../../jobs/runner.ts';
import { IMPORT_DAYS_AHEAD, SYNC_INTERVAL_MINUTES } from './calendars.ts';
import type { CalendarProblem } from './calendar-error.ts';
import { calendarParser, COULD_NOT_READ, type CalendarParser, type ParsedCalendar } from './parse-pool.ts';
import { CalendarFetchError, fetchCalendarText, type FetchPolicy } from './safe-fetch.ts';

/** Unsuccessful syncs in a row after which a calendar is paused until its provider resumes it. */
export const MAX_FAILURES = 3;
export const DID_NOT_FINISH = 'The last syncs of this calendar did not finish';

export const CALENDAR_SYNC_QUEUE: LeasedQueue = {
  table: 'calendar_imports',
  due: 'next_sync_at',
  pending: sql`deleted_at is null and paused_at is null`,
  // Counted when claimed, reset by a good sync: a sync that never finished (the process stopped
  // under it) counts as a failure too, so a calendar cannot stop the server in a loop.
  onClaim: sql`failures = q.failures + 1`,
  returning: sql`q.url, q.provider_id, q.failures`,
};

const SYNC_LEASE_MS = 60_000;
/** A fetch (10 s), reading in the parser's thread (10 s) and storing a large calendar. */
const SYNC_MAX_RUN_MS = 45_000;
const INSERT_CHUNK = 1000;

/** A PostgreSQL array literal of `values`, sent as one parameter. */
const textArray = (values: string[]) =>
  `{${values.map((v) => `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`;

type SyncClaim = { url: string; provider_id: string; failures: number };

/**
 * One sync of a claimed calendar: fetch, read, replace its busy times; or record why not, and
 * pause the calendar at its MAX_FAILURES-th unsuccessful sync in a row.
 */
export async function syncCalendar(
  db: Db,
  claim: Claim<SyncClaim>,
  opts: { policy: FetchPolicy; now: Date; signal?: AbortSignal; parser?: CalendarParser },
): Promise<{ ok: boolean; count: number; error?: string }> {
  const next = sql`now() + make_interval(mins => ${SYNC_INTERVAL_MINUTES})`;
  const fail = async ({ message, problem }: { message: string; problem: CalendarProblem | null }) => {
    await db.execute(
      sql`update calendar_imports set last_error = ${message}, last_error_problem = ${problem ? JSON.stringify(problem) : null}::jsonb,
            last_error_at = now(), next_sync_at = ${next},
            lease_token = null, paused_at = case when failures >= ${MAX_FAILURES} then now() end
          where ${held(claim)} and deleted_at is null`,
    );
    return { ok: false, count: 0, error: message };
  };
  // Earlier syncs were claimed and never finished (the process stopped under them): pause now
  // rather than try again.
  if (claim.row.failures > MAX_FAILURES) {
    const [row] = await queryRows<{ last_error: string | null; last_error_problem: CalendarProblem | null }>(
      db,
      sql`select last_error, last_error_problem from calendar_imports where id = ${claim.id}`,
    );
    return fail(
      row?.last_error
        ? { message: row.last_error, problem: row.last_error_problem }
        : { message: DID_NOT_FINISH, problem: { code: 'did_not_finish' } },
    );
  }
  const [provider] = await queryRows<{ time_zone: string }>(
    db,
    sql`select time_zone from providers where id = ${claim.row.provider_id}`,
  );
  let parsed: ParsedCalendar;
  try {
    const text = await fetchCalendarText(claim.row.url, opts.policy, opts.signal);
    // Read in the parser's worker thread, under its time and memory limits (decision 045).
    parsed = await (opts.parser ?? calendarParser).parse(text, {
      timeZone: provider?.time_zone ?? 'UTC',
      from: new Date(opts.now.getTime() - DAY_MS),
      to: new Date(opts.now.getTime() + IMPORT_DAYS_AHEAD * DAY_MS),
      signal: opts.signal,
    });
  } catch (err) {
    // The runner is stopping (or the job outlived its worst case): nothing is recorded but that
    // this attempt was no failure of the calendar's; the lease is handed back or runs out.
    if (opts.signal?.aborted) {
      await db
        .execute(sql`update calendar_imports set failures = greatest(failures - 1, 0) where ${held(claim)}`)
        .catch(() => {});
      throw err;
    }
    return fail(
      err instanceof CalendarFetchError
        ? { message: err.message, problem: err.problem }
        : { message: COULD_NOT_READ, problem: { code: 'could_not_read' } },
    );
  }
  const { intervals, unreadable, notes, zoneNotes } = parsed;
  await db.transaction(async (tx) => {
    const [row] = await queryRows<{ id: string }>(
      tx,
      sql`update calendar_imports set last_synced_at = now(), last_error = null, last_error_problem = null, last_error_at = null,
            busy_count = ${intervals.length}, unreadable_count = ${unreadable},
            notes = ${textArray(notes)}::text[], zone_notes = ${JSON.stringify(zoneNotes)}::jsonb, failures = 0, paused_at = null, next_sync_at = ${next}, lease_token = null
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
