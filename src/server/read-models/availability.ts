/**
 * A provider's availability as the features that read it need it (the availability feature lists
 * it, slots sums it, a booking request checks it): the stored one-off slots and the occurrences of
 * their weekly schedules (decision 064), worked out for the range asked and no further.
 */
import { and, eq, gt, gte, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { effectiveAvailability, expandRule, type Interval, type WeeklyRule } from '../../shared/domain/availability.ts';
import { addCalendarDays, calendarDateIn, type CalendarDate } from '../../shared/domain/time.ts';
import type { Executor } from '../db/open.ts';
import { availability, availabilityRules, bookings } from '../db/schema.ts';
import { effectiveStatusSql } from '../bookings/booking-sql.ts';

/** A provider's availability rows (available and blocked) that overlap `[range.start, range.end)`. */
export function availabilityOverlapping(providerId: string, range: { start: Date; end: Date }) {
  return and(
    eq(availability.providerId, providerId),
    lt(availability.startAt, range.end),
    gt(availability.endAt, range.start),
  );
}

export const ruleColumns = {
  id: availabilityRules.id,
  isBlocked: availabilityRules.isBlocked,
  recurrenceType: availabilityRules.recurrenceType,
  recurrenceDays: availabilityRules.recurrenceDays,
  startsOn: availabilityRules.startsOn,
  endsOn: availabilityRules.endsOn,
  startTime: availabilityRules.startTime,
  endTime: availabilityRules.endTime,
  endDayOffset: availabilityRules.endDayOffset,
  exceptDates: availabilityRules.exceptDates,
};
export type RuleRow = { [K in keyof typeof ruleColumns]: (typeof availabilityRules.$inferSelect)[K] };

/** A stored rule as the pure expansion reads it. */
export function toWeeklyRule(row: RuleRow): WeeklyRule {
  return {
    startsOn: row.startsOn,
    endsOn: row.endsOn,
    startTime: row.startTime,
    endTime: row.endTime,
    endDayOffset: row.endDayOffset,
    days: row.recurrenceDays,
    exceptDates: row.exceptDates,
  };
}

/**
 * The provider's weekly rules that can have an occurrence overlapping `range` in `timeZone`: begun by
 * the range's last date and not ended before the day before its first (an occurrence may run past
 * midnight). Index availability_rules_provider_starts_idx.
 */
export async function loadRulesOverlapping(
  db: Executor,
  providerId: string,
  range: { start: Date; end: Date },
  timeZone: string,
): Promise<RuleRow[]> {
  const first: CalendarDate = addCalendarDays(calendarDateIn(range.start, timeZone), -2);
  const last: CalendarDate = calendarDateIn(range.end, timeZone);
  return db
    .select(ruleColumns)
    .from(availabilityRules)
    .where(
      and(
        eq(availabilityRules.providerId, providerId),
        lte(availabilityRules.startsOn, last),
        or(isNull(availabilityRules.endsOn), gte(availabilityRules.endsOn, first)),
      ),
    );
}

/**
 * Every available and blocked interval of the provider overlapping `range`: stored slots and the
 * occurrences of their weekly rules, in the provider's zone.
 */
export async function loadAvailabilityIntervals(
  db: Executor,
  providerId: string,
  range: { start: Date; end: Date },
  timeZone: string,
): Promise<{ start: Date; end: Date; isBlocked: boolean }[]> {
  const [rows, rules] = await Promise.all([
    db
      .select({ start: availability.startAt, end: availability.endAt, isBlocked: availability.isBlocked })
      .from(availability)
      .where(availabilityOverlapping(providerId, range)),
    loadRulesOverlapping(db, providerId, range, timeZone),
  ]);
  for (const rule of rules) {
    for (const o of expandRule(toWeeklyRule(rule), range, timeZone))
      rows.push({ start: o.start, end: o.end, isBlocked: rule.isBlocked });
  }
  return rows;
}

/**
 * The provider's effective free time (available minus blocked, see effectiveAvailability) inside
 * `range`: every stored row overlapping it (index availability_provider_start_idx) and every
 * occurrence of their weekly rules. Used by the slots feature.
 */
export async function loadEffectiveAvailability(
  db: Executor,
  providerId: string,
  range: { start: Date; end: Date },
  timeZone: string,
): Promise<Interval[]> {
  return effectiveAvailability(await loadAvailabilityIntervals(db, providerId, range, timeZone));
}

/**
 * The provider's live bookings (of any of their services) that overlap `window`: PENDING,
 * CONFIRMED or PAID, less the requests whose time to be answered or paid has passed (their
 * effective status, locora_effective_status, is CANCELED). The status list and the overlap test are
 * written exactly as the bookings_no_overlap constraint's, so its GiST index serves them
 * (bookings_provider_start_idx can too: the planner picks).
 */
export async function loadBusy(db: Executor, providerId: string, window: Interval, now: Date): Promise<Interval[]> {
  return db
    .select({ start: bookings.startAt, end: bookings.endAt })
    .from(bookings)
    .where(
      and(
        eq(bookings.providerId, providerId),
        sql`${bookings.status} in ('PENDING', 'CONFIRMED', 'PAID')`,
        sql`tstzrange(${bookings.startAt}, ${bookings.endAt}) && tstzrange(${window.start}::timestamptz, ${window.end}::timestamptz)`,
        lt(bookings.startAt, window.end),
        gt(bookings.endAt, window.start),
        sql`${effectiveStatusSql(now, 'bookings')} in ('PENDING', 'CONFIRMED', 'PAID')`,
      ),
    );
}
