/**
 * Stripe's processing fee on each captured card payment (decision 039). With destination charges
 * Locora's platform account pays it, so the admin payments view weighs it against Locora's service
 * fee. It is read from the charge's balance transaction (GET /v1/charges/{id}, then
 * GET /v1/balance_transactions/{id}: its `fee`, `currency` and `amount`) once the payment is
 * captured, and kept in the transaction's currency (decision 060, addendum).
 *
 * Reading is a leased kind of the one job runner (decision 032), like every job that calls Stripe:
 * a captured payment whose fee is not read is due (`fee_due_at`, from its creation), claimed one at
 * a time with `claimDue` (its own lease token, apart from the payment action's, which the same row
 * may owe), so two instances never read the same fee at once; a read Stripe cannot answer now is
 * backed off on the database's clock (30 s, doubling, at most an hour) with its reason kept.
 */
import { sql } from 'drizzle-orm';
import { fromStripeCurrency, type CurrencyCode } from '../../shared/domain/currency.ts';
import { STRIPE_TIMEOUT_MAX_MS } from '../config.ts';
import { queryRows, type Db, type Executor } from '../db/open.ts';
import { claimDue, held, retryAt, type Claim, type LeasedQueue } from '../jobs/claim-due.ts';
import type { LeasedKind } from '../jobs/runner.ts';
import { describeStripeError, type Stripe } from './stripe-client.ts';

export const PROCESSING_FEES_JOB = 'stripe-processing-fees';

/** Captured payments whose fee is not read, as a queue of the job runner. */
export const PROCESSING_FEE_QUEUE: LeasedQueue = {
  table: 'payments',
  due: 'fee_due_at',
  token: 'fee_lease_token',
  pending: sql`stripe_fee_cents is null and status in ('succeeded', 'refunded')`,
  onClaim: sql`fee_attempts = q.fee_attempts + 1`,
  returning: sql`q.charge_id, q.fee_attempts`,
};
type ClaimedFee = { charge_id: string | null; fee_attempts: number };

/** A read makes at most 3 calls (the PaymentIntent, its charge, the balance transaction), each tried twice. */
export const FEE_READ_MAX_RUN_MS = 3 * 2 * STRIPE_TIMEOUT_MAX_MS;
export const FEE_READ_LEASE_MS = 10 * 60 * 1000;

const idOf = (v: string | { id: string } | null | undefined) => (typeof v === 'string' ? v : (v?.id ?? null));

/** What Stripe's balance transaction of a captured charge says of its fee, in the transaction's own currency. */
export type ProcessingFee = {
  chargeId: string;
  balanceTransactionId: string;
  feeCents: number;
  /** The currency of the balance the charge landed in (the platform's, unless Stripe settled it in the charge's). */
  currency: CurrencyCode;
  /** What the charge added to that balance before the fee, in `currency`. */
  balanceAmount: number;
};

/**
 * The charge, its balance transaction and Stripe's fee of a captured PaymentIntent (undefined: not
 * captured yet). The fee is in the transaction's currency, which is the charge's only when Stripe
 * did not convert it (decision 060, addendum); a transaction in a currency Locora keeps no
 * accounts in is an error.
 */
export async function readProcessingFee(
  stripe: Stripe,
  paymentIntentId: string,
  chargeId: string | null,
): Promise<ProcessingFee | undefined> {
  const charge = chargeId ?? idOf((await stripe.paymentIntents.retrieve(paymentIntentId)).latest_charge);
  if (!charge) return undefined;
  const balanceTransactionId = idOf((await stripe.charges.retrieve(charge)).balance_transaction);
  if (!balanceTransactionId) return undefined;
  const txn = await stripe.balanceTransactions.retrieve(balanceTransactionId);
  const currency = fromStripeCurrency(txn.currency);
  if (!currency)
    throw new Error(
      `Stripe's balance transaction ${balanceTransactionId} is in ${txn.currency.toUpperCase()}, a currency Locora keeps no accounts in.`,
    );
  return { chargeId: charge, balanceTransactionId, feeCents: txn.fee, currency, balanceAmount: txn.amount };
}

/**
 * Reads one claimed payment's fee and records it, or the failure and when to try again; every
 * write is guarded by the claim. Returns whether the fee was read.
 */
export async function runClaimedFeeRead(
  db: Executor,
  stripe: Stripe,
  claim: Claim<ClaimedFee>,
  onError?: (err: unknown, paymentId: string) => void,
): Promise<boolean> {
  let fee: Awaited<ReturnType<typeof readProcessingFee>>;
  let failure: string | undefined;
  try {
    fee = await readProcessingFee(stripe, claim.id, claim.row.charge_id);
    if (!fee) failure = 'Stripe has no balance transaction for this charge yet.';
  } catch (err) {
    onError?.(err, claim.id);
    failure = describeStripeError(err);
  }
  if (!fee || failure !== undefined) {
    await db.execute(
      sql`update payments set fee_error = ${failure ?? null}, fee_lease_token = null,
            fee_due_at = ${retryAt(claim.row.fee_attempts)}
          where ${held(claim)}`,
    );
    return false;
  }
  await db.execute(
    sql`update payments set charge_id = ${fee.chargeId}, balance_transaction_id = ${fee.balanceTransactionId},
          stripe_fee_cents = ${fee.feeCents}, stripe_fee_currency = ${fee.currency},
          charge_balance_amount = ${fee.balanceAmount}, fee_error = null, fee_lease_token = null
        where ${held(claim)}`,
  );
  return true;
}

/**
 * Reads the fees due now, one claim at a time (at most `limit`): the admin's "read now" and tests
 * do this; the job runner does the same one claim per job. Returns how many were read and failed.
 */
export async function readUnreadProcessingFees(
  db: Executor,
  stripe: Stripe,
  opts: { limit?: number; onError?: (err: unknown, paymentId: string) => void } = {},
): Promise<{ read: number; failed: number }> {
  let read = 0;
  let failed = 0;
  for (let i = 0; i < (opts.limit ?? 20); i++) {
    const [claim] = await claimDue<ClaimedFee>(db, PROCESSING_FEE_QUEUE, { leaseMs: FEE_READ_LEASE_MS });
    if (!claim) break;
    if (await runClaimedFeeRead(db, stripe, claim, opts.onError)) read += 1;
    else failed += 1;
  }
  return { read, failed };
}

/** Makes every unread fee not being read right now due at once (an admin's "read now"). */
export async function makeUnreadFeesDue(db: Executor): Promise<void> {
  await db.execute(
    sql`update payments set fee_due_at = now()
        where ${PROCESSING_FEE_QUEUE.pending} and fee_lease_token is null and fee_due_at > now()`,
  );
}

/** How many captured payments still have no fee read. */
export async function unreadProcessingFees(db: Executor): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from payments where stripe_fee_cents is null and status in ('succeeded', 'refunded')`,
  );
  return Number(row?.n ?? 0);
}

/** Reading processing fees as a leased kind of the job runner every instance runs when Stripe is configured. */
export function processingFeesJobKind(opts: {
  db: Db;
  stripe: Stripe;
  intervalMs?: number | undefined;
  onError?: (err: unknown, paymentId: string) => void;
}): LeasedKind<ClaimedFee> {
  return {
    name: PROCESSING_FEES_JOB,
    queue: PROCESSING_FEE_QUEUE,
    leaseMs: FEE_READ_LEASE_MS,
    maxRunMs: FEE_READ_MAX_RUN_MS,
    intervalMs: opts.intervalMs ?? 60_000,
    run: (claim) => runClaimedFeeRead(opts.db, opts.stripe, claim, opts.onError),
  };
}
