import { randomUUID } from 'node:crypto';
import { msg } from '@lingui/core/macro';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { AvailabilityCreated, AvailabilitySlot, CalendarBooking } from '../../../shared/api/availability.ts';
import {
  AvailabilityRuleError,
  expandRule,
  planSlots,
  resolveRange,
  type SlotRequest,
} from '../../../shared/domain/availability.ts';
import { addCalendarDays, formatCalendarDateForDisplay } from '../../../shared/domain/time.ts';
import { effectiveStatusSql, visibleToProviderSql } from '../../bookings/booking-sql.ts';
import { queryRows, type Executor } from '../../db/open.ts';
import { availability, availabilityRules, providers } from '../../db/schema.ts';
import { AppError, mapDatabaseError } from '../../http/errors.ts';
import { localized } from '../../http/api-messages.ts';
import {
  availabilityOverlapping,
  loadRulesOverlapping,
  ruleColumns,
  toWeeklyRule,
  type RuleRow,
} from '../../read-models/availability.ts';
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
    occurrenceDate: null,
  };
}

/** The occurrences of a weekly rule that overlap `range`, as slots (the rule's id is their id and series). */
function ruleSlots(rule: RuleRow, range: { start: Date; end: Date }, timeZone: string): AvailabilitySlot[] {
  return expandRule(toWeeklyRule(rule), range, timeZone).map((o) => ({
    id: rule.id,
    start: o.start.toISOString(),
    end: o.end.toISOString(),
    isBlocked: rule.isBlocked,
    isRecurring: true,
    recurrenceType: rule.recurrenceType,
    recurrenceDays: rule.recurrenceDays,
    seriesId: rule.id,
    occurrenceDate: o.date,
  }));
}

const bySlotStart = (a: AvailabilitySlot, b: AvailabilitySlot) =>
  a.start.localeCompare(b.start) || a.end.localeCompare(b.end) || a.id.localeCompare(b.id);

/** A broken slot rule as the API's 400. */
function badRequest(err: unknown): unknown {
  if (!(err instanceof AvailabilityRuleError)) return err;
  const skipped = err.skipped;
  if (!skipped) return new AppError('BAD_REQUEST', err.message);
  // A time the clocks skip, its day in the reader's words; English is the rule's own message.
  return new AppError(
    'BAD_REQUEST',
    localized((i18n, locale) => {
      const day = formatCalendarDateForDisplay(skipped.date, locale);
      const zone = skipped.timeZone;
      return i18n._(msg`This time does not exist on ${day} in ${zone}: the clocks move forward`);
    }),
  );
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
  const [rows, rules] = await Promise.all([
    db
      .select(slotColumns)
      .from(availability)
      .where(availabilityOverlapping(provider.id, range))
      .orderBy(asc(availability.startAt), asc(availability.endAt), asc(availability.id))
      .limit(MAX_LISTED_SLOTS),
    loadRulesOverlapping(db, provider.id, range, provider.timeZone),
  ]);
  const slots = rows.map(toSlot);
  if (rules.length === 0) return { timeZone: provider.timeZone, slots };
  const expanded = slots.concat(rules.flatMap((rule) => ruleSlots(rule, range, provider.timeZone)));
  return { timeZone: provider.timeZone, slots: expanded.sort(bySlotStart).slice(0, MAX_LISTED_SLOTS) };
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
 * Stores the slots of one request for the signed-in provider, in one transaction: a one-off slot
 * as a row, a recurring slot as one weekly rule that runs until the provider ends it (decision
 * 064; its occurrences are worked out in the provider's zone when read). The reply lists the
 * one-off slots and each rule's first week. A one-off slot already stored exactly so (same start,
 * end and kind) is not stored twice; overlapping slots are allowed (effectiveAvailability joins
 * them, and blocked time wins).
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
      const values = plans.flatMap((plan) =>
        plan.rule
          ? []
          : plan.occurrences.map((o) => ({
              providerId: provider.id,
              startAt: o.start,
              endAt: o.end,
              isBlocked: plan.isBlocked,
              isRecurring: false,
              recurrenceType: null,
              recurrenceDays: null,
              seriesId: null,
            })),
      );
      const stored = values.length
        ? await tx
            .insert(availability)
            .values(values)
            .onConflictDoNothing({
              target: [availability.providerId, availability.startAt, availability.endAt, availability.isBlocked],
            })
            .returning(slotColumns)
        : [];
      const slots = stored.map(toSlot);
      for (const plan of plans) {
        if (!plan.rule) continue;
        const [rule] = await tx
          .insert(availabilityRules)
          .values({
            id: randomUUID(),
            providerId: provider.id,
            isBlocked: plan.isBlocked,
            recurrenceType: plan.recurrenceType ?? 'WEEKLY',
            recurrenceDays: [...plan.rule.days],
            startsOn: plan.rule.startsOn,
            endsOn: null,
            startTime: plan.rule.startTime,
            endTime: plan.rule.endTime,
            endDayOffset: plan.rule.endDayOffset,
          })
          .returning(ruleColumns);
        const first = plan.occurrences[0];
        const last = plan.occurrences.at(-1);
        if (rule && first && last)
          slots.push(...ruleSlots(rule, { start: first.start, end: last.end }, provider.timeZone));
      }
      return {
        slots: slots.sort(bySlotStart),
        duplicates: values.length - stored.length,
        skippedDates: [...new Set(plans.flatMap((p) => p.skipped))].sort(),
      };
    });
  } catch (err) {
    throw mapDatabaseError(err) ?? err;
  }
}

export const OCCURRENCE_DATE_MESSAGE =
  'This slot is part of a weekly schedule: say which occurrence (date), or delete the series';

/**
 * Deletes one of the signed-in provider's slots, or with `series` every occurrence of the
 * recurring series it belongs to (a one-off slot is a series of one). For a weekly schedule that
 * runs until ended (decision 064), `date` names the occurrence: without `series` only it goes;
 * with `series` the schedule ends before it (or goes entirely, without a date or from its first
 * day). Another provider's slot is a 404, as if it did not exist.
 */
export async function deleteAvailability(
  db: Executor,
  userId: string,
  id: string,
  series: boolean,
  date?: string,
): Promise<{ deleted: number }> {
  return db.transaction(async (tx) => {
    const [rule] = await tx
      .select({ id: availabilityRules.id, startsOn: availabilityRules.startsOn })
      .from(availabilityRules)
      .innerJoin(providers, eq(providers.id, availabilityRules.providerId))
      .where(and(eq(availabilityRules.id, id), eq(providers.userId, userId)))
      .limit(1);
    if (rule) {
      if (!series) {
        if (!date) throw new AppError('BAD_REQUEST', OCCURRENCE_DATE_MESSAGE);
        await tx
          .update(availabilityRules)
          .set({
            exceptDates: sql`array(select distinct d from unnest(${availabilityRules.exceptDates} || ${date}::date) d order by d)`,
          })
          .where(eq(availabilityRules.id, rule.id));
        return { deleted: 1 };
      }
      if (date && date > rule.startsOn) {
        await tx
          .update(availabilityRules)
          .set({ endsOn: addCalendarDays(date, -1) })
          .where(eq(availabilityRules.id, rule.id));
      } else {
        await tx.delete(availabilityRules).where(eq(availabilityRules.id, rule.id));
      }
      return { deleted: 1 };
    }
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
