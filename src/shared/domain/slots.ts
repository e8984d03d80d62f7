/**
 * Bookable start times (decision 020). Pure: no Node or DOM APIs.
 *
 * The grid. A slot starts at an instant whose reading on the provider's wall clock is on `date`
 * and a multiple of SLOT_STEP_MINUTES past midnight (00:00, 00:30, ... 23:30). Defined on
 * instants, not on wall times, so the two clock changes of a year follow without special cases:
 * - spring gap: a wall time that never shows on the clocks (02:30 in New York on the spring night)
 *   is no instant, so nothing starts then; the day has 46 grid instants instead of 48;
 * - autumn overlap: a wall time that shows twice (01:30 in New York on the autumn night) is two
 *   instants, both on the grid, so both are offered (the day has 50); each is a distinct real
 *   time and the client labels them with their offset. In a zone whose clocks change by a
 *   non-multiple of the step the rule is the same: only instants whose reading is on the grid.
 *
 * A grid instant `s` is a slot for `hours` when `[s, s + hours)` (real hours, as a booking's end
 * is computed, see bookingEnd) lies inside one interval of the effective availability (available
 * minus blocked, see effectiveAvailability), overlaps no busy interval (a busy interval that ends
 * exactly at `s` or starts exactly at `s + hours` touches and is allowed), `s >= now +
 * MIN_LEAD_HOURS` and `s <= now + MAX_BOOKING_DAYS_AHEAD days`.
 */
import type { Interval } from './availability.ts';
import { bookingEnd, MAX_BOOKING_DAYS_AHEAD, MIN_LEAD_HOURS, SLOT_STEP_MINUTES } from './booking-lifecycle.ts';
import {
  addCalendarDays,
  calendarDateIn,
  DAY_MS,
  HOUR_MS,
  MINUTE_MS,
  parseCalendarDate,
  utcOffsetMinutes,
  zonedToUtc,
  type CalendarDate,
  type WallTime,
} from './time.ts';

export type { Interval } from './availability.ts';

/** 'yyyy-MM'. */
export type CalendarMonth = string;

const MONTH_RE = /^(\d{4})-(0[1-9]|1[0-2])$/;

export interface SlotInputs {
  /** The provider's IANA zone. */
  timeZone: string;
  /** Whole hours the booking lasts. */
  hours: number;
  /**
   * Effective available time (effectiveAvailability's output: sorted, non-overlapping, blocked
   * time already removed). It must cover every interval the asked days' slots could use.
   */
  availability: readonly Interval[];
  /** Live bookings of the provider (any of their services), in any order, overlapping or not. */
  busy: readonly Interval[];
  now: Date;
}

/** Sorted, joined copy of intervals (overlapping or touching ones merge). */
function normalize(intervals: readonly Interval[]): { starts: number[]; ends: number[] } {
  const sorted = intervals
    .map((i) => [i.start.getTime(), i.end.getTime()] as const)
    .filter(([s, e]) => e > s)
    .sort((a, b) => a[0] - b[0]);
  const starts: number[] = [];
  const ends: number[] = [];
  for (const [s, e] of sorted) {
    const last = ends.length - 1;
    if (last >= 0 && s <= (ends[last] as number)) {
      if (e > (ends[last] as number)) ends[last] = e;
    } else {
      starts.push(s);
      ends.push(e);
    }
  }
  return { starts, ends };
}

/** Index of the last interval whose start is <= t, or -1. */
function lastStartAtOrBefore(starts: readonly number[], t: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if ((starts[mid] as number) <= t) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

/**
 * The slot test, prepared once for many days: availability and busy time are normalized a single
 * time, and each candidate is two binary searches.
 */
function prepare(inputs: SlotInputs) {
  if (!Number.isInteger(inputs.hours) || inputs.hours < 1)
    throw new RangeError(`Not a whole number of hours: ${inputs.hours}`);
  const available = normalize(inputs.availability);
  const busy = normalize(inputs.busy);
  const earliest = inputs.now.getTime() + MIN_LEAD_HOURS * HOUR_MS;
  const latest = inputs.now.getTime() + MAX_BOOKING_DAYS_AHEAD * DAY_MS;
  return (start: Date): boolean => {
    const s = start.getTime();
    if (s < earliest || s > latest) return false;
    const e = bookingEnd(start, inputs.hours).getTime();
    const a = lastStartAtOrBefore(available.starts, s);
    if (a < 0 || (available.ends[a] as number) < e) return false;
    // The busy interval starting at or before s must end by s; the next one must start at or after e.
    const b = lastStartAtOrBefore(busy.starts, s);
    if (b >= 0 && (busy.ends[b] as number) > s) return false;
    const next = busy.starts[b + 1];
    return next === undefined || next >= e;
  };
}

/**
 * Every instant whose wall-clock reading in `timeZone` is on `date` and on the SLOT_STEP_MINUTES
 * grid, ascending: 48 on most days, 46 on a spring-forward day (one hour skipped), 50 on a
 * fall-back day (one hour twice).
 */
export function gridStarts(date: CalendarDate, timeZone: string): Date[] {
  const parts = parseCalendarDate(date);
  if (!parts) throw new RangeError(`Not a calendar date (yyyy-MM-dd): ${date}`);
  // Midnight of `date` written as if the wall clock were UTC; an instant is this minus its offset.
  const wallMidnight = Date.UTC(parts.year, parts.month - 1, parts.day);
  const steps = (24 * 60) / SLOT_STEP_MINUTES;
  // Offsets a day either side of the day: when they agree, the clocks do not change that day.
  const before = utcOffsetMinutes(timeZone, new Date(wallMidnight - DAY_MS));
  const after = utcOffsetMinutes(timeZone, new Date(wallMidnight + 2 * DAY_MS));
  const out: number[] = [];
  for (let k = 0; k < steps; k++) {
    const wall = wallMidnight + k * SLOT_STEP_MINUTES * MINUTE_MS;
    if (before === after) {
      out.push(wall - before * MINUTE_MS);
      continue;
    }
    // A clock-change day: a wall time is 0 (gap), 1 or 2 (overlap) instants; keep those that read back.
    for (const offset of new Set([before, after])) {
      const instant = wall - offset * MINUTE_MS;
      if (utcOffsetMinutes(timeZone, new Date(instant)) === offset) out.push(instant);
    }
  }
  return [...new Set(out)].sort((a, b) => a - b).map((t) => new Date(t));
}

/** The free slots of one day (`date` in the provider's zone), ascending. See the module comment. */
export function computeSlots(inputs: SlotInputs & { date: CalendarDate }): Interval[] {
  const isSlot = prepare(inputs);
  return gridStarts(inputs.date, inputs.timeZone)
    .filter(isSlot)
    .map((start) => ({ start, end: bookingEnd(start, inputs.hours) }));
}

/** The calendar dates of a 'yyyy-MM' month. */
export function monthDates(month: CalendarMonth): CalendarDate[] {
  const m = MONTH_RE.exec(month);
  if (!m) throw new RangeError(`Not a month (yyyy-MM): ${month}`);
  const first = `${month}-01`;
  const out: CalendarDate[] = [];
  for (let d = first; d.startsWith(month); d = addCalendarDays(d, 1)) out.push(d);
  return out;
}

/**
 * The days of `month` (in the provider's zone) with at least one slot, ascending. Availability and
 * busy time are prepared once for the whole month and each day stops at its first slot.
 */
export function availableDays(inputs: SlotInputs & { month: CalendarMonth }): CalendarDate[] {
  const isSlot = prepare(inputs);
  const { from, to } = bookableDates(inputs.now, inputs.timeZone);
  return monthDates(inputs.month).filter(
    (date) => date >= from && date <= to && gridStarts(date, inputs.timeZone).some(isSlot),
  );
}

/**
 * The first and last calendar dates (provider's zone) that can have a slot at `now`: today (a
 * slot 2 hours ahead may still be today) to the day of now + MAX_BOOKING_DAYS_AHEAD days.
 */
export function bookableDates(now: Date, timeZone: string): { from: CalendarDate; to: CalendarDate } {
  return {
    from: calendarDateIn(new Date(now.getTime() + MIN_LEAD_HOURS * HOUR_MS), timeZone),
    to: calendarDateIn(new Date(now.getTime() + MAX_BOOKING_DAYS_AHEAD * DAY_MS), timeZone),
  };
}

/**
 * The instants `[start, end)` whose availability and bookings decide the slots of the days
 * `from`..`to` (inclusive) for `hours`, clamped to what can be booked at `now`; undefined when no
 * slot can fall in them. Load every availability row and live booking that overlaps it.
 */
export function slotWindow(
  from: CalendarDate,
  to: CalendarDate,
  timeZone: string,
  hours: number,
  now: Date,
): Interval | undefined {
  const bookable = bookableDates(now, timeZone);
  const first = from > bookable.from ? from : bookable.from;
  const last = to < bookable.to ? to : bookable.to;
  if (first > last) return undefined;
  const firstGrid = gridStarts(first, timeZone)[0];
  const lastGrid = gridStarts(last, timeZone).at(-1);
  if (!firstGrid || !lastGrid) return undefined;
  const earliest = now.getTime() + MIN_LEAD_HOURS * HOUR_MS;
  const latest = now.getTime() + MAX_BOOKING_DAYS_AHEAD * DAY_MS;
  const start = Math.max(firstGrid.getTime(), earliest);
  const lastStart = Math.min(lastGrid.getTime(), latest);
  if (lastStart < start) return undefined;
  return { start: new Date(start), end: bookingEnd(new Date(lastStart), hours) };
}

/**
 * Whether any of `dates` (in the provider's zone) has a slot for `hours`, starting no earlier than
 * the wall time `notBefore` on each of them when given ("tonight": 18:00). The search's "free
 * start then" filter, with the slots' own rules.
 */
export function hasFreeStart(
  inputs: SlotInputs & { dates: readonly CalendarDate[]; notBefore?: WallTime | null },
): boolean {
  const isSlot = prepare(inputs);
  return inputs.dates.some((date) => {
    const from = inputs.notBefore ? zonedToUtc(date, inputs.notBefore, inputs.timeZone).getTime() : -Infinity;
    return gridStarts(date, inputs.timeZone).some((start) => start.getTime() >= from && isSlot(start));
  });
}

/**
 * The most whole hours (up to `maxHours`) a booking can last and still start on one of `dates`
 * (see hasFreeStart); 0 when none can. A longer booking fits only where a shorter one does, so the
 * search keeps a service when its minimum hours are at most this.
 */
export function longestFreeStart(
  inputs: Omit<SlotInputs, 'hours'> & { dates: readonly CalendarDate[]; notBefore?: WallTime | null; maxHours: number },
): number {
  let best = 0;
  for (let hours = 1; hours <= inputs.maxHours; hours++) {
    if (!hasFreeStart({ ...inputs, hours })) break;
    best = hours;
  }
  return best;
}
