/** Live bookings an imported busy time overlaps (decision 040): the bookings stand, the provider is told. */
import { sql } from 'drizzle-orm';
import type { ImportOverlap } from '../../../shared/api/calendars.ts';
import { queryRows, type Executor } from '../../db/open.ts';
import { effectiveStatusSql, visibleToProviderSql } from '../../bookings/booking-sql.ts';
import { providerOf, ts } from './calendars.ts';

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
