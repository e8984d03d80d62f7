/**
 * The zone a calendar's TZID names, for turning wall-clock readings into instants (decision 045).
 * Tried in order:
 *
 * 1. an IANA name (Google, Apple), `UTC`/`GMT`/`Z`, or one at the end of a prefixed path
 *    ("/mozilla.org/20050126_1/Europe/Paris"): the runtime's zone rules;
 * 2. a Windows zone name (Outlook: "Eastern Standard Time"): its IANA zone, from windows-iana;
 * 3. a Microsoft display label ("(UTC-05:00) Eastern Time (US & Canada)", Exchange 2010 and OWA):
 *    the Windows zone CLDR's list gives that label, then as 2;
 * 4. the file's own VTIMEZONE of that name, when it reads like a real zone (yearly rules, a bounded
 *    number of observances), through ical.js;
 * 5. the offset written in the label ("(UTC+05:30) Somewhere", "GMT-3"), fixed, with a note for the
 *    provider;
 * 6. the provider's zone, with a note for the provider.
 *
 * Never a silent guess: 5 and 6 say on the calendar's row which zone was read how.
 */
import ICAL from 'ical.js';
import { findIana } from 'windows-iana';
import { formatUtcOffset, MINUTE_MS, utcOffsetMinutes } from '../../../shared/domain/time.ts';
import { WINDOWS_ZONE_LABELS } from './windows-zone-labels.ts';

export type WallFields = { year: number; month: number; day: number; hour: number; minute: number; second: number };

/** A zone: wall fields to an instant (ms) and back. */
export type Zone = {
  toInstant(f: WallFields): number;
  toWall(ms: number): WallFields;
};

type ICalComponent = InstanceType<typeof ICAL.Component>;

const zoneCache = new Map<string, boolean>();
function isIanaZone(name: string): boolean {
  let known = zoneCache.get(name);
  if (known === undefined) {
    try {
      new Intl.DateTimeFormat('en', { timeZone: name });
      known = true;
    } catch {
      known = false;
    }
    zoneCache.set(name, known);
  }
  return known;
}

const placeKey = (s: string) =>
  s
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]/g, '');
const WINDOWS_BY_PLACE = new Map(WINDOWS_ZONE_LABELS.map(([label, windows]) => [placeKey(label), windows]));

/** "(UTC-05:00) Eastern Time (US & Canada)", "(GMT+01:00) Amsterdam, …", "(UTC) Coordinated …". */
const LABEL_RE = /^\((?:UTC|GMT)\s*(?:([+-−])\s*(\d{1,2})(?::?(\d{2}))?)?\)\s*(.*)$/i;
/** "UTC+05:30", "GMT-3", "UTC+1". */
const BARE_OFFSET_RE = /^(?:UTC|GMT)\s*([+-−])\s*(\d{1,2})(?::?(\d{2}))?$/i;

function offsetOf(sign: string | undefined, hours: string | undefined, minutes: string | undefined): number {
  if (!sign || hours === undefined) return 0;
  const value = Number(hours) * 60 + Number(minutes ?? 0);
  return sign === '+' ? value : -value;
}

const unquote = (tzid: string) => tzid.trim().replace(/^"|"$/g, '').trim();

/**
 * The IANA zone a TZID means: itself, the tail of a prefixed one, a Windows zone name's or a
 * Windows display label's primary IANA zone. Undefined when none fits.
 */
export function ianaZoneOf(tzid: string): string | undefined {
  const name = unquote(tzid);
  if (!name) return undefined;
  if (/^(utc|gmt|z)$/i.test(name)) return 'UTC';
  if (isIanaZone(name)) return name;
  const parts = name.split('/').filter(Boolean);
  for (let i = Math.max(0, parts.length - 3); i < parts.length; i++) {
    const tail = parts.slice(i).join('/');
    if (tail.includes('/') && isIanaZone(tail)) return tail;
  }
  const windows = findIana(name as Parameters<typeof findIana>[0])[0];
  if (windows) return windows;
  const label = LABEL_RE.exec(name);
  if (label?.[4]) {
    const windowsZone = WINDOWS_BY_PLACE.get(placeKey(label[4]));
    if (windowsZone) return findIana(windowsZone as Parameters<typeof findIana>[0])[0];
  }
  return undefined;
}

/** The fixed offset (minutes) a label writes, if it writes one: "(UTC-05:00) …", "GMT+2". */
export function labelOffsetMinutes(tzid: string): number | undefined {
  const name = unquote(tzid);
  const m = LABEL_RE.exec(name) ?? BARE_OFFSET_RE.exec(name);
  if (!m) return undefined;
  const minutes = offsetOf(m[1]?.replace('−', '-'), m[2], m[3]);
  return Math.abs(minutes) <= 14 * 60 ? minutes : undefined;
}

/**
 * The instant at which the wall clocks of `timeZone` read the given fields: a reading in the spring
 * gap moves forward by the gap, one in the autumn overlap is the earlier instant.
 */
export function wallToInstant(f: WallFields, timeZone: string): Date {
  const wall = Date.UTC(f.year, f.month - 1, f.day, f.hour, f.minute, f.second);
  const before = utcOffsetMinutes(timeZone, new Date(wall - 86_400_000));
  const after = utcOffsetMinutes(timeZone, new Date(wall + 86_400_000));
  const fits = [...new Set([before, after])]
    .map((offset) => wall - offset * MINUTE_MS)
    .filter((instant) => utcOffsetMinutes(timeZone, new Date(instant)) * MINUTE_MS === wall - instant);
  if (fits.length > 0) return new Date(Math.min(...fits));
  return new Date(wall - before * MINUTE_MS);
}

function fieldsOfUtc(ms: number): WallFields {
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
const utcOfFields = (f: WallFields) => Date.UTC(f.year, f.month - 1, f.day, f.hour, f.minute, f.second);

export function ianaZone(name: string): Zone {
  return {
    toInstant: (f) => wallToInstant(f, name).getTime(),
    toWall: (ms) => fieldsOfUtc(ms + utcOffsetMinutes(name, new Date(ms)) * MINUTE_MS),
  };
}

export function fixedZone(offsetMinutes: number): Zone {
  return {
    toInstant: (f) => utcOfFields(f) - offsetMinutes * MINUTE_MS,
    toWall: (ms) => fieldsOfUtc(ms + offsetMinutes * MINUTE_MS),
  };
}

/** Observances (STANDARD/DAYLIGHT) of a VTIMEZONE, at most: real zones have a few dozen. */
const MAX_OBSERVANCES = 200;
/** RDATE values in a VTIMEZONE, at most. */
const MAX_ZONE_RDATES = 1000;
const ZONE_RULE_PARTS = new Set(['BYMONTH', 'BYDAY', 'BYMONTHDAY']);

/**
 * Whether a VTIMEZONE reads like a real zone: a bounded number of observances, each changing the
 * offset at most yearly (a rule repeating every second from 1601 would have ical.js walk every
 * second up to today).
 */
function isReadableZone(vtz: ICalComponent): boolean {
  const observances = [...vtz.getAllSubcomponents('standard'), ...vtz.getAllSubcomponents('daylight')];
  if (observances.length === 0 || observances.length > MAX_OBSERVANCES) return false;
  let rdates = 0;
  for (const o of observances) {
    if (!o.hasProperty('dtstart') || !o.hasProperty('tzoffsetto')) return false;
    const rules = o.getAllProperties('rrule');
    if (rules.length > 1) return false;
    for (const prop of rules) {
      const rule = prop.getFirstValue() as InstanceType<typeof ICAL.Recur>;
      if (rule.freq !== 'YEARLY') return false;
      for (const [part, values] of Object.entries(rule.parts ?? {})) {
        if (!ZONE_RULE_PARTS.has(part) || !Array.isArray(values) || values.length > 31) return false;
      }
    }
    for (const prop of o.getAllProperties('rdate')) rdates += prop.getValues().length;
    if (rdates > MAX_ZONE_RDATES) return false;
  }
  return true;
}

function definedZone(tz: InstanceType<typeof ICAL.Timezone>): Zone {
  return {
    toInstant: (f) => ICAL.Time.fromData({ ...f, isDate: false }, tz).toUnixTime() * 1000,
    toWall: (ms) => {
      const utc = ICAL.Time.fromData({ year: 1970, month: 1, day: 1 }, ICAL.Timezone.utcTimezone);
      utc.fromUnixTime(Math.floor(ms / 1000));
      const t = utc.convertToZone(tz);
      return { year: t.year, month: t.month, day: t.day, hour: t.hour, minute: t.minute, second: t.second };
    },
  };
}

/**
 * How a zone not plainly named was read, worded for each reader (calendar-words.ts): at a fixed
 * offset its label gives, or in the provider's zone because the file's definition cannot be read
 * or there is none.
 */
export type ZoneNote =
  | { code: 'fixed_offset'; name: string; offsetMinutes: number }
  | { code: 'zone_unreadable' | 'zone_unknown'; name: string; zone: string };

/**
 * Resolves the TZIDs of one calendar file, remembering each, and the notes to show for them: by
 * their English sentence (the logs', and the notes column's), each with what it says.
 */
export class ZoneResolver {
  readonly notes = new Map<string, ZoneNote>();
  readonly #cache = new Map<string, Zone>();
  readonly #provider: Zone;

  constructor(
    private readonly providerZone: string,
    /** The file's VTIMEZONE blocks by TZID (parsed only when a TZID needs one). */
    private readonly definitions: Map<string, string>,
  ) {
    this.#provider = ianaZone(providerZone);
  }

  get provider(): Zone {
    return this.#provider;
  }

  zone(tzid: string): Zone {
    let zone = this.#cache.get(tzid);
    if (!zone) {
      zone = this.#resolve(tzid);
      this.#cache.set(tzid, zone);
    }
    return zone;
  }

  #resolve(tzid: string): Zone {
    const iana = ianaZoneOf(tzid);
    if (iana) return ianaZone(iana);
    const defined = this.#defined(tzid);
    if (defined) return defined;
    const name = unquote(tzid);
    const offset = labelOffsetMinutes(tzid);
    if (offset !== undefined) {
      this.notes.set(`Times in “${name}” were read at ${formatUtcOffset(offset)}, without daylight saving time.`, {
        code: 'fixed_offset',
        name,
        offsetMinutes: offset,
      });
      return fixedZone(offset);
    }
    const unreadable = this.definitions.has(tzid);
    const why = unreadable
      ? 'the calendar defines that zone in a way Locora cannot read'
      : 'the calendar does not say where that zone is';
    this.notes.set(`Times in “${name}” were read in your time zone (${this.providerZone}): ${why}.`, {
      code: unreadable ? 'zone_unreadable' : 'zone_unknown',
      name,
      zone: this.providerZone,
    });
    return this.#provider;
  }

  #defined(tzid: string): Zone | undefined {
    const block = this.definitions.get(tzid) ?? this.definitions.get(unquote(tzid));
    if (!block) return undefined;
    try {
      const vtz = new ICAL.Component(ICAL.parse(block) as never);
      if (!isReadableZone(vtz)) return undefined;
      return definedZone(new ICAL.Timezone(vtz));
    } catch {
      return undefined;
    }
  }
}
