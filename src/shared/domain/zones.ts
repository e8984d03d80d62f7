/**
 * Time-zone names, and the calendar date an instant falls on in a zone, from ECMAScript's Intl
 * alone. Its own module (re-exported by time.ts) so the client's first chunk, whose viewer clock
 * needs only today, does not carry @date-fns/tz (decision 012).
 */
import { formatCalendarDate, type CalendarDate } from './calendar-date.ts';

/** IANA names only: letters, digits, '_', '-', '+' and '/'; no bare UTC offsets such as '+05:30'. */
const ZONE_NAME_RE = /^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/;

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

export function requireZone(timeZone: string) {
  if (!isValidTimeZone(timeZone)) throw new RangeError(`Unknown time zone: ${timeZone}`);
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The calendar date `instant` falls on in `timeZone` (the day its wall calendars show). */
export function calendarDateIn(instant: Date, timeZone: string): CalendarDate {
  requireZone(timeZone);
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric', day: 'numeric' });
    // Only valid zones reach here, so hostile input cannot grow the map.
    dayFormats.set(timeZone, format);
  }
  const parts = format.formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return formatCalendarDate({ year: part('year'), month: part('month'), day: part('day') });
}
