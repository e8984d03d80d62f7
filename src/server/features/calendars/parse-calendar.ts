/**
 * Busy time from an iCalendar file (decision 040), read with ical.js, which expands recurrence
 * rules with their exceptions (EXDATE, and RECURRENCE-ID instances that move or cancel one
 * occurrence). What ical.js leaves to us is turning each occurrence's wall-clock reading into an
 * instant, which we do the same way for every kind of zone a calendar may name:
 *
 * - `Z` (UTC) times are instants already;
 * - a TZID that is an IANA name (Google, Apple) is read with the runtime's zone rules; a Windows
 *   name (Outlook: "Eastern Standard Time") is mapped to IANA with `windows-iana`'s table; failing
 *   both, the calendar's own VTIMEZONE definition is used;
 * - a floating time (no zone) is read in the provider's zone;
 * - an all-day event (DATE values) is busy from midnight to midnight in the calendar's zone
 *   (X-WR-TIMEZONE, else the provider's), for as many days as it spans;
 * - a wall time that does not exist (spring gap) moves forward by the gap, and one that happens
 *   twice (autumn overlap) is the earlier instant, as RFC 5545 reads them.
 *
 * Events marked TRANSPARENT ("show as free") or STATUS:CANCELLED are not busy, nor are zero-length
 * timed events. Only occurrences overlapping [from, to) are returned.
 */
import ICAL from 'ical.js';
import { findIana } from 'windows-iana';
import { MINUTE_MS, utcOffsetMinutes } from '../../../shared/domain/time.ts';
import { CalendarFetchError } from './safe-fetch.ts';

export const NOT_A_CALENDAR = 'This is not a calendar file';
/** More busy times than this in the window is refused rather than half stored. */
export const MAX_BUSY_INTERVALS = 20_000;
export const tooManyBusyTimes = () =>
  `The calendar has more than ${MAX_BUSY_INTERVALS.toLocaleString('en-US')} busy times in the next year`;
/** Occurrences of one recurring event looked at, at most (an endless daily rule from 1990 stops here). */
const MAX_OCCURRENCES_PER_EVENT = 50_000;
/**
 * Occurrences looked at in the whole file, at most: parsing runs on the server's event loop, so
 * thousands of events each repeating every minute since 2000 must stop early, not stall it.
 */
export const MAX_OCCURRENCES_PER_FILE = 200_000;
export const TOO_MANY_REPEATS = 'The calendar repeats its events too often to be read';

export type BusyInterval = { start: Date; end: Date };

type ICalComponent = InstanceType<typeof ICAL.Component>;
type ICalTime = InstanceType<typeof ICAL.Time>;
type ICalTimezone = InstanceType<typeof ICAL.Timezone>;

const zoneCache = new Map<string, boolean>();
function isIanaZone(name: string): boolean {
  let known = zoneCache.get(name);
  if (known === undefined) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: name });
      known = true;
    } catch {
      known = false;
    }
    zoneCache.set(name, known);
  }
  return known;
}

/**
 * The IANA zone a TZID means: itself, the tail of a prefixed one ("/mozilla.org/.../Europe/Paris"),
 * or the Windows name's primary IANA zone. Undefined when none fits.
 */
export function ianaZoneOf(tzid: string): string | undefined {
  const name = tzid.trim().replace(/^"|"$/g, '');
  if (!name) return undefined;
  if (/^(utc|gmt|z)$/i.test(name)) return 'UTC';
  if (isIanaZone(name)) return name;
  const parts = name.split('/').filter(Boolean);
  for (let i = Math.max(0, parts.length - 3); i < parts.length; i++) {
    const tail = parts.slice(i).join('/');
    if (tail.includes('/') && isIanaZone(tail)) return tail;
  }
  const windows = findIana(name as Parameters<typeof findIana>[0]);
  return windows[0];
}

/**
 * The instant at which the wall clocks of `timeZone` read the given fields: a reading in the spring
 * gap moves forward by the gap, one in the autumn overlap is the earlier instant.
 */
export function wallToInstant(
  f: { year: number; month: number; day: number; hour: number; minute: number; second: number },
  timeZone: string,
): Date {
  const wall = Date.UTC(f.year, f.month - 1, f.day, f.hour, f.minute, f.second);
  const before = utcOffsetMinutes(timeZone, new Date(wall - 86_400_000));
  const after = utcOffsetMinutes(timeZone, new Date(wall + 86_400_000));
  const fits = [...new Set([before, after])]
    .map((offset) => wall - offset * MINUTE_MS)
    .filter((instant) => utcOffsetMinutes(timeZone, new Date(instant)) * MINUTE_MS === wall - instant);
  if (fits.length > 0) return new Date(Math.min(...fits));
  return new Date(wall - before * MINUTE_MS);
}

type Zones = {
  /** The provider's zone: floating times. */
  provider: string;
  /** The calendar's zone: all-day events. */
  calendar: string;
  /** VTIMEZONE definitions of the file, by TZID. */
  defined: Map<string, ICalTimezone>;
};

function isUtc(time: ICalTime): boolean {
  return time.zone === ICAL.Timezone.utcTimezone || time.zone?.tzid === 'UTC';
}

/** The instant of an occurrence time whose wall fields are read in the zone `tzid` names. */
function instantOf(time: ICalTime, tzid: string | undefined, zones: Zones): Date {
  const fields = {
    year: time.year,
    month: time.month,
    day: time.day,
    hour: time.isDate ? 0 : time.hour,
    minute: time.isDate ? 0 : time.minute,
    second: time.isDate ? 0 : time.second,
  };
  if (time.isDate) return wallToInstant(fields, zones.calendar);
  if (isUtc(time))
    return new Date(Date.UTC(fields.year, fields.month - 1, fields.day, fields.hour, fields.minute, fields.second));
  if (tzid) {
    const iana = ianaZoneOf(tzid);
    if (iana) return wallToInstant(fields, iana);
    const defined = zones.defined.get(tzid);
    if (defined) return new Date(ICAL.Time.fromData({ ...fields, isDate: false }, defined).toUnixTime() * 1000);
  }
  return wallToInstant(fields, zones.provider);
}

function tzidOf(component: ICalComponent, property: 'dtstart' | 'dtend'): string | undefined {
  const tzid = component.getFirstProperty(property)?.getParameter('tzid');
  return typeof tzid === 'string' ? tzid : undefined;
}

/** Not busy: cancelled, or marked free (TRANSPARENT). */
function isFree(component: ICalComponent): boolean {
  const status = String(component.getFirstPropertyValue('status') ?? '').toUpperCase();
  const transp = String(component.getFirstPropertyValue('transp') ?? '').toUpperCase();
  return status === 'CANCELLED' || transp === 'TRANSPARENT';
}

/** Parses the file; throws NOT_A_CALENDAR for anything that is not one VCALENDAR. */
function parseRoot(text: string): ICalComponent {
  if (!/^\s*BEGIN:VCALENDAR/i.test(text.replace(/^\uFEFF/, ''))) throw new CalendarFetchError(NOT_A_CALENDAR);
  let root: ICalComponent;
  try {
    const parsed: unknown = ICAL.parse(text);
    const jcal = Array.isArray(parsed) && Array.isArray(parsed[0]) ? parsed[0] : parsed;
    root = new ICAL.Component(jcal as never);
  } catch {
    throw new CalendarFetchError(NOT_A_CALENDAR);
  }
  if (root.name !== 'vcalendar') throw new CalendarFetchError(NOT_A_CALENDAR);
  return root;
}

/**
 * The busy intervals of a calendar file overlapping [from, to), in time order. `timeZone` is the
 * provider's zone (floating times; all-day events when the calendar names no zone of its own).
 */
export function parseBusyIntervals(
  text: string,
  opts: { timeZone: string; from: Date; to: Date; maxIntervals?: number },
): BusyInterval[] {
  const root = parseRoot(text);
  const calendarZoneName = root.getFirstPropertyValue('x-wr-timezone');
  const calendarZone = typeof calendarZoneName === 'string' ? ianaZoneOf(calendarZoneName) : undefined;
  const defined = new Map<string, ICalTimezone>();
  for (const vtz of root.getAllSubcomponents('vtimezone')) {
    const tzid = vtz.getFirstPropertyValue('tzid');
    if (typeof tzid === 'string') defined.set(tzid, new ICAL.Timezone(vtz));
  }
  const zones: Zones = { provider: opts.timeZone, calendar: calendarZone ?? opts.timeZone, defined };
  const from = opts.from.getTime();
  const to = opts.to.getTime();
  const max = opts.maxIntervals ?? MAX_BUSY_INTERVALS;
  const out: BusyInterval[] = [];
  let steps = 0;

  const add = (start: Date, end: Date, isDate: boolean) => {
    let e = end.getTime();
    const s = start.getTime();
    // An all-day event without an end lasts its one day; a timed one without an end takes no time.
    // A date the file could not give (NaN) is no busy time.
    if (!Number.isFinite(s) || !Number.isFinite(e)) return;
    if (e <= s && isDate) e = wallToInstant(nextDay(start, zones.calendar), zones.calendar).getTime();
    if (!Number.isFinite(e) || e <= s || e <= from || s >= to) return;
    if (out.length >= max) throw new CalendarFetchError(tooManyBusyTimes());
    out.push({ start: new Date(s), end: new Date(e) });
  };

  // Group each event with the instances that move or cancel one of its occurrences (same UID).
  const vevents = root.getAllSubcomponents('vevent');
  const masters = new Map<string, InstanceType<typeof ICAL.Event>>();
  const exceptions: ICalComponent[] = [];
  let anonymous = 0;
  for (const v of vevents) {
    if (v.hasProperty('recurrence-id')) exceptions.push(v);
    else {
      const uid = String(v.getFirstPropertyValue('uid') ?? `anonymous-${anonymous++}`);
      masters.set(uid, new ICAL.Event(v));
    }
  }
  const orphans: ICalComponent[] = [];
  for (const x of exceptions) {
    const master = masters.get(String(x.getFirstPropertyValue('uid') ?? ''));
    if (master) master.relateException(x);
    else orphans.push(x);
  }

  for (const event of masters.values()) {
    const master = event.component;
    if (!master.hasProperty('dtstart')) continue;
    const masterStartTz = tzidOf(master, 'dtstart');
    if (!event.isRecurring()) {
      if (isFree(master)) continue;
      const start = event.startDate;
      const end = event.endDate;
      add(
        instantOf(start, masterStartTz, zones),
        instantOf(end, master.hasProperty('dtend') ? tzidOf(master, 'dtend') : masterStartTz, zones),
        start.isDate,
      );
      continue;
    }
    // A cancelled series is free as a whole; a TRANSPARENT one too, unless an instance says otherwise.
    const iterator = event.iterator();
    for (let i = 0; i < MAX_OCCURRENCES_PER_EVENT; i++) {
      const next = iterator.next();
      if (!next) break;
      if (++steps > MAX_OCCURRENCES_PER_FILE) throw new CalendarFetchError(TOO_MANY_REPEATS);
      const details = event.getOccurrenceDetails(next);
      const item = details.item.component;
      const isException = item !== master;
      // Far past the window (by the occurrence's own recurrence time): the rest are later still.
      if (instantOf(next, masterStartTz, zones).getTime() >= to + 7 * 86_400_000) break;
      if (isFree(item)) continue;
      const startTz = isException ? tzidOf(item, 'dtstart') : masterStartTz;
      const endTz = isException && item.hasProperty('dtend') ? tzidOf(item, 'dtend') : startTz;
      add(
        instantOf(details.startDate, startTz, zones),
        instantOf(details.endDate, endTz, zones),
        details.startDate.isDate,
      );
    }
  }
  // An instance whose series is not in the file stands alone.
  for (const x of orphans) {
    if (isFree(x) || !x.hasProperty('dtstart')) continue;
    const e = new ICAL.Event(x);
    const startTz = tzidOf(x, 'dtstart');
    add(
      instantOf(e.startDate, startTz, zones),
      instantOf(e.endDate, x.hasProperty('dtend') ? tzidOf(x, 'dtend') : startTz, zones),
      e.startDate.isDate,
    );
  }
  return out.sort((a, b) => a.start.getTime() - b.start.getTime() || a.end.getTime() - b.end.getTime());
}

/** The wall fields of the day after the one `instant` shows in `timeZone`, at midnight. */
function nextDay(instant: Date, timeZone: string) {
  const shifted = new Date(instant.getTime() + utcOffsetMinutes(timeZone, instant) * MINUTE_MS);
  const d = new Date(Date.UTC(shifted.getUTCFullYear(), shifted.getUTCMonth(), shifted.getUTCDate() + 1));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate(), hour: 0, minute: 0, second: 0 };
}
