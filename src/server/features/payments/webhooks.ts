/**
 * Stripe's webhook events (issue 10). Each event is recorded in `stripe_events` in the same
 * transaction as its effect, so an event delivered twice (or five times) has one effect, and one
 * whose effect failed is not recorded and is processed when Stripe delivers it again. Events of a
 * PaymentIntent we do not know, or types we do not handle, are recorded and answered 200. Order does
 * not matter: a payment's status only moves forward (applyPaymentStatus).
 */
import { sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import { queryRows, type Db } from '../../db/open.ts';
import { applyPaymentStatus, reopenFailedRefund } from '../../payments/payment-actions.ts';

export const HANDLED_EVENTS = [
  'payment_intent.amount_capturable_updated',
  'payment_intent.succeeded',
  'payment_intent.payment_failed',
  'payment_intent.canceled',
  'charge.refunded',
  // A refund that fails after it was made (or stayed pending): made again (finding 4).
  'charge.refund.updated',
  'refund.updated',
  'refund.failed',
] as const;

export type WebhookOutcome = 'applied' | 'no-change' | 'duplicate' | 'ignored';

/** The PaymentIntent, status and words an event tells of, or undefined when it tells nothing we use. */
function readEvent(
  event: Stripe.Event,
):
  { paymentId: string; status: string; detail: string | null; isFailure: boolean; refundFailed?: boolean } | undefined {
  switch (event.type) {
    case 'payment_intent.amount_capturable_updated':
    case 'payment_intent.succeeded':
    case 'payment_intent.canceled':
    case 'payment_intent.payment_failed': {
      const pi = event.data.object;
      const failure = event.type === 'payment_intent.payment_failed';
      return {
        paymentId: pi.id,
        // A failed attempt leaves the PaymentIntent waiting for another card.
        status: failure ? 'requires_payment_method' : pi.status,
        detail: failure ? (pi.last_payment_error?.message ?? 'The payment failed.') : null,
        isFailure: failure,
      };
    }
    case 'charge.refunded': {
      const charge = event.data.object;
      const pi = typeof charge.payment_intent === 'string' ? charge.payment_intent : charge.payment_intent?.id;
      if (!pi) return undefined;
      // Only a full refund refunds the booking; a partial one is kept in the history.
      const full = charge.refunded || charge.amount_refunded >= charge.amount;
      return {
        paymentId: pi,
        status: full ? 'refunded' : 'succeeded',
        detail: `refunded ${charge.amount_refunded} of ${charge.amount}`,
        isFailure: false,
      };
    }
    case 'charge.refund.updated':
    case 'refund.updated':
    case 'refund.failed': {
      const refund = event.data.object;
      const pi = typeof refund.payment_intent === 'string' ? refund.payment_intent : refund.payment_intent?.id;
      if (!pi) return undefined;
      if (refund.status === 'failed' || refund.status === 'canceled')
        return {
          paymentId: pi,
          status: 'succeeded',
          detail: `refund ${refund.id} ${refund.status}${refund.failure_reason ? `: ${refund.failure_reason}` : ''}`,
          isFailure: false,
          refundFailed: true,
        };
      // A refund that succeeded is told by charge.refunded (which knows whether it was in full).
      return undefined;
    }
    default:
      return undefined;
  }
}

/** Processes one verified event exactly once. */
export async function handleStripeEvent(db: Db, event: Stripe.Event, now = new Date()): Promise<WebhookOutcome> {
  return db.transaction(async (tx) => {
    const fresh = await queryRows<{ id: string }>(
      tx,
      sql`insert into stripe_events (id, type, received_at) values (${event.id}, ${event.type}, ${now.toISOString()}::timestamptz)
          on conflict (id) do nothing returning id`,
    );
    if (fresh.length === 0) return 'duplicate';
    const read = readEvent(event);
    if (!read) return 'ignored';
    const [known] = await queryRows<{ id: string }>(tx, sql`select id from payments where id = ${read.paymentId}`);
    if (!known) return 'ignored';
    if (read.refundFailed) {
      await reopenFailedRefund(tx, { paymentId: read.paymentId, detail: read.detail, stripeEventId: event.id, now });
      return 'applied';
    }
    const changed = await applyPaymentStatus(tx, {
      paymentId: read.paymentId,
      status: read.status,
      kind: event.type,
      detail: read.detail,
      stripeEventId: event.id,
      isFailure: read.isFailure,
      now,
    });
    return changed ? 'applied' : 'no-change';
  });
}
