/**
 * The payout of a COMPLETED booking's net from its provider's connected account (decision 038).
 *
 * Connected accounts' payouts are manual: the money of a destination charge waits in the
 * provider's Stripe balance until the booking is COMPLETED (so a refund before the service comes
 * back from a balance not yet paid out). Completing a booking writes a `booking_payouts` row in the
 * same transaction (`queueBookingPayout`); the job runner (decision 032) then makes
 * `POST /v1/payouts` on the account (the `Stripe-Account` header) with one idempotency key per
 * booking, and stores the payout id. A call repeated after a crash or a timeout is answered by
 * Stripe with the first payout, so a booking is paid out exactly once. `payout.paid` and
 * `payout.failed` (read again from Stripe) keep its status.
 */
import { sql } from 'drizzle-orm';
import { payoutNetCents } from '../../shared/domain/connect.ts';
import type { CurrencyCode } from '../../shared/domain/currency.ts';
import { queryRows, type Db, type Executor } from '../db/open.ts';
import { claimDue, held, retryAt, type Claim, type LeasedQueue } from '../jobs/claim-due.ts';
import type { LeasedKind } from '../jobs/runner.ts';
import { readRefunds } from './refunds.ts';
import { describeStripeError, isStripeRefusal, type Stripe } from './stripe-client.ts';

export const PAYOUT_QUEUE: LeasedQueue = {
  table: 'booking_payouts',
  due: 'due_at',
  pending: sql`due_at is not null`,
  onClaim: sql`attempts = q.attempts + 1`,
  returning: sql`q.booking_id, q.account_id, q.amount_cents, q.currency, q.refusals, q.attempts`,
};
type ClaimedPayout = {
  booking_id: string;
  account_id: string;
  amount_cents: number;
  currency: string;
  refusals: number;
  /** Claims so far, this one included. */
  attempts: number;
};

/** A payout makes one call (tried twice): its lease covers it many times over. */
export const PAYOUT_LEASE_MS = 5 * 60 * 1000;

/**
 * Owes the provider the payout of a booking that has just become COMPLETED, or was cancelled late
 * with the money kept (in its transaction): its destination charge's net, less a refund's provider
 * share, due now or at `dueAt` (the booking's end). Nothing for a booking paid otherwise, or with
 * nothing left to pay out; once per booking.
 */
export async function queueBookingPayout(tx: Executor, bookingId: string, now: Date, dueAt?: Date) {
  const [pay] = await queryRows<{
    amount_cents: number;
    application_fee_cents: number | null;
    refunded_cents: number;
    destination_account_id: string | null;
    currency: CurrencyCode;
    status: string;
  }>(
    tx,
    sql`select amount_cents, application_fee_cents, refunded_cents, destination_account_id, currency, status
        from payments where booking_id = ${bookingId}`,
  );
  if (!pay?.destination_account_id || pay.status === 'canceled' || pay.status === 'refunded') return;
  const net = payoutNetCents(pay.amount_cents, pay.application_fee_cents ?? 0, pay.refunded_cents, pay.currency);
  if (net <= 0) return;
  await tx.execute(
    sql`insert into booking_payouts (booking_id, account_id, amount_cents, currency, due_at, created_at, updated_at)
        values (${bookingId}, ${pay.destination_account_id}, ${net}, ${pay.currency},
                ${dueAt ? sql`greatest(now(), ${dueAt.toISOString()}::timestamptz)` : sql`now()`},
                ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz)
        on conflict (booking_id) do nothing`,
  );
}

/** Records what Stripe says of a payout (an API answer, or one read again after payout.* events). */
export async function recordPayoutStatus(tx: Executor, payout: Stripe.Payout, now: Date) {
  await tx.execute(
    sql`update booking_payouts set status = ${payout.status}, failure_code = ${payout.failure_code ?? null},
          failure_message = ${payout.failure_message ?? null},
          arrival_date = ${payout.arrival_date ? new Date(payout.arrival_date * 1000).toISOString() : null}::timestamptz,
          updated_at = ${now.toISOString()}::timestamptz
        where stripe_payout_id = ${payout.id}`,
  );
}

/** Why a payout was canceled: the money went back to the traveler, or there was none to pay out. */
type CancelReason = 'refunded' | 'released' | 'no_payment';

/**
 * Makes one claimed payout: checks the booking's money is still there to pay out (captured, and
 * what Stripe's list of refunds leaves of it, also a refund made in Stripe's dashboard whose
 * webhook was lost), calls Stripe outside any transaction, and records the payout id (or the
 * failure and when to try again) only while the claim is still its own.
 */
export async function runClaimedPayout(
  db: Db,
  stripe: Stripe,
  claim: Claim<ClaimedPayout>,
  now: Date,
): Promise<'done' | 'failed' | 'canceled' | 'waiting'> {
  const { booking_id: bookingId, account_id: accountId } = claim.row;
  const [pay] = await queryRows<{
    id: string;
    amount_cents: number;
    application_fee_cents: number | null;
    refunded_cents: number;
    currency: CurrencyCode;
    status: string;
  }>(
    db,
    sql`select id, amount_cents, application_fee_cents, refunded_cents, currency, status from payments where booking_id = ${bookingId}`,
  );
  const ts = sql`${now.toISOString()}::timestamptz`;
  const cancel = async (reason: CancelReason) => {
    await db.execute(
      sql`update booking_payouts set status = 'canceled', status_reason = ${reason}, due_at = null, lease_token = null,
            updated_at = ${ts}
          where ${held(claim)}`,
    );
    return 'canceled' as const;
  };
  if (!pay) return cancel('no_payment');
  if (pay.status === 'refunded') return cancel('refunded');
  if (pay.status === 'canceled') return cancel('released');
  if (pay.status !== 'succeeded') {
    // Not captured yet (the capture is still owed): looked at again later.
    await db.execute(
      sql`update booking_payouts set due_at = ${retryAt(1)}, lease_token = null, attempts = 0, updated_at = ${ts}
          where ${held(claim)}`,
    );
    return 'waiting';
  }
  const failed = async (err: unknown, refused: boolean) => {
    const detail = describeStripeError(err);
    await db.execute(
      sql`update booking_payouts set last_error = ${detail}, lease_token = null, updated_at = ${ts},
            refusals = refusals + ${refused ? 1 : 0}, due_at = ${retryAt(claim.row.attempts)}
          where ${held(claim)}`,
    );
    return 'failed' as const;
  };
  let amount: number;
  try {
    // How much was refunded, as Stripe's list says now: the provider's share of the refunds that
    // took it back from their balance (the transfer reversed) is not paid out; the rest is.
    const { refundedCents, reversingCents } = await readRefunds(stripe, pay.id, pay.amount_cents);
    if (refundedCents !== pay.refunded_cents) await recordRefundedCents(db, pay.id, refundedCents, now);
    amount = payoutNetCents(pay.amount_cents, pay.application_fee_cents ?? 0, reversingCents, pay.currency);
    if (amount <= 0 || refundedCents >= pay.amount_cents) return cancel('refunded');
  } catch (err) {
    return failed(err, false);
  }
  let payout: Stripe.Payout;
  try {
    payout = await stripe.payouts.create(
      { amount, currency: claim.row.currency.toLowerCase(), metadata: { bookingId } },
      // One payout per booking, whoever asks and however often: the same key until Stripe refuses
      // the call outright (then nothing was paid out, and its refusal would be answered again).
      { stripeAccount: accountId, idempotencyKey: payoutKey(bookingId, claim.row.refusals) },
    );
  } catch (err) {
    return failed(err, isDefiniteRefusal(err));
  }
  await db.transaction(async (tx) => {
    const rows = await queryRows<{ id: string }>(
      tx,
      sql`update booking_payouts set stripe_payout_id = ${payout.id}, amount_cents = ${payout.amount},
            due_at = null, lease_token = null, last_error = null, updated_at = ${ts}
          where ${held(claim)} returning id`,
    );
    if (rows.length) await recordPayoutStatus(tx, payout, now);
  });
  return 'done';
}

/**
 * Keeps on the payment what Stripe's list of refunds says was refunded (read before a payout; the
 * webhook that would have said so may be late or lost), with a line in its history.
 */
async function recordRefundedCents(db: Db, paymentId: string, refundedCents: number, now: Date) {
  await db.transaction(async (tx) => {
    const rows = await queryRows<{ status: string }>(
      tx,
      sql`update payments set refunded_cents = least(${refundedCents}, amount_cents), updated_at = ${now.toISOString()}::timestamptz
          where id = ${paymentId} and refunded_cents <> least(${refundedCents}, amount_cents) returning status`,
    );
    if (rows[0])
      await tx.execute(
        sql`insert into payment_events (payment_id, kind, status, detail)
            values (${paymentId}, 'refunds_read', ${rows[0].status}, ${`refunded ${refundedCents}, read before a payout`})`,
      );
  });
}

/** The payout's idempotency key: one per booking, a new one after each refusal by Stripe. */
export const payoutKey = (bookingId: string, refusals: number) =>
  refusals === 0 ? `locora-payout-${bookingId}` : `locora-payout-${bookingId}-${refusals}`;

/**
 * Stripe looked at the call and refused it (not enough balance yet, payouts paused): no payout was
 * made. A network error, a timeout or a 5xx may have made one, so those keep the key; so do a
 * conflict (the same key in flight) and an idempotency error (a call under this key may have paid).
 */
function isDefiniteRefusal(err: unknown): boolean {
  return isStripeRefusal(err) && err.statusCode !== 409 && err.type !== 'StripeIdempotencyError';
}

/** Makes the payouts due now, one claim at a time (tests; the job runner does the same). */
export async function runPayouts(db: Db, stripe: Stripe, opts: { now?: Date; limit?: number } = {}) {
  let done = 0;
  for (let i = 0; i < (opts.limit ?? 50); i++) {
    const [claim] = await claimDue<ClaimedPayout>(db, PAYOUT_QUEUE, { leaseMs: PAYOUT_LEASE_MS });
    if (!claim) break;
    if ((await runClaimedPayout(db, stripe, claim, opts.now ?? new Date())) === 'done') done += 1;
  }
  return done;
}

/** Payouts owed as a kind of the job runner every instance runs when Stripe is configured. */
export function payoutJobKind(opts: {
  db: Db;
  stripe: Stripe;
  now: () => Date;
  intervalMs?: number;
  leaseMs?: number;
}): LeasedKind<ClaimedPayout> {
  const leaseMs = opts.leaseMs ?? PAYOUT_LEASE_MS;
  return {
    name: 'booking-payouts',
    queue: PAYOUT_QUEUE,
    leaseMs,
    maxRunMs: Math.min(10 * leaseMs, 5 * 60 * 1000),
    intervalMs: opts.intervalMs ?? 60_000,
    run: (claim) => runClaimedPayout(opts.db, opts.stripe, claim, opts.now()),
  };
}
