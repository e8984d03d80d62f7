/**
 * Time-zone rules shared by the server, the seed and the client. Pure: no Node or DOM APIs, only
 * ECMAScript's Intl (through @date-fns/tz), so the same answer comes out everywhere.
 *
 * Vocabulary:
 * - a calendar date is a day on a wall calendar, written `yyyy-MM-dd` ('2026-03-08'); it is not
 *   an instant and has no zone;
 * - a wall time is a time on a wall clock, `HH:mm` ('09:30');
 * - an instant is a JavaScript Date (a point on the UTC time line).
 *
 * Turning a wall-clock time into an instant needs a zone, and twice a year it is not one-to-one:
 * - in the spring gap (02:30 on the night New York moves its clocks to 03:00) the time does not
 *   exist and moves forward by the gap (02:30 -> 03:30 EDT);
 * - in the autumn overlap (01:30 happens twice) the earlier instant is taken.
 * These are the rules of Temporal's 'compatible' disambiguation and of java.time.
 */
// Only @date-fns/tz's two small Intl readers: the formats below are built by hand, so importing
// this module (the auth schemas do, on the client's first screen) does not pull in date-fns.
import { tzName, tzOffset } from '@date-fns/tz';

/** 'yyyy-MM-dd'. */
export type CalendarDate = string;
/** 'HH:mm', 24-hour. */
export type WallTime = string;
/** A calendar date split into numbers; month is 1-12 (unlike Date). */
export type DateParts = { year: number; month: number; day: number };

export const MINUTE_MS = 60 * 1000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

const CALENDAR_DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const WALL_TIME_RE = /^([01]\d|2[0-3]):([0-5]\d)$/;
/** IANA names only: letters, digits, '_', '-', '+' and '/'; no bare UTC offsets such as '+05:30'. */
const ZONE_NAME_RE = /^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/;

// ------------------------------------------------------------------------------------ zones

const resolvedZones = new Map<string, string>();

/** The zone's name as the runtime resolves it, or undefined when the runtime does not know it. */
function resolveZone(timeZone: string): string | undefined {
  const known = resolvedZones.get(timeZone);
  if (known) return known;
  if (!ZONE_NAME_RE.test(timeZone)) return undefined;
  try {
    const resolved = new Intl.DateTimeFormat('en-US', { timeZone }).resolvedOptions().timeZone;
    // Only names that resolve are cached, so hostile input cannot grow the map.
    resolvedZones.set(timeZone, resolved);
    return resolved;
  } catch {
    return undefined;
  }
}

/** True for an IANA time-zone name the runtime knows ('Europe/Lisbon', 'UTC'); false otherwise. */
export function isValidTimeZone(timeZone: unknown): timeZone is string {
  return typeof timeZone === 'string' && resolveZone(timeZone) !== undefined;
}

/**
 * The name to store for a valid zone: the runtime's spelling when the input differs only in case
 * ('europe/lisbon' -> 'Europe/Lisbon'), else the input itself (an alias such as 'US/Eastern' stays
 * as the person chose it). Throws a RangeError for an unknown zone.
 */
export function normalizeTimeZone(timeZone: string): string {
  const resolved = resolveZone(timeZone);
  if (resolved === undefined) throw new RangeError(`Unknown time zone: ${timeZone}`);
  return resolved.toLowerCase() === timeZone.toLowerCase() ? resolved : timeZone;
}

/**
 * True for zones that say nothing about where a person is: UTC and its aliases and the fixed
 * 'Etc/GMT+5' style offsets. A browser reports these when the machine's zone was never set, so a
 * provider's zone detected as one of them must be confirmed by the person.
 */
export function isGenericTimeZone(timeZone: string): boolean {
  const tz = timeZone.toLowerCase();
  return (
    tz.startsWith('etc/') ||
    ['utc', 'uct', 'gmt', 'gmt0', 'gmt+0', 'gmt-0', 'greenwich', 'universal', 'zulu'].includes(tz)
  );
}

/** Offset of `timeZone` from UTC at `instant`, in minutes (Lisbon in summer: 60; New York: -240). */
export function utcOffsetMinutes(timeZone: string, instant: Date): number {
  const offset = tzOffset(timeZone, instant);
  if (Number.isNaN(offset)) throw new RangeError(`Unknown time zone: ${timeZone}`);
  return offset;
}

/** 'UTC', 'UTC+1', 'UTC−3' (a real minus sign), 'UTC+5:30', 'UTC+14'. */
export function formatUtcOffset(offsetMinutes: number): string {
  if (offsetMinutes === 0) return 'UTC';
  const sign = offsetMinutes > 0 ? '+' : '\u2212';
  const abs = Math.abs(Math.round(offsetMinutes));
  const hours = Math.floor(abs / 60);
  const minutes = abs % 60;
  return `UTC${sign}${hours}${minutes ? `:${String(minutes).padStart(2, '0')}` : ''}`;
}

/** The place a zone is named after: 'America/Sao_Paulo' -> 'Sao Paulo', 'UTC' -> 'UTC'. */
export function zoneCity(timeZone: string): string {
  const last = timeZone.split('/').pop() ?? timeZone;
  return last.replace(/_/g, ' ');
}

/**
 * A short label for a zone at a moment, for pickers and calendars: 'Lisbon (UTC+1)' in summer,
 * 'New York (UTC−5)' in winter; the generic zones are their offset alone ('UTC', 'UTC−5').
 */
export function zoneLabel(timeZone: string, at: Date): string {
  const offset = formatUtcOffset(utcOffsetMinutes(timeZone, at));
  return isGenericTimeZone(timeZone) ? offset : `${zoneCity(timeZone)} (${offset})`;
}

/**
 * A longer label: 'Lisbon time (Western European Summer Time, UTC+1)'. The zone's long name comes
 * from the runtime's locale data (English), so it can differ slightly between engines.
 */
export function zoneLongLabel(timeZone: string, at: Date): string {
  const offset = formatUtcOffset(utcOffsetMinutes(timeZone, at));
  if (isGenericTimeZone(timeZone)) return zoneLabel(timeZone, at);
  const name = tzName(timeZone, at, 'long');
  const named = name && !/^GMT/.test(name) ? `${name}, ` : '';
  return `${zoneCity(timeZone)} time (${named}${offset})`;
}

// ---------------------------------------------------------------------------- calendar dates

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

function requireDate(value: CalendarDate): DateParts {
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

/** SPEC.md's date format for a calendar date: '2026-03-08' -> 'Mar 8, 2026' (no zone involved). */
export function formatCalendarDateForDisplay(date: CalendarDate): string {
  const { year, month, day } = requireDate(date);
  const name = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][month - 1];
  return `${name} ${day}, ${year}`;
}

// ------------------------------------------------------------------------ instants and zones

function parseWallTime(time: WallTime): { hour: number; minute: number } {
  const m = WALL_TIME_RE.exec(time);
  if (!m) throw new RangeError(`Not a wall time (HH:mm): ${time}`);
  return { hour: Number(m[1]), minute: Number(m[2]) };
}

export function isWallTime(value: unknown): value is WallTime {
  return typeof value === 'string' && WALL_TIME_RE.test(value);
}

/** 'HH:mm' of an hour and minute (9, 5 -> '09:05'). */
export function formatWallTime(hour: number, minute = 0): WallTime {
  const text = `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
  parseWallTime(text);
  return text;
}

function requireZone(timeZone: string) {
  if (!isValidTimeZone(timeZone)) throw new RangeError(`Unknown time zone: ${timeZone}`);
}

/**
 * The instant at which the wall clocks of `timeZone` show `time` on `date`. A time in the spring
 * gap moves forward by the gap; a time in the autumn overlap is the earlier of the two instants.
 */
export function zonedToUtc(date: CalendarDate, time: WallTime, timeZone: string): Date {
  requireZone(timeZone);
  const { year, month, day } = requireDate(date);
  const { hour, minute } = parseWallTime(time);
  // The wall-clock reading written as if it were UTC; the real instant is this minus the offset.
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  const before = utcOffsetMinutes(timeZone, new Date(wall - DAY_MS));
  const after = utcOffsetMinutes(timeZone, new Date(wall + DAY_MS));
  const fits = [...new Set([before, after])]
    .map((offset) => wall - offset * MINUTE_MS)
    .filter((instant) => utcOffsetMinutes(timeZone, new Date(instant)) * MINUTE_MS === wall - instant);
  if (fits.length > 0) return new Date(Math.min(...fits));
  // In the gap: read the clock with the offset that held before the change, which lands after it.
  return new Date(wall - before * MINUTE_MS);
}

/** The calendar date and wall time `instant` shows in `timeZone`. */
export function utcToZoned(instant: Date, timeZone: string): { date: CalendarDate; time: WallTime } {
  requireZone(timeZone);
  const shifted = new Date(instant.getTime() + utcOffsetMinutes(timeZone, instant) * MINUTE_MS);
  return {
    date: formatCalendarDate({
      year: shifted.getUTCFullYear(),
      month: shifted.getUTCMonth() + 1,
      day: shifted.getUTCDate(),
    }),
    time: formatWallTime(shifted.getUTCHours(), shifted.getUTCMinutes()),
  };
}

/** The calendar date `instant` falls on in `timeZone`. */
export function calendarDateIn(instant: Date, timeZone: string): CalendarDate {
  return utcToZoned(instant, timeZone).date;
}

/**
 * The instants `[start, end)` of a calendar day in `timeZone`: usually 24 hours, 23 on the day
 * clocks go forward and 25 on the day they go back. A day whose midnight is in a gap starts at
 * its first minute.
 */
export function dayBounds(date: CalendarDate, timeZone: string): { start: Date; end: Date } {
  return {
    start: zonedToUtc(date, '00:00', timeZone),
    end: zonedToUtc(addCalendarDays(date, 1), '00:00', timeZone),
  };
}

/** SPEC.md's date format 'MMM d, yyyy' of an instant as seen in `timeZone`. */
export function formatDateIn(instant: Date, timeZone: string): string {
  return formatCalendarDateForDisplay(utcToZoned(instant, timeZone).date);
}

/** SPEC.md's time format 'h:mm a' of a wall time ('09:30' -> '9:30 AM', '00:05' -> '12:05 AM'). */
export function formatWallTimeForDisplay(time: WallTime): string {
  const { hour, minute } = parseWallTime(time);
  return `${hour % 12 === 0 ? 12 : hour % 12}:${String(minute).padStart(2, '0')} ${hour < 12 ? 'AM' : 'PM'}`;
}

/** SPEC.md's time format 'h:mm a' of an instant as seen in `timeZone` ('9:30 AM'). */
export function formatTimeIn(instant: Date, timeZone: string): string {
  return formatWallTimeForDisplay(utcToZoned(instant, timeZone).time);
}

const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** The weekday's English name of an instant as seen in `timeZone` ('Sunday'). */
export function formatWeekdayIn(instant: Date, timeZone: string): string {
  return WEEKDAY_NAMES[weekdayOf(calendarDateIn(instant, timeZone))] as string;
}
