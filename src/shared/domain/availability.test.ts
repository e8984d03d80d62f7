import { describe, expect, it } from 'vitest';
import {
  AvailabilityRuleError,
  buildWeekGrid,
  currentWeekStart,
  effectiveAvailability,
  END_AFTER_START_MESSAGE,
  expandRule,
  expandWeekly,
  formatHourChoice,
  formatTimeChoice,
  HALF_HOUR_MESSAGE,
  formatSlotLabel,
  IN_THE_PAST_MESSAGE,
  isWithinAvailability,
  MAX_OCCURRENCES_PER_REQUEST,
  normalizeRecurrenceDays,
  oneOffSlot,
  parseSlotDateTime,
  planSlot,
  planSlots,
  RANGE_ORDER_MESSAGE,
  RANGE_TOO_WIDE_MESSAGE,
  RECURRENCE_WEEKS,
  resolveRange,
  TIME_CHOICES,
  SELECT_DAY_MESSAGE,
  skippedTimeMessage,
  TOO_FAR_AHEAD_MESSAGE,
  TOO_LONG_MESSAGE,
  TOO_MANY_OCCURRENCES_MESSAGE,
  weekBounds,
  weekDates,
  WEEKDAYS_MESSAGE,
  weekStartOf,
  WHOLE_MINUTES_MESSAGE,
  type SlotPlan,
  type SlotRequest,
  type WeeklyRule,
} from './availability.ts';
import { addCalendarDays, HOUR_MS, utcToZoned, zonedToUtc } from './time.ts';

// 2026 clock changes used below (every expected instant is written out):
// New York   8 Mar 07:00Z (EST UTC-5 -> EDT UTC-4), 1 Nov 06:00Z (EDT -> EST);
// Lisbon    29 Mar 01:00Z (WET UTC+0 -> WEST UTC+1), 25 Oct 01:00Z (WEST -> WET);
// Tokyo UTC+9 and Kolkata UTC+5:30 all year. 1, 8 and 29 Mar, 25 Oct and 1 Nov 2026 are Sundays.
const NY = 'America/New_York';
const LISBON = 'Europe/Lisbon';
const TOKYO = 'Asia/Tokyo';
const KOLKATA = 'Asia/Kolkata';

const iso = (d: Date) => d.toISOString();
const isos = (list: { start: Date; end: Date }[]) => list.map((o) => `${iso(o.start)}/${iso(o.end)}`);
const wall = (d: Date, tz: string) => {
  const z = utcToZoned(d, tz);
  return `${z.date} ${z.time}`;
};
const template = (date: string, startTime: string, endTime: string, endDayOffset = 0) => ({
  date,
  startTime,
  endTime,
  endDayOffset,
});
/** The occurrences of a plan's weekly rule in its first `weeks` weeks. */
const weeksOf = (p: SlotPlan, tz: string, weeks = RECURRENCE_WEEKS) => {
  const rule = p.rule as WeeklyRule;
  return expandRule(
    rule,
    {
      start: zonedToUtc(rule.startsOn, '00:00', tz),
      end: zonedToUtc(addCalendarDays(rule.startsOn, weeks * 7), '00:00', tz),
    },
    tz,
  );
};
const ruleError = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    if (err instanceof AvailabilityRuleError) return { message: err.message, path: err.path };
    throw err;
  }
  throw new Error('expected an AvailabilityRuleError');
};

describe('weeks', () => {
  it('start on the Sunday on or before a date, across months and years', () => {
    expect(weekStartOf('2026-03-11')).toBe('2026-03-08'); // Wednesday
    expect(weekStartOf('2026-03-08')).toBe('2026-03-08'); // Sunday itself
    expect(weekStartOf('2026-03-14')).toBe('2026-03-08'); // Saturday
    expect(weekStartOf('2026-03-01')).toBe('2026-03-01');
    expect(weekStartOf('2026-01-01')).toBe('2025-12-28'); // Thursday, previous year
    expect(weekStartOf('2024-03-02')).toBe('2024-02-25'); // leap February
  });

  it('take today from the provider’s zone, not the runtime’s (TZ=UTC here)', () => {
    // 03:00Z on Sun 8 Mar is still Saturday evening in New York, midday Sunday in Tokyo.
    const now = new Date('2026-03-08T03:00:00Z');
    expect(currentWeekStart(now, NY)).toBe('2026-03-01');
    expect(currentWeekStart(now, TOKYO)).toBe('2026-03-08');
    expect(currentWeekStart(now, LISBON)).toBe('2026-03-08');
    // Kolkata's week turns at 18:30Z on Saturday.
    expect(currentWeekStart(new Date('2026-03-07T18:29:00Z'), KOLKATA)).toBe('2026-03-01');
    expect(currentWeekStart(new Date('2026-03-07T18:30:00Z'), KOLKATA)).toBe('2026-03-08');
  });

  it('list seven dates and span 167, 168 or 169 real hours', () => {
    expect(weekDates('2026-02-22')).toEqual([
      '2026-02-22',
      '2026-02-23',
      '2026-02-24',
      '2026-02-25',
      '2026-02-26',
      '2026-02-27',
      '2026-02-28',
    ]);
    const hours = (b: { start: Date; end: Date }) => (b.end.getTime() - b.start.getTime()) / HOUR_MS;
    const spring = weekBounds('2026-03-08', NY);
    expect([iso(spring.start), iso(spring.end), hours(spring)]).toEqual([
      '2026-03-08T05:00:00.000Z',
      '2026-03-15T04:00:00.000Z',
      167,
    ]);
    const autumn = weekBounds('2026-11-01', NY);
    expect([iso(autumn.start), iso(autumn.end), hours(autumn)]).toEqual([
      '2026-11-01T04:00:00.000Z',
      '2026-11-08T05:00:00.000Z',
      169,
    ]);
    const lisbon = weekBounds('2026-03-29', LISBON);
    expect([iso(lisbon.start), iso(lisbon.end), hours(lisbon)]).toEqual([
      '2026-03-29T00:00:00.000Z',
      '2026-04-04T23:00:00.000Z',
      167,
    ]);
    const lisbonAutumn = weekBounds('2026-10-25', LISBON);
    expect([iso(lisbonAutumn.start), iso(lisbonAutumn.end), hours(lisbonAutumn)]).toEqual([
      '2026-10-24T23:00:00.000Z',
      '2026-11-01T00:00:00.000Z',
      169,
    ]);
    const tokyo = weekBounds('2026-03-08', TOKYO);
    expect([iso(tokyo.start), hours(tokyo)]).toEqual(['2026-03-07T15:00:00.000Z', 168]);
    const kolkata = weekBounds('2026-03-08', KOLKATA);
    expect([iso(kolkata.start), hours(kolkata)]).toEqual(['2026-03-07T18:30:00.000Z', 168]);
  });

  it('offer the hours in the product’s format', () => {
    expect(formatHourChoice(9)).toBe('9:00');
    expect(formatHourChoice(0)).toBe('0:00');
    expect(formatHourChoice(17)).toBe('17:00');
  });
});

describe('expandWeekly', () => {
  it('keeps 09:00-17:00 in New York across the March change: the UTC time moves an hour', () => {
    const { occurrences, skipped } = expandWeekly(template('2026-03-01', '09:00', '17:00'), [1, 3], NY);
    expect(skipped).toEqual([]);
    expect(occurrences).toHaveLength(2 * RECURRENCE_WEEKS);
    expect(occurrences.slice(0, 4).map((o) => [o.date, iso(o.start), iso(o.end)])).toEqual([
      ['2026-03-02', '2026-03-02T14:00:00.000Z', '2026-03-02T22:00:00.000Z'], // Mon, EST
      ['2026-03-04', '2026-03-04T14:00:00.000Z', '2026-03-04T22:00:00.000Z'], // Wed, EST
      ['2026-03-09', '2026-03-09T13:00:00.000Z', '2026-03-09T21:00:00.000Z'], // Mon, EDT
      ['2026-03-11', '2026-03-11T13:00:00.000Z', '2026-03-11T21:00:00.000Z'], // Wed, EDT
    ]);
    for (const o of occurrences) expect(formatSlotLabel(o, NY)).toBe('09:00-17:00');
    // The twelfth Monday and Wednesday, 11 weeks after the first.
    expect(occurrences.slice(-2).map((o) => o.date)).toEqual(['2026-05-18', '2026-05-20']);
    expect(new Set(occurrences.map((o) => utcToZoned(o.start, NY).date)).size).toBe(24);
  });

  it('keeps 09:00-17:00 in New York across the November change', () => {
    const { occurrences } = expandWeekly(template('2026-10-19', '09:00', '17:00'), [1], NY);
    expect(occurrences.slice(0, 3).map((o) => iso(o.start))).toEqual([
      '2026-10-19T13:00:00.000Z',
      '2026-10-26T13:00:00.000Z',
      '2026-11-02T14:00:00.000Z',
    ]);
    expect(occurrences.every((o) => formatSlotLabel(o, NY) === '09:00-17:00')).toBe(true);
  });

  it('keeps Lisbon’s wall clock across both changes (the series spans March and October)', () => {
    const spring = expandWeekly(template('2026-03-22', '09:00', '17:00'), [0], LISBON).occurrences;
    expect(spring.slice(0, 2).map((o) => iso(o.start))).toEqual([
      '2026-03-22T09:00:00.000Z',
      '2026-03-29T08:00:00.000Z',
    ]);
    const autumn = expandWeekly(template('2026-10-18', '09:00', '17:00'), [0], LISBON).occurrences;
    expect(autumn.slice(0, 2).map((o) => iso(o.start))).toEqual([
      '2026-10-18T08:00:00.000Z',
      '2026-10-25T09:00:00.000Z',
    ]);
    expect([...spring, ...autumn].every((o) => formatSlotLabel(o, LISBON) === '09:00-17:00')).toBe(true);
  });

  it('steps exactly a week in Tokyo (no DST)', () => {
    const { occurrences } = expandWeekly(template('2026-03-01', '09:00', '12:00'), [0], TOKYO);
    expect(iso(occurrences[0]!.start)).toBe('2026-03-01T00:00:00.000Z');
    for (let i = 1; i < occurrences.length; i++) {
      expect(occurrences[i]!.start.getTime() - occurrences[i - 1]!.start.getTime()).toBe(7 * 24 * HOUR_MS);
    }
  });

  it('keeps the half-hour offset of Kolkata on every day of the week', () => {
    const { occurrences } = expandWeekly(template('2026-03-04', '09:00', '17:30'), [0, 1, 2, 3, 4, 5, 6], KOLKATA);
    expect(occurrences).toHaveLength(7 * RECURRENCE_WEEKS);
    expect(iso(occurrences[0]!.start)).toBe('2026-03-04T03:30:00.000Z'); // Wednesday, the template's own day
    expect(iso(occurrences[0]!.end)).toBe('2026-03-04T12:00:00.000Z');
    // Sunday's first occurrence is after the template's date, never before it.
    expect(occurrences.find((o) => o.date.endsWith('-08'))?.date).toBe('2026-03-08');
    expect(occurrences.some((o) => o.date < '2026-03-04')).toBe(false);
    for (let i = 1; i < occurrences.length; i++) {
      expect(occurrences[i]!.start.getTime() - occurrences[i - 1]!.start.getTime()).toBe(24 * HOUR_MS);
    }
  });

  it('starts each selected day on its first date on or after the template date', () => {
    // Template on a Wednesday; Monday and Wednesday selected: Wednesday this week, Monday next.
    const { occurrences } = expandWeekly(template('2026-03-04', '09:00', '17:00'), [3, 1], NY);
    expect(occurrences.slice(0, 3).map((o) => o.date)).toEqual(['2026-03-04', '2026-03-09', '2026-03-11']);
  });

  it('skips an occurrence whose times do not exist (02:00-03:00 on the spring-forward night)', () => {
    const { occurrences, skipped } = expandWeekly(template('2026-03-01', '02:00', '03:00'), [0], NY);
    expect(skipped).toEqual(['2026-03-08']);
    expect(occurrences).toHaveLength(RECURRENCE_WEEKS - 1);
    expect(occurrences.map((o) => o.date)).not.toContain('2026-03-08');
    expect(occurrences.every((o) => formatSlotLabel(o, NY) === '02:00-03:00')).toBe(true);
    // Half an hour into the gap is skipped too: 02:30 and 03:30 are the same instant that night.
    expect(expandWeekly(template('2026-03-08', '02:30', '03:30'), [0], NY).skipped).toEqual(['2026-03-08']);
  });

  it('shortens a slot that starts in the gap to what the clocks show (02:00-04:00 is 03:00-04:00)', () => {
    const { occurrences } = expandWeekly(template('2026-03-08', '02:00', '04:00'), [0], NY, 2);
    expect(occurrences.map((o) => [iso(o.start), iso(o.end), formatSlotLabel(o, NY)])).toEqual([
      ['2026-03-08T07:00:00.000Z', '2026-03-08T08:00:00.000Z', '03:00-04:00'],
      ['2026-03-15T06:00:00.000Z', '2026-03-15T08:00:00.000Z', '02:00-04:00'],
    ]);
    // Lisbon's gap is 01:00-02:00 on 29 March.
    const lisbon = expandWeekly(template('2026-03-29', '01:00', '03:00'), [0], LISBON, 1).occurrences;
    expect(lisbon.map((o) => [iso(o.start), iso(o.end)])).toEqual([
      ['2026-03-29T01:00:00.000Z', '2026-03-29T02:00:00.000Z'],
    ]);
  });

  it('covers the repeated hour of the autumn overlap (01:00-02:00 lasts two real hours)', () => {
    const ny = expandWeekly(template('2026-11-01', '01:00', '02:00'), [0], NY, 1).occurrences;
    expect(isos(ny)).toEqual(['2026-11-01T05:00:00.000Z/2026-11-01T07:00:00.000Z']);
    expect(formatSlotLabel(ny[0]!, NY)).toBe('01:00-02:00');
    const lisbon = expandWeekly(template('2026-10-25', '01:00', '02:00'), [0], LISBON, 1).occurrences;
    expect(isos(lisbon)).toEqual(['2026-10-25T00:00:00.000Z/2026-10-25T02:00:00.000Z']);
  });

  it('crosses midnight, including into a DST night', () => {
    const { occurrences } = expandWeekly(template('2026-02-28', '22:00', '02:00', 1), [6], NY, 2);
    expect(occurrences.map((o) => [o.date, iso(o.start), iso(o.end), formatSlotLabel(o, NY)])).toEqual([
      ['2026-02-28', '2026-03-01T03:00:00.000Z', '2026-03-01T07:00:00.000Z', '22:00-02:00'],
      // Saturday 7 March 22:00 EST to Sunday 02:00, which does not exist: 03:00 EDT.
      ['2026-03-07', '2026-03-08T03:00:00.000Z', '2026-03-08T07:00:00.000Z', '22:00-03:00'],
    ]);
  });

  it('checks weekday indexes (0 = Sunday ... 6 = Saturday)', () => {
    expect(normalizeRecurrenceDays([3, 1, 3, 0])).toEqual([0, 1, 3]);
    expect(() => normalizeRecurrenceDays([7])).toThrow(RangeError);
    expect(() => normalizeRecurrenceDays([-1])).toThrow(RangeError);
    expect(() => normalizeRecurrenceDays([1.5])).toThrow(RangeError);
    expect(expandWeekly(template('2026-03-01', '09:00', '10:00'), [], NY).occurrences).toEqual([]);
  });
});

describe('oneOffSlot', () => {
  it('reads the hours on the provider’s wall clock', () => {
    expect(isos([oneOffSlot('2026-03-09', 9, 17, NY)])).toEqual(['2026-03-09T13:00:00.000Z/2026-03-09T21:00:00.000Z']);
    expect(isos([oneOffSlot('2026-03-06', 9, 17, NY)])).toEqual(['2026-03-06T14:00:00.000Z/2026-03-06T22:00:00.000Z']);
    expect(isos([oneOffSlot('2026-07-01', 0, 23, KOLKATA)])).toEqual([
      '2026-06-30T18:30:00.000Z/2026-07-01T17:30:00.000Z',
    ]);
    expect(isos([oneOffSlot('2026-03-29', 0, 3, LISBON)])).toEqual([
      '2026-03-29T00:00:00.000Z/2026-03-29T02:00:00.000Z',
    ]);
  });

  it('refuses an end hour not after the start hour, and hours the clocks skip', () => {
    expect(ruleError(() => oneOffSlot('2026-03-09', 17, 9, NY))).toEqual({
      message: END_AFTER_START_MESSAGE,
      path: 'end',
    });
    expect(ruleError(() => oneOffSlot('2026-03-09', 9, 9, NY)).message).toBe(END_AFTER_START_MESSAGE);
    expect(ruleError(() => oneOffSlot('2026-03-08', 2, 3, NY))).toEqual({
      message: 'This time does not exist on Mar 8, 2026 in America/New_York: the clocks move forward',
      path: 'start',
    });
    expect(ruleError(() => oneOffSlot('2026-03-29', 1, 2, LISBON)).message).toBe(
      skippedTimeMessage('2026-03-29', LISBON),
    );
  });
});

describe('buildWeekGrid', () => {
  const slot = (start: string, end: string, isBlocked = false) => ({ start, end, isBlocked });

  it('puts a New York schedule in the provider’s days across the spring change', () => {
    const { occurrences } = expandWeekly(template('2026-03-01', '09:00', '17:00'), [1, 3], NY);
    const slots = occurrences.map((o) => slot(iso(o.start), iso(o.end)));
    const before = buildWeekGrid('2026-03-01', slots, NY, 'en');
    const after = buildWeekGrid('2026-03-08', slots, NY, 'en');
    for (const grid of [before, after]) {
      expect(grid.days.map((d) => d.slots.map((s) => s.label))).toEqual([
        [],
        ['09:00-17:00'],
        [],
        ['09:00-17:00'],
        [],
        [],
        [],
      ]);
    }
    expect(after.weekStartLabel).toBe('Mar 8, 2026');
    expect(after.days.map((d) => `${d.weekdayShortName} ${d.dateLabel}`)).toEqual([
      'Sun Mar 8',
      'Mon Mar 9',
      'Tue Mar 10',
      'Wed Mar 11',
      'Thu Mar 12',
      'Fri Mar 13',
      'Sat Mar 14',
    ]);
    expect(after.days.map((d) => d.weekday)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(after.days[1]!.weekdayName).toBe('Monday');
  });

  it('names the days in the reader’s language', () => {
    const ja = buildWeekGrid('2026-03-08', [], NY, 'ja');
    expect(ja.weekStartLabel).toBe('2026年3月8日');
    expect(ja.days[1]).toMatchObject({ weekdayName: '月曜日', weekdayShortName: '月', dateLabel: '3月9日' });
    const th = buildWeekGrid('2026-03-08', [], NY, 'th');
    // Gregorian years in Thai, as every booking date.
    expect(th.weekStartLabel).toBe('8 มี.ค. 2026');
    expect(th.days[0]).toMatchObject({ weekdayName: 'วันอาทิตย์', dateLabel: '8 มี.ค.' });
    const br = buildWeekGrid('2026-03-08', [], NY, 'pt-BR');
    expect(br.days[6]).toMatchObject({ weekdayName: 'sábado', dateLabel: '14 de mar.' });
  });

  it('groups by the provider’s calendar, not UTC’s', () => {
    const slots = [
      slot('2026-03-08T03:00:00Z', '2026-03-08T04:00:00Z'), // Sat 7 Mar 22:00 in New York
      slot('2026-03-07T15:00:00Z', '2026-03-07T16:00:00Z'), // Sun 8 Mar 00:00 in Tokyo
      slot('2026-03-07T18:30:00Z', '2026-03-07T19:00:00Z'), // Sun 8 Mar 00:00 in Kolkata
    ];
    const ny = buildWeekGrid('2026-03-01', slots, NY, 'en');
    // All three are on Saturday 7 March in New York.
    expect(ny.days[6]!.slots.map((s) => s.label)).toEqual(['10:00-11:00', '13:30-14:00', '22:00-23:00']);
    expect(ny.days.slice(0, 6).every((d) => d.slots.length === 0)).toBe(true);
    // All three on Sunday 8 March in Tokyo.
    const tokyo = buildWeekGrid('2026-03-08', slots, TOKYO, 'en');
    expect(tokyo.days[0]!.slots.map((s) => s.label)).toEqual(['00:00-01:00', '03:30-04:00', '12:00-13:00']);
    // In Kolkata the second is still Saturday (20:30), the previous week.
    const kolkata = buildWeekGrid('2026-03-08', slots, KOLKATA, 'en');
    expect(kolkata.days[0]!.slots.map((s) => s.label)).toEqual(['00:00-00:30', '08:30-09:30']);
    expect(kolkata.days.flatMap((d) => d.slots)).toHaveLength(2);
  });

  it('sorts a day’s slots by instant, repeated wall times of the autumn night included', () => {
    const slots = [
      slot('2026-11-01T06:30:00Z', '2026-11-01T07:00:00Z', true), // 01:30 EST
      slot('2026-11-01T14:00:00Z', '2026-11-01T22:00:00Z'), // 09:00 EST
      slot('2026-11-01T05:30:00Z', '2026-11-01T06:00:00Z'), // 01:30 EDT
    ];
    const grid = buildWeekGrid('2026-11-01', slots, NY, 'en');
    expect(grid.days[0]!.slots.map((s) => [s.label, s.slot.isBlocked])).toEqual([
      ['01:30-01:00', false],
      ['01:30-02:00', true],
      ['09:00-17:00', false],
    ]);
  });

  it('marks a slot that runs past midnight and leaves out what starts outside the week', () => {
    const slots = [
      slot('2026-03-01T03:00:00Z', '2026-03-01T07:00:00Z'), // Sat 28 Feb 22:00-02:00 NY: previous week
      slot('2026-03-02T03:00:00Z', '2026-03-02T05:00:00Z'), // Sun 1 Mar 22:00-00:00
      slot('2026-03-03T03:00:00Z', '2026-03-03T07:00:00Z'), // Mon 2 Mar 22:00-02:00
      slot('2026-03-08T05:00:00Z', '2026-03-08T06:00:00Z'), // Sun 8 Mar: next week
    ];
    const grid = buildWeekGrid('2026-03-01', slots, NY, 'en');
    expect(grid.days.flatMap((d) => d.slots.map((s) => [d.date, s.label, s.endsNextDay]))).toEqual([
      ['2026-03-01', '22:00-00:00', false],
      ['2026-03-02', '22:00-02:00', true],
    ]);
  });

  it('accepts Date instants as well as ISO strings', () => {
    const grid = buildWeekGrid(
      '2026-06-07',
      [{ start: new Date('2026-06-08T08:00:00Z'), end: new Date('2026-06-08T16:00:00Z') }],
      LISBON,
      'en',
    );
    expect(grid.days[1]!.slots[0]!.label).toBe('09:00-17:00');
  });
});

describe('effectiveAvailability', () => {
  const at = (h: number, m = 0) => new Date(Date.UTC(2026, 5, 1, h, m));
  const a = (from: number, to: number) => ({ start: at(from), end: at(to), isBlocked: false });
  const b = (from: number, to: number) => ({ start: at(from), end: at(to), isBlocked: true });
  const hours = (list: { start: Date; end: Date }[]) =>
    list.map((i) => [i.start.getUTCHours(), i.end.getUTCHours() || (i.end.getUTCDate() > 1 ? 24 : 0)]);

  it('joins overlapping and touching available slots', () => {
    expect(hours(effectiveAvailability([a(13, 17), a(9, 12), a(12, 13), a(15, 18), a(20, 21)]))).toEqual([
      [9, 18],
      [20, 21],
    ]);
    expect(effectiveAvailability([])).toEqual([]);
  });

  it('lets blocked time override available time where they overlap', () => {
    expect(hours(effectiveAvailability([a(9, 17), b(12, 13)]))).toEqual([
      [9, 12],
      [13, 17],
    ]);
    expect(hours(effectiveAvailability([a(9, 17), b(8, 10), b(16, 20)]))).toEqual([[10, 16]]);
    expect(effectiveAvailability([a(9, 17), b(9, 17)])).toEqual([]);
    expect(effectiveAvailability([a(9, 17), b(6, 20)])).toEqual([]);
    expect(hours(effectiveAvailability([a(9, 12), b(12, 13), a(13, 17)]))).toEqual([
      [9, 12],
      [13, 17],
    ]);
    // Blocked alone makes nothing available; overlapping blocks join.
    expect(effectiveAvailability([b(9, 17)])).toEqual([]);
    expect(hours(effectiveAvailability([a(8, 20), b(10, 12), b(11, 14), b(18, 19)]))).toEqual([
      [8, 10],
      [14, 18],
      [19, 20],
    ]);
    // One block across two available stretches.
    expect(hours(effectiveAvailability([a(8, 11), a(13, 18), b(10, 14)]))).toEqual([
      [8, 10],
      [14, 18],
    ]);
  });

  it('ignores empty slots and reads ISO strings', () => {
    expect(
      effectiveAvailability([
        { start: '2026-06-01T09:00:00Z', end: '2026-06-01T09:00:00Z', isBlocked: false },
        { start: '2026-06-01T10:00:00Z', end: '2026-06-01T11:00:00Z', isBlocked: false },
        { start: '2026-06-01T10:30:00Z', end: '2026-06-01T10:30:00Z', isBlocked: true },
      ]).map((i) => `${iso(i.start)}/${iso(i.end)}`),
    ).toEqual(['2026-06-01T10:00:00.000Z/2026-06-01T11:00:00.000Z']);
  });

  it('answers whether a booking fits', () => {
    const slots = [a(9, 17), b(12, 13)];
    expect(isWithinAvailability(slots, at(9), at(12))).toBe(true);
    expect(isWithinAvailability(slots, at(11), at(14))).toBe(false);
    expect(isWithinAvailability(slots, at(13), at(17))).toBe(true);
    expect(isWithinAvailability(slots, at(16), at(18))).toBe(false);
  });
});

describe('parseSlotDateTime', () => {
  it('reads instants and wall-clock date-times at whole minutes', () => {
    expect(parseSlotDateTime('2026-03-09T09:00:00.000Z')).toEqual({
      kind: 'instant',
      instant: new Date('2026-03-09T09:00:00Z'),
    });
    expect(parseSlotDateTime('2026-03-09T09:00+05:30')).toEqual({
      kind: 'instant',
      instant: new Date('2026-03-09T03:30:00Z'),
    });
    expect(parseSlotDateTime('2026-03-09T09:00')).toEqual({ kind: 'wall', date: '2026-03-09', time: '09:00' });
    expect(parseSlotDateTime('2026-03-09T09:00:00')).toEqual({ kind: 'wall', date: '2026-03-09', time: '09:00' });
  });

  it('refuses seconds, impossible dates and other shapes', () => {
    for (const bad of [
      '2026-03-09T09:00:30Z',
      '2026-03-09T09:00:00.5Z',
      '2026-02-30T09:00:00Z',
      '2026-03-09T24:00:00Z',
      '2026-03-09',
      '09:00',
      '2026-03-09 09:00:00Z',
      'tomorrow',
      '',
    ]) {
      expect(parseSlotDateTime(bad), bad).toBeUndefined();
    }
  });
});

describe('planSlot', () => {
  const now = new Date('2026-03-01T12:00:00Z'); // Sunday 1 March, 07:00 in New York
  const plan = (request: SlotRequest, tz = NY) => planSlot(request, tz, now);

  it('stores a one-off slot given as instants, as sent', () => {
    const p = plan({ start: '2026-03-09T13:00:00Z', end: '2026-03-09T21:00:00Z', isBlocked: true, isRecurring: false });
    expect(p).toMatchObject({ isBlocked: true, isRecurring: false, recurrenceType: null, recurrenceDays: null });
    expect(isos(p.occurrences)).toEqual(['2026-03-09T13:00:00.000Z/2026-03-09T21:00:00.000Z']);
    expect(p.occurrences[0]!.date).toBe('2026-03-09');
  });

  it('reads a date-time without an offset on the provider’s wall clock', () => {
    const p = plan({ start: '2026-03-09T09:00', end: '2026-03-09T17:00' });
    expect(isos(p.occurrences)).toEqual(['2026-03-09T13:00:00.000Z/2026-03-09T21:00:00.000Z']);
    expect(p.isBlocked).toBe(false);
    const tokyo = plan({ start: '2026-03-09T09:00', end: '2026-03-09T17:00' }, TOKYO);
    expect(isos(tokyo.occurrences)).toEqual(['2026-03-09T00:00:00.000Z/2026-03-09T08:00:00.000Z']);
  });

  it('ignores recurrence fields of a slot that is not recurring', () => {
    const p = plan({
      start: '2026-03-09T09:00',
      end: '2026-03-09T17:00',
      isRecurring: false,
      recurrenceType: 'WEEKLY',
      recurrenceDays: [1, 2],
    });
    expect(p).toMatchObject({ isRecurring: false, recurrenceType: null, recurrenceDays: null });
    expect(p.occurrences).toHaveLength(1);
  });

  it('expands a recurring schedule in the provider’s zone, from instants or wall-clock times', () => {
    const fromInstants = plan({
      start: '2026-03-02T14:00:00.000Z', // Monday 09:00 EST
      end: '2026-03-02T22:00:00.000Z',
      isRecurring: true,
      recurrenceType: 'WEEKLY',
      recurrenceDays: [3, 1, 1],
    });
    const fromWall = plan({
      start: '2026-03-02T09:00',
      end: '2026-03-02T17:00',
      isRecurring: true,
      recurrenceDays: [1, 3],
    });
    expect(fromInstants).toMatchObject({ isRecurring: true, recurrenceType: 'WEEKLY', recurrenceDays: [1, 3] });
    expect(fromWall.recurrenceType).toBe('WEEKLY');
    expect(isos(fromWall.occurrences)).toEqual(isos(fromInstants.occurrences));
    expect(fromWall.rule).toEqual(fromInstants.rule);
    expect(fromWall.rule).toMatchObject({ startsOn: '2026-03-02', endsOn: null, days: [1, 3] });
    // The reply's first week; the rule itself runs on.
    expect(fromWall.occurrences.map((o) => o.date)).toEqual(['2026-03-02', '2026-03-04']);
    const weeks = weeksOf(fromWall, NY);
    expect(weeks).toHaveLength(24);
    expect(weeks.map((o) => wall(o.start, NY).slice(11))).toEqual(Array(24).fill('09:00'));
    expect(new Set(weeks.map((o) => utcToZoned(o.end, NY).time))).toEqual(new Set(['17:00']));
  });

  it('reports the days a recurring schedule skips in a spring gap', () => {
    const p = plan({ start: '2026-03-01T02:00', end: '2026-03-01T03:00', isRecurring: true, recurrenceDays: [0] });
    // A year of it is looked at (53 weeks, to 28 Feb 2027): one spring night.
    expect(p.skipped).toEqual(['2026-03-08']);
    expect(weeksOf(p, NY)).toHaveLength(11);
  });

  it('refuses an end not after the start (the product’s message)', () => {
    for (const request of [
      { start: '2026-03-09T17:00', end: '2026-03-09T09:00' },
      { start: '2026-03-09T09:00', end: '2026-03-09T09:00' },
      { start: '2026-03-09T21:00:00Z', end: '2026-03-09T13:00:00Z' },
      { start: '2026-03-09T17:00', end: '2026-03-09T09:00', isRecurring: true, recurrenceDays: [1] },
      { start: '2026-03-09T21:00:00Z', end: '2026-03-09T13:00:00Z', isRecurring: true, recurrenceDays: [1] },
    ]) {
      expect(
        ruleError(() => plan(request)),
        JSON.stringify(request),
      ).toEqual({
        message: END_AFTER_START_MESSAGE,
        path: 'end',
      });
    }
  });

  it('says when a one-off slot’s times do not exist that day', () => {
    expect(ruleError(() => plan({ start: '2026-03-08T02:00', end: '2026-03-08T03:00' }))).toEqual({
      message: skippedTimeMessage('2026-03-08', NY),
      path: 'start',
    });
  });

  it('needs at least one day for a recurring slot (the product’s message)', () => {
    for (const recurrenceDays of [[], null, undefined]) {
      expect(
        ruleError(() =>
          plan({ start: '2026-03-09T09:00', end: '2026-03-09T17:00', isRecurring: true, recurrenceDays }),
        ),
      ).toEqual({ message: SELECT_DAY_MESSAGE, path: 'recurrenceDays' });
    }
    expect(
      ruleError(() =>
        plan({ start: '2026-03-09T09:00', end: '2026-03-09T17:00', isRecurring: true, recurrenceDays: [1, 7] }),
      ),
    ).toEqual({ message: WEEKDAYS_MESSAGE, path: 'recurrenceDays' });
  });

  it('refuses the past', () => {
    // Ended before now (12:00Z): refused; ending after now (still going on): kept.
    expect(ruleError(() => plan({ start: '2026-03-01T05:00:00Z', end: '2026-03-01T12:00:00Z' }))).toEqual({
      message: IN_THE_PAST_MESSAGE,
      path: 'end',
    });
    expect(plan({ start: '2026-03-01T05:00:00Z', end: '2026-03-01T12:30:00Z' }).occurrences).toHaveLength(1);
    // A schedule may start today in the provider's zone (1 March in New York), not yesterday.
    expect(
      ruleError(() =>
        plan({ start: '2026-02-28T09:00', end: '2026-02-28T17:00', isRecurring: true, recurrenceDays: [1] }),
      ),
    ).toEqual({ message: IN_THE_PAST_MESSAGE, path: 'start' });
    expect(
      weeksOf(plan({ start: '2026-03-01T06:00', end: '2026-03-01T07:00', isRecurring: true, recurrenceDays: [0] }), NY),
    ).toHaveLength(12);
    // In Tokyo it is already 1 March 21:00, so 28 February is gone there too; in Kolkata also.
    expect(
      ruleError(() =>
        plan({ start: '2026-02-28T09:00', end: '2026-02-28T10:00', isRecurring: true, recurrenceDays: [1] }, TOKYO),
      ).message,
    ).toBe(IN_THE_PAST_MESSAGE);
  });

  it('refuses anything further than a year ahead', () => {
    // 365 days after now is 2027-03-01T12:00Z.
    expect(plan({ start: '2027-03-01T12:00:00Z', end: '2027-03-01T13:00:00Z' }).occurrences).toHaveLength(1);
    expect(ruleError(() => plan({ start: '2027-03-01T12:30:00Z', end: '2027-03-01T13:00:00Z' }))).toEqual({
      message: TOO_FAR_AHEAD_MESSAGE,
      path: 'start',
    });
    // A schedule runs until it is ended: only its first occurrence must be within the year.
    const late = plan({ start: '2026-12-20T09:00', end: '2026-12-20T17:00', isRecurring: true, recurrenceDays: [0] });
    expect(late.rule).toMatchObject({ startsOn: '2026-12-20', endsOn: null });
    expect(weeksOf(late, NY, 60)).toHaveLength(60);
    expect(
      ruleError(() =>
        plan({ start: '2027-03-02T09:00', end: '2027-03-02T17:00', isRecurring: true, recurrenceDays: [2] }),
      ).message,
    ).toBe(TOO_FAR_AHEAD_MESSAGE);
  });

  it('refuses slots longer than 24 hours, counted on the clock they are given in', () => {
    expect(ruleError(() => plan({ start: '2026-03-09T09:00', end: '2026-03-10T09:01' }))).toEqual({
      message: TOO_LONG_MESSAGE,
      path: 'end',
    });
    expect(plan({ start: '2026-03-09T09:00', end: '2026-03-10T09:00' }).occurrences).toHaveLength(1);
    // 00:00 to 00:00 on the autumn night is 24 wall hours (25 real ones): allowed.
    const autumn = plan({ start: '2026-11-01T00:00', end: '2026-11-02T00:00' });
    expect(autumn.occurrences[0]!.end.getTime() - autumn.occurrences[0]!.start.getTime()).toBe(25 * HOUR_MS);
    expect(ruleError(() => plan({ start: '2026-03-09T09:00:00Z', end: '2026-03-10T09:01:00Z' })).message).toBe(
      TOO_LONG_MESSAGE,
    );
    expect(
      ruleError(() =>
        plan({ start: '2026-03-09T09:00', end: '2026-03-10T10:00', isRecurring: true, recurrenceDays: [1] }),
      ).message,
    ).toBe(TOO_LONG_MESSAGE);
    // A recurring overnight slot is fine (22:00-02:00).
    const overnight = plan({
      start: '2026-03-09T22:00',
      end: '2026-03-10T02:00',
      isRecurring: true,
      recurrenceDays: [1],
    });
    expect(weeksOf(overnight, NY).map((o) => formatSlotLabel(o, NY))).toEqual(Array(12).fill('22:00-02:00'));
  });

  it('refuses seconds', () => {
    expect(ruleError(() => plan({ start: '2026-03-09T09:00:30Z', end: '2026-03-09T17:00:00Z' }))).toEqual({
      message: WHOLE_MINUTES_MESSAGE,
      path: 'start',
    });
    expect(ruleError(() => plan({ start: '2026-03-09T09:00:00Z', end: 'soon' })).path).toBe('end');
  });
});

describe('half-hour availability', () => {
  const now = new Date('2026-03-01T12:00:00Z');
  const plan = (request: SlotRequest, tz = NY) => planSlot(request, tz, now);

  it('offers every half hour in the dialog, shown as H:mm', () => {
    expect(TIME_CHOICES).toHaveLength(48);
    expect(TIME_CHOICES.slice(0, 3)).toEqual(['00:00', '00:30', '01:00']);
    expect(TIME_CHOICES.at(-1)).toBe('23:30');
    expect(TIME_CHOICES.map(formatTimeChoice).slice(18, 20)).toEqual(['9:00', '9:30']);
    expect(formatTimeChoice('17:30')).toBe('17:30');
  });

  it('accepts windows on :00 and :30 and refuses any other minute, on the provider’s clock', () => {
    expect(isos(plan({ start: '2026-03-09T09:30', end: '2026-03-09T11:00' }).occurrences)).toEqual([
      '2026-03-09T13:30:00.000Z/2026-03-09T15:00:00.000Z',
    ]);
    expect(ruleError(() => plan({ start: '2026-03-09T09:15', end: '2026-03-09T11:00' }))).toEqual({
      message: HALF_HOUR_MESSAGE,
      path: 'start',
    });
    expect(ruleError(() => plan({ start: '2026-03-09T09:00', end: '2026-03-09T10:45' }))).toEqual({
      message: HALF_HOUR_MESSAGE,
      path: 'end',
    });
    // An instant is read on the provider's clock: 04:00Z is 09:30 in Kolkata (UTC+5:30), 09:45 in Kathmandu.
    expect(plan({ start: '2026-03-09T04:00:00Z', end: '2026-03-09T05:00:00Z' }, KOLKATA).occurrences).toHaveLength(1);
    expect(
      ruleError(() => plan({ start: '2026-03-09T04:00:00Z', end: '2026-03-09T05:00:00Z' }, 'Asia/Kathmandu')).message,
    ).toBe(HALF_HOUR_MESSAGE);
    expect(
      ruleError(() =>
        plan({ start: '2026-03-09T09:00', end: '2026-03-09T10:10', isRecurring: true, recurrenceDays: [1] }),
      ).message,
    ).toBe(HALF_HOUR_MESSAGE);
    expect(oneOffSlot('2026-03-09', '09:30', '11:00', NY).start.toISOString()).toBe('2026-03-09T13:30:00.000Z');
  });

  it('keeps an open-ended 09:30-11:00 schedule at 09:30-11:00 in New York across both clock changes', () => {
    const p = plan({ start: '2026-03-01T09:30', end: '2026-03-01T11:00', isRecurring: true, recurrenceDays: [0] });
    expect(p.rule).toEqual({
      startsOn: '2026-03-01',
      endsOn: null,
      startTime: '09:30',
      endTime: '11:00',
      endDayOffset: 0,
      days: [0],
    });
    const rule = p.rule as WeeklyRule;
    // A range around each change, read lazily (nothing stored per week).
    const spring = expandRule(
      rule,
      { start: new Date('2026-03-01T00:00:00Z'), end: new Date('2026-03-16T00:00:00Z') },
      NY,
    );
    expect(isos(spring)).toEqual([
      '2026-03-01T14:30:00.000Z/2026-03-01T16:00:00.000Z', // EST
      '2026-03-08T13:30:00.000Z/2026-03-08T15:00:00.000Z', // EDT, the day the clocks move forward
      '2026-03-15T13:30:00.000Z/2026-03-15T15:00:00.000Z',
    ]);
    const autumn = expandRule(
      rule,
      { start: new Date('2026-10-25T00:00:00Z'), end: new Date('2026-11-09T00:00:00Z') },
      NY,
    );
    expect(isos(autumn)).toEqual([
      '2026-10-25T13:30:00.000Z/2026-10-25T15:00:00.000Z', // EDT
      '2026-11-01T14:30:00.000Z/2026-11-01T16:00:00.000Z', // EST, the day the clocks move back
      '2026-11-08T14:30:00.000Z/2026-11-08T16:00:00.000Z',
    ]);
    // Years later it still runs: no twelve-week end.
    const later = expandRule(
      rule,
      { start: new Date('2029-07-01T00:00:00Z'), end: new Date('2029-07-08T00:00:00Z') },
      NY,
    );
    expect(isos(later)).toEqual(['2029-07-01T13:30:00.000Z/2029-07-01T15:00:00.000Z']);
  });

  it('keeps a half-hour window inside the night of each change: 01:30-02:30 in the gap and the overlap', () => {
    const rule: WeeklyRule = {
      startsOn: '2026-03-01',
      endsOn: null,
      startTime: '01:30',
      endTime: '03:30',
      endDayOffset: 0,
      days: [0],
    };
    // 8 Mar: 02:00-03:00 never shows; 01:30 EST to 03:30 EDT is one real hour.
    expect(
      isos(expandRule(rule, { start: new Date('2026-03-08T00:00:00Z'), end: new Date('2026-03-09T00:00:00Z') }, NY)),
    ).toEqual(['2026-03-08T06:30:00.000Z/2026-03-08T07:30:00.000Z']);
    // 1 Nov: 01:30 is the earlier (EDT) reading, 03:30 EST: three real hours.
    expect(
      isos(expandRule(rule, { start: new Date('2026-11-01T00:00:00Z'), end: new Date('2026-11-02T00:00:00Z') }, NY)),
    ).toEqual(['2026-11-01T05:30:00.000Z/2026-11-01T08:30:00.000Z']);
  });

  it('stops where the provider ended the schedule and leaves out the occurrences they deleted', () => {
    const rule: WeeklyRule = {
      startsOn: '2026-03-02',
      endsOn: '2026-03-22',
      startTime: '22:00',
      endTime: '00:30',
      endDayOffset: 1,
      days: [1],
      exceptDates: ['2026-03-09'],
    };
    const range = { start: new Date('2026-03-01T00:00:00Z'), end: new Date('2026-04-30T00:00:00Z') };
    expect(expandRule(rule, range, NY).map((o) => o.date)).toEqual(['2026-03-02', '2026-03-16']);
    // An occurrence that began the evening before the range still overlaps it.
    const tuesday = { start: new Date('2026-03-17T04:00:00Z'), end: new Date('2026-03-18T04:00:00Z') };
    expect(isos(expandRule(rule, tuesday, NY))).toEqual(['2026-03-17T02:00:00.000Z/2026-03-17T04:30:00.000Z']);
  });
});

describe('planSlots', () => {
  const now = new Date('2026-03-01T12:00:00Z');

  it('names the item that breaks a rule', () => {
    expect(
      ruleError(() =>
        planSlots(
          [
            { start: '2026-03-09T09:00', end: '2026-03-09T17:00' },
            { start: '2026-03-10T09:00', end: '2026-03-10T17:00', isRecurring: true, recurrenceDays: [] },
          ],
          NY,
          now,
        ),
      ),
    ).toEqual({ message: SELECT_DAY_MESSAGE, path: 'availabilities.1.recurrenceDays' });
  });

  it('bounds the occurrences of one request', () => {
    const everyDay = {
      start: '2026-03-09T09:00',
      end: '2026-03-09T10:00',
      isRecurring: true,
      recurrenceDays: [0, 1, 2, 3, 4, 5, 6],
    };
    // Open-ended schedules are rules, not rows: a full list of them counts only their first weeks.
    expect(planSlots(Array(100).fill(everyDay), NY, now).every((p) => p.rule?.endsOn === null)).toBe(true);
    expect(MAX_OCCURRENCES_PER_REQUEST).toBeGreaterThanOrEqual(100 * 7);
    expect(TOO_MANY_OCCURRENCES_MESSAGE).toContain(String(MAX_OCCURRENCES_PER_REQUEST));
  });
});

describe('resolveRange', () => {
  const now = new Date('2026-03-11T15:00:00Z'); // Wednesday

  it('defaults to the current week in the provider’s zone', () => {
    const r = resolveRange({}, NY, now);
    expect([iso(r.start), iso(r.end)]).toEqual(['2026-03-08T05:00:00.000Z', '2026-03-15T04:00:00.000Z']);
    const t = resolveRange({}, TOKYO, now);
    expect([iso(t.start), iso(t.end)]).toEqual(['2026-03-07T15:00:00.000Z', '2026-03-14T15:00:00.000Z']);
  });

  it('reads calendar dates in the zone and date-times as instants', () => {
    const dates = resolveRange({ from: '2026-03-01', to: '2026-03-08' }, NY, now);
    expect([iso(dates.start), iso(dates.end)]).toEqual(['2026-03-01T05:00:00.000Z', '2026-03-08T05:00:00.000Z']);
    const instants = resolveRange({ from: '2026-03-01T00:00:00Z', to: '2026-03-02T00:00:00+01:00' }, NY, now);
    expect([iso(instants.start), iso(instants.end)]).toEqual(['2026-03-01T00:00:00.000Z', '2026-03-01T23:00:00.000Z']);
    const fromOnly = resolveRange({ from: '2026-03-01' }, NY, now);
    expect(iso(fromOnly.end)).toBe('2026-03-08T05:00:00.000Z');
    const toOnly = resolveRange({ to: '2026-03-08' }, NY, now);
    expect(iso(toOnly.start)).toBe('2026-03-01T05:00:00.000Z');
  });

  it('refuses reversed, too wide and unreadable ranges', () => {
    expect(ruleError(() => resolveRange({ from: '2026-03-08', to: '2026-03-08' }, NY, now))).toEqual({
      message: RANGE_ORDER_MESSAGE,
      path: 'to',
    });
    expect(ruleError(() => resolveRange({ from: '2026-03-09', to: '2026-03-08' }, NY, now)).message).toBe(
      RANGE_ORDER_MESSAGE,
    );
    // 62 days across the spring change (one real hour short) is fine; 63 is not.
    expect(() => resolveRange({ from: '2026-02-01', to: '2026-04-04' }, NY, now)).not.toThrow();
    expect(ruleError(() => resolveRange({ from: '2026-02-01', to: '2026-04-05' }, NY, now)).message).toBe(
      RANGE_TOO_WIDE_MESSAGE,
    );
    // 62 days across the autumn change (one real hour more) is fine too.
    expect(() => resolveRange({ from: '2026-10-01', to: '2026-12-02' }, NY, now)).not.toThrow();
    expect(ruleError(() => resolveRange({ from: 'yesterday' }, NY, now)).path).toBe('from');
    expect(ruleError(() => resolveRange({ to: '2026-03-08T00:00' }, NY, now)).path).toBe('to');
  });
});
