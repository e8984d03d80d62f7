/**
 * Payments (decision 024), what both sides need: which totals a card can pay, and the product's payment texts. Money is
 * held (authorised) at the request, captured when the provider accepts, released on decline or
 * expiry, refunded by the cancellation policy (booking-lifecycle.ts cancelRefundsInFull).
 */
import { CURRENCY_RULES, type CurrencyCode } from './currency.ts';
import { DEFAULT_LOCALE } from './locales.ts';
import { formatMoney } from './pricing.ts';

// The product's texts of the payment card.
export const PAYMENT_NOT_CONFIGURED_TITLE = 'Payment processing is not configured.';
export const PAYMENT_NOT_CONFIGURED_HINT = 'Please add Stripe API keys to enable payments.';
export const PAYMENT_ERROR_TITLE = 'Error';
export const PAYMENT_INIT_FAILED = 'Failed to initialize payment. Please try again.';

/**
 * Whether a booking of this total (minor units of `currency`) is paid by card at checkout: at
 * least Stripe's minimum charge in that currency and at most the most one charge can be
 * (currency.ts). A free booking (0) and totals Stripe refuses go on as request-to-book with
 * payment arranged with the provider.
 */
export const isCardPayable = (totalCents: number, currency: CurrencyCode) =>
  totalCents >= CURRENCY_RULES[currency].stripeMinimumCharge &&
  totalCents <= CURRENCY_RULES[currency].stripeMaximumCharge;

/** Why a booking of this total is not paid by card, or undefined when it is (amounts in English). */
export function notCardPayableReason(totalCents: number, currency: CurrencyCode): string | undefined {
  const money = (amount: number) => formatMoney(amount, currency, DEFAULT_LOCALE);
  const { stripeMinimumCharge, stripeMaximumCharge } = CURRENCY_RULES[currency];
  if (totalCents === 0) return 'This booking is free: there is nothing to pay.';
  if (totalCents < stripeMinimumCharge)
    return `Card payments start at ${money(stripeMinimumCharge)}: arrange payment for this booking with the provider.`;
  if (totalCents > stripeMaximumCharge)
    return `This total is above what one card payment can take (${money(stripeMaximumCharge)}): arrange payment with the provider.`;
  return undefined;
}

/**
 * What a booking's card payment is, in words, for the provider's list (a Stripe status, or null:
 * no card payment was started). Undefined: nothing to show (null while payments are off).
 * A PENDING request made to be paid by card (payment_required, decision 024) with no payment yet
 * is awaiting the traveler's card, whether or not payments are still on: it cannot be accepted.
 */
export function paymentStatusLabel(
  status: string | null | undefined,
  paymentsOn: boolean,
  booking?: { status: string; paymentRequired?: boolean | undefined },
): string | undefined {
  if (status === null || status === undefined) {
    if (booking?.paymentRequired && booking.status === 'PENDING') return 'Awaiting card payment';
    return paymentsOn ? 'No card payment' : undefined;
  }
  switch (status) {
    case 'requires_capture':
      return 'Card authorised';
    case 'succeeded':
      return 'Paid by card';
    case 'processing':
      return 'Card payment processing';
    case 'canceled':
      return 'Card hold released';
    case 'refunded':
      return 'Refunded';
    default:
      return 'Card not authorised yet';
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
