/**
 * Calendar dates: days on a wall calendar, written `yyyy-MM-dd` ('2026-03-08'). Pure calendar
 * arithmetic, no zone involved. Its own module (re-exported by time.ts) so the client's first
 * chunk can use it without the zone machinery (decision 012).
 */

import { DEFAULT_LOCALE, intlLocale, type Locale } from './locales.ts';

/** 'yyyy-MM-dd'. */
export type CalendarDate = string;
/** A calendar date split into numbers; month is 1-12 (unlike Date). */
export type DateParts = { year: number; month: number; day: number };

export const MINUTE_MS = 60 * 1000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

const CALENDAR_DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

function isLeapYear(year: number) {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

function daysInMonth(year: number, month: number) {
  return [31, isLeapYear(year) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] ?? 0;
}

/** The parts of a `yyyy-MM-dd` string that names a real day (no 2026-02-30), else undefined. */
export function parseCalendarDate(value: string): DateParts | undefined {
  const m = CALENDAR_DATE_RE.exec(value);
  if (!m) return undefined;
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return undefined;
  return { year, month, day };
}

export function isCalendarDate(value: unknown): value is CalendarDate {
  return typeof value === 'string' && parseCalendarDate(value) !== undefined;
}

export function requireDate(value: CalendarDate): DateParts {
  const parts = parseCalendarDate(value);
  if (!parts) throw new RangeError(`Not a calendar date (yyyy-MM-dd): ${value}`);
  return parts;
}

/** `yyyy-MM-dd` of the given parts (month 1-12); throws for a day that does not exist. */
export function formatCalendarDate({ year, month, day }: DateParts): CalendarDate {
  const text = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  requireDate(text);
  return text;
}

/** Days since 1970-01-01 of a calendar date (pure calendar arithmetic: no zone involved). */
function epochDay({ year, month, day }: DateParts) {
  return Math.floor(Date.UTC(year, month - 1, day) / DAY_MS);
}

function fromEpochDay(n: number): CalendarDate {
  const d = new Date(n * DAY_MS);
  return formatCalendarDate({ year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() });
}

/** The calendar date `days` days after (or before, when negative) `date`. */
export function addCalendarDays(date: CalendarDate, days: number): CalendarDate {
  return fromEpochDay(epochDay(requireDate(date)) + Math.trunc(days));
}

/** Whole days from `from` to `to` ('2026-03-07' to '2026-03-09' is 2), whatever DST does. */
export function calendarDaysBetween(from: CalendarDate, to: CalendarDate): number {
  return epochDay(requireDate(to)) - epochDay(requireDate(from));
}

/** Weekday of a calendar date, 0 = Sunday ... 6 = Saturday (Date#getDay's convention). */
export function weekdayOf(date: CalendarDate): number {
  return new Date(epochDay(requireDate(date)) * DAY_MS).getUTCDay();
}

/** The calendar date a JavaScript Date shows in the runtime's own zone (a date picker's day). */
export function calendarDateOfLocalDate(value: Date): CalendarDate {
  return formatCalendarDate({ year: value.getFullYear(), month: value.getMonth() + 1, day: value.getDate() });
}

/** Local midnight, in the runtime's own zone, of a calendar date (the Date a date picker holds). */
export function localDateOfCalendarDate(date: CalendarDate): Date {
  const { year, month, day } = requireDate(date);
  const value = new Date(year, month - 1, day);
  // Years 0-99 would otherwise be read as 1900-1999.
  value.setFullYear(year);
  return value;
}

const localeFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * A date formatter in a reader's locale (`intlLocale`: Thai dates in the Gregorian calendar), made
 * once per locale and options. Every date and time a reader sees goes through one.
 */
export function localeDateFormat(locale: Locale, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = localeFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(intlLocale(locale), options);
    localeFormats.set(key, format);
  }
  return format;
}

/** The UTC instant of a calendar date's midnight, to format its day, month or weekday with `timeZone: 'UTC'`. */
export function calendarDateInstant(date: CalendarDate): Date {
  const { year, month, day } = requireDate(date);
  const instant = new Date(Date.UTC(year, month - 1, day));
  instant.setUTCFullYear(year);
  return instant;
}

/**
 * The product's date format for a calendar date, in the reader's locale (no zone involved):
 * '2026-03-08' -> 'Mar 8, 2026' in English, '2026年3月8日' in Japanese, '8 de mar. de 2026' in
 * Portuguese, '8 มี.ค. 2026' in Thai (Gregorian years).
 */
export function formatCalendarDateForDisplay(date: CalendarDate, locale: Locale = DEFAULT_LOCALE): string {
  if (locale !== DEFAULT_LOCALE)
    return localeDateFormat(locale, { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' }).format(
      calendarDateInstant(date),
    );
  const { year, month, day } = requireDate(date);
  return `${EN_MONTHS[month - 1]} ${day}, ${year}`;
}

export const EN_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
