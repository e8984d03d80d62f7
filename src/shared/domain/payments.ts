/**
 * Payments (decision 024), what both sides need: the currency and the product's payment texts. Money is
 * held (authorised) at the request, captured when the provider accepts, released on decline or
 * expiry, refunded by the cancellation policy (booking-lifecycle.ts cancelRefundsInFull).
 */

/** Card payments are in US dollars (prices are US cents, docs/product.md). */
export const PAYMENT_CURRENCY = 'usd';

// The product's texts of the payment card.
export const PAYMENT_NOT_CONFIGURED_TITLE = 'Payment processing is not configured.';
export const PAYMENT_NOT_CONFIGURED_HINT = 'Please add Stripe API keys to enable payments.';
export const PAYMENT_ERROR_TITLE = 'Error';
export const PAYMENT_INIT_FAILED = 'Failed to initialize payment. Please try again.';

/** The least Stripe charges in US dollars (50 cents) and the most one card payment can be. */
export const CARD_PAYMENT_MIN_CENTS = 50;
export const CARD_PAYMENT_MAX_CENTS = 99_999_999;

/**
 * Whether a booking of this total is paid by card at checkout. A free booking (0) and totals
 * Stripe refuses go on as request-to-book with payment arranged with the provider.
 */
export const isCardPayable = (totalCents: number) =>
  totalCents >= CARD_PAYMENT_MIN_CENTS && totalCents <= CARD_PAYMENT_MAX_CENTS;

/** Why a booking of this total is not paid by card, or undefined when it is. */
export function notCardPayableReason(totalCents: number): string | undefined {
  if (totalCents === 0) return 'This booking is free: there is nothing to pay.';
  if (totalCents < CARD_PAYMENT_MIN_CENTS)
    return 'Card payments start at $0.50: arrange payment for this booking with the provider.';
  if (totalCents > CARD_PAYMENT_MAX_CENTS)
    return 'This total is above what one card payment can take ($999,999.99): arrange payment with the provider.';
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
export const needsCardPayment = (status: string | null | undefined, totalCents: number) =>
  isCardPayable(totalCents) &&
  (status === null ||
    status === undefined ||
    status === 'requires_payment_method' ||
    status === 'requires_confirmation' ||
    status === 'requires_action');
