import { describe, expect, it } from 'vitest';
import { isCardPayable, needsCardPayment, notCardPayable, paymentStatusKind } from './payments.ts';

describe('card payment limits (Stripe: its minimum and maximum charge in each currency)', () => {
  it('a free booking and totals Stripe refuses are not paid by card, with the reason', () => {
    expect(isCardPayable(0, 'USD')).toBe(false);
    expect(notCardPayable(0, 'USD')).toEqual({ reason: 'free' });
    expect(isCardPayable(49, 'USD')).toBe(false);
    expect(notCardPayable(49, 'USD')).toEqual({ reason: 'below_minimum', limitCents: 50 });
    expect(isCardPayable(50, 'USD')).toBe(true);
    expect(notCardPayable(50, 'USD')).toBeUndefined();
    expect(isCardPayable(99_999_999, 'USD')).toBe(true);
    expect(isCardPayable(100_000_000, 'USD')).toBe(false);
    expect(notCardPayable(100_000_000, 'USD')).toEqual({ reason: 'above_maximum', limitCents: 99_999_999 });
  });

  it('in yen, baht, pesos and rupiah: each currency’s own minimum', () => {
    expect(isCardPayable(49, 'JPY')).toBe(false);
    expect(notCardPayable(49, 'JPY')).toEqual({ reason: 'below_minimum', limitCents: 50 });
    expect(isCardPayable(50, 'JPY')).toBe(true);
    expect(isCardPayable(999, 'THB')).toBe(false);
    expect(isCardPayable(1_000, 'THB')).toBe(true);
    expect(isCardPayable(999, 'MXN')).toBe(false);
    expect(notCardPayable(999, 'MXN')).toEqual({ reason: 'below_minimum', limitCents: 1_000 });
    // Stripe lists no rupiah minimum: the equivalent of US$0.50, Rp 10,000 in the table.
    expect(isCardPayable(1_000_000, 'IDR')).toBe(true);
    expect(isCardPayable(999_900, 'IDR')).toBe(false);
    // Rupiah take twelve digits: Rp 9.999.999.999,99.
    expect(isCardPayable(999_999_999_999, 'IDR')).toBe(true);
    expect(isCardPayable(1_000_000_000_000, 'IDR')).toBe(false);
    expect(isCardPayable(100_000_000, 'JPY')).toBe(false);
  });

  it('a PENDING request needs a card payment until it is authorised (and only when payable)', () => {
    expect(needsCardPayment(null, 12600, 'USD')).toBe(true);
    expect(needsCardPayment('requires_payment_method', 12600, 'USD')).toBe(true);
    expect(needsCardPayment('requires_action', 12600, 'USD')).toBe(true);
    expect(needsCardPayment('requires_capture', 12600, 'USD')).toBe(false);
    expect(needsCardPayment('canceled', 12600, 'USD')).toBe(false);
    expect(needsCardPayment(null, 0, 'USD')).toBe(false);
  });

  it('the provider’s list names the payment’s state', () => {
    expect(paymentStatusKind('requires_capture', true)).toBe('authorised');
    expect(paymentStatusKind('requires_payment_method', true)).toBe('not_authorised');
    expect(paymentStatusKind('succeeded', true)).toBe('paid');
    expect(paymentStatusKind(null, true)).toBe('no_card_payment');
    expect(paymentStatusKind(null, false)).toBeUndefined();
  });

  it('a request made to be paid by card, with no payment yet, is awaiting it (not "No card payment")', () => {
    const required = { status: 'PENDING', paymentRequired: true };
    expect(paymentStatusKind(null, true, required)).toBe('awaiting_card');
    expect(paymentStatusKind(undefined, true, required)).toBe('awaiting_card');
    // The keys removed meanwhile: still unpaid, still not acceptable.
    expect(paymentStatusKind(null, false, required)).toBe('awaiting_card');
    // Once a payment exists its own status speaks.
    expect(paymentStatusKind('requires_payment_method', true, required)).toBe('not_authorised');
    expect(paymentStatusKind('requires_capture', true, required)).toBe('authorised');
    // Not required (made before the keys were set, or free; or an older server without the flag).
    expect(paymentStatusKind(null, true, { status: 'PENDING', paymentRequired: false })).toBe('no_card_payment');
    expect(paymentStatusKind(null, true, { status: 'PENDING' })).toBe('no_card_payment');
    expect(paymentStatusKind(null, false, { status: 'PENDING', paymentRequired: false })).toBeUndefined();
    // No longer a request (expired, declined, canceled): nothing is awaited any more.
    for (const status of ['CANCELED', 'CONFIRMED', 'COMPLETED'])
      expect(paymentStatusKind(null, true, { status, paymentRequired: true })).toBe('no_card_payment');
  });
});
