/**
 * Payment rules (issue 10) both sides need: the cancellation policy and the words shown for it,
 * and SPEC.md's payment texts. Money is held (authorised) at the request, captured when the
 * provider accepts, released on decline or expiry, refunded by this policy.
 */

// Not time.ts's HOUR_MS: importing time.ts here changes how the client's shared chunks split and
// grows the first load on / (npm run size), for one constant.
const HOUR_MS = 60 * 60 * 1000;

/** A traveler who cancels at least this long before the start is refunded in full. */
export const FREE_CANCELLATION_HOURS = 24;

/** Card payments are in US dollars (prices are US cents, SPEC.md section 9). */
export const PAYMENT_CURRENCY = 'usd';

/**
 * Whether cancelling a booking the provider accepted refunds the traveler in full: always when the
 * provider cancels; when the traveler does, only at least 24 hours before the start.
 */
export function cancelRefundsInFull(actor: 'TRAVELER' | 'PROVIDER', start: Date, now: Date): boolean {
  if (actor === 'PROVIDER') return true;
  return start.getTime() - now.getTime() >= FREE_CANCELLATION_HOURS * HOUR_MS;
}

/** The policy as checkout and the cancel dialog state it. */
export const CANCELLATION_POLICY_TEXT =
  `Cancellation policy: cancel at least ${FREE_CANCELLATION_HOURS} hours before the start for a full refund; ` +
  `cancel later and the payment is not refunded. If the provider declines, cancels or does not answer, ` +
  `you are never charged or are refunded in full.`;

// SPEC.md's texts of the payment card.
export const PAYMENT_NOT_CONFIGURED_TITLE = 'Payment processing is not configured.';
export const PAYMENT_NOT_CONFIGURED_HINT = 'Please add Stripe API keys to enable payments.';
export const PAYMENT_ERROR_TITLE = 'Error';
export const PAYMENT_INIT_FAILED = 'Failed to initialize payment. Please try again.';

/** What cancelling now means for the money, as the traveler's cancel dialog says it. */
export function cancelPolicyNote(status: string, start: Date, now: Date): string {
  if (status === 'PENDING')
    return 'The provider has not accepted yet: any card hold is released and nothing is charged.';
  if (cancelRefundsInFull('TRAVELER', start, now))
    return `You are cancelling at least ${FREE_CANCELLATION_HOURS} hours before the start: any payment is refunded in full.`;
  return `You are cancelling less than ${FREE_CANCELLATION_HOURS} hours before the start: a payment made is not refunded.`;
}
