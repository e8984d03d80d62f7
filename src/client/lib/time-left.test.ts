import { describe, expect, it } from 'vitest';
import { timeLeftToRespond } from './time-left';

const now = new Date('2026-03-29T00:30:00Z');
const after = (ms: number) => new Date(now.getTime() + ms);
const MIN = 60_000;
const HOUR = 60 * MIN;

describe('timeLeftToRespond', () => {
  it('says the whole hours left, rounded up, while an hour or more is left', () => {
    expect(timeLeftToRespond(after(24 * HOUR), now).text).toBe('Respond within 24 h');
    expect(timeLeftToRespond(after(4 * HOUR + 10 * MIN), now).text).toBe('Respond within 5 h');
    expect(timeLeftToRespond(after(5 * HOUR), now).text).toBe('Respond within 5 h');
    expect(timeLeftToRespond(after(HOUR), now)).toEqual({ expired: false, urgent: false, text: 'Respond within 1 h' });
  });

  it('counts minutes in the last hour, rounded up', () => {
    expect(timeLeftToRespond(after(40 * MIN), now)).toEqual({
      expired: false,
      urgent: true,
      text: 'Expires in 40 min',
    });
    expect(timeLeftToRespond(after(59 * MIN + 1000), now).text).toBe('Respond within 1 h');
    expect(timeLeftToRespond(after(39 * MIN + 1), now).text).toBe('Expires in 40 min');
    expect(timeLeftToRespond(after(1000), now).text).toBe('Expires in 1 min');
  });

  it('is expired at and after the respond-by instant', () => {
    expect(timeLeftToRespond(now, now)).toEqual({ expired: true, urgent: true, text: 'Expired' });
    expect(timeLeftToRespond(after(-5 * MIN), now).expired).toBe(true);
  });

  it('counts real elapsed time across a clock change (Europe/Lisbon springs forward at 01:00 UTC)', () => {
    // 00:30 UTC = 00:30 Lisbon; two real hours later is 03:30 Lisbon wall time, still 2 h.
    expect(timeLeftToRespond(new Date('2026-03-29T02:30:00Z'), now).text).toBe('Respond within 2 h');
    const autumn = new Date('2026-10-25T00:30:00Z');
    expect(timeLeftToRespond(new Date('2026-10-25T02:30:00Z'), autumn).text).toBe('Respond within 2 h');
  });
});
