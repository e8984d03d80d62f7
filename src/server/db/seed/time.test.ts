import { describe, expect, it } from 'vitest';
import { localDay, weekdayOf, zonedTime } from './time.ts';

describe('zonedTime', () => {
  it('converts wall-clock time to UTC across a DST change (New York, March 2026)', () => {
    // DST starts on Sunday 8 March 2026 at 02:00.
    expect(zonedTime({ year: 2026, month: 2, day: 6 }, 9, 0, 'America/New_York').toISOString()).toBe(
      '2026-03-06T14:00:00.000Z',
    );
    expect(zonedTime({ year: 2026, month: 2, day: 9 }, 9, 0, 'America/New_York').toISOString()).toBe(
      '2026-03-09T13:00:00.000Z',
    );
  });

  it('handles the autumn change in Lisbon and zones without DST', () => {
    // Lisbon leaves summer time on Sunday 25 October 2026.
    expect(zonedTime({ year: 2026, month: 9, day: 24 }, 10, 30, 'Europe/Lisbon').toISOString()).toBe(
      '2026-10-24T09:30:00.000Z',
    );
    expect(zonedTime({ year: 2026, month: 9, day: 26 }, 10, 30, 'Europe/Lisbon').toISOString()).toBe(
      '2026-10-26T10:30:00.000Z',
    );
    expect(zonedTime({ year: 2026, month: 0, day: 15 }, 9, 0, 'Asia/Makassar').toISOString()).toBe(
      '2026-01-15T01:00:00.000Z',
    );
    expect(zonedTime({ year: 2026, month: 6, day: 1 }, 9, 0, 'America/Sao_Paulo').toISOString()).toBe(
      '2026-07-01T12:00:00.000Z',
    );
  });
});

describe('localDay', () => {
  it('is the calendar day in the zone, not in UTC', () => {
    const instant = new Date('2026-01-31T20:00:00Z'); // already 1 February in Tokyo
    expect(localDay(instant, 'Asia/Tokyo')).toEqual({ year: 2026, month: 1, day: 1 });
    expect(localDay(instant, 'America/Mexico_City')).toEqual({ year: 2026, month: 0, day: 31 });
  });

  it('moves by calendar days across month ends and DST', () => {
    expect(localDay(new Date('2026-01-31T20:00:00Z'), 'Asia/Tokyo', 30)).toEqual({ year: 2026, month: 2, day: 3 });
    expect(localDay(new Date('2026-03-07T12:00:00Z'), 'America/New_York', 1)).toEqual({ year: 2026, month: 2, day: 8 });
  });
});

describe('weekdayOf', () => {
  it('uses 0 = Sunday', () => {
    expect(weekdayOf({ year: 2026, month: 2, day: 8 })).toBe(0);
    expect(weekdayOf({ year: 2026, month: 2, day: 6 })).toBe(5);
  });
});
