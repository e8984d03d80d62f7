/**
 * Calendar sync (decision 040): what its parts share. The parts, one job each:
 * - feed-tokens.ts: the provider's private feed link (made, reset, looked up);
 * - calendar-export.ts: the provider's feed of their bookings and the traveler's "Add to calendar";
 * - calendar-imports.ts: the calendars a provider imports busy time from (added, listed, resumed,
 *   removed) and their busy times;
 * - import-overlaps.ts: live bookings an imported busy time overlaps;
 * - calendar-sync.ts: the job that fetches and reads each imported calendar (decision 045).
 */
import { msg } from '@lingui/core/macro';
import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/open.ts';
import { localized } from '../../http/api-messages.ts';
import { AppError } from '../../http/errors.ts';

export const MAX_CALENDARS = 5;
export const SYNC_INTERVAL_MINUTES = 15;
/** Busy time is kept for this far ahead (and a day back, for a day in progress). */
export const IMPORT_DAYS_AHEAD = 365;

export const TOO_MANY_CALENDARS = localized((i18n) =>
  i18n._(msg`You can import at most ${MAX_CALENDARS} calendars. Remove one to add another.`),
);
export const ALREADY_IMPORTED = 'This calendar is already imported.';
export const CALENDAR_NOT_FOUND = 'Calendar not found.';
export const PROVIDER_PROFILE_NEEDED = 'Create your provider profile first.';

export const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;

export async function providerOf(db: Executor, userId: string): Promise<{ id: string; timeZone: string }> {
  const [row] = await queryRows<{ id: string; time_zone: string }>(
    db,
    sql`select id, time_zone from providers where user_id = ${userId}`,
  );
  if (!row) throw new AppError('NOT_FOUND', PROVIDER_PROFILE_NEEDED);
  return { id: row.id, timeZone: row.time_zone };
}
