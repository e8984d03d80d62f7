/**
 * How much of a PaymentIntent Stripe has refunded: the one answer (decision 046), read from
 * Stripe's list of its refunds (`GET /v1/refunds?payment_intent=`), whoever made them (Locora's
 * refund calls, Stripe's dashboard, a partial refund). The refund worker, the webhooks and the
 * payouts all ask it, so a refund made outside Locora is seen wherever money is decided.
 */
import type { Stripe } from './stripe-client.ts';

export type Refunds = {
  /** What was taken (the PaymentIntent's amount received). */
  takenCents: number;
  /** What refunds that succeeded gave back, at most what was taken. */
  refundedCents: number;
  /**
   * Of those, the refunds that took the provider's share back (a destination charge's transfer
   * reversed; Locora's refunds always do, a dashboard refund when its box was ticked).
   */
  reversingCents: number;
  /** A refund Stripe has not finished (pending, or needing action). */
  waiting: Stripe.Refund | undefined;
  /** A refund that failed or was canceled. */
  failed: Stripe.Refund | undefined;
  /** Every refund of it, newest first (as Stripe lists them). */
  all: Stripe.Refund[];
};

type CallOptions = { timeout?: number; maxNetworkRetries?: number };

/** Reads a PaymentIntent's refunds from Stripe: how much was refunded, and what is under way or failed. */
export async function readRefunds(
  stripe: Stripe,
  paymentIntentId: string,
  takenCents: number,
  options: CallOptions = {},
): Promise<Refunds> {
  const { data } = await stripe.refunds.list({ payment_intent: paymentIntentId, limit: 100 }, options);
  const succeeded = data.filter((r) => r.status === 'succeeded');
  const refunded = succeeded.reduce((n, r) => n + r.amount, 0);
  const reversing = succeeded.filter((r) => !!r.transfer_reversal).reduce((n, r) => n + r.amount, 0);
  return {
    takenCents,
    refundedCents: Math.min(refunded, takenCents),
    reversingCents: Math.min(reversing, takenCents),
    waiting: data.find((r) => r.status === 'pending' || r.status === 'requires_action'),
    failed: data.find((r) => r.status === 'failed' || r.status === 'canceled'),
    all: data,
  };
}

/** What was taken of a PaymentIntent (the amount received once captured). */
export const takenOf = (pi: Stripe.PaymentIntent) => pi.amount_received || pi.amount;
