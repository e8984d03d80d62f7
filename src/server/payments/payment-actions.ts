/**
 * What Locora owes Stripe for a booking's PaymentIntent, and what Stripe told us (decisions 024,
 * 031).
 *
 * A booking's change (accept, decline, cancel, expiry) never calls Stripe inside its transaction:
 * it writes the action it needs (`payments.pending_action`: capture, cancel or refund) in that
 * transaction, and the call is made after the commit, by the request that made the change (at
 * once) and else by the worker every instance runs (retries with backoff). Each call carries an
 * idempotency key of its PaymentIntent and action, so a call repeated after a timeout has one
 * effect at Stripe. A Stripe outage therefore leaves the booking consistent (its new status is
 * committed) and the payment owed, never lost.
 *
 * What Stripe says (an API answer, or what a webhook made us read again) is handed to the one
 * writer's `applyPaymentStatus` (src/server/bookings/booking-writer.ts), which turns it into the
 * booking's events with the pure rules of shared/domain/payment-facts.ts and writes both. This
 * module only makes the calls and keeps their queue.
 */
import { sql } from 'drizzle-orm';
import { STRIPE_TIMEOUT_MAX_MS } from '../config.ts';
import type { PaymentAction } from '../../shared/domain/booking-machine.ts';
import { isActionDone, rankOf } from '../../shared/domain/payment-facts.ts';
import { queryRows, type Db } from '../db/open.ts';
import { applyPaymentStatus } from '../bookings/booking-writer.ts';
import { claimDue, held, retryDelayMs, type Claim, type LeasedQueue } from '../jobs/claim-due.ts';
import type { LeasedKind } from '../jobs/runner.ts';
import { readRefunds, takenOf, type RefundTotals } from './refunds.ts';
import { describeStripeError, type Stripe } from './stripe-client.ts';
import { recordPaymentEvent } from './payment-rows.ts';

export { holdsMoney, isLivePayment } from '../../shared/domain/booking-machine.ts';
export type { PaymentAction } from '../../shared/domain/booking-machine.ts';

/**
 * How long a claimed action is left to its caller before another instance may take it over,
 * counted from the claim on the database's clock (decision 032). One action makes at most 3 calls
 * (retrieve, list refunds, create), each tried twice, each at most STRIPE_TIMEOUT_MS (capped at
 * STRIPE_TIMEOUT_MAX_MS in config.ts): its worst case, ACTION_MAX_RUN_MS = 6 x 60 s, is within
 * the lease even without renewal (the job runner renews it as well).
 */
export const ACTION_LEASE_MS = 10 * 60 * 1000;
export const ACTION_MAX_RUN_MS = 3 * 2 * STRIPE_TIMEOUT_MAX_MS;

/** Owed payment actions as a queue of the job runner (decision 032). */
export const PAYMENT_ACTION_QUEUE: LeasedQueue = {
  table: 'payments',
  due: 'action_due_at',
  pending: sql`pending_action is not null`,
  returning: sql`q.pending_action, q.status`,
};
type ClaimedAction = { pending_action: PaymentAction; status: string };
/** The longest a request waits on one Stripe call made at once, right after its commit. */
export const IMMEDIATE_TIMEOUT_MS = 5_000;
type CallOptions = { timeout?: number; maxNetworkRetries?: number };
/**
 * The options of a call a request makes at once (finding: up to 4 x 20 s before answering): short,
 * no retry. If it fails, the action stays owed and the worker retries it.
 */
export function immediateCall(stripe: Stripe): CallOptions {
  const configured = Number(stripe.getApiField('timeout')) || IMMEDIATE_TIMEOUT_MS;
  return { timeout: Math.min(IMMEDIATE_TIMEOUT_MS, configured), maxNetworkRetries: 0 };
}
/** Payments one worker round looks at. */
export const PAYMENT_ACTIONS_BATCH = 50;

const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/** The calls to Stripe for one action, given the PaymentIntent as Stripe has it now. */
async function callStripe(
  stripe: Stripe,
  id: string,
  action: PaymentAction,
  options: CallOptions = {},
  /** A partial refund's amount (payments.refund_cents); undefined: all that is left. */
  refundCents?: number,
): Promise<{ status: string; kind: string; detail?: string; refunds?: RefundTotals }> {
  const pi = await stripe.paymentIntents.retrieve(id, {}, options);
  if (pi.status === 'processing') throw new Error('The payment is still processing at Stripe; trying again later.');
  const cancel = async (kind: string) => {
    const canceled = await stripe.paymentIntents.cancel(id, {}, { ...options, idempotencyKey: `locora-cancel-${id}` });
    return { status: canceled.status, kind };
  };
  if (pi.status === 'canceled') return { status: 'canceled', kind: `${action}_not_needed` };
  if (action === 'capture') {
    if (pi.status === 'succeeded') return { status: 'succeeded', kind: 'capture_not_needed' };
    if (pi.status === 'requires_capture') {
      const captured = await stripe.paymentIntents.capture(
        id,
        {},
        { ...options, idempotencyKey: `locora-capture-${id}` },
      );
      return { status: captured.status, kind: 'captured' };
    }
    // Never authorised (accepted without keys checking it, e.g. keys set later): release it, so it
    // cannot be paid later; the booking goes on as a request-to-book, payment arranged with the provider.
    return cancel('canceled_unpaid');
  }
  // Release (decline, expiry, a request cancelled) or refund: money taken already (captured in
  // advance, e.g. from Stripe's dashboard) is refunded; a hold is released.
  if (pi.status === 'succeeded') return refund(stripe, pi, options, refundCents);
  return cancel('canceled');
}

/**
 * Refunds a captured PaymentIntent in full (or `refundCents` of it), once. A refund Stripe still
 * has pending (or that needs action) is not done: the action stays owed and is checked again (or
 * charge.refunded settles it). A failed or canceled refund is made again, under a new idempotency
 * key (the old one would only replay the failure). A destination charge's refund reverses the
 * provider's transfer and refunds Locora's fee, in proportion (decision 038: nobody is left out of
 * pocket, and a provider's balance gives back only what it received).
 */
async function refund(stripe: Stripe, pi: Stripe.PaymentIntent, options: CallOptions, refundCents?: number) {
  const id = pi.id;
  const {
    all: data,
    takenCents: taken,
    refundedCents: refunded,
    reversingCents: reversing,
    waiting,
  } = await readRefunds(stripe, id, takenOf(pi), options);
  let made = waiting;
  // A partial refund is owed until that much has been refunded; a full one until all of it.
  const target = refundCents === undefined ? taken : Math.min(taken, refundCents);
  if (refunded < target && !made) {
    // The rest of the money (all of it, unless part was refunded in Stripe's dashboard).
    const key = `locora-refund-${id}${data.length ? `-${data.length}` : ''}`;
    const destination = !!pi.transfer_data?.destination;
    made = await stripe.refunds.create(
      {
        payment_intent: id,
        ...(refundCents === undefined ? {} : { amount: target - refunded }),
        ...(destination ? { reverse_transfer: true } : {}),
        ...(destination && pi.application_fee_amount ? { refund_application_fee: true } : {}),
      },
      { ...options, idempotencyKey: key },
    );
    if (made.status === 'succeeded')
      return {
        status: refunded + made.amount >= taken ? 'refunded' : 'succeeded',
        kind: refunded + made.amount >= taken ? 'refunded' : 'partially_refunded',
        detail: made.id,
        refunds: {
          refundedCents: refunded + made.amount,
          reversingCents: reversing + (made.transfer_reversal ? made.amount : 0),
        },
      };
  }
  if (!made)
    return {
      status: refunded >= taken ? 'refunded' : 'succeeded',
      kind: refunded >= taken ? 'refunded' : 'partially_refunded',
      detail: data.map((r) => r.id).join(' '),
      refunds: { refundedCents: refunded, reversingCents: reversing },
    };
  throw new Error(`The refund ${made.id} is ${made.status ?? 'unknown'} at Stripe; checking again later.`);
}

/**
 * Before an accept: a booking's payment we do not know as authorised is asked for at Stripe (its
 * webhook may be late or lost), and what Stripe says is recorded. Only the booking's provider's
 * call does this; a failure changes nothing (the accept then goes by what is recorded).
 */
export async function refreshPaymentBeforeAccept(
  db: Db,
  stripe: Stripe,
  providerUserId: string,
  bookingId: string,
  now: Date,
  appUrl?: string,
) {
  const [p] = await queryRows<{ id: string; status: string }>(
    db,
    sql`select pay.id, pay.status from payments pay
        join bookings b on b.id = pay.booking_id join providers p on p.id = b.provider_id
        where pay.booking_id = ${bookingId} and p.user_id = ${providerUserId}`,
  );
  if (!p || rankOf(p.status) >= rankOf('requires_capture')) return;
  let pi: Stripe.PaymentIntent;
  try {
    pi = await stripe.paymentIntents.retrieve(p.id, {}, immediateCall(stripe));
  } catch {
    return;
  }
  await db.transaction((tx) =>
    applyPaymentStatus(tx, { paymentId: p.id, status: pi.status, kind: 'retrieved', now, appUrl }),
  );
}

/**
 * Makes the call owed for one payment, if it is due and no one else is making it: claims it
 * (`claimDue`: a lease from the claim, on the database's clock), then runs it. Returns 'done',
 * 'failed' or 'skipped'.
 */
export async function performPaymentAction(
  db: Db,
  stripe: Stripe,
  paymentId: string,
  now = new Date(),
  options: CallOptions = {},
  appUrl?: string,
): Promise<'done' | 'failed' | 'skipped'> {
  const [claim] = await claimDue<ClaimedAction>(db, PAYMENT_ACTION_QUEUE, { leaseMs: ACTION_LEASE_MS, id: paymentId });
  if (!claim) return 'skipped';
  return runClaimedPaymentAction(db, stripe, claim, now, options, appUrl);
}

/**
 * Runs a claimed action: calls Stripe outside any transaction, then records the answer, or the
 * failure and when to try again (on the database's clock). Every write is guarded by the claim,
 * so a claim that was lost records nothing.
 */
export async function runClaimedPaymentAction(
  db: Db,
  stripe: Stripe,
  claim: Claim<ClaimedAction>,
  now: Date,
  options: CallOptions = {},
  appUrl?: string,
): Promise<'done' | 'failed'> {
  const paymentId = claim.id;
  const action = claim.row.pending_action;
  const stillOwed = sql`${held(claim)} and pending_action = ${action}`;
  if (isActionDone(action, claim.row.status)) {
    await db.transaction(async (tx) => {
      // The booking still follows (a capture found done: CONFIRMED -> PAID).
      await applyPaymentStatus(tx, { paymentId, status: claim.row.status, kind: `${action}_not_needed`, now, appUrl });
      await tx.execute(
        sql`update payments set pending_action = null, action_due_at = null, lease_token = null where ${stillOwed}`,
      );
    });
    return 'done';
  }
  let result: Awaited<ReturnType<typeof callStripe>>;
  const [owed] = await queryRows<{ refund_cents: number | null }>(
    db,
    sql`select refund_cents from payments where id = ${paymentId}`,
  );
  try {
    result = await callStripe(stripe, paymentId, action, options, owed?.refund_cents ?? undefined);
  } catch (err) {
    const detail = describeStripeError(err);
    await db.transaction(async (tx) => {
      const [row] = await queryRows<{ action_attempts: number; status: string }>(
        tx,
        sql`update payments set action_attempts = action_attempts + 1, action_error = ${detail}, updated_at = ${ts(now)}
            where ${stillOwed} returning action_attempts, status`,
      );
      if (!row) return;
      await tx.execute(
        sql`update payments
            set action_due_at = now() + make_interval(secs => ${retryDelayMs(row.action_attempts) / 1000}),
                lease_token = null
            where ${stillOwed}`,
      );
      await recordPaymentEvent(tx, { paymentId, kind: `${action}_failed`, status: row.status, detail });
    });
    return 'failed';
  }
  await db.transaction(async (tx) => {
    // What Stripe says is recorded whoever asked (it only moves forward); clearing the action is
    // the claim holder's alone.
    await applyPaymentStatus(tx, {
      paymentId,
      status: result.status,
      kind: result.kind,
      detail: result.detail,
      refunds: result.refunds,
      now,
      appUrl,
    });
    // Done whatever the status (a capture of a PaymentIntent never paid ends in its release).
    await tx.execute(
      sql`update payments set pending_action = null, action_due_at = null, action_error = null, lease_token = null,
            refund_cents = null
          where ${stillOwed}`,
    );
  });
  return 'done';
}

/**
 * Makes due actions, one claim at a time (each leased from its own claim), up to `limit`. `now`
 * is business time (what the booking and payment record); what is due is the database's clock.
 */
export async function runPaymentActions(
  db: Db,
  stripe: Stripe,
  opts: { now?: Date; limit?: number; appUrl?: string } = {},
): Promise<number> {
  let done = 0;
  for (let i = 0; i < (opts.limit ?? PAYMENT_ACTIONS_BATCH); i++) {
    const [claim] = await claimDue<ClaimedAction>(db, PAYMENT_ACTION_QUEUE, { leaseMs: ACTION_LEASE_MS });
    if (!claim) break;
    if ((await runClaimedPaymentAction(db, stripe, claim, opts.now ?? new Date(), {}, opts.appUrl)) === 'done')
      done += 1;
  }
  return done;
}

/** Owed payment actions as a kind of the job runner every instance runs when Stripe is configured. */
export function paymentActionJobKind(opts: {
  db: Db;
  stripe: Stripe;
  now: () => Date;
  appUrl?: string;
  intervalMs?: number;
  leaseMs?: number;
}): LeasedKind<ClaimedAction> {
  return {
    name: 'payment-actions',
    queue: PAYMENT_ACTION_QUEUE,
    leaseMs: opts.leaseMs ?? ACTION_LEASE_MS,
    maxRunMs: Math.min(ACTION_MAX_RUN_MS, 10 * (opts.leaseMs ?? ACTION_LEASE_MS)),
    intervalMs: opts.intervalMs ?? 30_000,
    run: (claim) => runClaimedPaymentAction(opts.db, opts.stripe, claim, opts.now(), {}, opts.appUrl),
  };
}
