import { describe, expect, it } from 'vitest';
import {
  BOOKING_STATUSES,
  LIVE_STATUSES,
  REVENUE_STATUSES,
  bookingStatusTone,
  canBeReviewed,
  countsAsRevenue,
  holdsSlot,
  isBookingStatus,
  isPendingRequest,
} from './booking-status.ts';

describe('booking statuses', () => {
  it('are the six statuses of the product, in order', () => {
    expect(BOOKING_STATUSES).toEqual(['PENDING', 'CONFIRMED', 'PAID', 'COMPLETED', 'CANCELED', 'REFUNDED']);
    expect(isBookingStatus('PAID')).toBe(true);
    expect(isBookingStatus('paid')).toBe(false);
    expect(isBookingStatus('DISPUTED')).toBe(false);
    expect(isBookingStatus(undefined)).toBe(false);
  });

  it('each have their own badge colour; unknown values have a neutral one', () => {
    const tones = BOOKING_STATUSES.map(bookingStatusTone);
    expect(new Set(tones).size).toBe(BOOKING_STATUSES.length);
    expect(tones).not.toContain('unknown');
    expect(bookingStatusTone('PENDING')).toBe('amber');
    expect(bookingStatusTone('REFUNDED')).toBe('rose');
    expect(bookingStatusTone('DISPUTED')).toBe('unknown');
    expect(bookingStatusTone('')).toBe('unknown');
  });

  it('PENDING alone is a pending request', () => {
    expect(BOOKING_STATUSES.filter(isPendingRequest)).toEqual(['PENDING']);
    expect(isPendingRequest('pending')).toBe(false);
  });

  it('PAID and COMPLETED alone count as revenue', () => {
    expect(BOOKING_STATUSES.filter(countsAsRevenue)).toEqual(['PAID', 'COMPLETED']);
    expect(REVENUE_STATUSES).toEqual(['PAID', 'COMPLETED']);
    expect(countsAsRevenue('DISPUTED')).toBe(false);
  });

  it('PENDING, CONFIRMED and PAID alone hold a slot', () => {
    expect(BOOKING_STATUSES.filter(holdsSlot)).toEqual(['PENDING', 'CONFIRMED', 'PAID']);
    expect(LIVE_STATUSES).toEqual(['PENDING', 'CONFIRMED', 'PAID']);
  });

  it('COMPLETED alone can be reviewed', () => {
    expect(BOOKING_STATUSES.filter(canBeReviewed)).toEqual(['COMPLETED']);
  });
});
