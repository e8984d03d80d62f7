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
// this module does not pull in date-fns. Calendar dates and zone names are modules of their own,
// re-exported here; the client's first chunk imports them directly.
import { tzName, tzOffset } from '@date-fns/tz';
import {
  addCalendarDays,
  DAY_MS,
  formatCalendarDate,
  formatCalendarDateForDisplay,
  MINUTE_MS,
  requireDate,
  weekdayOf,
  type CalendarDate,
} from './calendar-date.ts';
import { calendarDateIn, isGenericTimeZone, requireZone } from './zones.ts';

export * from './calendar-date.ts';
export * from './zones.ts';

/** 'HH:mm', 24-hour. */
export type WallTime = string;

const WALL_TIME_RE = /^([01]\d|2[0-3]):([0-5]\d)$/;

// ------------------------------------------------------------------------------------ zones

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

/** The product's date format 'MMM d, yyyy' of an instant as seen in `timeZone`. */
export function formatDateIn(instant: Date, timeZone: string): string {
  return formatCalendarDateForDisplay(utcToZoned(instant, timeZone).date);
}

/** The product's time format 'h:mm a' of a wall time ('09:30' -> '9:30 AM', '00:05' -> '12:05 AM'). */
export function formatWallTimeForDisplay(time: WallTime): string {
  const { hour, minute } = parseWallTime(time);
  return `${hour % 12 === 0 ? 12 : hour % 12}:${String(minute).padStart(2, '0')} ${hour < 12 ? 'AM' : 'PM'}`;
}

/** The product's time format 'h:mm a' of an instant as seen in `timeZone` ('9:30 AM'). */
export function formatTimeIn(instant: Date, timeZone: string): string {
  return formatWallTimeForDisplay(utcToZoned(instant, timeZone).time);
}

const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** The weekday's English name of an instant as seen in `timeZone` ('Sunday'). */
export function formatWeekdayIn(instant: Date, timeZone: string): string {
  return WEEKDAY_NAMES[weekdayOf(calendarDateIn(instant, timeZone))] as string;
}
