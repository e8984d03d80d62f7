/**
 * What landed in a provider's Stripe balance for a destination charge (decision 047): never
 * computed from the charge, because Stripe converts it when the account's currency differs (a
 * euro charge settled by a US platform reaches a Portuguese account as a transfer in dollars,
 * converted back into euros; a charge settled `on_behalf_of` a Thai account lands in baht).
 *
 * Read from Stripe once the charge is captured: the charge's `transfer`, the transfer's
 * `destination_payment` (a charge on the connected account), and that payment's balance
 * transaction, whose `net` and `currency` are what the provider's balance received. Recorded on
 * the payment (`settled_amount`, `settled_currency`) beside the charged amount and currency.
 */
import { sql } from 'drizzle-orm';
import { fromStripeCurrency, type CurrencyCode } from '../../shared/domain/currency.ts';
import { queryRows, type Executor } from '../db/open.ts';
import type { Stripe } from './stripe-client.ts';

export type Settlement = {
  chargeId: string;
  transferId: string;
  destinationPaymentId: string;
  /** The destination payment's balance transaction `net`, in minor units of `settledCurrency`. */
  settledAmount: number;
  settledCurrency: CurrencyCode;
};

/** Stripe's calls in one read: the PaymentIntent (when the charge is not known), the charge, the transfer, the destination payment, its balance transaction. */
export const SETTLEMENT_READ_CALLS = 5;

const idOf = (v: string | { id: string } | null | undefined) => (typeof v === 'string' ? v : (v?.id ?? null));

/**
 * Reads what a captured destination charge left in `accountId`'s balance; undefined while Stripe
 * has not made the transfer yet. Throws when it landed in a currency Locora does not pay out.
 */
export async function readSettlement(
  stripe: Stripe,
  payment: { id: string; chargeId: string | null; accountId: string },
): Promise<Settlement | undefined> {
  const chargeId = payment.chargeId ?? idOf((await stripe.paymentIntents.retrieve(payment.id)).latest_charge);
  if (!chargeId) return undefined;
  const transferId = idOf((await stripe.charges.retrieve(chargeId)).transfer);
  if (!transferId) return undefined;
  const destinationPaymentId = idOf((await stripe.transfers.retrieve(transferId)).destination_payment);
  if (!destinationPaymentId) return undefined;
  const onAccount = { stripeAccount: payment.accountId };
  const txnId = idOf((await stripe.charges.retrieve(destinationPaymentId, {}, onAccount)).balance_transaction);
  if (!txnId) return undefined;
  const txn = await stripe.balanceTransactions.retrieve(txnId, {}, onAccount);
  const settledCurrency = fromStripeCurrency(txn.currency);
  if (!settledCurrency)
    throw new Error(`Stripe settled ${destinationPaymentId} in ${txn.currency}, a currency Locora does not pay out`);
  return { chargeId, transferId, destinationPaymentId, settledAmount: txn.net, settledCurrency };
}

/** Keeps a settlement on its payment (once: a settlement already recorded stays), with a line in its history. */
export async function recordSettlement(tx: Executor, paymentId: string, s: Settlement, now: Date): Promise<void> {
  const [row] = await queryRows<{ status: string }>(
    tx,
    sql`update payments set charge_id = coalesce(charge_id, ${s.chargeId}), transfer_id = ${s.transferId},
          destination_payment_id = ${s.destinationPaymentId}, settled_amount = ${s.settledAmount},
          settled_currency = ${s.settledCurrency}, updated_at = ${now.toISOString()}::timestamptz
        where id = ${paymentId} and settled_amount is null returning status`,
  );
  const status = row?.status;
  if (status)
    await tx.execute(
      sql`insert into payment_events (payment_id, kind, status, detail)
          values (${paymentId}, 'settled', ${status},
                  ${`${s.settledAmount} ${s.settledCurrency} landed in the provider's balance (${s.destinationPaymentId})`})`,
    );
}
