/**
 * A provider's availability: the rules of a slot, weekly recurrence in the provider's zone, the
 * dashboard's week grid and the effective free time (blocked time overrides available time).
 * Pure: no Node or DOM APIs. Built on time.ts (wall clock <-> instant with the rules of decision
 * 009: a wall time in the spring gap moves forward by the gap, one in the autumn overlap is the
 * earlier instant).
 *
 * Weekdays are indexes 0 = Sunday ... 6 = Saturday (Date#getDay's convention), and a week starts
 * on Sunday, so a week's column i is weekday i.
 */
import {
  addCalendarDays,
  calendarDateIn,
  calendarDaysBetween,
  DAY_MS,
  formatCalendarDateForDisplay,
  formatCalendarMonthDay,
  formatCalendarWeekday,
  HOUR_MS,
  isCalendarDate,
  MINUTE_MS,
  utcToZoned,
  weekdayOf,
  zonedToUtc,
  type CalendarDate,
  type WallTime,
} from './time.ts';
import { DEFAULT_LOCALE, type Locale } from './locales.ts';

// ------------------------------------------------------------------------------- constants

/**
 * expandWeekly's default count. A recurring schedule itself is stored as a rule and runs until
 * the provider ends it (decision 064); this many weeks is only what a caller lists when it asks.
 */
export const RECURRENCE_WEEKS = 12;
export const RECURRENCE_TYPES = ['WEEKLY'] as const;
export type RecurrenceType = (typeof RECURRENCE_TYPES)[number];
/** docs/product.md: the weekly grid has 7 days; the default hours are 9 to 17. */
export const WEEK_DAYS = 7;
export const DEFAULT_START_HOUR = 9;
export const DEFAULT_END_HOUR = 17;
/** The hour choices of the Add Availability dialog (shown as H:00): 0:00 to 23:00. */
export const HOUR_CHOICES: readonly number[] = Array.from({ length: 24 }, (_, h) => h);
/** Availability starts and ends on the hour or half past, on the provider's wall clock. */
export const TIME_STEP_MINUTES = 30;
/** The time choices of the Add Availability dialog: '00:00', '00:30', ... '23:30'. */
export const TIME_CHOICES: readonly WallTime[] = Array.from(
  { length: (24 * 60) / TIME_STEP_MINUTES },
  (_, i) =>
    `${String(Math.floor((i * TIME_STEP_MINUTES) / 60)).padStart(2, '0')}:${String((i * TIME_STEP_MINUTES) % 60).padStart(2, '0')}`,
);
/** A slot lasts at most this long (on the wall clock when given in it, else in real time). */
export const MAX_SLOT_HOURS = 24;
/** Nothing may start further ahead than this. */
export const MAX_DAYS_AHEAD = 365;
/** GET /api/availability/{providerId}: the widest from-to range. */
export const MAX_RANGE_DAYS = 62;
/** POST /api/availability/bulk: at most this many slots in the list... */
export const MAX_BULK_SLOTS = 100;
/** ...and at most this many stored occurrences per request once recurring slots are expanded. */
export const MAX_OCCURRENCES_PER_REQUEST = 1000;

// Messages (docs/product.md), in English: the API answers each reader in their language
// (src/server/http/api-messages.ts), and the screens word their own checks.
export const END_AFTER_START_MESSAGE = 'End time must be after start time';
export const SELECT_DAY_MESSAGE = 'Select at least one day';
export const IN_THE_PAST_MESSAGE = 'Availability cannot be in the past';
export const TOO_FAR_AHEAD_MESSAGE = 'Availability can be set at most a year ahead';
export const TOO_LONG_MESSAGE = `A slot can last at most ${MAX_SLOT_HOURS} hours`;
export const WHOLE_MINUTES_MESSAGE = 'Times must be whole minutes (no seconds)';
export const HALF_HOUR_MESSAGE = "Times must be on the hour or half past (:00 or :30) on the provider's clock";
export const TOO_MANY_OCCURRENCES_MESSAGE = `Too many slots in one request (at most ${MAX_OCCURRENCES_PER_REQUEST} once recurring schedules are expanded)`;
export const WEEKDAYS_MESSAGE = 'Days are weekday indexes: 0 (Sunday) to 6 (Saturday)';
export const RANGE_ORDER_MESSAGE = '"from" must be before "to"';
export const RANGE_TOO_WIDE_MESSAGE = `The range can span at most ${MAX_RANGE_DAYS} days`;
/** A wall-clock slot that falls entirely in a spring gap: those times never show on the clocks. */
export function skippedTimeMessage(date: CalendarDate, timeZone: string): string {
  return `This time does not exist on ${formatCalendarDateForDisplay(date, DEFAULT_LOCALE)} in ${timeZone}: the clocks move forward`;
}

/**
 * A rule of a slot broken; `path` names the field (for the 400's details). `skipped`: the day and
 * zone of a time the clocks skip, for the reader's own words.
 */
export class AvailabilityRuleError extends Error {
  constructor(
    message: string,
    readonly path: string,
    readonly skipped?: { date: CalendarDate; timeZone: string },
  ) {
    super(message);
    this.name = 'AvailabilityRuleError';
  }
}

const skippedTimeError = (date: CalendarDate, timeZone: string) =>
  new AvailabilityRuleError(skippedTimeMessage(date, timeZone), 'start', { date, timeZone });

// ------------------------------------------------------------------------------------ weeks

/** The Sunday on or before `date` (a week starts on Sunday, weekday 0). */
export function weekStartOf(date: CalendarDate): CalendarDate {
  return addCalendarDays(date, -weekdayOf(date));
}

/** The Sunday of the week that `now` falls in, as the wall calendar of `timeZone` shows it. */
export function currentWeekStart(now: Date, timeZone: string): CalendarDate {
  return weekStartOf(calendarDateIn(now, timeZone));
}

/** The seven calendar dates of the week that starts on `weekStart`. */
export function weekDates(weekStart: CalendarDate): CalendarDate[] {
  return Array.from({ length: WEEK_DAYS }, (_, i) => addCalendarDays(weekStart, i));
}

/** `[first midnight, midnight after the last day)` of a week in `timeZone` (167, 168 or 169 hours). */
export function weekBounds(weekStart: CalendarDate, timeZone: string): { start: Date; end: Date } {
  return {
    start: zonedToUtc(weekStart, '00:00', timeZone),
    end: zonedToUtc(addCalendarDays(weekStart, WEEK_DAYS), '00:00', timeZone),
  };
}

// ------------------------------------------------------------------------- slots and labels

type Instant = Date | string;
const toDate = (value: Instant): Date => (value instanceof Date ? value : new Date(value));

/** 'HH:mm-HH:mm' of a slot as the wall clocks of `timeZone` show it ('09:00-17:00'). */
export function formatSlotLabel(slot: { start: Instant; end: Instant }, timeZone: string): string {
  return `${utcToZoned(toDate(slot.start), timeZone).time}-${utcToZoned(toDate(slot.end), timeZone).time}`;
}

export interface GridSlot<T> {
  slot: T;
  /** 'HH:mm-HH:mm' in the provider's zone. */
  label: string;
  /** True when the slot ends after the midnight that follows its start (a '22:00-02:00' slot). */
  endsNextDay: boolean;
}

export interface GridDay<T> {
  date: CalendarDate;
  /** 0 = Sunday ... 6 = Saturday. */
  weekday: number;
  /** 'Sunday' ('日曜日'), in the reader's locale. */
  weekdayName: string;
  /** 'Sun' ('日'). */
  weekdayShortName: string;
  /** 'Mar 8' ('3月8日'). */
  dateLabel: string;
  slots: GridSlot<T>[];
}

export interface WeekGrid<T> {
  weekStart: CalendarDate;
  /** The week's first day in the reader's locale ('Mar 8, 2026'): the screen's 'Week of {date}'. */
  weekStartLabel: string;
  days: GridDay<T>[];
}

/**
 * The dashboard's week: seven days from `weekStart` in the provider's zone, each with the slots
 * that start on it (by the zone's wall calendar), in start order, and its names in the reader's
 * `locale`. A slot that starts before the week (and runs into it) belongs to the previous week's
 * grid and is left out.
 */
export function buildWeekGrid<T extends { start: Instant; end: Instant }>(
  weekStart: CalendarDate,
  slots: readonly T[],
  timeZone: string,
  locale: Locale,
): WeekGrid<T> {
  const dates = weekDates(weekStart);
  const byDate = new Map<CalendarDate, { at: number; item: GridSlot<T> }[]>(dates.map((d) => [d, []]));
  for (const slot of slots) {
    const start = toDate(slot.start);
    const end = toDate(slot.end);
    const from = utcToZoned(start, timeZone);
    const to = utcToZoned(end, timeZone);
    const column = byDate.get(from.date);
    if (!column) continue;
    const days = calendarDaysBetween(from.date, to.date);
    column.push({
      at: start.getTime(),
      item: { slot, label: `${from.time}-${to.time}`, endsNextDay: days > 1 || (days === 1 && to.time !== '00:00') },
    });
  }
  return {
    weekStart,
    weekStartLabel: formatCalendarDateForDisplay(weekStart, locale),
    days: dates.map((date) => {
      const weekday = weekdayOf(date);
      return {
        date,
        weekday,
        weekdayName: formatCalendarWeekday(date, locale, 'long'),
        weekdayShortName: formatCalendarWeekday(date, locale, 'short'),
        dateLabel: formatCalendarMonthDay(date, locale),
        slots: (byDate.get(date) ?? []).sort((a, b) => a.at - b.at).map((x) => x.item),
      };
    }),
  };
}

// ------------------------------------------------------------------- wall clock to instants

/** 'H:00' of an hour (docs/product.md: hour selects shown as H:00): 9 -> '9:00'. */
export function formatHourChoice(hour: number): string {
  return `${hour}:00`;
}

/** 'H:mm' of a dialog time choice: '09:30' -> '9:30', '00:00' -> '0:00'. */
export function formatTimeChoice(time: WallTime): string {
  return time.replace(/^0(\d)/, '$1');
}

/** True when a wall time is on the hour or half past ('09:00', '09:30'). */
export function isOnTimeStep(time: WallTime): boolean {
  return Number(time.slice(3, 5)) % TIME_STEP_MINUTES === 0;
}

const hourTime = (hour: number): WallTime => `${String(hour).padStart(2, '0')}:00`;

/** A slot as the wall clock reads it: from `startTime` on `date` to `endTime`, `endDayOffset` days later. */
export interface WallClockSlot {
  date: CalendarDate;
  startTime: WallTime;
  endTime: WallTime;
  /** 0: ends the same day; 1: ends the next day (22:00-02:00). */
  endDayOffset: number;
}

function wallMinutes(slot: Omit<WallClockSlot, 'date'>): number {
  const [sh, sm] = slot.startTime.split(':').map(Number) as [number, number];
  const [eh, em] = slot.endTime.split(':').map(Number) as [number, number];
  return slot.endDayOffset * 24 * 60 + eh * 60 + em - (sh * 60 + sm);
}

/**
 * The instants of a wall-clock slot in `timeZone`, or undefined when nothing of it is on the
 * clocks: a slot inside a spring gap (02:00-03:00 in New York on 8 Mar 2026) resolves to an empty
 * range. A bound in the gap moves forward by the gap (02:00-04:00 that night is 03:00-04:00 EDT,
 * one real hour); a bound in the autumn overlap is the earlier instant (01:00-02:00 on 1 Nov 2026
 * is 01:00 EDT to 02:00 EST, two real hours, all the clocks show from 01:00 to 02:00).
 */
export function resolveWallClockSlot(slot: WallClockSlot, timeZone: string): { start: Date; end: Date } | undefined {
  const start = zonedToUtc(slot.date, slot.startTime, timeZone);
  const end = zonedToUtc(addCalendarDays(slot.date, slot.endDayOffset), slot.endTime, timeZone);
  return end.getTime() > start.getTime() ? { start, end } : undefined;
}

/**
 * The one-off slot the dialog makes: `date` from `start` to `end` in `timeZone`, each an hour
 * (9 is 09:00) or a wall time ('09:30'). Throws an AvailabilityRuleError with the product's
 * message when the end is not after the start, or when the times do not exist that day (a spring gap).
 */
export function oneOffSlot(
  date: CalendarDate,
  start: number | WallTime,
  end: number | WallTime,
  timeZone: string,
): { start: Date; end: Date } {
  const startTime = typeof start === 'number' ? hourTime(start) : start;
  const endTime = typeof end === 'number' ? hourTime(end) : end;
  if (!(endTime > startTime)) throw new AvailabilityRuleError(END_AFTER_START_MESSAGE, 'end');
  const resolved = resolveWallClockSlot({ date, startTime, endTime, endDayOffset: 0 }, timeZone);
  if (!resolved) throw skippedTimeError(date, timeZone);
  return resolved;
}

export interface Occurrence {
  /** The calendar date the occurrence starts on (provider's zone). */
  date: CalendarDate;
  start: Date;
  end: Date;
}

/**
 * A weekly schedule: for each selected weekday, `weeks` occurrences at the same wall-clock times
 * in `timeZone`, the first on or after `template.date` (whose own weekday need not be selected).
 * 09:00-17:00 in New York stays 09:00-17:00 after the clocks change, so the UTC instants move by
 * an hour. An occurrence whose times do not exist that day (inside a spring gap) is skipped and
 * listed in `skipped`; everything else is kept. Occurrences come back in start order.
 */
export function expandWeekly(
  template: WallClockSlot,
  days: readonly number[],
  timeZone: string,
  weeks = RECURRENCE_WEEKS,
): { occurrences: Occurrence[]; skipped: CalendarDate[] } {
  const selected = normalizeRecurrenceDays(days);
  const firstWeekday = weekdayOf(template.date);
  const occurrences: Occurrence[] = [];
  const skipped: CalendarDate[] = [];
  for (const day of selected) {
    const first = addCalendarDays(template.date, (day - firstWeekday + WEEK_DAYS) % WEEK_DAYS);
    for (let week = 0; week < weeks; week++) {
      const date = addCalendarDays(first, week * WEEK_DAYS);
      const resolved = resolveWallClockSlot({ ...template, date }, timeZone);
      if (resolved) occurrences.push({ date, ...resolved });
      else skipped.push(date);
    }
  }
  occurrences.sort((a, b) => a.start.getTime() - b.start.getTime());
  return { occurrences, skipped: skipped.sort() };
}

/**
 * A weekly schedule as it is stored (decision 064): the wall-clock times of one slot, the weekdays
 * it repeats on, from `startsOn` until the provider ends it (`endsOn`, the last date it may occur
 * on, inclusive; null while it runs). Its occurrences are worked out when they are read
 * (expandRule), never stored one by one.
 */
export interface WeeklyRule {
  startsOn: CalendarDate;
  endsOn: CalendarDate | null;
  startTime: WallTime;
  endTime: WallTime;
  /** 0: ends the same day; 1: ends the next day (22:00-02:00). */
  endDayOffset: number;
  /** Weekday indexes, 0 = Sunday ... 6 = Saturday. */
  days: readonly number[];
  /** Single occurrences the provider deleted. */
  exceptDates?: readonly CalendarDate[] | null;
}

/**
 * The occurrences of a weekly rule that overlap `[range.start, range.end)`, in start order, at the
 * rule's wall-clock times in `timeZone` (09:30-11:00 stays 09:30-11:00 across both clock changes).
 * An occurrence whose times do not exist that day (inside a spring gap) is left out. Only the
 * dates of the range (and the day before, for a slot that runs past midnight) are looked at, so
 * an open-ended rule costs what the range costs.
 */
export function expandRule(rule: WeeklyRule, range: { start: Date; end: Date }, timeZone: string): Occurrence[] {
  if (range.end.getTime() <= range.start.getTime()) return [];
  const days = new Set(rule.days);
  const except = new Set(rule.exceptDates ?? []);
  let first = addCalendarDays(calendarDateIn(range.start, timeZone), -1 - rule.endDayOffset);
  if (first < rule.startsOn) first = rule.startsOn;
  let last = calendarDateIn(range.end, timeZone);
  if (rule.endsOn !== null && rule.endsOn < last) last = rule.endsOn;
  const out: Occurrence[] = [];
  for (let date = first; date <= last; date = addCalendarDays(date, 1)) {
    if (!days.has(weekdayOf(date)) || except.has(date)) continue;
    const resolved = resolveWallClockSlot({ ...rule, date }, timeZone);
    if (resolved && resolved.start.getTime() < range.end.getTime() && resolved.end.getTime() > range.start.getTime())
      out.push({ date, ...resolved });
  }
  return out;
}

/** Weekday indexes sorted, each once; throws a RangeError for anything but integers 0-6. */
export function normalizeRecurrenceDays(days: readonly number[]): number[] {
  for (const d of days) {
    if (!Number.isInteger(d) || d < 0 || d > 6) throw new RangeError(`Not a weekday index (0-6): ${d}`);
  }
  return [...new Set(days)].sort((a, b) => a - b);
}

// ------------------------------------------------------------------- the rules of a request

/**
 * 'yyyy-MM-ddTHH:mm[:ss[.sss]]' followed by 'Z' or an offset (an instant), or by nothing (a time
 * on the provider's wall clock).
 */
const DATE_TIME_RE = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:?\d{2})?$/;

export type ParsedDateTime = { kind: 'instant'; instant: Date } | { kind: 'wall'; date: CalendarDate; time: WallTime };

/** Reads an ISO 8601 date-time; undefined when it is not one or is not a whole minute. */
export function parseSlotDateTime(value: string): ParsedDateTime | undefined {
  const m = DATE_TIME_RE.exec(value);
  if (!m) return undefined;
  const [, date, hh, mm, ss, frac, offset] = m as unknown as [
    string,
    string,
    string,
    string,
    string?,
    string?,
    string?,
  ];
  if (!isCalendarDate(date) || Number(hh) > 23 || Number(mm) > 59) return undefined;
  if ((ss !== undefined && Number(ss) !== 0) || (frac !== undefined && Number(frac) !== 0)) return undefined;
  if (offset === undefined) return { kind: 'wall', date, time: `${hh}:${mm}` };
  const instant = new Date(value);
  if (Number.isNaN(instant.getTime()) || instant.getTime() % MINUTE_MS !== 0) return undefined;
  return { kind: 'instant', instant };
}

/** True when `value` is a date-time the slot rules accept (see parseSlotDateTime). */
export function isSlotDateTime(value: string): boolean {
  return parseSlotDateTime(value) !== undefined;
}

/** What a client sends for one slot (the product's fields). */
export interface SlotRequest {
  /** ISO 8601 date-time: with 'Z' or an offset an instant, without one the provider's wall clock. */
  start: string;
  end: string;
  isBlocked?: boolean;
  isRecurring?: boolean;
  recurrenceType?: RecurrenceType | null;
  /** Weekday indexes, 0 = Sunday ... 6 = Saturday. Only read when isRecurring. */
  recurrenceDays?: readonly number[] | null;
}

/** What one slot request stores: one row per occurrence (one for a one-off slot). */
export interface SlotPlan {
  isBlocked: boolean;
  isRecurring: boolean;
  recurrenceType: RecurrenceType | null;
  recurrenceDays: number[] | null;
  /** One-off: the slot. Recurring: the occurrences of its first week (the rule holds the rest). */
  occurrences: Occurrence[];
  /** Dates in a recurring schedule's first year whose times do not exist (spring gaps): skipped. */
  skipped: CalendarDate[];
  /** A recurring schedule: what is stored, open-ended (decision 064). */
  rule: WeeklyRule | null;
}

function requireDateTime(value: string, path: string): ParsedDateTime {
  const parsed = parseSlotDateTime(value);
  if (!parsed) throw new AvailabilityRuleError(WHOLE_MINUTES_MESSAGE, path);
  return parsed;
}

function wallOf(parsed: ParsedDateTime, timeZone: string): { date: CalendarDate; time: WallTime } {
  return parsed.kind === 'wall' ? parsed : utcToZoned(parsed.instant, timeZone);
}

function instantOf(parsed: ParsedDateTime, timeZone: string): Date {
  return parsed.kind === 'instant' ? parsed.instant : zonedToUtc(parsed.date, parsed.time, timeZone);
}

/**
 * Checks one slot request against the rules and works out what to store, in the provider's zone:
 * - end after start ('End time must be after start time'); at most 24 hours long;
 * - start and end on the hour or half past on the provider's wall clock (HALF_HOUR_MESSAGE);
 * - a recurring slot needs at least one day ('Select at least one day') and becomes a weekly rule
 *   (WeeklyRule) at the same wall-clock times, open-ended, starting on the date of `start` in the
 *   provider's zone, which may not be before the provider's today;
 * - a one-off slot may not have ended already; nothing may start more than a year after `now`.
 * Recurrence fields of a slot that is not recurring are ignored. Throws AvailabilityRuleError.
 */
export function planSlot(request: SlotRequest, timeZone: string, now: Date): SlotPlan {
  const startAt = requireDateTime(request.start, 'start');
  const endAt = requireDateTime(request.end, 'end');
  const isBlocked = request.isBlocked ?? false;
  const latestStart = now.getTime() + MAX_DAYS_AHEAD * DAY_MS;

  if (!request.isRecurring) {
    const start = instantOf(startAt, timeZone);
    const end = instantOf(endAt, timeZone);
    if (end.getTime() <= start.getTime()) {
      const startWall = wallOf(startAt, timeZone);
      const endWall = wallOf(endAt, timeZone);
      const wallLater = `${endWall.date}T${endWall.time}` > `${startWall.date}T${startWall.time}`;
      // Two wall times in order that collapse to one instant: the clocks skip them that night.
      if (startAt.kind === 'wall' && endAt.kind === 'wall' && wallLater) {
        throw skippedTimeError(startWall.date, timeZone);
      }
      throw new AvailabilityRuleError(END_AFTER_START_MESSAGE, 'end');
    }
    const length =
      startAt.kind === 'wall' && endAt.kind === 'wall'
        ? wallMinutes({
            startTime: startAt.time,
            endTime: endAt.time,
            endDayOffset: calendarDaysBetween(startAt.date, endAt.date),
          }) * MINUTE_MS
        : end.getTime() - start.getTime();
    if (length > MAX_SLOT_HOURS * HOUR_MS) throw new AvailabilityRuleError(TOO_LONG_MESSAGE, 'end');
    if (!isOnTimeStep(wallOf(startAt, timeZone).time)) throw new AvailabilityRuleError(HALF_HOUR_MESSAGE, 'start');
    if (!isOnTimeStep(wallOf(endAt, timeZone).time)) throw new AvailabilityRuleError(HALF_HOUR_MESSAGE, 'end');
    if (end.getTime() <= now.getTime()) throw new AvailabilityRuleError(IN_THE_PAST_MESSAGE, 'end');
    if (start.getTime() > latestStart) throw new AvailabilityRuleError(TOO_FAR_AHEAD_MESSAGE, 'start');
    return {
      isBlocked,
      isRecurring: false,
      recurrenceType: null,
      recurrenceDays: null,
      occurrences: [{ date: wallOf(startAt, timeZone).date, start, end }],
      skipped: [],
      rule: null,
    };
  }

  // Recurring: the template is the wall clock of start and end in the provider's zone.
  if (startAt.kind === 'instant' && endAt.kind === 'instant' && endAt.instant <= startAt.instant) {
    throw new AvailabilityRuleError(END_AFTER_START_MESSAGE, 'end');
  }
  const startWall = wallOf(startAt, timeZone);
  const endWall = wallOf(endAt, timeZone);
  const template: WallClockSlot = {
    date: startWall.date,
    startTime: startWall.time,
    endTime: endWall.time,
    endDayOffset: calendarDaysBetween(startWall.date, endWall.date),
  };
  const minutes = wallMinutes(template);
  if (minutes <= 0) throw new AvailabilityRuleError(END_AFTER_START_MESSAGE, 'end');
  if (minutes > MAX_SLOT_HOURS * 60) throw new AvailabilityRuleError(TOO_LONG_MESSAGE, 'end');
  if (!isOnTimeStep(template.startTime)) throw new AvailabilityRuleError(HALF_HOUR_MESSAGE, 'start');
  if (!isOnTimeStep(template.endTime)) throw new AvailabilityRuleError(HALF_HOUR_MESSAGE, 'end');
  const days = request.recurrenceDays ?? [];
  if (days.length === 0) throw new AvailabilityRuleError(SELECT_DAY_MESSAGE, 'recurrenceDays');
  let recurrenceDays: number[];
  try {
    recurrenceDays = normalizeRecurrenceDays(days);
  } catch {
    throw new AvailabilityRuleError(WEEKDAYS_MESSAGE, 'recurrenceDays');
  }
  if (template.date < calendarDateIn(now, timeZone)) {
    throw new AvailabilityRuleError(IN_THE_PAST_MESSAGE, 'start');
  }
  // Open-ended: what a year of it would skip is reported, the first week is what the reply lists.
  const year = expandWeekly(template, recurrenceDays, timeZone, Math.ceil(MAX_DAYS_AHEAD / WEEK_DAYS));
  const first = year.occurrences[0];
  if (!first) throw skippedTimeError(template.date, timeZone);
  if (first.start.getTime() > latestStart) throw new AvailabilityRuleError(TOO_FAR_AHEAD_MESSAGE, 'start');
  const weekAfter = addCalendarDays(template.date, WEEK_DAYS);
  return {
    isBlocked,
    isRecurring: true,
    recurrenceType: request.recurrenceType ?? 'WEEKLY',
    recurrenceDays,
    occurrences: year.occurrences.filter((o) => o.date < weekAfter),
    skipped: year.skipped,
    rule: {
      startsOn: template.date,
      endsOn: null,
      startTime: template.startTime,
      endTime: template.endTime,
      endDayOffset: template.endDayOffset,
      days: recurrenceDays,
    },
  };
}

/**
 * planSlot for each request of a list (POST /api/availability/bulk); errors name the item
 * ('availabilities.2.end'). The total of occurrences is bounded.
 */
export function planSlots(requests: readonly SlotRequest[], timeZone: string, now: Date): SlotPlan[] {
  const plans = requests.map((request, i) => {
    try {
      return planSlot(request, timeZone, now);
    } catch (err) {
      if (err instanceof AvailabilityRuleError)
        throw new AvailabilityRuleError(err.message, `availabilities.${i}.${err.path}`);
      throw err;
    }
  });
  const total = plans.reduce((n, p) => n + p.occurrences.length, 0);
  if (total > MAX_OCCURRENCES_PER_REQUEST)
    throw new AvailabilityRuleError(TOO_MANY_OCCURRENCES_MESSAGE, 'availabilities');
  return plans;
}

/** A date-time or calendar date bound of a GET range (a calendar date is its midnight in the zone). */
function boundInstant(value: string, timeZone: string, path: string): Date {
  if (isCalendarDate(value)) return zonedToUtc(value, '00:00', timeZone);
  const m = DATE_TIME_RE.exec(value);
  const instant = m?.[6] ? new Date(value) : undefined;
  if (!instant || Number.isNaN(instant.getTime())) {
    throw new AvailabilityRuleError(`"${path}" must be a date (yyyy-MM-dd) or a date-time with an offset`, path);
  }
  return instant;
}

/**
 * The range `[start, end)` a GET reads: `from` and `to` are calendar dates (midnight in the
 * provider's zone) or date-times with an offset. Without either: the current week in the zone;
 * with one: seven days from (or to) it. At most MAX_RANGE_DAYS wide (an hour more is allowed for a
 * DST change inside calendar-date bounds).
 */
export function resolveRange(
  query: { from?: string | undefined; to?: string | undefined },
  timeZone: string,
  now: Date,
): { start: Date; end: Date } {
  if (query.from === undefined && query.to === undefined) return weekBounds(currentWeekStart(now, timeZone), timeZone);
  const start =
    query.from !== undefined
      ? boundInstant(query.from, timeZone, 'from')
      : new Date(boundInstant(query.to as string, timeZone, 'to').getTime() - WEEK_DAYS * DAY_MS);
  const end =
    query.to !== undefined ? boundInstant(query.to, timeZone, 'to') : new Date(start.getTime() + WEEK_DAYS * DAY_MS);
  if (end.getTime() <= start.getTime()) throw new AvailabilityRuleError(RANGE_ORDER_MESSAGE, 'to');
  if (end.getTime() - start.getTime() > MAX_RANGE_DAYS * DAY_MS + HOUR_MS) {
    throw new AvailabilityRuleError(RANGE_TOO_WIDE_MESSAGE, 'to');
  }
  return { start, end };
}

// ------------------------------------------------------------------- effective availability

export interface Interval {
  start: Date;
  end: Date;
}

/** Sorted, overlapping or touching intervals joined. */
function union(intervals: readonly Interval[]): Interval[] {
  const sorted = intervals
    .filter((i) => i.end.getTime() > i.start.getTime())
    .sort((a, b) => a.start.getTime() - b.start.getTime());
  const out: Interval[] = [];
  for (const i of sorted) {
    const last = out[out.length - 1];
    if (last && i.start.getTime() <= last.end.getTime()) {
      if (i.end.getTime() > last.end.getTime()) last.end = new Date(i.end.getTime());
    } else {
      out.push({ start: new Date(i.start.getTime()), end: new Date(i.end.getTime()) });
    }
  }
  return out;
}

/**
 * When a provider can be booked: the union of their available slots minus the union of their
 * blocked slots (blocked time overrides available time where they overlap; overlapping or
 * touching available slots join). Sorted, non-overlapping intervals.
 */
export function effectiveAvailability(
  slots: readonly { start: Instant; end: Instant; isBlocked: boolean }[],
): Interval[] {
  const asInterval = (s: { start: Instant; end: Instant }) => ({ start: toDate(s.start), end: toDate(s.end) });
  const available = union(slots.filter((s) => !s.isBlocked).map(asInterval));
  const blocked = union(slots.filter((s) => s.isBlocked).map(asInterval));
  const out: Interval[] = [];
  let b = 0;
  for (const a of available) {
    let cursor = a.start.getTime();
    const end = a.end.getTime();
    while (b < blocked.length && (blocked[b] as Interval).end.getTime() <= cursor) b++;
    for (let k = b; k < blocked.length && (blocked[k] as Interval).start.getTime() < end; k++) {
      const block = blocked[k] as Interval;
      if (block.start.getTime() > cursor) out.push({ start: new Date(cursor), end: block.start });
      cursor = Math.max(cursor, block.end.getTime());
      if (cursor >= end) break;
    }
    if (cursor < end) out.push({ start: new Date(cursor), end: new Date(end) });
  }
  return out;
}

/** True when `[start, end)` lies inside one interval of the effective availability. */
export function isWithinAvailability(
  slots: readonly { start: Instant; end: Instant; isBlocked: boolean }[],
  start: Date,
  end: Date,
): boolean {
  return effectiveAvailability(slots).some(
    (i) => i.start.getTime() <= start.getTime() && end.getTime() <= i.end.getTime(),
  );
}
