/**
 * Payments (issue 10), what both sides need: the currency and SPEC.md's payment texts. Money is
 * held (authorised) at the request, captured when the provider accepts, released on decline or
 * expiry, refunded by the cancellation policy (booking-lifecycle.ts cancelRefundsInFull).
 */

/** Card payments are in US dollars (prices are US cents, SPEC.md section 9). */
export const PAYMENT_CURRENCY = 'usd';

// SPEC.md's texts of the payment card.
export const PAYMENT_NOT_CONFIGURED_TITLE = 'Payment processing is not configured.';
export const PAYMENT_NOT_CONFIGURED_HINT = 'Please add Stripe API keys to enable payments.';
export const PAYMENT_ERROR_TITLE = 'Error';
export const PAYMENT_INIT_FAILED = 'Failed to initialize payment. Please try again.';
