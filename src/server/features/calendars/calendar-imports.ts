/**
 * The calendars a provider imports busy time from (decision 040): added (due for a sync at once),
 * listed with how their last sync went, resumed after a pause, removed; and their busy times.
 */
import { msg } from '@lingui/core/macro';
import { sql } from 'drizzle-orm';
import type { CalendarImport, ImportedBusy } from '../../../shared/api/calendars.ts';
import { queryRows, type Db, type Executor } from '../../db/open.ts';
import type { Locale } from '../../../shared/domain/locales.ts';
import { localized } from '../../http/api-messages.ts';
import { AppError, mapDatabaseError } from '../../http/errors.ts';
import {
  ALREADY_IMPORTED,
  CALENDAR_NOT_FOUND,
  MAX_CALENDARS,
  providerOf,
  TOO_MANY_CALENDARS,
  ts,
} from './calendars.ts';
import { CalendarFetchError, calendarUrl, isAllowedAddress, type FetchPolicy } from './safe-fetch.ts';
import type { CalendarProblem } from './calendar-error.ts';
import type { ZoneNote } from './calendar-zones.ts';
import { calendarProblemWords, lastErrorWords, zoneNoteWords } from './calendar-words.ts';

type ImportRow = {
  id: string;
  name: string;
  url: string;
  last_synced_at: Date | null;
  last_error: string | null;
  last_error_problem: CalendarProblem | null;
  last_error_at: Date | null;
  busy_count: number;
  failures: number;
  paused_at: Date | null;
  unreadable_count: number;
  notes: string[];
  zone_notes: ZoneNote[] | null;
  sync_pending: boolean;
  next_sync_at: Date;
  created_at: Date;
};

const IMPORT_COLUMNS = sql.raw(
  'id, name, url, last_synced_at, last_error, last_error_problem, last_error_at, busy_count, failures, paused_at, unreadable_count, notes, zone_notes, next_sync_at, created_at, ' +
    // Due, or claimed by a sync under way.
    '(paused_at is null and (lease_token is not null or next_sync_at <= now())) as sync_pending',
);

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

/** A calendar as its provider reads it: its last error and notes in their language (calendar-words.ts). */
function toImport(r: ImportRow, locale: Locale): CalendarImport {
  return {
    id: r.id,
    name: r.name,
    url: r.url,
    lastSyncedAt: iso(r.last_synced_at),
    lastError: lastErrorWords({ text: r.last_error, problem: r.last_error_problem }, locale),
    lastErrorAt: iso(r.last_error_at),
    busyCount: r.busy_count,
    failures: r.failures,
    pausedAt: iso(r.paused_at),
    unreadableCount: r.unreadable_count,
    notes: r.zone_notes ? r.zone_notes.map((note) => zoneNoteWords(note, locale)) : (r.notes ?? []),
    syncPending: r.sync_pending,
    createdAt: new Date(r.created_at).toISOString(),
  };
}

export async function listCalendars(db: Executor, userId: string, locale: Locale): Promise<CalendarImport[]> {
  const provider = await providerOf(db, userId);
  const rows = await queryRows<ImportRow>(
    db,
    sql`select ${IMPORT_COLUMNS}
        from calendar_imports where provider_id = ${provider.id} and deleted_at is null
        order by created_at, id`,
  );
  return rows.map((r) => toImport(r, locale));
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
  locale: Locale,
): Promise<CalendarImport> {
  // The address refused before any fetch, as a sentence in the asker's words.
  const refuse = (problem: CalendarProblem) =>
    new AppError(
      'BAD_REQUEST',
      localized((i18n, reader) => {
        const sentence = calendarProblemWords(problem, reader);
        return i18n._(msg({ message: `${sentence}.`, comment: 'Why a calendar address is refused, as a sentence' }));
      }),
    );
  let url: URL;
  try {
    url = calendarUrl(input.url, policy.allowLoopback);
  } catch (err) {
    throw err instanceof CalendarFetchError ? refuse(err.problem) : refuse({ code: 'not_a_web_address' });
  }
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (/^[\d.]+$|:/.test(host) && !isAllowedAddress(host, policy.allowLoopback))
    throw refuse({ code: 'private_address' });
  if (/^localhost$/i.test(host) && !policy.allowLoopback) throw refuse({ code: 'private_address' });
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
            returning ${IMPORT_COLUMNS}`,
      );
      return toImport(row!, locale);
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

/**
 * Resumes a calendar paused after failed syncs (or syncs it again now): due at once, its failures
 * forgotten; the route wakes the sync job. 404 for anyone else's.
 */
export async function resumeCalendar(
  db: Executor,
  userId: string,
  id: string,
  locale: Locale,
): Promise<CalendarImport> {
  const provider = await providerOf(db, userId);
  const [row] = await queryRows<ImportRow>(
    db,
    sql`update calendar_imports set paused_at = null, failures = 0, next_sync_at = now()
        where id = ${id} and provider_id = ${provider.id} and deleted_at is null and lease_token is null
        returning ${IMPORT_COLUMNS}`,
  );
  if (row) return toImport(row, locale);
  // Being synced right now: nothing to do but say how it stands.
  const [current] = await queryRows<ImportRow>(
    db,
    sql`select ${IMPORT_COLUMNS} from calendar_imports where id = ${id} and provider_id = ${provider.id} and deleted_at is null`,
  );
  if (!current) throw new AppError('NOT_FOUND', CALENDAR_NOT_FOUND);
  return toImport(current, locale);
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
