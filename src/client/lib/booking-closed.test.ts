import { describe, expect, it } from 'vitest';
import { EXPIRED_REASON, HOLD_LAPSED_REASON } from '@shared/domain/booking-lifecycle';
import { closedKind, closedShowsReason } from './booking-closed';

describe('how a canceled booking closed', () => {
  it('a declined request: the provider declined it, with their reason', () => {
    const declined = { declined: true, canceledBy: 'PROVIDER' as const, cancelReason: 'Away' };
    expect(closedKind(declined)).toBe('declined');
    expect(closedShowsReason('declined')).toBe(true);
  });

  it('a cancellation names who canceled', () => {
    expect(closedKind({ canceledBy: 'TRAVELER' })).toBe('traveler');
    expect(closedKind({ canceledBy: 'PROVIDER' })).toBe('provider');
    expect(closedShowsReason('provider')).toBe(true);
  });

  it('time closed it: an expired request or a card payment not completed, without a "Reason:"', () => {
    expect(closedKind({ canceledBy: 'SYSTEM', cancelReason: EXPIRED_REASON })).toBe('expired');
    expect(closedShowsReason('expired')).toBe(false);
    expect(closedKind({ canceledBy: 'SYSTEM', cancelReason: HOLD_LAPSED_REASON })).toBe('lapsed');
    expect(closedShowsReason('lapsed')).toBe(false);
    // The system's other closings (a suspension, a provider who can no longer be paid) say nothing here.
    expect(closedKind({ canceledBy: 'SYSTEM', cancelReason: null })).toBeNull();
    expect(closedKind({ canceledBy: 'SYSTEM', cancelReason: 'provider cannot be paid' })).toBeNull();
    // Only a typed reason is known.
    expect(closedKind({ cancelReason: 'Double-booked' })).toBe('reason');
  });
});
