import { randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { AvailabilityCreated, AvailabilitySlot, CalendarBooking } from '../../../shared/api/availability.ts';
import {
  AvailabilityRuleError,
  planSlots,
  resolveRange,
  type SlotRequest,
} from '../../../shared/domain/availability.ts';
import { effectiveStatusSql, visibleToProviderSql } from '../../bookings/booking-sql.ts';
import { queryRows, type Executor } from '../../db/open.ts';
import { availability, providers } from '../../db/schema.ts';
import { AppError, mapDatabaseError } from '../../http/errors.ts';
import { availabilityOverlapping } from '../../read-models/availability.ts';
import { providerByUsername } from '../../read-models/providers.ts';

/** The most slots one GET returns (a 62-day range of a busy calendar stays far below it). */
export const MAX_LISTED_SLOTS = 2000;

const slotColumns = {
  id: availability.id,
  startAt: availability.startAt,
  endAt: availability.endAt,
  isBlocked: availability.isBlocked,
  isRecurring: availability.isRecurring,
  recurrenceType: availability.recurrenceType,
  recurrenceDays: availability.recurrenceDays,
  seriesId: availability.seriesId,
};

type SlotRow = { [K in keyof typeof slotColumns]: (typeof availability.$inferSelect)[K] };

function toSlot(row: SlotRow): AvailabilitySlot {
  return {
    id: row.id,
    start: row.startAt.toISOString(),
    end: row.endAt.toISOString(),
    isBlocked: row.isBlocked,
    isRecurring: row.isRecurring,
    recurrenceType: row.recurrenceType,
    recurrenceDays: row.recurrenceDays,
    seriesId: row.seriesId,
  };
}

/** A broken slot rule as the API's 400. */
function badRequest(err: unknown): unknown {
  return err instanceof AvailabilityRuleError ? new AppError('BAD_REQUEST', err.message) : err;
}

const NO_PROVIDER_PROFILE = 'You have no provider profile yet. Switch to provider to create one.';

/**
 * A provider's slots that overlap `[from, to)` (default: the current week in their zone), by
 * start. Public: travelers read it to book. `providerRef` is the provider's user id or provider id.
 */
export async function listAvailability(
  db: Executor,
  providerRef: string,
  query: { from?: string | undefined; to?: string | undefined },
  now = new Date(),
): Promise<{ timeZone: string; slots: AvailabilitySlot[] }> {
  const [provider] = await db
    .select({ id: providers.id, timeZone: providers.timeZone })
    .from(providers)
    .where(providerByUsername(providerRef))
    .limit(1);
  if (!provider) throw new AppError('NOT_FOUND', 'Provider not found.');
  let range: { start: Date; end: Date };
  try {
    range = resolveRange(query, provider.timeZone, now);
  } catch (err) {
    throw badRequest(err);
  }
  const rows = await db
    .select(slotColumns)
    .from(availability)
    .where(availabilityOverlapping(provider.id, range))
    .orderBy(asc(availability.startAt), asc(availability.endAt), asc(availability.id))
    .limit(MAX_LISTED_SLOTS);
  return { timeZone: provider.timeZone, slots: rows.map(toSlot) };
}

/** The most bookings one week's calendar lists. */
export const MAX_CALENDAR_BOOKINGS = 500;

/**
 * The signed-in provider's own bookings that overlap `[from, to)` (default: the current week in
 * their zone), by start, for their Availability week (decision 053): requests waiting for an
 * answer (tentative) and accepted bookings, as of `now`; declined, canceled, expired and refunded
 * ones free the time and are left out, as are card requests not yet authorised (the provider does
 * not see those anywhere).
 */
export async function listCalendarBookings(
  db: Executor,
  userId: string,
  query: { from?: string | undefined; to?: string | undefined },
  now = new Date(),
): Promise<CalendarBooking[]> {
  const [provider] = await db
    .select({ id: providers.id, timeZone: providers.timeZone })
    .from(providers)
    .where(eq(providers.userId, userId))
    .limit(1);
  if (!provider) throw new AppError('NOT_FOUND', NO_PROVIDER_PROFILE);
  let range: { start: Date; end: Date };
  try {
    range = resolveRange(query, provider.timeZone, now);
  } catch (err) {
    throw badRequest(err);
  }
  const rows = await queryRows<{
    id: string;
    status: CalendarBooking['status'];
    start_at: Date | string;
    end_at: Date | string;
    traveler_name: string | null;
    service_title: string;
  }>(
    db,
    sql`select * from (
          select b.id, ${effectiveStatusSql(now)} as status, b.start_at, b.end_at, u.name as traveler_name,
            s.title as service_title
          from bookings b join users u on u.id = b.user_id join services s on s.id = b.service_id
          where b.provider_id = ${provider.id} and ${visibleToProviderSql()}
            and b.start_at < ${range.end.toISOString()}::timestamptz and b.end_at > ${range.start.toISOString()}::timestamptz
        ) x
        where x.status in ('PENDING', 'CONFIRMED', 'PAID', 'COMPLETED')
        order by x.start_at, x.id
        limit ${MAX_CALENDAR_BOOKINGS}`,
  );
  return rows.map((r) => ({
    id: r.id,
    status: r.status,
    start: new Date(r.start_at).toISOString(),
    end: new Date(r.end_at).toISOString(),
    travelerName: r.traveler_name,
    serviceTitle: r.service_title,
  }));
}

/**
 * Stores the slots of one request for the signed-in provider, in one transaction: each recurring
 * slot becomes its occurrences (12 weekly per selected day, in the provider's zone) under a new
 * series id. A slot already stored exactly so (same start, end and kind) is not stored twice;
 * overlapping slots are allowed (effectiveAvailability joins them, and blocked time wins).
 */
export async function addAvailability(
  db: Executor,
  userId: string,
  requests: readonly SlotRequest[],
  now = new Date(),
): Promise<AvailabilityCreated> {
  try {
    return await db.transaction(async (tx) => {
      // The zone the occurrences are worked out in must not change under us: hold the row.
      const [provider] = await tx
        .select({ id: providers.id, timeZone: providers.timeZone })
        .from(providers)
        .where(eq(providers.userId, userId))
        .for('share')
        .limit(1);
      if (!provider) throw new AppError('NOT_FOUND', NO_PROVIDER_PROFILE);
      let plans;
      try {
        plans = planSlots(requests, provider.timeZone, now);
      } catch (err) {
        throw badRequest(err);
      }
      const values = plans.flatMap((plan) => {
        const seriesId = plan.isRecurring ? randomUUID() : null;
        return plan.occurrences.map((o) => ({
          providerId: provider.id,
          startAt: o.start,
          endAt: o.end,
          isBlocked: plan.isBlocked,
          isRecurring: plan.isRecurring,
          recurrenceType: plan.recurrenceType,
          recurrenceDays: plan.recurrenceDays,
          seriesId,
        }));
      });
      const stored = await tx
        .insert(availability)
        .values(values)
        .onConflictDoNothing({
          target: [availability.providerId, availability.startAt, availability.endAt, availability.isBlocked],
        })
        .returning(slotColumns);
      stored.sort((a, b) => a.startAt.getTime() - b.startAt.getTime() || a.endAt.getTime() - b.endAt.getTime());
      return {
        slots: stored.map(toSlot),
        duplicates: values.length - stored.length,
        skippedDates: [...new Set(plans.flatMap((p) => p.skipped))].sort(),
      };
    });
  } catch (err) {
    throw mapDatabaseError(err) ?? err;
  }
}

/**
 * Deletes one of the signed-in provider's slots, or with `series` every occurrence of the
 * recurring series it belongs to (a one-off slot is a series of one). Another provider's slot is
 * a 404, as if it did not exist.
 */
export async function deleteAvailability(
  db: Executor,
  userId: string,
  id: string,
  series: boolean,
): Promise<{ deleted: number }> {
  return db.transaction(async (tx) => {
    const [slot] = await tx
      .select({ id: availability.id, providerId: availability.providerId, seriesId: availability.seriesId })
      .from(availability)
      .innerJoin(providers, eq(providers.id, availability.providerId))
      .where(and(eq(availability.id, id), eq(providers.userId, userId)))
      .limit(1);
    if (!slot) throw new AppError('NOT_FOUND', 'Availability not found.');
    const deleted = await tx
      .delete(availability)
      .where(
        series && slot.seriesId
          ? and(eq(availability.providerId, slot.providerId), eq(availability.seriesId, slot.seriesId))
          : and(eq(availability.providerId, slot.providerId), eq(availability.id, slot.id)),
      )
      .returning({ id: availability.id });
    return { deleted: deleted.length };
  });
}
