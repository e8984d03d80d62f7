import { describe, expect, it } from 'vitest';
import { hasFreeStart, longestFreeStart } from './slots.ts';

const at = (iso: string) => new Date(iso);
const now = at('2026-03-20T09:00:00Z');

describe('hasFreeStart and longestFreeStart (TZ=UTC)', () => {
  // Lisbon is UTC+0 until 01:00 UTC on Sunday 29 March 2026, UTC+1 after.
  const lisbon = 'Europe/Lisbon';

  it('finds a start inside the day’s availability, in the provider’s zone', () => {
    const availability = [{ start: at('2026-03-28T09:00:00Z'), end: at('2026-03-28T12:00:00Z') }];
    const base = { timeZone: lisbon, availability, busy: [], now };
    expect(hasFreeStart({ ...base, hours: 3, dates: ['2026-03-28'] })).toBe(true);
    expect(hasFreeStart({ ...base, hours: 4, dates: ['2026-03-28'] })).toBe(false);
    expect(hasFreeStart({ ...base, hours: 1, dates: ['2026-03-27'] })).toBe(false);
    expect(longestFreeStart({ ...base, dates: ['2026-03-28', '2026-03-29'], maxHours: 24 })).toBe(3);
  });

  it('reads the Sunday of the spring change in local time: 09:00-12:00 there is 08:00-11:00 UTC', () => {
    const availability = [{ start: at('2026-03-29T08:00:00Z'), end: at('2026-03-29T11:00:00Z') }];
    const base = { timeZone: lisbon, availability, busy: [], now };
    expect(longestFreeStart({ ...base, dates: ['2026-03-29'], maxHours: 24 })).toBe(3);
    // "Tonight" (from 18:00 local) has none of it.
    expect(hasFreeStart({ ...base, hours: 1, dates: ['2026-03-29'], notBefore: '18:00' })).toBe(false);
  });

  it('an evening start counts for tonight; a booking in the way leaves the hours around it', () => {
    const availability = [{ start: at('2026-03-28T17:00:00Z'), end: at('2026-03-28T23:00:00Z') }];
    const busy = [{ start: at('2026-03-28T20:00:00Z'), end: at('2026-03-28T21:00:00Z') }];
    const base = { timeZone: lisbon, availability, busy, now };
    expect(hasFreeStart({ ...base, hours: 2, dates: ['2026-03-28'], notBefore: '18:00' })).toBe(true);
    expect(longestFreeStart({ ...base, dates: ['2026-03-28'], notBefore: '18:00', maxHours: 24 })).toBe(2);
    expect(longestFreeStart({ ...base, dates: ['2026-03-28'], maxHours: 24 })).toBe(3);
  });

  it('never offers a start sooner than the lead time', () => {
    const availability = [{ start: at('2026-03-20T09:00:00Z'), end: at('2026-03-20T10:30:00Z') }];
    expect(hasFreeStart({ timeZone: lisbon, availability, busy: [], now, hours: 1, dates: ['2026-03-20'] })).toBe(
      false,
    );
  });
});
