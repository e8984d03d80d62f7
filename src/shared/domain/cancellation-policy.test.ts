import { describe, expect, it } from 'vitest';
import {
  cancelPolicyKind,
  cancelRefundsInFull,
  FREE_CANCELLATION_HOURS,
  providerCancelRefundsCard,
} from './booking-lifecycle.ts';

const HOUR = 3600 * 1000;
const now = new Date('2026-03-28T12:00:00Z');

describe('cancelRefundsInFull', () => {
  it('the provider always refunds in full', () => {
    expect(cancelRefundsInFull('PROVIDER', new Date(now.getTime() + HOUR), now)).toBe(true);
    expect(cancelRefundsInFull('PROVIDER', new Date(now.getTime() + 30 * 24 * HOUR), now)).toBe(true);
  });

  it('the traveler: at least 24 hours before the start, to the millisecond', () => {
    expect(FREE_CANCELLATION_HOURS).toBe(24);
    expect(cancelRefundsInFull('TRAVELER', new Date(now.getTime() + 24 * HOUR), now)).toBe(true);
    expect(cancelRefundsInFull('TRAVELER', new Date(now.getTime() + 24 * HOUR - 1), now)).toBe(false);
    expect(cancelRefundsInFull('TRAVELER', new Date(now.getTime() + 72 * HOUR), now)).toBe(true);
    expect(cancelRefundsInFull('TRAVELER', new Date(now.getTime() + HOUR), now)).toBe(false);
  });

  it('counts real hours across a DST change (Europe: 29 March 2026)', () => {
    // 24 real hours after 12:00 UTC on the 28th is 12:00 UTC on the 29th, whatever the wall clocks say.
    expect(cancelRefundsInFull('TRAVELER', new Date('2026-03-29T12:00:00Z'), now)).toBe(true);
    expect(cancelRefundsInFull('TRAVELER', new Date('2026-03-29T11:59:59Z'), now)).toBe(false);
  });
});

describe('cancelPolicyKind', () => {
  it('says what cancelling now means: nothing charged yet, a full refund, or none', () => {
    expect(cancelPolicyKind('PENDING', new Date(now.getTime() + HOUR), now)).toBe('pending');
    expect(cancelPolicyKind('CONFIRMED', new Date(now.getTime() + 48 * HOUR), now)).toBe('full');
    expect(cancelPolicyKind('PAID', new Date(now.getTime() + 24 * HOUR), now)).toBe('full');
    expect(cancelPolicyKind('PAID', new Date(now.getTime() + 5 * HOUR), now)).toBe('late');
  });
});

describe('providerCancelRefundsCard', () => {
  it('names the card when one holds or took money', () => {
    expect(providerCancelRefundsCard('succeeded')).toBe(true);
    expect(providerCancelRefundsCard('requires_capture')).toBe(true);
    expect(providerCancelRefundsCard('processing')).toBe(true);
    expect(providerCancelRefundsCard('canceled')).toBe(false);
    expect(providerCancelRefundsCard(null)).toBe(false);
  });
});
