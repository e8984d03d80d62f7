/**
 * Pure helpers of the checkout page: reading the `date` Book Now passes, the
 * labels of start times in the provider's zone and the traveler's, the hours field, and the next
 * day with free times. No React here, so they are tested with TZ=UTC like the rest of the domain.
 */
import { isAcceptedCalendarDate, isInAcceptedDateRange } from './accepted-dates.ts';
import { BOOKING_MAX_HOURS } from './booking-lifecycle.ts';
import {
  calendarDateIn,
  formatCalendarDateForDisplay,
  formatTimeIn,
  formatWeekdayIn,
  isCalendarDate,
  isValidTimeZone,
  utcOffsetMinutes,
  type CalendarDate,
} from './time.ts';
import type { Locale } from './locales.ts';

const ISO_INSTANT_RE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})$/i;

/**
 * The calendar day a checkout's `date` query names. Book Now passes an optional ISO date
 * (docs/product.md): a calendar date ('2026-12-01') is taken as it is; an ISO instant
 * ('2026-11-30T23:00:00.000Z', what a date picker's local midnight gives as toISOString) is read on
 * the traveler's own clock, where it was picked. Anything else is no date.
 */
export function checkoutDateFromParam(
  value: string | null | undefined,
  viewerTimeZone: string,
): CalendarDate | undefined {
  if (!value || !isInAcceptedDateRange(value)) return undefined;
  if (isCalendarDate(value)) return value;
  if (!ISO_INSTANT_RE.test(value)) return undefined;
  const instant = new Date(value);
  if (Number.isNaN(instant.getTime())) return undefined;
  const date = calendarDateIn(instant, isValidTimeZone(viewerTimeZone) ? viewerTimeZone : 'UTC');
  return isAcceptedCalendarDate(date) ? date : undefined;
}

/** 'yyyy-MM' of a calendar date, as GET /api/services/{id}/available-days takes it. */
export function monthOfDate(date: CalendarDate): string {
  return date.slice(0, 7);
}

/** 'yyyy-MM' of the month after `month` ('2026-12' -> '2027-01'). */
export function nextMonth(month: string): string {
  const [year = 0, m = 1] = month.split('-').map(Number);
  return m === 12 ? `${year + 1}-01` : `${year}-${String(m + 1).padStart(2, '0')}`;
}

/** True when the traveler's clock reads differently from the provider's at `at`. */
export function zonesDiffer(providerTimeZone: string, viewerTimeZone: string, at: Date): boolean {
  if (providerTimeZone === viewerTimeZone) return false;
  return utcOffsetMinutes(providerTimeZone, at) !== utcOffsetMinutes(viewerTimeZone, at);
}

export interface SlotLabel {
  /** 'h:mm a' in the provider's zone, e.g. '9:00 AM'. */
  time: string;
  /**
   * The same instant on the traveler's clock when it reads differently: '2:00 PM', with the
   * weekday when it falls on another day there ('10:00 PM Monday'). Undefined when the zones agree.
   */
  viewerTime?: string;
}

/** How one start time is shown: in the provider's zone, and in the traveler's when it differs. */
export function slotLabel(
  start: string | Date,
  providerTimeZone: string,
  viewerTimeZone: string,
  locale: Locale,
): SlotLabel {
  const instant = typeof start === 'string' ? new Date(start) : start;
  const time = formatTimeIn(instant, providerTimeZone, locale);
  if (!isValidTimeZone(viewerTimeZone) || !zonesDiffer(providerTimeZone, viewerTimeZone, instant)) return { time };
  const viewerTime = formatTimeIn(instant, viewerTimeZone, locale);
  const otherDay = calendarDateIn(instant, viewerTimeZone) !== calendarDateIn(instant, providerTimeZone);
  return {
    time,
    viewerTime: otherDay ? `${viewerTime} ${formatWeekdayIn(instant, viewerTimeZone, locale)}` : viewerTime,
  };
}

/** The first day of `days` (ascending 'yyyy-MM-dd') strictly after `after`. */
export function nextAvailableDay(days: readonly string[], after: CalendarDate): CalendarDate | undefined {
  return days.find((day) => day > after);
}

/** A day as checkout shows it, in the reader's locale: the product's 'MMM d, yyyy' in English ('Dec 1, 2026'). */
export function displayDay(date: CalendarDate, locale: Locale): string {
  return formatCalendarDateForDisplay(date, locale);
}

/** What is wrong with the Number of Hours field: empty, not a whole number, or outside the service's range. */
export type HoursProblem =
  | { problem: 'empty' }
  | { problem: 'not_whole' }
  | { problem: 'below_minimum'; min: number }
  | { problem: 'above_maximum'; max: number };

export type HoursField = { hours: number } | ({ hours?: undefined } & HoursProblem);

/**
 * The Number of Hours field: a whole number from the service's minHours up to the longest booking.
 * A problem says what to type (the screen words it), never just 'invalid'.
 */
export function parseHoursField(text: string, minHours: number): HoursField {
  const trimmed = text.trim();
  if (trimmed === '') return { problem: 'empty' };
  if (!/^\d+$/.test(trimmed)) return { problem: 'not_whole' };
  const hours = Number(trimmed);
  const min = Math.max(1, minHours);
  if (hours < min) return { problem: 'below_minimum', min };
  if (hours > BOOKING_MAX_HOURS) return { problem: 'above_maximum', max: BOOKING_MAX_HOURS };
  return { hours };
}
