/**
 * How fast a provider answers (decision 063): the median, over the last RESPONSE_WINDOW_DAYS
 * days, of the time from a request to the provider's first answer.
 *
 * - A request is a booking request the provider can see (created, or for a card booking, its card
 *   authorised), or an inquiry (a traveler's first message about a service, before any booking).
 * - The answer is the provider's first decision on the booking (accept or decline) or first
 *   message in its thread, whichever is sooner; for an inquiry, their first message after the
 *   traveler's.
 * - A request that was never answered counts once its time to answer is over (a booking request
 *   that left PENDING without the provider: expired; an inquiry after RESPONSE_WAIT_HOURS): it
 *   takes the slowest place. A request the traveler withdrew before any answer, or one still
 *   within its time, is not counted.
 * Fewer than MIN_RESPONSE_REQUESTS counted requests: the provider is new (median null).
 */
import { sql } from 'drizzle-orm';
import { MIN_RESPONSE_REQUESTS, RESPONSE_WAIT_HOURS, RESPONSE_WINDOW_DAYS } from '../../shared/domain/response-time.ts';
import type { ProviderResponse } from '../../shared/domain/response-time.ts';
import { effectiveStatusSql, visibleToProviderSql } from '../bookings/booking-sql.ts';
import { queryRows, type Executor } from '../db/open.ts';

const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;

export async function providerResponseTime(db: Executor, providerId: string, now: Date): Promise<ProviderResponse> {
  const since = new Date(now.getTime() - RESPONSE_WINDOW_DAYS * 24 * 60 * 60 * 1000);
  const waitOver = new Date(now.getTime() - RESPONSE_WAIT_HOURS * 60 * 60 * 1000);
  const [row] = await queryRows<{ requests: number; median_seconds: number | string | null }>(
    db,
    sql`with me as (select user_id from providers where id = ${providerId}),
        booking_requests as (
          select b.id,
            coalesce(case when b.payment_required then b.authorised_at end, b.created_at) as asked_at,
            ${effectiveStatusSql(now, 'b')} as status
          from bookings b
          where b.provider_id = ${providerId} and b.created_at >= ${ts(since)} and ${visibleToProviderSql('b')}
        ),
        booking_answers as (
          select r.id, r.asked_at, r.status,
            least(
              (select min(e.created_at) from booking_events e
               where e.booking_id = r.id and e.actor_role = 'PROVIDER' and e.created_at >= r.asked_at),
              (select min(m.created_at) from messages m
               where m.booking_id = r.id and m.sender_id = (select user_id from me) and m.created_at >= r.asked_at)
            ) as answered_at,
            exists (select 1 from booking_events e where e.booking_id = r.id and e.actor_role = 'TRAVELER'
                    and e.to_status = 'CANCELED') as is_withdrawn
          from booking_requests r
        ),
        inquiry_requests as (
          select c.id,
            (select min(m.created_at) from messages m
             where m.conversation_id = c.id and m.sender_id = c.traveler_id) as asked_at
          from conversations c
          where c.provider_id = ${providerId} and c.booking_id is null and c.created_at >= ${ts(since)}
        ),
        inquiry_answers as (
          select q.asked_at,
            (select min(m.created_at) from messages m
             where m.conversation_id = q.id and m.sender_id = (select user_id from me) and m.created_at >= q.asked_at)
              as answered_at
          from inquiry_requests q
          where q.asked_at is not null
        ),
        counted as (
          select case when answered_at is not null then extract(epoch from answered_at - asked_at)
                      else 'infinity'::float8 end as seconds
          from booking_answers
          where answered_at is not null or (status <> 'PENDING' and not is_withdrawn)
          union all
          select case when answered_at is not null then extract(epoch from answered_at - asked_at)
                      else 'infinity'::float8 end
          from inquiry_answers
          where answered_at is not null or asked_at <= ${ts(waitOver)}
        )
        select count(*)::int as requests,
          percentile_disc(0.5) within group (order by seconds) as median_seconds
        from counted`,
  );
  const requests = row?.requests ?? 0;
  if (requests < MIN_RESPONSE_REQUESTS) return { requests, medianMinutes: null, isMostlyUnanswered: false };
  const seconds = Number(row?.median_seconds);
  if (!Number.isFinite(seconds)) return { requests, medianMinutes: null, isMostlyUnanswered: true };
  return { requests, medianMinutes: Math.max(1, Math.ceil(seconds / 60)), isMostlyUnanswered: false };
}
