/**
 * Stripe's processing fee on each captured card payment (decision 039). With destination charges
 * Locora's platform account pays it, so the admin payments view weighs it against Locora's service
 * fee. It is read from the charge's balance transaction (GET /v1/charges/{id}, then
 * GET /v1/balance_transactions/{id}: its `fee`) once the payment is captured, by a job of the one
 * runner (decision 032): every minute, payments captured (or since refunded) whose fee is not read
 * yet. Reading is idempotent, so two instances reading the same fee write the same number; a
 * payment Stripe cannot answer for now is tried again the next minute.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../db/open.ts';
import type { RoundKind } from '../jobs/runner.ts';
import type { Stripe } from './stripe-client.ts';

export const PROCESSING_FEES_JOB = 'stripe-processing-fees';
const BATCH = 20;

const idOf = (v: string | { id: string } | null | undefined) => (typeof v === 'string' ? v : (v?.id ?? null));

/** The charge, its balance transaction and Stripe's fee of a captured PaymentIntent (undefined: not captured yet). */
export async function readProcessingFee(
  stripe: Stripe,
  paymentIntentId: string,
  chargeId: string | null,
): Promise<{ chargeId: string; balanceTransactionId: string; feeCents: number } | undefined> {
  const charge = chargeId ?? idOf((await stripe.paymentIntents.retrieve(paymentIntentId)).latest_charge);
  if (!charge) return undefined;
  const balanceTransactionId = idOf((await stripe.charges.retrieve(charge)).balance_transaction);
  if (!balanceTransactionId) return undefined;
  const txn = await stripe.balanceTransactions.retrieve(balanceTransactionId);
  return { chargeId: charge, balanceTransactionId, feeCents: txn.fee };
}

/** Reads the fees not read yet (at most `limit`); returns how many were read and how many failed. */
export async function readUnreadProcessingFees(
  db: Executor,
  stripe: Stripe,
  opts: { limit?: number; onError?: (err: unknown, paymentId: string) => void } = {},
): Promise<{ read: number; failed: number }> {
  const due = await queryRows<{ id: string; charge_id: string | null }>(
    db,
    sql`select id, charge_id from payments
        where stripe_fee_cents is null and status in ('succeeded', 'refunded')
        order by random() limit ${opts.limit ?? BATCH}`,
  );
  let read = 0;
  let failed = 0;
  for (const p of due) {
    try {
      const fee = await readProcessingFee(stripe, p.id, p.charge_id);
      if (!fee) {
        failed += 1;
        continue;
      }
      await db.execute(
        sql`update payments set charge_id = ${fee.chargeId}, balance_transaction_id = ${fee.balanceTransactionId},
              stripe_fee_cents = ${fee.feeCents}
            where id = ${p.id} and stripe_fee_cents is null`,
      );
      read += 1;
    } catch (err) {
      failed += 1;
      opts.onError?.(err, p.id);
    }
  }
  return { read, failed };
}

/** How many captured payments still have no fee read. */
export async function unreadProcessingFees(db: Executor): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from payments where stripe_fee_cents is null and status in ('succeeded', 'refunded')`,
  );
  return Number(row?.n ?? 0);
}

export function processingFeesJobKind(opts: {
  db: Executor;
  stripe: Stripe;
  intervalMs?: number | undefined;
  onError?: (err: unknown, paymentId: string) => void;
}): RoundKind {
  return {
    name: PROCESSING_FEES_JOB,
    intervalMs: opts.intervalMs ?? 60_000,
    batchSize: BATCH,
    // Only fees read count: a batch Stripe refuses waits the interval instead of spinning.
    round: async () => (await readUnreadProcessingFees(opts.db, opts.stripe, { onError: opts.onError })).read,
  };
}
