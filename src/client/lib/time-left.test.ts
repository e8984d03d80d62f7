import { describe, expect, it } from 'vitest';
import { timeLeftToRespond } from './time-left';

const now = new Date('2026-03-29T00:30:00Z');
const after = (ms: number) => new Date(now.getTime() + ms);
const MIN = 60_000;
const HOUR = 60 * MIN;

describe('timeLeftToRespond', () => {
  it('says the whole hours left, rounded up, while an hour or more is left', () => {
    expect(timeLeftToRespond(after(24 * HOUR), now).hours).toBe(24);
    expect(timeLeftToRespond(after(4 * HOUR + 10 * MIN), now).hours).toBe(5);
    expect(timeLeftToRespond(after(5 * HOUR), now).hours).toBe(5);
    expect(timeLeftToRespond(after(HOUR), now)).toEqual({ expired: false, urgent: false, minutes: 60, hours: 1 });
  });

  it('counts minutes in the last hour, rounded up', () => {
    expect(timeLeftToRespond(after(40 * MIN), now)).toEqual({ expired: false, urgent: true, minutes: 40, hours: 1 });
    expect(timeLeftToRespond(after(59 * MIN + 1000), now)).toMatchObject({ urgent: false, hours: 1 });
    expect(timeLeftToRespond(after(39 * MIN + 1), now)).toMatchObject({ urgent: true, minutes: 40 });
    expect(timeLeftToRespond(after(1000), now)).toMatchObject({ urgent: true, minutes: 1 });
  });

  it('is expired at and after the respond-by instant', () => {
    expect(timeLeftToRespond(now, now)).toEqual({ expired: true, urgent: true, minutes: 0, hours: 0 });
    expect(timeLeftToRespond(after(-5 * MIN), now).expired).toBe(true);
  });

  it('counts real elapsed time across a clock change (Europe/Lisbon springs forward at 01:00 UTC)', () => {
    // 00:30 UTC = 00:30 Lisbon; two real hours later is 03:30 Lisbon wall time, still 2 h.
    expect(timeLeftToRespond(new Date('2026-03-29T02:30:00Z'), now)).toMatchObject({ urgent: false, hours: 2 });
    const autumn = new Date('2026-10-25T00:30:00Z');
    expect(timeLeftToRespond(new Date('2026-10-25T02:30:00Z'), autumn)).toMatchObject({ urgent: false, hours: 2 });
  });
});
