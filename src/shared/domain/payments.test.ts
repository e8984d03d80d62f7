import { describe, expect, it } from 'vitest';
import { isCardPayable, needsCardPayment, notCardPayableReason, paymentStatusLabel } from './payments.ts';

describe('card payment limits (Stripe: its minimum and maximum charge in each currency)', () => {
  it('a free booking and totals Stripe refuses are not paid by card, with the reason', () => {
    expect(isCardPayable(0, 'USD')).toBe(false);
    expect(notCardPayableReason(0, 'USD')).toBe('This booking is free: there is nothing to pay.');
    expect(isCardPayable(49, 'USD')).toBe(false);
    expect(notCardPayableReason(49, 'USD')).toMatch(/start at \$0\.50/);
    expect(isCardPayable(50, 'USD')).toBe(true);
    expect(notCardPayableReason(50, 'USD')).toBeUndefined();
    expect(isCardPayable(99_999_999, 'USD')).toBe(true);
    expect(isCardPayable(100_000_000, 'USD')).toBe(false);
    expect(notCardPayableReason(100_000_000, 'USD')).toMatch(/\$999,999\.99/);
  });

  it('in yen, baht, pesos and rupiah: each currency’s own minimum', () => {
    expect(isCardPayable(49, 'JPY')).toBe(false);
    expect(notCardPayableReason(49, 'JPY')).toMatch(/start at ¥50/);
    expect(isCardPayable(50, 'JPY')).toBe(true);
    expect(isCardPayable(999, 'THB')).toBe(false);
    expect(isCardPayable(1_000, 'THB')).toBe(true);
    expect(isCardPayable(999, 'MXN')).toBe(false);
    expect(notCardPayableReason(999, 'MXN')).toMatch(/MX\$10/);
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

  it('the provider reads the payment status in words', () => {
    expect(paymentStatusLabel('requires_capture', true)).toBe('Card authorised');
    expect(paymentStatusLabel('requires_payment_method', true)).toBe('Card not authorised yet');
    expect(paymentStatusLabel('succeeded', true)).toBe('Paid by card');
    expect(paymentStatusLabel(null, true)).toBe('No card payment');
    expect(paymentStatusLabel(null, false)).toBeUndefined();
  });

  it('a request made to be paid by card, with no payment yet, is awaiting it (not "No card payment")', () => {
    const required = { status: 'PENDING', paymentRequired: true };
    expect(paymentStatusLabel(null, true, required)).toBe('Awaiting card payment');
    expect(paymentStatusLabel(undefined, true, required)).toBe('Awaiting card payment');
    // The keys removed meanwhile: still unpaid, still not acceptable.
    expect(paymentStatusLabel(null, false, required)).toBe('Awaiting card payment');
    // Once a payment exists its own status speaks.
    expect(paymentStatusLabel('requires_payment_method', true, required)).toBe('Card not authorised yet');
    expect(paymentStatusLabel('requires_capture', true, required)).toBe('Card authorised');
    // Not required (made before the keys were set, or free; or an older server without the flag).
    expect(paymentStatusLabel(null, true, { status: 'PENDING', paymentRequired: false })).toBe('No card payment');
    expect(paymentStatusLabel(null, true, { status: 'PENDING' })).toBe('No card payment');
    expect(paymentStatusLabel(null, false, { status: 'PENDING', paymentRequired: false })).toBeUndefined();
    // No longer a request (expired, declined, canceled): nothing is awaited any more.
    for (const status of ['CANCELED', 'CONFIRMED', 'COMPLETED'])
      expect(paymentStatusLabel(null, true, { status, paymentRequired: true })).toBe('No card payment');
  });
});
