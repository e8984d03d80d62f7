/**
 * Busy time imported from a provider's own calendars (decision 040), as the features that subtract
 * it from free time read it: slots and available days, and the booking request's check. The range
 * test is the one the GiST index calendar_busy_provider_range_idx answers.
 */
import { sql } from 'drizzle-orm';
import type { Interval } from '../../shared/domain/availability.ts';
import { queryRows, type Executor } from '../db/open.ts';

/** A request into imported busy time is refused with this (409), as a taken slot is. */
export const PROVIDER_BUSY_MESSAGE = 'The provider is busy at that time. Please pick another of the free times.';

const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/** The provider's imported busy intervals overlapping [range.start, range.end). */
export async function loadImportedBusy(
  db: Executor,
  providerId: string,
  range: { start: Date; end: Date },
): Promise<Interval[]> {
  const rows = await queryRows<{ start_at: Date | string; end_at: Date | string }>(
    db,
    sql`select start_at, end_at from calendar_busy
        where provider_id = ${providerId}
          and tstzrange(start_at, end_at) && tstzrange(${ts(range.start)}, ${ts(range.end)})`,
  );
  return rows.map((r) => ({ start: new Date(r.start_at), end: new Date(r.end_at) }));
}
