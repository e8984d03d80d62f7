import { describe, expect, it } from 'vitest';
import { EXPIRED_REASON, HOLD_LAPSED_REASON } from '@shared/domain/booking-lifecycle';
import { closedNote } from './booking-closed';

const names = { provider: 'Chef Paolo', traveler: 'Tess' };

describe('how a canceled booking closed, said to its reader', () => {
  it('a declined request: the provider declined it, with their reason', () => {
    const declined = { declined: true, canceledBy: 'PROVIDER' as const, cancelReason: 'Away' };
    expect(closedNote(declined, 'TRAVELER', names)).toEqual({
      text: 'Chef Paolo declined this request.',
      showReason: true,
    });
    expect(closedNote(declined, 'PROVIDER', names)).toEqual({ text: 'You declined this request.', showReason: true });
  });

  it('a cancellation names who canceled', () => {
    expect(closedNote({ canceledBy: 'TRAVELER' }, 'PROVIDER', names)?.text).toBe('Tess canceled this booking.');
    expect(closedNote({ canceledBy: 'TRAVELER' }, 'TRAVELER', names)?.text).toBe('You canceled this booking.');
    expect(closedNote({ canceledBy: 'PROVIDER' }, 'PROVIDER', names)?.text).toBe('You canceled this booking.');
    expect(closedNote({ canceledBy: 'PROVIDER' }, 'TRAVELER', names)?.text).toBe('Chef Paolo canceled this booking.');
  });

  it('time closed it: an expired request or a card payment not completed, without a "Reason:"', () => {
    const expired = { canceledBy: 'SYSTEM' as const, cancelReason: EXPIRED_REASON };
    expect(closedNote(expired, 'PROVIDER', names)).toEqual({
      text: 'You did not answer in time, so the request expired.',
      showReason: false,
    });
    expect(closedNote(expired, 'TRAVELER', names)?.text).toBe(
      'Chef Paolo did not answer in time, so the request expired.',
    );
    const lapsed = { canceledBy: 'SYSTEM' as const, cancelReason: HOLD_LAPSED_REASON };
    expect(closedNote(lapsed, 'TRAVELER', names)?.showReason).toBe(false);
    expect(closedNote({ canceledBy: 'SYSTEM', cancelReason: null }, 'PROVIDER', names)).toBeNull();
  });
});
