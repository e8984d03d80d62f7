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
  zoneLabel,
  type CalendarDate,
  type ZonePlaces,
} from './time.ts';
import { DEFAULT_LOCALE, type Locale } from './locales.ts';

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

/**
 * The heading over a day's start times: 'Times in Lisbon (UTC+1)', 'Times in Bali (UTC+8)'.
 * `places`: the service's city, then the provider's base city (zoneLabel names the zone by the
 * first that lies in it).
 */
export function timesHeading(timeZone: string, at: Date, places?: ZonePlaces): string {
  return `Times in ${zoneLabel(timeZone, at, places)}`;
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
  locale: Locale = DEFAULT_LOCALE,
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

/**
 * The note naming the traveler's zone when their times are shown too; `places` are cities Locora
 * serves that the caller knows of (one in the traveler's zone names it, else the zone's own name).
 */
export function viewerZoneNote(viewerTimeZone: string, at: Date, places?: ZonePlaces): string {
  return `Your time, ${zoneLabel(viewerTimeZone, at, places)}, is shown under each time.`;
}

/** The first day of `days` (ascending 'yyyy-MM-dd') strictly after `after`. */
export function nextAvailableDay(days: readonly string[], after: CalendarDate): CalendarDate | undefined {
  return days.find((day) => day > after);
}

/** A day as messages show it, the product's 'MMM d, yyyy': '2026-12-01' -> 'Dec 1, 2026'. */
export function displayDay(date: CalendarDate, locale: Locale = DEFAULT_LOCALE): string {
  return formatCalendarDateForDisplay(date, locale);
}

export type HoursField = { hours: number; error?: undefined } | { hours?: undefined; error: string };

/**
 * The Number of Hours field: a whole number from the service's minHours up to the longest booking.
 * The message says what to type, never just 'invalid'.
 */
export function parseHoursField(text: string, minHours: number): HoursField {
  const trimmed = text.trim();
  if (trimmed === '') return { error: 'Enter the number of hours' };
  if (!/^\d+$/.test(trimmed)) return { error: 'Hours must be a whole number' };
  const hours = Number(trimmed);
  const min = Math.max(1, minHours);
  if (hours < min) return { error: `This service needs at least ${min} hour${min === 1 ? '' : 's'}` };
  if (hours > BOOKING_MAX_HOURS) return { error: `A booking can last at most ${BOOKING_MAX_HOURS} hours` };
  return { hours };
}
