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
import { tzOffset } from '@date-fns/tz';
import {
  addCalendarDays,
  DAY_MS,
  formatCalendarDate,
  calendarDateInstant,
  formatCalendarDateForDisplay,
  localeDateFormat,
  MINUTE_MS,
  requireDate,
  weekdayOf,
  type CalendarDate,
} from './calendar-date.ts';
import { DEFAULT_LOCALE, type Locale } from './locales.ts';
import { calendarDateIn, isGenericTimeZone, isValidTimeZone, requireZone } from './zones.ts';

export * from './calendar-date.ts';
export * from './calendar-labels.ts';
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

/**
 * The few zone cities whose English name is not their IANA spelling with spaces (CLDR's exemplar
 * cities): accents the IANA names leave out, and names IANA shortens.
 */
const ZONE_CITY_NAMES: Record<string, string> = {
  'America/Sao_Paulo': 'São Paulo',
  'America/Bogota': 'Bogotá',
  'America/Asuncion': 'Asunción',
  'America/Cancun': 'Cancún',
  'America/Merida': 'Mérida',
  'America/Argentina/Cordoba': 'Córdoba',
  'Atlantic/Reykjavik': 'Reykjavík',
  'Asia/Ho_Chi_Minh': 'Ho Chi Minh City',
  'Asia/Saigon': 'Ho Chi Minh City',
  'America/Curacao': 'Curaçao',
  'Europe/Zurich': 'Zürich',
  'Asia/Katmandu': 'Kathmandu',
  'Asia/Calcutta': 'Kolkata',
  'Indian/Reunion': 'Réunion',
};

/**
 * The city a zone is named after, spelled as people write it: 'America/Sao_Paulo' -> 'São Paulo',
 * 'America/Mexico_City' -> 'Mexico City', 'UTC' -> 'UTC'.
 */
export function zoneCity(timeZone: string, locale: Locale = DEFAULT_LOCALE): string {
  if (locale !== DEFAULT_LOCALE) {
    const local = PLACE_NAMES[placeKey(zoneCity(timeZone))]?.[locale];
    if (local) return local;
  }
  const named = ZONE_CITY_NAMES[timeZone];
  if (named) return named;
  const last = timeZone.split('/').pop() ?? timeZone;
  return last.replace(/_/g, ' ');
}

/**
 * Places Locora serves whose zone is named after another city. A place named like its zone's
 * city ('Lisbon', 'São Paulo', 'New York') needs no entry; any other place is never assumed to be
 * in a zone (its label falls back to the zone's own name, which is never wrong).
 */
const PLACE_ZONES: Record<string, string> = {
  bali: 'Asia/Makassar',
  ubud: 'Asia/Makassar',
  canggu: 'Asia/Makassar',
  seminyak: 'Asia/Makassar',
  denpasar: 'Asia/Makassar',
  barcelona: 'Europe/Madrid',
  porto: 'Europe/Lisbon',
  brooklyn: 'America/New_York',
  manhattan: 'America/New_York',
  cdmx: 'America/Mexico_City',
  kyoto: 'Asia/Tokyo',
  osaka: 'Asia/Tokyo',
};

/**
 * The cities Locora serves (and the zones' cities near them) as each language writes them, for
 * zone labels in the reader's language ('東京 (UTC+9)'). Keyed by placeKey of the English name; a
 * language that writes the name as English does has no entry. Any other place stays as written.
 */
const PLACE_NAMES: Record<string, Partial<Record<Locale, string>>> = {
  lisbon: { es: 'Lisboa', 'pt-BR': 'Lisboa', 'pt-PT': 'Lisboa', ja: 'リスボン', th: 'ลิสบอน' },
  porto: { es: 'Oporto', ja: 'ポルト', th: 'ปอร์โต' },
  'sao paulo': { ja: 'サンパウロ', th: 'เซาเปาลู' },
  barcelona: { ja: 'バルセロナ', th: 'บาร์เซโลนา' },
  madrid: { ja: 'マドリード', th: 'มาดริด' },
  'mexico city': {
    es: 'Ciudad de México',
    'pt-BR': 'Cidade do México',
    'pt-PT': 'Cidade do México',
    ja: 'メキシコシティ',
    th: 'เม็กซิโกซิตี',
    id: 'Kota Meksiko',
  },
  mexico: { es: 'Ciudad de México', 'pt-BR': 'Cidade do México', 'pt-PT': 'Cidade do México', ja: 'メキシコシティ' },
  tokyo: { es: 'Tokio', 'pt-BR': 'Tóquio', 'pt-PT': 'Tóquio', ja: '東京', th: 'โตเกียว' },
  kyoto: { es: 'Kioto', 'pt-BR': 'Quioto', 'pt-PT': 'Quioto', ja: '京都', th: 'เกียวโต' },
  osaka: { ja: '大阪', th: 'โอซากะ' },
  bangkok: { 'pt-PT': 'Banguecoque', ja: 'バンコク', th: 'กรุงเทพฯ' },
  bali: { ja: 'バリ', th: 'บาหลี' },
  ubud: { ja: 'ウブド', th: 'อูบุด' },
  makassar: { ja: 'マカッサル', th: 'มากัสซาร์' },
  'new york': { es: 'Nueva York', 'pt-BR': 'Nova York', 'pt-PT': 'Nova Iorque', ja: 'ニューヨーク', th: 'นิวยอร์ก' },
};

/** A place as the reader's language writes it ('Tokyo' -> '東京' in Japanese), or as written. */
export function localPlaceName(place: string, locale: Locale = DEFAULT_LOCALE): string {
  const trimmed = place.trim();
  return (locale !== DEFAULT_LOCALE && PLACE_NAMES[placeKey(trimmed)]?.[locale]) || trimmed;
}

/** A place's comparison key: lower case, no accents, punctuation runs as one space ('São Paulo' -> 'sao paulo'). */
function placeKey(place: string): string {
  return place
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

const canonicalZones = new Map<string, string>();

/** The zone as the runtime resolves it ('Asia/Ujung_Pandang' -> 'Asia/Makassar'), or the input. */
function canonicalZone(timeZone: string): string {
  if (!isValidTimeZone(timeZone)) return timeZone;
  let zone = canonicalZones.get(timeZone);
  if (!zone) {
    zone = new Intl.DateTimeFormat('en-US', { timeZone }).resolvedOptions().timeZone;
    // Only valid zones reach here, so hostile input cannot grow the map.
    canonicalZones.set(timeZone, zone);
  }
  return zone;
}

/**
 * True when `place` (a city as services and profiles write it) lies in `timeZone`: it is the city
 * the zone is named after ('Lisbon' in Europe/Lisbon, 'Sao Paulo' in America/Sao_Paulo), or one of
 * the places Locora serves in that zone ('Bali' in Asia/Makassar, 'Barcelona' in Europe/Madrid).
 */
export function placeLiesInZone(place: string, timeZone: string): boolean {
  const key = placeKey(place);
  if (!key || isGenericTimeZone(timeZone)) return false;
  const zone = canonicalZone(timeZone);
  const cities = new Set([timeZone, zone].map((z) => placeKey(zoneCity(z))));
  if (cities.has(key)) return true;
  const known = PLACE_ZONES[key];
  return known !== undefined && canonicalZone(known) === zone;
}

const genericNameFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * The zone's long generic name from the runtime's locale data ('Central Indonesia Time',
 * 'Central European Time': the same in summer and winter), or the zone's city when it has none.
 */
export function zoneGenericName(timeZone: string, at: Date, locale: Locale = DEFAULT_LOCALE): string {
  requireZone(timeZone);
  const key = `${locale}|${timeZone}`;
  let format = genericNameFormats.get(key);
  if (!format) {
    format = localeDateFormat(locale, { timeZone, timeZoneName: 'longGeneric' });
    // Only valid zones reach here, so hostile input cannot grow the map.
    genericNameFormats.set(key, format);
  }
  const name = format.formatToParts(at).find((p) => p.type === 'timeZoneName')?.value;
  return name && !/^(GMT|UTC)/.test(name) ? name : zoneCity(timeZone, locale);
}

/** The places a caller can offer to name a zone: one city, none, or several in order of preference. */
export type ZonePlaces = string | null | undefined | readonly (string | null | undefined)[];

/**
 * How a zone is named everywhere Locora shows one, with its offset at the instant shown (so it
 * changes across DST): the first of `places` that lies in the zone ('Bali (UTC+8)', 'Lisbon (UTC+1)'
 * in summer), else the zone's long generic name ('Central Indonesia Time (UTC+8)'). `places` are
 * what the caller has: the service's city, the provider's base city, the cities of a traveler's
 * bookings. The generic zones (UTC, 'Etc/GMT+5') are their offset alone ('UTC', 'UTC−5').
 */
export function zoneLabel(
  timeZone: string,
  at: Date,
  places: ZonePlaces = [],
  locale: Locale = DEFAULT_LOCALE,
): string {
  const offset = formatUtcOffset(utcOffsetMinutes(timeZone, at));
  if (isGenericTimeZone(timeZone)) return offset;
  const candidates = places === null || typeof places === 'string' ? [places] : places;
  const place = candidates.find((p): p is string => !!p && placeLiesInZone(p, timeZone));
  return `${place ? localPlaceName(place, locale) : zoneGenericName(timeZone, at, locale)} (${offset})`;
}

/** A zone as a picker names it: its city and offset at `at` ('São Paulo (UTC−3)', '東京 (UTC+9)'). */
export function zonePickerLabel(timeZone: string, at: Date, locale: Locale = DEFAULT_LOCALE): string {
  const offset = formatUtcOffset(utcOffsetMinutes(timeZone, at));
  return isGenericTimeZone(timeZone) ? offset : `${zoneCity(timeZone, locale)} (${offset})`;
}

/**
 * The options of a zone picker: each valid zone once, labelled by its city and offset at `at`,
 * ordered by that offset (west to east), then by name.
 */
export function zonePickerOptions(
  zones: readonly string[],
  at: Date,
  locale: Locale = DEFAULT_LOCALE,
): { zone: string; label: string }[] {
  return [...new Set(zones)]
    .filter((zone) => isValidTimeZone(zone))
    .map((zone) => ({ zone, offset: utcOffsetMinutes(zone, at), name: zoneCity(zone) }))
    .sort((a, b) => a.offset - b.offset || a.name.localeCompare(b.name, 'en'))
    .map(({ zone }) => ({ zone, label: zonePickerLabel(zone, at, locale) }));
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

/** The product's date format of an instant as seen in `timeZone`, in the reader's locale ('Mar 8, 2026'). */
export function formatDateIn(instant: Date, timeZone: string, locale: Locale = DEFAULT_LOCALE): string {
  return formatCalendarDateForDisplay(utcToZoned(instant, timeZone).date, locale);
}

/**
 * The product's time format of a wall time in the reader's locale: 'h:mm a' in English ('09:30' ->
 * '9:30 AM', '00:05' -> '12:05 AM'), the locale's own clock elsewhere ('9:30' in Japanese, '09.30'
 * in Indonesian).
 */
export function formatWallTimeForDisplay(time: WallTime, locale: Locale = DEFAULT_LOCALE): string {
  const { hour, minute } = parseWallTime(time);
  if (locale !== DEFAULT_LOCALE)
    return localeDateFormat(locale, { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }).format(
      Date.UTC(2000, 0, 1, hour, minute),
    );
  return `${hour % 12 === 0 ? 12 : hour % 12}:${String(minute).padStart(2, '0')} ${hour < 12 ? 'AM' : 'PM'}`;
}

/** The product's time format of an instant as seen in `timeZone`, in the reader's locale ('9:30 AM'). */
export function formatTimeIn(instant: Date, timeZone: string, locale: Locale = DEFAULT_LOCALE): string {
  return formatWallTimeForDisplay(utcToZoned(instant, timeZone).time, locale);
}

const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** The weekday's name of an instant as seen in `timeZone`, in the reader's locale ('Sunday', '日曜日'). */
export function formatWeekdayIn(instant: Date, timeZone: string, locale: Locale = DEFAULT_LOCALE): string {
  if (locale !== DEFAULT_LOCALE)
    return localeDateFormat(locale, { weekday: 'long', timeZone: 'UTC' }).format(
      calendarDateInstant(calendarDateIn(instant, timeZone)),
    );
  return WEEKDAY_NAMES[weekdayOf(calendarDateIn(instant, timeZone))] as string;
}
