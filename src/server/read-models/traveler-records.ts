/**
 * A traveler's record as providers see it on a request card and on the traveler's card (decision
 * 050): when they joined, how many completed bookings they have, and their rating from providers'
 * published reviews (hidden ones do not count).
 */
import { sql } from 'drizzle-orm';
import type { TravelerRecord } from '../../shared/api/trust.ts';
import { effectiveStatusSql } from '../bookings/booking-sql.ts';
import { queryRows, type Executor } from '../db/open.ts';

/** SQL: the record of the traveler `alias`.id (completed bookings, providers' published ratings). */
export function recordColumns(now: Date, alias = 'u') {
  const id = sql.raw(`${alias}.id`);
  return sql`(select count(*) from bookings b2 where b2.user_id = ${id} and ${effectiveStatusSql(now, 'b2')} = 'COMPLETED')::int as completed_bookings,
    (select coalesce(round(avg(tr.rating)::numeric, 1), 0) from traveler_reviews tr
      where tr.traveler_id = ${id} and tr.published_at is not null and tr.hidden_at is null)::float8 as rating,
    (select count(*) from traveler_reviews tr
      where tr.traveler_id = ${id} and tr.published_at is not null and tr.hidden_at is null)::int as rating_count`;
}

export type RecordRow = {
  id: string;
  name: string | null;
  image: string | null;
  created_at: Date | string;
  completed_bookings: number;
  rating: number;
  rating_count: number;
};

export const toRecord = (r: RecordRow): TravelerRecord => ({
  id: r.id,
  name: r.name,
  image: r.image,
  joinedAt: new Date(r.created_at).toISOString(),
  completedBookings: r.completed_bookings,
  rating: Number(r.rating),
  ratingCount: r.rating_count,
});

/** The records of several travelers at once (a provider's request cards). */
export async function travelerRecords(
  db: Executor,
  travelerIds: string[],
  now: Date,
): Promise<Map<string, TravelerRecord>> {
  if (travelerIds.length === 0) return new Map();
  const rows = await queryRows<RecordRow>(
    db,
    sql`select u.id, u.name, u.image, u.created_at, ${recordColumns(now)}
        from users u where u.id in (${sql.join(
          [...new Set(travelerIds)].map((id) => sql`${id}`),
          sql`, `,
        )})`,
  );
  return new Map(rows.map((r) => [r.id, toRecord(r)]));
}
