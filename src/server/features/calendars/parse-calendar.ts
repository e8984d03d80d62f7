/**
 * Busy time from an iCalendar file (decisions 040 and 045). This runs in the calendar parser's
 * worker thread (parse-worker.ts), never on the server's event loop, and is written to take time
 * linear in the file and bounded by a budget whatever the file says:
 *
 * - The file is cut into its events by a scan of its lines; each event is parsed by ical.js on its
 *   own, keeping only the properties busy time needs (never a title or description). An event that
 *   cannot be read is skipped and counted ("2 events could not be read"); the rest are kept. A bare
 *   date in a date-time property (EXDATE:20270324) is read as the date it is, and spaces inside a
 *   rule (BYDAY=MO, WE) are dropped, as calendar apps do.
 * - Each series gets its own exceptions (RECURRENCE-ID instances of the same UID), given to
 *   `ICAL.Event` explicitly, so no event looks at another series' edits.
 * - Each rule is expanded by ical.js's iterator under an iteration budget counted inside its loop
 *   (every candidate it looks at, not only those it returns): a rule that only ever looks can no
 *   longer spin. A rule whose filters can never match (the 30th of February) is refused at once.
 *   A plain rule (FREQ and INTERVAL, no COUNT, no month or day-of-month filters) starts at the last
 *   period before the window, so a rule repeating hourly since 2019 costs a year of hours.
 * - Wall-clock readings become instants the same way for every zone (calendar-zones.ts): `Z` is
 *   UTC; a TZID is an IANA name, a Windows name or display label, the file's VTIMEZONE, or a fixed
 *   offset; a floating time is on the provider's clock; an all-day event is busy from midnight to
 *   midnight in the calendar's zone (X-WR-TIMEZONE, else the provider's); a wall time in the spring
 *   gap moves forward by the gap, one in the autumn overlap is the earlier instant.
 *
 * Events marked TRANSPARENT ("show as free") or STATUS:CANCELLED are not busy, nor are zero-length
 * timed events. Only occurrences overlapping [from, to) are returned.
 */
import ICAL from 'ical.js';
import { CalendarFetchError } from './calendar-error.ts';
import { ianaZone, ianaZoneOf, ZoneResolver, type WallFields, type Zone, type ZoneNote } from './calendar-zones.ts';

export { ianaZoneOf, wallToInstant } from './calendar-zones.ts';

export const NOT_A_CALENDAR = 'This is not a calendar file';
export const CUT_SHORT = 'The calendar file is cut short';
/** More busy times than this in the window is refused rather than half stored. */
export const MAX_BUSY_INTERVALS = 20_000;
export const tooManyBusyTimes = () =>
  `The calendar has more than ${MAX_BUSY_INTERVALS.toLocaleString('en')} busy times in the next year`;
/**
 * Steps of recurrence expansion in the whole file, at most: each candidate time a rule's iterator
 * looks at, and each occurrence or RDATE. ical.js takes 5 to 40 µs a step, so this is a few
 * seconds at worst, under the worker's wall-clock budget.
 */
export const MAX_STEPS = 200_000;
export const TOO_MANY_REPEATS = 'The calendar repeats its events too often to be read';
export const NEVER_HAPPENS = 'An event in the calendar repeats on a date that never comes';
export const neverHappensOn = (month: number, day: number) =>
  `${NEVER_HAPPENS} (${new Date(Date.UTC(2000, month - 1, 1)).toLocaleString('en', { month: 'long', timeZone: 'UTC' })} ${day})`;
/** Parameters on one line, at most: real files have a handful. */
export const MAX_PARAMETERS = 50;

export type BusyInterval = { start: Date; end: Date };

export type CalendarReading = {
  intervals: BusyInterval[];
  /** Events skipped because they could not be read. */
  unreadable: number;
  /** How zones that are not plainly named were read, for the provider: in English, and what each says. */
  notes: string[];
  zoneNotes: ZoneNote[];
};

type ICalComponent = InstanceType<typeof ICAL.Component>;
type ICalTime = InstanceType<typeof ICAL.Time>;
type ICalEvent = InstanceType<typeof ICAL.Event>;
type ICalRecur = InstanceType<typeof ICAL.Recur>;

// ------------------------------------------------------------------------------ the step budget

let stepsLeft = 0;
function step() {
  if (--stepsLeft < 0) throw new CalendarFetchError(TOO_MANY_REPEATS, { code: 'too_many_repeats' });
}

/** ical.js's iterator, counting every candidate time it looks at against the file's budget. */
class GuardedIterator extends ICAL.RecurIterator {
  override check_contracting_rules(): boolean {
    step();
    return super.check_contracting_rules();
  }
}

// ------------------------------------------------------------------------------ scanning the file

/** Event properties busy time needs; every other line is dropped before parsing. */
const EVENT_PROPERTIES = new Set([
  'DTSTART',
  'DTEND',
  'DURATION',
  'RRULE',
  'RDATE',
  'EXDATE',
  'RECURRENCE-ID',
  'UID',
  'STATUS',
  'TRANSP',
]);
const DATE_PROPERTIES = new Set(['DTSTART', 'DTEND', 'RDATE', 'EXDATE', 'RECURRENCE-ID']);

type Scan = {
  calendarZone: string | undefined;
  /** Each event's kept lines, or null for one found broken while scanning. */
  events: (string[] | null)[];
  /** VTIMEZONE blocks by TZID. */
  zones: Map<string, string>;
};

/** The property name of a content line and where its value starts; -1 when the line is malformed. */
function splitLine(line: string): { name: string; params: number; colon: number } {
  let params = 0;
  let quoted = false;
  let nameEnd = -1;
  for (let i = 0; i < line.length; i++) {
    const c = line.charCodeAt(i);
    if (c === 34 /* " */) quoted = !quoted;
    else if (quoted) continue;
    else if (c === 59 /* ; */) {
      if (nameEnd < 0) nameEnd = i;
      params++;
    } else if (c === 58 /* : */) {
      return { name: line.slice(0, nameEnd < 0 ? i : nameEnd).toUpperCase(), params, colon: i };
    }
  }
  return { name: '', params, colon: -1 };
}

/** A bare date in a date-time property ("EXDATE:20270324") becomes the date it is; a rule loses its spaces. */
function repaired(line: string, name: string, colon: number): string {
  if (name === 'RRULE') return line.replace(/\s+/g, '');
  if (DATE_PROPERTIES.has(name) && !/;VALUE=/i.test(line.slice(0, colon))) {
    const values = line.slice(colon + 1).split(',');
    if (values.every((v) => /^\d{8}$/.test(v.trim())))
      return `${line.slice(0, colon)};VALUE=DATE:${values.map((v) => v.trim()).join(',')}`;
  }
  return line;
}

function scan(text: string): Scan {
  const lines = text.replace(/\r?\n[ \t]/g, '').split(/\r\n|\n|\r/);
  const out: Scan = { calendarZone: undefined, events: [], zones: new Map() };
  // Where we are: 0 outside, 1 in the VCALENDAR, then an event or a zone (and what they nest).
  let depth = 0;
  let event: string[] | null = null;
  let eventBroken = false;
  let eventDepth = 0;
  let zone: string[] | null = null;
  let zoneId: string | undefined;
  let zoneDepth = 0;
  for (const raw of lines) {
    const line = raw.trimEnd();
    if (!line) continue;
    const { name, params, colon } = splitLine(line);
    const value =
      colon >= 0
        ? line
            .slice(colon + 1)
            .trim()
            .toUpperCase()
        : '';
    if (name === 'BEGIN') {
      depth++;
      if (depth === 2 && value === 'VEVENT') {
        event = [];
        eventBroken = false;
        eventDepth = depth;
      } else if (depth === 2 && value === 'VTIMEZONE') {
        zone = [line];
        zoneId = undefined;
        zoneDepth = depth;
      } else if (zone) zone.push(line);
      continue;
    }
    if (name === 'END') {
      if (event && depth === eventDepth) {
        out.events.push(eventBroken ? null : event);
        event = null;
      } else if (zone) {
        zone.push(line);
        if (depth === zoneDepth) {
          if (zoneId) out.zones.set(zoneId, zone.join('\r\n'));
          zone = null;
        }
      }
      depth--;
      continue;
    }
    if (event) {
      // Lines of a nested component (an alarm) are not the event's.
      if (depth !== eventDepth || !EVENT_PROPERTIES.has(name)) continue;
      if (colon < 0 || params > MAX_PARAMETERS) eventBroken = true;
      else event.push(repaired(line, name, colon));
    } else if (zone) {
      if (colon < 0 || params > MAX_PARAMETERS) continue;
      zone.push(line);
      if (name === 'TZID' && depth === zoneDepth) zoneId = line.slice(colon + 1).trim();
    } else if (depth === 1 && name === 'X-WR-TIMEZONE' && colon >= 0) {
      out.calendarZone = line.slice(colon + 1).trim();
    }
  }
  // A file that stops before its END:VCALENDAR was cut short: half a calendar is not stored.
  if (depth > 0) throw new CalendarFetchError(CUT_SHORT, { code: 'cut_short' });
  return out;
}

// ------------------------------------------------------------------------------ rules

const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const numbers = (v: unknown): number[] => (Array.isArray(v) ? v.map(Number).filter(Number.isFinite) : []);

/** Refuses a rule whose filters can never all match (the 30th of February, the 25th hour). */
function checkCanHappen(rule: ICalRecur) {
  const parts = (rule.parts ?? {}) as Record<string, unknown>;
  const months = parts.BYMONTH
    ? numbers(parts.BYMONTH).filter((m) => m >= 1 && m <= 12)
    : [...Array(12).keys()].map((i) => i + 1);
  if (months.length === 0) throw new CalendarFetchError(NEVER_HAPPENS, { code: 'never_happens' });
  if (parts.BYMONTHDAY) {
    const days = numbers(parts.BYMONTHDAY);
    const fits = days.some((d) => d !== 0 && months.some((m) => Math.abs(d) <= DAYS_IN_MONTH[m - 1]!));
    if (!fits)
      throw days[0]
        ? new CalendarFetchError(neverHappensOn(months[0]!, Math.abs(days[0])), {
            code: 'never_happens_on',
            month: months[0]!,
            day: Math.abs(days[0]),
          })
        : new CalendarFetchError(NEVER_HAPPENS, { code: 'never_happens' });
  }
  const inRange = (key: string, min: number, max: number) =>
    !parts[key] || numbers(parts[key]).some((v) => v >= min && v <= max);
  if (
    !inRange('BYHOUR', 0, 23) ||
    !inRange('BYMINUTE', 0, 59) ||
    !inRange('BYSECOND', 0, 60) ||
    !inRange('BYYEARDAY', -366, 366) ||
    !inRange('BYWEEKNO', -53, 53)
  )
    throw new CalendarFetchError(NEVER_HAPPENS, { code: 'never_happens' });
  // A numbered weekday ("1MO") only means something in a monthly or yearly rule; in a daily or
  // faster one it filters out every day.
  const byday = Array.isArray(parts.BYDAY) ? (parts.BYDAY as string[]) : [];
  if (
    ['SECONDLY', 'MINUTELY', 'HOURLY', 'DAILY'].includes(rule.freq) &&
    byday.length > 0 &&
    byday.every((d) => /^[+-]?\d/.test(d))
  )
    throw new CalendarFetchError(NEVER_HAPPENS, { code: 'never_happens' });
}

const UNIT_SECONDS: Record<string, number> = {
  SECONDLY: 1,
  MINUTELY: 60,
  HOURLY: 3600,
  DAILY: 86_400,
  WEEKLY: 604_800,
};
const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
const lcm = (a: number, b: number) => (a / gcd(a, b)) * b;

/**
 * The period (seconds of wall time) after which a plain rule repeats exactly, so its start may be
 * moved by whole periods; undefined for a rule counted from its start (COUNT) or filtered by
 * month, day of the month, year day, week number or set position.
 */
function periodOf(rule: ICalRecur): number | undefined {
  const unit = UNIT_SECONDS[rule.freq];
  if (!unit || rule.count) return undefined;
  let period = unit * Math.max(1, rule.interval || 1);
  for (const [part, values] of Object.entries((rule.parts ?? {}) as Record<string, unknown>)) {
    if (part === 'BYDAY') {
      if ((values as string[]).some((d) => /^[+-]?\d/.test(d))) return undefined;
      period = lcm(period, 604_800);
    } else if (part === 'BYHOUR' || part === 'BYMINUTE' || part === 'BYSECOND') period = lcm(period, 86_400);
    else return undefined;
  }
  return period;
}

// ------------------------------------------------------------------------------ reading

type Context = {
  zones: ZoneResolver;
  /** All-day events' zone. */
  calendar: Zone;
  from: number;
  to: number;
};

const fieldsOf = (t: ICalTime): WallFields => ({
  year: t.year,
  month: t.month,
  day: t.day,
  hour: t.isDate ? 0 : t.hour,
  minute: t.isDate ? 0 : t.minute,
  second: t.isDate ? 0 : t.second,
});
const wallSeconds = (f: WallFields) => Date.UTC(f.year, f.month - 1, f.day, f.hour, f.minute, f.second) / 1000;

function isUtc(time: ICalTime): boolean {
  return time.zone === ICAL.Timezone.utcTimezone || time.zone?.tzid === 'UTC';
}

/** The zone a time's wall fields are read in: UTC, its TZID's, the calendar's (all-day) or the provider's (floating). */
function zoneOf(time: ICalTime, tzid: string | undefined, ctx: Context): Zone | 'utc' {
  if (time.isDate) return ctx.calendar;
  if (isUtc(time)) return 'utc';
  return tzid ? ctx.zones.zone(tzid) : ctx.zones.provider;
}

function instantOf(time: ICalTime, tzid: string | undefined, ctx: Context): number {
  const zone = zoneOf(time, tzid, ctx);
  const f = fieldsOf(time);
  return zone === 'utc' ? wallSeconds(f) * 1000 : zone.toInstant(f);
}

function tzidOf(component: ICalComponent, property: string): string | undefined {
  const tzid = component.getFirstProperty(property)?.getParameter('tzid');
  return typeof tzid === 'string' ? tzid : undefined;
}

/** Not busy: cancelled, or marked free (TRANSPARENT). */
function isFree(component: ICalComponent): boolean {
  const status = String(component.getFirstPropertyValue('status') ?? '').toUpperCase();
  const transp = String(component.getFirstPropertyValue('transp') ?? '').toUpperCase();
  return status === 'CANCELLED' || transp === 'TRANSPARENT';
}

/** The wall fields of the day after the one `instant` shows in `zone`, at midnight. */
function nextDay(instant: number, zone: Zone): WallFields {
  const f = zone.toWall(instant);
  const d = new Date(Date.UTC(f.year, f.month - 1, f.day + 1));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate(), hour: 0, minute: 0, second: 0 };
}

/** Reads one event's component: every value busy time uses, so a bad one fails here, not later. */
function readComponent(text: string): ICalComponent {
  const component = new ICAL.Component(ICAL.parse(text) as never);
  if (component.name !== 'vevent') throw new Error('not an event');
  for (const name of ['dtstart', 'dtend', 'duration', 'recurrence-id', 'rrule'])
    for (const prop of component.getAllProperties(name)) prop.getValues();
  for (const name of ['rdate', 'exdate']) for (const prop of component.getAllProperties(name)) prop.getValues();
  return component;
}

/**
 * A RECURRENCE-ID written other than its series' DTSTART (in UTC for a zoned series, or a bare
 * date for a timed one) is rewritten to the series' wall clock, so ical.js finds the occurrence.
 */
function alignRecurrenceId(exception: ICalComponent, master: ICalComponent, ctx: Context) {
  const id = exception.getFirstPropertyValue('recurrence-id') as ICalTime | null;
  const start = master.getFirstPropertyValue('dtstart') as ICalTime | null;
  if (!id || !start || start.isDate) return;
  let fields: WallFields | undefined;
  if (id.isDate) fields = { ...fieldsOf(id), hour: start.hour, minute: start.minute, second: start.second };
  else if (isUtc(id) && !isUtc(start)) {
    const zone = zoneOf(start, tzidOf(master, 'dtstart'), ctx);
    if (zone !== 'utc') fields = zone.toWall(wallSeconds(fieldsOf(id)) * 1000);
  }
  if (!fields) return;
  const prop = exception.getFirstProperty('recurrence-id')!;
  prop.removeParameter('value');
  const tzid = tzidOf(master, 'dtstart');
  if (tzid) prop.setParameter('tzid', tzid);
  else prop.removeParameter('tzid');
  prop.setValue(isUtc(start) ? ICAL.Time.fromData(fields, ICAL.Timezone.utcTimezone) : ICAL.Time.fromData(fields));
}

type Occurrence = { time: ICalTime; tzid: string | undefined; ms: number };

/** One event's busy intervals in the window. */
function eventBusy(event: ICalEvent, ctx: Context, add: (start: number, end: number, isDate: boolean) => void) {
  const master = event.component;
  const masterTz = tzidOf(master, 'dtstart');
  if (!event.isRecurring()) {
    if (isFree(master)) return;
    const start = event.startDate;
    const endTz = master.hasProperty('dtend') ? tzidOf(master, 'dtend') : masterTz;
    add(instantOf(start, masterTz, ctx), instantOf(event.endDate, endTz, ctx), start.isDate);
    return;
  }
  const dtstart = event.startDate;
  const durationMs = Math.max(0, instantOf(event.endDate, masterTz, ctx) - instantOf(dtstart, masterTz, ctx));
  const masterZone = zoneOf(dtstart, masterTz, ctx);
  const wallOfInstant = (ms: number) => (masterZone === 'utc' ? fieldsOfUtcMs(ms) : masterZone.toWall(ms));

  const rules = master.getAllProperties('rrule').map((p) => p.getFirstValue() as ICalRecur);
  for (const rule of rules) checkCanHappen(rule);
  // A plain rule starts from its last period before the window (less the event's length and a
  // margin of two days for clock changes), every period of it being the same.
  const periods = rules.map(periodOf);
  let start = dtstart;
  if (
    rules.length > 0 &&
    periods.every((p) => p !== undefined) &&
    !(dtstart.isDate && periods.some((p) => p! < 86_400))
  ) {
    const period = periods.reduce((a, b) => lcm(a!, b!), 1)!;
    const gap = wallSeconds(wallOfInstant(ctx.from - durationMs)) - 2 * 86_400 - wallSeconds(fieldsOf(dtstart));
    const skip = Math.floor(gap / period) * period;
    if (skip > 0) {
      start = dtstart.clone();
      start.adjust(Math.floor(skip / 86_400), 0, 0, skip % 86_400);
    }
  }
  const iterators = rules.map((rule) => {
    const r = rule.clone();
    // An UNTIL in UTC for a series on a zone's clock: compared on that clock, as ical.js compares.
    if (r.until && !r.until.isDate && isUtc(r.until) && !isUtc(dtstart) && !dtstart.isDate)
      r.until = ICAL.Time.fromData(wallOfInstant(wallSeconds(fieldsOf(r.until)) * 1000));
    return new GuardedIterator({ rule: r, dtstart: start });
  });
  const occurrenceOf = (time: ICalTime | null, tzid: string | undefined): Occurrence | null =>
    time ? { time: time.clone(), tzid, ms: instantOf(time, tzid, ctx) } : null;
  const heads = iterators.map((it) => occurrenceOf(it.next(), masterTz));

  const rdates: Occurrence[] = [];
  for (const prop of master.getAllProperties('rdate')) {
    const tzid = prop.getParameter('tzid') as string | undefined;
    for (const v of prop.getValues() as unknown[]) {
      step();
      const time = v instanceof ICAL.Period ? v.start : (v as ICalTime);
      rdates.push({
        time,
        tzid: tzid ?? (isUtc(time) ? undefined : masterTz),
        ms: instantOf(time, tzid ?? masterTz, ctx),
      });
    }
  }
  rdates.sort((a, b) => a.ms - b.ms);
  const excludedDays = new Set<string>();
  const excludedTimes = new Set<number>();
  for (const prop of master.getAllProperties('exdate')) {
    const tzid = prop.getParameter('tzid') as string | undefined;
    for (const v of prop.getValues() as ICalTime[]) {
      if (v.isDate) excludedDays.add(`${v.year}-${v.month}-${v.day}`);
      else excludedTimes.add(instantOf(v, tzid ?? masterTz, ctx));
    }
  }

  const stopAt = ctx.to + 7 * 86_400_000;
  let nextRdate = 0;
  let previous = Number.NaN;
  for (;;) {
    let pick = -1;
    for (let i = 0; i < heads.length; i++) if (heads[i] && (pick < 0 || heads[i]!.ms < heads[pick]!.ms)) pick = i;
    const rdate = rdates[nextRdate];
    let occurrence: Occurrence;
    if (rdate && (pick < 0 || rdate.ms <= heads[pick]!.ms)) {
      occurrence = rdate;
      nextRdate++;
    } else if (pick >= 0) {
      occurrence = heads[pick]!;
      heads[pick] = occurrenceOf(iterators[pick]!.next(), masterTz);
    } else break;
    step();
    // Far past the window (by the occurrence's own recurrence time): the rest are later still.
    if (occurrence.ms >= stopAt) break;
    if (occurrence.ms === previous) continue;
    previous = occurrence.ms;
    const t = occurrence.time;
    if (excludedTimes.has(occurrence.ms) || excludedDays.has(`${t.year}-${t.month}-${t.day}`)) continue;
    const details = event.getOccurrenceDetails(t);
    const item = details.item.component;
    if (isFree(item)) continue;
    const isException = item !== master;
    const startTz = isException ? tzidOf(item, 'dtstart') : occurrence.tzid;
    const endTz = isException && item.hasProperty('dtend') ? tzidOf(item, 'dtend') : startTz;
    add(instantOf(details.startDate, startTz, ctx), instantOf(details.endDate, endTz, ctx), details.startDate.isDate);
  }
}

function fieldsOfUtcMs(ms: number): WallFields {
  const d = new Date(ms);
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    second: d.getUTCSeconds(),
  };
}

/**
 * Reads a calendar file: its busy intervals overlapping [from, to) in time order, how many events
 * could not be read, and notes on zones read by their offset or in the provider's zone.
 * `timeZone` is the provider's zone (floating times; all-day events when the calendar names no
 * zone of its own). Throws CalendarFetchError with a sentence for the provider when the file as a
 * whole cannot be read.
 */
export function readCalendar(
  text: string,
  opts: { timeZone: string; from: Date; to: Date; maxIntervals?: number; maxSteps?: number },
): CalendarReading {
  if (!/^\s*BEGIN:VCALENDAR/i.test(text.replace(/^\uFEFF/, '')))
    throw new CalendarFetchError(NOT_A_CALENDAR, { code: 'not_a_calendar' });
  const scanned = scan(text);
  stepsLeft = opts.maxSteps ?? MAX_STEPS;
  const zones = new ZoneResolver(opts.timeZone, scanned.zones);
  const calendarZoneName = scanned.calendarZone ? ianaZoneOf(scanned.calendarZone) : undefined;
  const ctx: Context = {
    zones,
    calendar: calendarZoneName ? ianaZone(calendarZoneName) : zones.provider,
    from: opts.from.getTime(),
    to: opts.to.getTime(),
  };
  const max = opts.maxIntervals ?? MAX_BUSY_INTERVALS;
  let unreadable = 0;

  // Parse each event alone; group each series with its own exceptions (same UID).
  const masters: { uid: string; component: ICalComponent }[] = [];
  const exceptions = new Map<string, ICalComponent[]>();
  for (const lines of scanned.events) {
    if (!lines) {
      unreadable++;
      continue;
    }
    let component: ICalComponent;
    try {
      component = readComponent(`BEGIN:VEVENT\r\n${lines.join('\r\n')}\r\nEND:VEVENT`);
    } catch {
      unreadable++;
      continue;
    }
    if (!component.hasProperty('dtstart')) continue;
    const uid = String(component.getFirstPropertyValue('uid') ?? '');
    if (component.hasProperty('recurrence-id')) {
      const list = exceptions.get(uid);
      if (list) list.push(component);
      else exceptions.set(uid, [component]);
    } else masters.push({ uid, component });
  }

  const out: BusyInterval[] = [];
  const read = (event: ICalEvent) => {
    const found: [number, number][] = [];
    const add = (s: number, end: number, isDate: boolean) => {
      let e = end;
      // An all-day event without an end lasts its one day; a timed one without an end takes no time.
      if (!Number.isFinite(s) || !Number.isFinite(e)) return;
      if (e <= s && isDate) e = ctx.calendar.toInstant(nextDay(s, ctx.calendar));
      if (!Number.isFinite(e) || e <= s || e <= ctx.from || s >= ctx.to) return;
      if (out.length + found.length >= max)
        throw new CalendarFetchError(tooManyBusyTimes(), { code: 'too_many_busy_times' });
      found.push([s, e]);
    };
    try {
      eventBusy(event, ctx, add);
    } catch (err) {
      if (err instanceof CalendarFetchError) throw err;
      unreadable++;
      return;
    }
    for (const [s, e] of found) out.push({ start: new Date(s), end: new Date(e) });
  };

  const seen = new Set<string>();
  for (const { uid, component } of masters) {
    // A series' edits go to the first event of its UID only.
    const own = uid && !seen.has(uid) ? (exceptions.get(uid) ?? []) : [];
    if (uid) seen.add(uid);
    const related: ICalComponent[] = [];
    for (const x of own) {
      try {
        alignRecurrenceId(x, component, ctx);
        new ICAL.Event(x).recurrenceId.toString();
        related.push(x);
      } catch {
        unreadable++;
      }
    }
    let event: ICalEvent;
    try {
      event = new ICAL.Event(component, { exceptions: related, strictExceptions: true });
    } catch {
      unreadable++;
      continue;
    }
    read(event);
  }
  // An instance whose series is not in the file stands alone.
  for (const [uid, list] of exceptions) {
    if (uid && seen.has(uid)) continue;
    for (const x of list) {
      let event: ICalEvent;
      try {
        event = new ICAL.Event(x, { exceptions: [] });
      } catch {
        unreadable++;
        continue;
      }
      read(event);
    }
  }
  out.sort((a, b) => a.start.getTime() - b.start.getTime() || a.end.getTime() - b.end.getTime());
  const intervals = out.filter(
    (b, i) =>
      i === 0 || b.start.getTime() !== out[i - 1]!.start.getTime() || b.end.getTime() !== out[i - 1]!.end.getTime(),
  );
  return { intervals, unreadable, notes: [...zones.notes.keys()], zoneNotes: [...zones.notes.values()] };
}

/** The busy intervals of a calendar file overlapping [from, to), in time order (readCalendar's). */
export function parseBusyIntervals(
  text: string,
  opts: { timeZone: string; from: Date; to: Date; maxIntervals?: number },
): BusyInterval[] {
  return readCalendar(text, opts).intervals;
}
