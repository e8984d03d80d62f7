/**
 * When the European Central Bank publishes its euro reference rates: on every TARGET business day
 * at about 16:00 Frankfurt time (CET or CEST). TARGET is closed on Saturdays and Sundays, New
 * Year's Day, Good Friday, Easter Monday, 1 May and 25 and 26 December; no rates are published
 * then. Pure calendar maths, tested across both clock changes.
 */
import {
  addCalendarDays,
  formatCalendarDate,
  weekdayOf,
  type CalendarDate,
} from '../../../shared/domain/calendar-date.ts';
import { utcToZoned } from '../../../shared/domain/time.ts';

/** The ECB's zone (Frankfurt am Main). */
export const ECB_TIME_ZONE = 'Europe/Berlin';
/** The rates are published at about this wall time in Frankfurt. */
export const PUBLICATION_TIME = '16:00';

/** Easter Sunday of a Gregorian year (the anonymous Gregorian algorithm, "Meeus/Jones/Butcher"). */
export function easterSunday(year: number): CalendarDate {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return formatCalendarDate({ year, month, day });
}

/** Whether the ECB publishes reference rates for `date` (a TARGET business day). */
export function isPublicationDay(date: CalendarDate): boolean {
  const weekday = weekdayOf(date);
  if (weekday === 0 || weekday === 6) return false;
  const monthDay = date.slice(5);
  if (['01-01', '05-01', '12-25', '12-26'].includes(monthDay)) return false;
  const easter = easterSunday(Number(date.slice(0, 4)));
  return date !== addCalendarDays(easter, -2) && date !== addCalendarDays(easter, 1);
}

/** The last publication day on or before `date`. */
export function publicationDayOnOrBefore(date: CalendarDate): CalendarDate {
  let day = date;
  while (!isPublicationDay(day)) day = addCalendarDays(day, -1);
  return day;
}

/**
 * The date of the latest rates the ECB should have published by `now`: today in Frankfurt once
 * it is 16:00 there on a publication day, else the publication day before.
 */
export function latestPublicationDate(now: Date): CalendarDate {
  const { date, time } = utcToZoned(now, ECB_TIME_ZONE);
  const published = isPublicationDay(date) && time >= PUBLICATION_TIME;
  return published ? date : publicationDayOnOrBefore(addCalendarDays(date, -1));
}

/** Today in Frankfurt: the day rates' age is counted to. */
export function ratesToday(now: Date): CalendarDate {
  return utcToZoned(now, ECB_TIME_ZONE).date;
}
