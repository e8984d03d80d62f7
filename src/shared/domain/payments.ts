/**
 * Payments (decision 024), what both sides need: which totals a card can pay, and what a booking's
 * card payment is. Money is held (authorised) at the request, captured when the provider accepts,
 * released on decline or expiry, refunded by the cancellation policy (booking-lifecycle.ts
 * cancelRefundsInFull). The words are the screens' and the server's, in the reader's language.
 */
import { CURRENCY_RULES, type CurrencyCode } from './currency.ts';

/**
 * Whether a booking of this total (minor units of `currency`) is paid by card at checkout: at
 * least Stripe's minimum charge in that currency and at most the most one charge can be
 * (currency.ts). A free booking (0) and totals Stripe refuses go on as request-to-book with
 * payment arranged with the provider.
 */
export const isCardPayable = (totalCents: number, currency: CurrencyCode) =>
  totalCents >= CURRENCY_RULES[currency].stripeMinimumCharge &&
  totalCents <= CURRENCY_RULES[currency].stripeMaximumCharge;

/**
 * Why a booking of this total is not paid by card, or undefined when it is: it is free, or below
 * Stripe's minimum charge or above its maximum (`limitCents`, in `currency`).
 */
export type NotCardPayable =
  | { reason: 'free' }
  | { reason: 'below_minimum'; limitCents: number }
  | { reason: 'above_maximum'; limitCents: number };

export function notCardPayable(totalCents: number, currency: CurrencyCode): NotCardPayable | undefined {
  const { stripeMinimumCharge, stripeMaximumCharge } = CURRENCY_RULES[currency];
  if (totalCents === 0) return { reason: 'free' };
  if (totalCents < stripeMinimumCharge) return { reason: 'below_minimum', limitCents: stripeMinimumCharge };
  if (totalCents > stripeMaximumCharge) return { reason: 'above_maximum', limitCents: stripeMaximumCharge };
  return undefined;
}

/**
 * What a booking's card payment is, for the provider's list (from a Stripe status, or null: no
 * card payment was started). Undefined: nothing to show (null while payments are off).
 * A PENDING request made to be paid by card (payment_required, decision 024) with no payment yet
 * is awaiting the traveler's card, whether or not payments are still on: it cannot be accepted.
 */
export type PaymentStatusKind =
  | 'awaiting_card'
  | 'no_card_payment'
  | 'authorised'
  | 'paid'
  | 'processing'
  | 'released'
  | 'refunded'
  | 'not_authorised';

export function paymentStatusKind(
  status: string | null | undefined,
  paymentsOn: boolean,
  booking?: { status: string; paymentRequired?: boolean | undefined },
): PaymentStatusKind | undefined {
  if (status === null || status === undefined) {
    if (booking?.paymentRequired && booking.status === 'PENDING') return 'awaiting_card';
    return paymentsOn ? 'no_card_payment' : undefined;
  }
  switch (status) {
    case 'requires_capture':
      return 'authorised';
    case 'succeeded':
      return 'paid';
    case 'processing':
      return 'processing';
    case 'canceled':
      return 'released';
    case 'refunded':
      return 'refunded';
    default:
      return 'not_authorised';
  }
}

/** Whether a PENDING booking's traveler still has a card payment to complete (the dashboard's 'Complete payment'). */
export const needsCardPayment = (status: string | null | undefined, totalCents: number, currency: CurrencyCode) =>
  isCardPayable(totalCents, currency) &&
  (status === null ||
    status === undefined ||
    status === 'requires_payment_method' ||
    status === 'requires_confirmation' ||
    status === 'requires_action');
