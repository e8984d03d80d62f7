/**
 * Stripe's webhook events reconcile; they do not replay (decision 031). An event only says which
 * PaymentIntent to look at: its PaymentIntent and refunds are read again from Stripe, and what
 * Stripe holds now is recorded (applyPaymentStatus, which tells the booking's state machine). So
 * the order events arrive in, or a stale snapshot inside one, cannot move a booking wrongly: two
 * events in either order leave what Stripe holds.
 *
 * Each event is recorded in `stripe_events` in the same transaction as its effect, so one delivered
 * again is recognised. Types we do not handle are recorded and answered 200. An event about a
 * PaymentIntent with no row yet (it raced the row's insert) is not recorded as processed: it waits
 * for its row and is handled again by the job runner, then flagged (waiting-events.ts). A validly signed event we cannot read (no object, an array) is logged
 * and answered 200: Stripe would only send it again.
 */
import { sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import { queryRows, type Db } from '../../db/open.ts';
import { AppError } from '../../http/errors.ts';
import { recordPaymentEvent } from '../../payments/payment-rows.ts';
import { applyPaymentStatus } from '../../bookings/booking-writer.ts';
import { readRefunds, takenOf, type RefundTotals } from '../../payments/refunds.ts';
import { describeStripeError } from '../../payments/stripe-client.ts';
import { recordLedger } from '../../payments/ledger.ts';
import { matchWaiting, waitForRow, type Waiting } from '../../payments/waiting-events.ts';
import { disputeIdOf, isDisputeEvent, readDispute, recordDispute, type DisputeState } from './disputes.ts';

export const HANDLED_EVENTS = [
  'payment_intent.amount_capturable_updated',
  'payment_intent.succeeded',
  'payment_intent.payment_failed',
  'payment_intent.canceled',
  'charge.refunded',
  'charge.refund.updated',
  'refund.updated',
  'refund.failed',
  'charge.dispute.created',
  'charge.dispute.updated',
  'charge.dispute.closed',
] as const;

export type WebhookOutcome = 'applied' | 'no-change' | 'duplicate' | 'ignored' | Waiting;

/** A verified event we can read: an object with an id, a type and an object in its data. */
export function isReadableEvent(event: unknown): event is Stripe.Event {
  if (!event || typeof event !== 'object' || Array.isArray(event)) return false;
  const e = event as { id?: unknown; type?: unknown; data?: unknown };
  if (typeof e.id !== 'string' || typeof e.type !== 'string') return false;
  const data = e.data as { object?: unknown } | null | undefined;
  return !!data && typeof data === 'object' && !!data.object && typeof data.object === 'object';
}

/** The PaymentIntent a handled event is about, or undefined. */
function paymentIntentOf(event: Stripe.Event): string | undefined {
  if (!(HANDLED_EVENTS as readonly string[]).includes(event.type)) return undefined;
  const object = event.data.object as unknown as Record<string, unknown>;
  if (event.type.startsWith('payment_intent.')) return typeof object.id === 'string' ? object.id : undefined;
  const pi = object.payment_intent;
  if (typeof pi === 'string') return pi;
  if (pi && typeof pi === 'object' && typeof (pi as { id?: unknown }).id === 'string') return (pi as { id: string }).id;
  return undefined;
}

export type StripeState = {
  status: string;
  isFailure: boolean;
  refundFailed: boolean;
  detail: string | null;
  /** How much Stripe has refunded of a captured PaymentIntent (undefined: not captured). */
  refunds?: RefundTotals;
};

/**
 * What Stripe holds now for a PaymentIntent, in the terms Locora records: its status, or
 * 'refunded' once refunds that succeeded cover what was taken, and how much was refunded (also a
 * partial refund made in Stripe's dashboard); whether a refund failed with none succeeding or
 * still under way (the money is back with Locora); whether an attempt to pay failed.
 */
export async function readStripeState(stripe: Stripe, id: string): Promise<StripeState> {
  const pi = await stripe.paymentIntents.retrieve(id);
  if (pi.status !== 'succeeded')
    return {
      status: pi.status,
      isFailure: pi.status === 'requires_payment_method' && !!pi.last_payment_error,
      refundFailed: false,
      detail: pi.last_payment_error?.message ?? null,
    };
  const {
    takenCents: taken,
    refundedCents: refunded,
    reversingCents,
    waiting,
    failed,
  } = await readRefunds(stripe, id, takenOf(pi));
  const refunds = { refundedCents: refunded, reversingCents };
  if (refunded >= taken)
    return {
      status: 'refunded',
      isFailure: false,
      refundFailed: false,
      detail: `refunded ${refunded} of ${taken}`,
      refunds,
    };
  return {
    status: 'succeeded',
    isFailure: false,
    refundFailed: !waiting && !!failed,
    detail: failed
      ? `refund ${failed.id} ${failed.status}${failed.failure_reason ? `: ${failed.failure_reason}` : ''}`
      : refunded > 0
        ? `refunded ${refunded} of ${taken}`
        : null,
    refunds,
  };
}

export const STRIPE_UNREADABLE =
  'The payment service did not answer; the event will be processed when it is sent again.';

/** Processes one verified event: reads Stripe again and records what it holds, once per event id. */
export async function handleStripeEvent(
  db: Db,
  stripe: Stripe,
  event: Stripe.Event,
  opts: { now: Date; appUrl?: string },
): Promise<WebhookOutcome> {
  const now = opts.now;
  const [seen] = await queryRows<{ id: string }>(db, sql`select id from stripe_events where id = ${event.id}`);
  if (seen) return 'duplicate';
  const paymentId = paymentIntentOf(event);
  const [known] = paymentId
    ? await queryRows<{ id: string; booking_id: string }>(
        db,
        sql`select id, booking_id from payments where id = ${paymentId}`,
      )
    : [];
  let state: StripeState | undefined;
  let dispute: DisputeState | undefined;
  if (known) {
    try {
      state = await readStripeState(stripe, known.id);
      // A dispute is read again too (decision 039): what Stripe holds now, not the event's snapshot.
      const disputeId = isDisputeEvent(event.type) ? disputeIdOf(event) : undefined;
      if (disputeId) dispute = await readDispute(stripe, disputeId);
    } catch (err) {
      // Not recorded: Stripe sends the event again, and it is read then.
      throw Object.assign(new AppError('UNAVAILABLE', STRIPE_UNREADABLE), { cause: describeStripeError(err) });
    }
  }
  return db.transaction(async (tx) => {
    if (paymentId && !known) return waitForRow(tx, event, { id: paymentId }, now);
    const fresh = await queryRows<{ id: string }>(
      tx,
      sql`insert into stripe_events (id, type, received_at) values (${event.id}, ${event.type}, ${now.toISOString()}::timestamptz)
          on conflict (id) do nothing returning id`,
    );
    if (fresh.length === 0) return 'duplicate';
    await matchWaiting(tx, event.id, now);
    if (!known || !state) return 'ignored';
    const changed = await applyPaymentStatus(tx, {
      paymentId: known.id,
      status: state.status,
      kind: event.type,
      detail: state.detail,
      stripeEventId: event.id,
      isFailure: state.isFailure,
      refundFailed: state.refundFailed,
      refunds: state.refunds,
      now,
      appUrl: opts.appUrl,
    });
    if (dispute) {
      await recordPaymentEvent(tx, {
        paymentId: known.id,
        kind: `dispute_${dispute.status}`,
        status: state.status,
        detail: `${dispute.id}: ${dispute.reason}, ${dispute.amountCents} ${dispute.currency}`,
        stripeEventId: event.id,
      });
      const disputeChanged = await recordDispute(tx, dispute, known, { now, appUrl: opts.appUrl ?? '' });
      await recordLedger(tx, known.booking_id, event.id);
      return changed || disputeChanged ? 'applied' : 'no-change';
    }
    return changed ? 'applied' : 'no-change';
  });
}
