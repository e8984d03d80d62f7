import { TZDate } from '@date-fns/tz';

/** A calendar day in some time zone (month is 0-based, like Date). */
export type LocalDay = { year: number; month: number; day: number };

export const HOUR_MS = 60 * 60 * 1000;
export const DAY_MS = 24 * HOUR_MS;

/** The calendar day `instant` falls on in `timeZone`, moved by `offsetDays` whole days. */
export function localDay(instant: Date, timeZone: string, offsetDays = 0): LocalDay {
  const z = new TZDate(instant.getTime(), timeZone);
  // Build from the local fields so day overflow (31 + 1) is normalised by the calendar, not by ms.
  const d = new TZDate(z.getFullYear(), z.getMonth(), z.getDate() + offsetDays, 12, 0, 0, 0, timeZone);
  return { year: d.getFullYear(), month: d.getMonth(), day: d.getDate() };
}

/** Weekday of a local day, 0 = Sunday ... 6 = Saturday (the same convention as Date#getDay). */
export function weekdayOf(day: LocalDay): number {
  // Noon UTC of the same calendar date has the same weekday in every zone's calendar.
  return new Date(Date.UTC(day.year, day.month, day.day, 12)).getUTCDay();
}

/**
 * The UTC instant of wall-clock `hour:minute` on `day` in `timeZone` (DST-aware: 09:00 in New York
 * is 14:00 UTC in winter and 13:00 UTC in summer).
 */
export function zonedTime(day: LocalDay, hour: number, minute: number, timeZone: string): Date {
  return new Date(new TZDate(day.year, day.month, day.day, hour, minute, 0, 0, timeZone).getTime());
}
