// Run with TZ=UTC: nothing here may depend on the machine's own zone.
import { describe, expect, it } from 'vitest';
import { effectiveAvailability, type Interval } from './availability.ts';
import { availableDays, bookableDates, computeSlots, gridStarts, monthDates, slotWindow } from './slots.ts';
import { addCalendarDays, dayBounds, utcOffsetMinutes, utcToZoned, zonedToUtc } from './time.ts';

const NY = 'America/New_York';
const LISBON = 'Europe/Lisbon';
const SYDNEY = 'Australia/Sydney';
const KATHMANDU = 'Asia/Kathmandu';
const KOLKATA = 'Asia/Kolkata';
const UTC = 'UTC';

const at = (iso: string) => new Date(iso);
const iv = (start: string, end: string): Interval => ({ start: at(start), end: at(end) });
/** Start instants as 'HH:mm' UTC. */
const utcTimes = (slots: Interval[]) => slots.map((s) => s.start.toISOString().slice(11, 16));
/** Start instants as the zone's wall clock with its offset ('01:30-240'). */
const wall = (instants: Date[], timeZone: string) =>
  instants.map(
    (d) =>
      `${utcToZoned(d, timeZone).time}${utcOffsetMinutes(timeZone, d) >= 0 ? '+' : ''}${utcOffsetMinutes(timeZone, d)}`,
  );
/** The whole day of `date` in `timeZone` as available time. */
const wholeDay = (date: string, timeZone: string) => [dayBounds(date, timeZone)];
/** A `now` comfortably before `date` (10 days), so lead time and the 180-day cap do not interfere. */
const before = (date: string) => new Date(zonedToUtc(date, '00:00', UTC).getTime() - 10 * 86_400_000);

describe('gridStarts: the 30-minute grid of local wall time', () => {
  it('has 48 starts on an ordinary day, on the hour and half hour of the zone', () => {
    const starts = gridStarts('2026-06-10', LISBON);
    expect(starts).toHaveLength(48);
    expect(starts[0]?.toISOString()).toBe('2026-06-09T23:00:00.000Z');
    expect(starts.at(-1)?.toISOString()).toBe('2026-06-10T22:30:00.000Z');
    expect(new Set(starts.map((d) => utcToZoned(d, LISBON).time.slice(3))).size).toBe(2);
  });

  it('skips the spring gap and doubles the autumn overlap (New York)', () => {
    const spring = gridStarts('2026-03-08', NY);
    expect(spring).toHaveLength(46);
    expect(wall(spring, NY).slice(2, 6)).toEqual(['01:00-300', '01:30-300', '03:00-240', '03:30-240']);
    expect(wall(spring, NY).some((w) => w.startsWith('02:'))).toBe(false);
    const autumn = gridStarts('2026-11-01', NY);
    expect(autumn).toHaveLength(50);
    expect(wall(autumn, NY).slice(2, 7)).toEqual(['01:00-240', '01:30-240', '01:00-300', '01:30-300', '02:00-300']);
    expect(autumn[2]?.toISOString()).toBe('2026-11-01T05:00:00.000Z');
    expect(autumn[4]?.toISOString()).toBe('2026-11-01T06:00:00.000Z');
  });

  it('skips the spring gap and doubles the autumn overlap (Lisbon)', () => {
    const spring = gridStarts('2026-03-29', LISBON);
    expect(spring).toHaveLength(46);
    expect(wall(spring, LISBON).slice(0, 4)).toEqual(['00:00+0', '00:30+0', '02:00+60', '02:30+60']);
    const autumn = gridStarts('2026-10-25', LISBON);
    expect(autumn).toHaveLength(50);
    expect(wall(autumn, LISBON).slice(2, 6)).toEqual(['01:00+60', '01:30+60', '01:00+0', '01:30+0']);
  });

  it('follows the southern hemisphere: Sydney falls back in April and springs forward in October', () => {
    const autumn = gridStarts('2026-04-05', SYDNEY);
    expect(autumn).toHaveLength(50);
    expect(wall(autumn, SYDNEY).slice(4, 8)).toEqual(['02:00+660', '02:30+660', '02:00+600', '02:30+600']);
    expect(autumn[0]?.toISOString()).toBe('2026-04-04T13:00:00.000Z');
    const spring = gridStarts('2026-10-04', SYDNEY);
    expect(spring).toHaveLength(46);
    expect(wall(spring, SYDNEY).slice(2, 6)).toEqual(['01:00+600', '01:30+600', '03:00+660', '03:30+660']);
  });

  it('is on the local grid in +5:45 and +5:30 zones (quarter and half past UTC)', () => {
    const kathmandu = gridStarts('2026-06-10', KATHMANDU);
    expect(kathmandu).toHaveLength(48);
    expect(kathmandu[0]?.toISOString()).toBe('2026-06-09T18:15:00.000Z');
    expect(kathmandu[1]?.toISOString()).toBe('2026-06-09T18:45:00.000Z');
    const kolkata = gridStarts('2026-06-10', KOLKATA);
    expect(kolkata[0]?.toISOString()).toBe('2026-06-09T18:30:00.000Z');
    expect(kolkata[1]?.toISOString()).toBe('2026-06-09T19:00:00.000Z');
  });

  it("has 49 starts on Lord Howe Island's 24.5-hour day (a half-hour clock change)", () => {
    const day = gridStarts('2026-04-05', 'Australia/Lord_Howe');
    expect(day).toHaveLength(49);
    expect(wall(day, 'Australia/Lord_Howe').slice(2, 5)).toEqual(['01:00+660', '01:30+660', '01:30+630']);
  });

  it('is strictly ascending and every start reads back on its date', () => {
    for (const [date, zone] of [
      ['2026-03-08', NY],
      ['2026-11-01', NY],
      ['2026-03-29', LISBON],
      ['2026-10-25', LISBON],
      ['2026-04-05', SYDNEY],
      ['2026-10-04', SYDNEY],
    ] as const) {
      const starts = gridStarts(date, zone);
      for (let i = 1; i < starts.length; i++) expect(starts[i]!.getTime()).toBeGreaterThan(starts[i - 1]!.getTime());
      for (const s of starts) expect(utcToZoned(s, zone).date).toBe(date);
    }
  });
});

describe('computeSlots', () => {
  it('never starts in the spring gap; a 1-hour slot across the change lasts one real hour (New York)', () => {
    const date = '2026-03-08';
    // 00:00 EST (05:00Z) to 05:00 EDT (09:00Z): four real hours.
    const slots = computeSlots({
      date,
      timeZone: NY,
      hours: 1,
      availability: [iv('2026-03-08T05:00:00Z', '2026-03-08T09:00:00Z')],
      busy: [],
      now: before(date),
    });
    expect(utcTimes(slots)).toEqual(['05:00', '05:30', '06:00', '06:30', '07:00', '07:30', '08:00']);
    expect(
      wall(
        slots.map((s) => s.start),
        NY,
      ),
    ).toEqual(['00:00-300', '00:30-300', '01:00-300', '01:30-300', '03:00-240', '03:30-240', '04:00-240']);
    expect(slots[3]?.end.toISOString()).toBe('2026-03-08T07:30:00.000Z');
  });

  it('offers both 01:00s and both 01:30s of the autumn night (New York)', () => {
    const date = '2026-11-01';
    // 00:00 EDT (04:00Z) to 03:00 EST (08:00Z).
    const slots = computeSlots({
      date,
      timeZone: NY,
      hours: 1,
      availability: [iv('2026-11-01T04:00:00Z', '2026-11-01T08:00:00Z')],
      busy: [],
      now: before(date),
    });
    expect(utcTimes(slots)).toEqual(['04:00', '04:30', '05:00', '05:30', '06:00', '06:30', '07:00']);
    expect(
      wall(
        slots.map((s) => s.start),
        NY,
      ),
    ).toEqual(['00:00-240', '00:30-240', '01:00-240', '01:30-240', '01:00-300', '01:30-300', '02:00-300']);
  });

  it('counts the 23- and 25-hour days of Lisbon, New York and Sydney when the whole day is free', () => {
    // Whole-day availability, 1 hour: every grid start whose hour ends by the next midnight.
    const cases = [
      { date: '2026-03-29', zone: LISBON, slots: 45 },
      { date: '2026-10-25', zone: LISBON, slots: 49 },
      { date: '2026-03-08', zone: NY, slots: 45 },
      { date: '2026-11-01', zone: NY, slots: 49 },
      { date: '2026-10-04', zone: SYDNEY, slots: 45 },
      { date: '2026-04-05', zone: SYDNEY, slots: 49 },
      { date: '2026-06-10', zone: LISBON, slots: 47 },
    ];
    for (const c of cases) {
      const slots = computeSlots({
        date: c.date,
        timeZone: c.zone,
        hours: 1,
        availability: wholeDay(c.date, c.zone),
        busy: [],
        now: before(c.date),
      });
      expect(slots, `${c.zone} ${c.date}`).toHaveLength(c.slots);
      expect(wall([slots.at(-1)!.start], c.zone)[0]?.slice(0, 5)).toBe('23:00');
    }
  });

  it('Lisbon spring day: nothing at 01:00 or 01:30, which do not exist', () => {
    const date = '2026-03-29';
    const slots = computeSlots({
      date,
      timeZone: LISBON,
      hours: 1,
      // 00:00 WET (00:00Z) to 04:00 WEST (03:00Z).
      availability: [iv('2026-03-29T00:00:00Z', '2026-03-29T03:00:00Z')],
      busy: [],
      now: before(date),
    });
    expect(utcTimes(slots)).toEqual(['00:00', '00:30', '01:00', '01:30', '02:00']);
    expect(
      wall(
        slots.map((s) => s.start),
        LISBON,
      ).map((w) => w.slice(0, 5)),
    ).toEqual(['00:00', '00:30', '02:00', '02:30', '03:00']);
  });

  it('Sydney autumn day: 02:00 and 02:30 twice, a 2-hour slot crossing the change', () => {
    const date = '2026-04-05';
    // 01:00 AEDT (14:00Z on the 4th) to 03:00 AEST (17:00Z): three real hours.
    const slots = computeSlots({
      date,
      timeZone: SYDNEY,
      hours: 2,
      availability: [iv('2026-04-04T14:00:00Z', '2026-04-04T17:00:00Z')],
      busy: [],
      now: before(date),
    });
    expect(
      wall(
        slots.map((s) => s.start),
        SYDNEY,
      ),
    ).toEqual(['01:00+660', '01:30+660', '02:00+660']);
    expect(slots.map((s) => s.end.toISOString())).toEqual([
      '2026-04-04T16:00:00.000Z',
      '2026-04-04T16:30:00.000Z',
      '2026-04-04T17:00:00.000Z',
    ]);
  });

  it('Kathmandu (+5:45) and Kolkata (+5:30): starts on the local hour and half hour', () => {
    const date = '2026-06-10';
    const kathmandu = computeSlots({
      date,
      timeZone: KATHMANDU,
      hours: 2,
      // 09:00-12:00 local.
      availability: [iv('2026-06-10T03:15:00Z', '2026-06-10T06:15:00Z')],
      busy: [],
      now: before(date),
    });
    expect(utcTimes(kathmandu)).toEqual(['03:15', '03:45', '04:15']);
    const kolkata = computeSlots({
      date,
      timeZone: KOLKATA,
      hours: 2,
      availability: [iv('2026-06-10T03:30:00Z', '2026-06-10T06:30:00Z')],
      busy: [],
      now: before(date),
    });
    expect(utcTimes(kolkata)).toEqual(['03:30', '04:00', '04:30']);
    // Availability that is not on the local grid starts at the next grid time.
    const offGrid = computeSlots({
      date,
      timeZone: KATHMANDU,
      hours: 1,
      availability: [iv('2026-06-10T03:00:00Z', '2026-06-10T05:00:00Z')],
      busy: [],
      now: before(date),
    });
    expect(utcTimes(offGrid)).toEqual(['03:15', '03:45']);
  });

  it('a slot may run past midnight; it belongs to the day it starts on', () => {
    // Lisbon in June is UTC+1: 22:00 on the 10th to 02:00 on the 11th.
    const availability = [iv('2026-06-10T21:00:00Z', '2026-06-11T01:00:00Z')];
    const common = { timeZone: LISBON, availability, busy: [], now: before('2026-06-10') };
    const tenth = computeSlots({ ...common, date: '2026-06-10', hours: 3 });
    expect(utcTimes(tenth)).toEqual(['21:00', '21:30', '22:00']);
    expect(tenth.at(-1)?.end.toISOString()).toBe('2026-06-11T01:00:00.000Z');
    const eleventh = computeSlots({ ...common, date: '2026-06-11', hours: 1 });
    expect(utcTimes(eleventh)).toEqual(['23:00', '23:30', '00:00']);
    expect(computeSlots({ ...common, date: '2026-06-11', hours: 3 })).toEqual([]);
  });

  it('touching available slots join; a 24-hour booking fits two joined days', () => {
    const availability = effectiveAvailability([
      { start: '2026-06-10T09:00:00Z', end: '2026-06-11T00:00:00Z', isBlocked: false },
      { start: '2026-06-11T00:00:00Z', end: '2026-06-11T09:00:00Z', isBlocked: false },
    ]);
    const slots = computeSlots({
      date: '2026-06-10',
      timeZone: UTC,
      hours: 24,
      availability,
      busy: [],
      now: before('2026-06-10'),
    });
    expect(utcTimes(slots)).toEqual(['09:00']);
  });

  it('hours that do not fit give no slot', () => {
    const availability = [iv('2026-06-10T09:00:00Z', '2026-06-10T11:00:00Z')];
    const common = { date: '2026-06-10', timeZone: UTC, availability, busy: [], now: before('2026-06-10') };
    expect(utcTimes(computeSlots({ ...common, hours: 2 }))).toEqual(['09:00']);
    expect(computeSlots({ ...common, hours: 3 })).toEqual([]);
    expect(computeSlots({ ...common, availability: [], hours: 1 })).toEqual([]);
    expect(() => computeSlots({ ...common, hours: 0 })).toThrow(RangeError);
    expect(() => computeSlots({ ...common, hours: 1.5 })).toThrow(RangeError);
  });

  it('starts at least 2 hours from now (exactly 2 hours is allowed)', () => {
    const availability = [iv('2026-06-10T09:00:00Z', '2026-06-10T13:00:00Z')];
    const common = { date: '2026-06-10', timeZone: UTC, hours: 1, availability, busy: [] };
    expect(utcTimes(computeSlots({ ...common, now: at('2026-06-10T08:00:00Z') }))).toEqual([
      '10:00',
      '10:30',
      '11:00',
      '11:30',
      '12:00',
    ]);
    expect(utcTimes(computeSlots({ ...common, now: at('2026-06-10T08:10:00Z') }))).toEqual([
      '10:30',
      '11:00',
      '11:30',
      '12:00',
    ]);
    expect(computeSlots({ ...common, now: at('2026-06-10T11:00:00Z') })).toEqual([]);
  });

  it('starts at most 180 days from now (exactly 180 days is allowed)', () => {
    const now = at('2026-01-01T00:00:00Z');
    // 2026-06-30T00:00Z is 180 days after now.
    const last = computeSlots({
      date: '2026-06-30',
      timeZone: UTC,
      hours: 1,
      availability: wholeDay('2026-06-30', UTC),
      busy: [],
      now,
    });
    expect(last.map((s) => s.start.toISOString())).toEqual(['2026-06-30T00:00:00.000Z']);
    expect(
      computeSlots({
        date: '2026-07-01',
        timeZone: UTC,
        hours: 1,
        availability: wholeDay('2026-07-01', UTC),
        busy: [],
        now,
      }),
    ).toEqual([]);
  });

  it('busy intervals remove overlapping starts; touching (end == start) is allowed', () => {
    const availability = [iv('2026-06-10T09:00:00Z', '2026-06-10T17:00:00Z')];
    const slots = computeSlots({
      date: '2026-06-10',
      timeZone: UTC,
      hours: 1,
      availability,
      // Unsorted and overlapping on purpose.
      busy: [
        iv('2026-06-10T15:00:00Z', '2026-06-10T16:00:00Z'),
        iv('2026-06-10T12:00:00Z', '2026-06-10T13:00:00Z'),
        iv('2026-06-10T12:30:00Z', '2026-06-10T13:00:00Z'),
      ],
      now: before('2026-06-10'),
    });
    expect(utcTimes(slots)).toEqual(['09:00', '09:30', '10:00', '10:30', '11:00', '13:00', '13:30', '14:00', '16:00']);
  });

  it('a busy interval outside availability or on another day changes nothing', () => {
    const availability = [iv('2026-06-10T09:00:00Z', '2026-06-10T11:00:00Z')];
    const slots = computeSlots({
      date: '2026-06-10',
      timeZone: UTC,
      hours: 1,
      availability,
      busy: [iv('2026-06-09T09:00:00Z', '2026-06-10T09:00:00Z'), iv('2026-06-10T11:00:00Z', '2026-06-11T11:00:00Z')],
      now: before('2026-06-10'),
    });
    expect(utcTimes(slots)).toEqual(['09:00', '09:30', '10:00']);
  });

  it('blocked time (through effectiveAvailability) removes starts; touching it is allowed', () => {
    const availability = effectiveAvailability([
      { start: '2026-06-10T09:00:00Z', end: '2026-06-10T13:00:00Z', isBlocked: false },
      { start: '2026-06-10T10:00:00Z', end: '2026-06-10T11:00:00Z', isBlocked: true },
      { start: '2026-06-10T12:00:00Z', end: '2026-06-10T20:00:00Z', isBlocked: true },
    ]);
    const slots = computeSlots({
      date: '2026-06-10',
      timeZone: UTC,
      hours: 1,
      availability,
      busy: [],
      now: before('2026-06-10'),
    });
    expect(utcTimes(slots)).toEqual(['09:00', '11:00']);
  });
});

describe('availableDays', () => {
  it('lists exactly the days with a slot, the same answer as computeSlots day by day', () => {
    const zones = [NY, LISBON, SYDNEY, KATHMANDU, KOLKATA, UTC];
    for (const zone of zones) {
      for (const month of ['2026-03', '2026-10', '2026-11']) {
        // Weekdays 09:00-12:00 local, a blocked morning, busy afternoons and short days.
        const dates = monthDates(month);
        const rows = dates.flatMap((date, i) => {
          if (i % 7 === 0) return [];
          const end = i % 5 === 0 ? '10:00' : '12:00';
          const list = [{ start: zonedToUtc(date, '09:00', zone), end: zonedToUtc(date, end, zone), isBlocked: false }];
          if (i % 4 === 0)
            list.push({
              start: zonedToUtc(date, '08:00', zone),
              end: zonedToUtc(date, '13:00', zone),
              isBlocked: true,
            });
          return list;
        });
        const busy = dates
          .filter((_, i) => i % 3 === 0)
          .map((date) => ({ start: zonedToUtc(date, '09:00', zone), end: zonedToUtc(date, '11:00', zone) }));
        const inputs = {
          timeZone: zone,
          hours: 2,
          availability: effectiveAvailability(rows),
          busy,
          now: new Date(zonedToUtc(`${month}-01`, '00:00', zone).getTime() - 86_400_000),
        };
        const expected = dates.filter((date) => computeSlots({ ...inputs, date }).length > 0);
        const days = availableDays({ ...inputs, month });
        expect(days, `${zone} ${month}`).toEqual(expected);
        // The rules above leave some days out and keep others.
        expect(days.length).toBeGreaterThan(5);
        expect(days.length).toBeLessThan(dates.length - 5);
      }
    }
  });

  it('leaves out today once the lead time has passed it, and days after the 180-day cap', () => {
    const all = effectiveAvailability(
      Array.from({ length: 30 }, (_, i) => ({ ...dayBounds(addCalendarDays('2026-06-01', i), UTC), isBlocked: false })),
    );
    // Now is 22:30 on June 10: the first start is 00:30 on the 11th.
    const days = availableDays({
      month: '2026-06',
      timeZone: UTC,
      hours: 1,
      availability: all,
      busy: [],
      now: at('2026-06-10T22:30:00Z'),
    });
    expect(days[0]).toBe('2026-06-11');
    expect(days).toHaveLength(20);
    // 180 days before June 15 00:00Z: June 15 has exactly one start (00:00), June 16 none.
    const capNow = new Date(at('2026-06-15T00:00:00Z').getTime() - 180 * 86_400_000);
    const capped = availableDays({
      month: '2026-06',
      timeZone: UTC,
      hours: 1,
      availability: all,
      busy: [],
      now: capNow,
    });
    expect(capped.at(-1)).toBe('2026-06-15');
    expect(capped[0]).toBe('2026-06-01');
  });
});

describe('helpers', () => {
  it('monthDates lists every day of a month, leap years included', () => {
    expect(monthDates('2028-02')).toHaveLength(29);
    expect(monthDates('2026-02')).toHaveLength(28);
    expect(monthDates('2026-12').at(-1)).toBe('2026-12-31');
    expect(() => monthDates('2026-13')).toThrow(RangeError);
  });

  it('bookableDates: today (in the zone, after the lead) to now + 180 days', () => {
    expect(bookableDates(at('2026-06-10T12:00:00Z'), UTC)).toEqual({ from: '2026-06-10', to: '2026-12-07' });
    // 23:00Z is already the 11th in Kathmandu.
    expect(bookableDates(at('2026-06-10T23:00:00Z'), KATHMANDU).from).toBe('2026-06-11');
  });

  it('slotWindow covers the grid of the days plus the hours, clamped to what can be booked', () => {
    const now = at('2026-06-01T00:00:00Z');
    expect(slotWindow('2026-06-10', '2026-06-10', LISBON, 3, now)).toEqual({
      start: at('2026-06-09T23:00:00Z'),
      end: at('2026-06-11T01:30:00Z'),
    });
    expect(slotWindow('2026-05-01', '2026-05-31', LISBON, 1, now)).toBeUndefined();
    expect(slotWindow('2027-01-01', '2027-01-31', LISBON, 1, now)).toBeUndefined();
    // The first day starts after the lead time.
    expect(slotWindow('2026-06-01', '2026-06-01', UTC, 1, now)?.start).toEqual(at('2026-06-01T02:00:00Z'));
  });
});
