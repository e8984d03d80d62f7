/**
 * Reconciliation with Stripe (decision 059): every day the job runner reads Stripe's balance
 * transactions since the last run — the platform's (charges, application fees, refunds, transfers
 * and their reversals, disputes) and, with `Stripe-Account`, each connected account's (payouts
 * and their failures; the account's payments and payment refunds are the transfers' other side
 * and are kept but not compared twice) — and matches each one to the ledger (decision 058) by its
 * Stripe object and category. Every difference is kept (`reconciliation_differences`) with its
 * booking, both amounts and a plain cause, until it matches again or an admin explains it.
 *
 * Reading pages through Stripe's list newest first (`limit` 100, `starting_after`), from the
 * newest `created` seen by the last complete pass (`created[gte]`: a transaction read twice is one
 * row). Where a pass stopped is stored after every page (`reconciliation_cursors`), so a run
 * after a crash resumes there. Calls are spaced to stay well within Stripe's rate limits.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import { queryRows, type Db, type Executor } from '../db/open.ts';
import type { RoundKind } from '../jobs/runner.ts';
import { describeStripeError } from './stripe-client.ts';

export const RECONCILIATION_JOB = 'stripe-reconciliation';
/** A reconciliation is due a day after the last one started. */
export const RECONCILE_EVERY_MS = 24 * 60 * 60 * 1000;
/** A ledger row with no Stripe counterpart is a difference once it is this old. */
export const MISSING_AFTER_MS = 24 * 60 * 60 * 1000;
/** A run not finished after this long is taken for dead (its instance stopped): another may start. */
const RUN_STALE_MS = 60 * 60 * 1000;
/** At most this many calls a second (Stripe allows 100 in live mode, 25 in test mode). */
const CALLS_PER_SECOND = 10;
const PAGE = 100;

export type DifferenceCause = 'unrecorded' | 'missing_at_stripe' | 'amount_differs' | 'currency_differs';
/** Each cause in plain words, written in the admin's language (`i18n._(DIFFERENCE_CAUSES[cause])`). */
export const DIFFERENCE_CAUSES: Record<DifferenceCause, MessageDescriptor> = {
  unrecorded: msg`A Stripe movement Locora did not record.`,
  missing_at_stripe: msg`A ledger row with no Stripe counterpart after 24 hours.`,
  amount_differs: msg`The amounts differ.`,
  currency_differs: msg`The currencies differ.`,
};

/** The categories compared, and the ledger kinds (with their sign) each one sums. */
const LEDGER_CATEGORIES = sql`case l.kind
    when 'captured' then 'captured' when 'refund' then 'refund' when 'transfer' then 'transfer'
    when 'transfer_reversal' then 'transfer_reversal' when 'dispute_opened' then 'dispute'
    when 'dispute_won' then 'dispute' when 'payout' then 'payout' when 'payout_failed' then 'payout' end`;
const LEDGER_SIGN = sql`case when l.kind in ('dispute_won', 'payout_failed') then -1 else 1 end`;

/**
 * One balance transaction in the ledger's terms: its object and category, and its value in the
 * currency the ledger records it in (the charge's: `valueCurrency`, when Stripe converted it into
 * the balance's currency), with how many minor units of it are rounding (`slack`).
 */
type Resolved = { objectKey: string; category: string; value: number; valueCurrency?: string; slack?: number };

const idOf = (v: unknown): string | null =>
  typeof v === 'string'
    ? v
    : v && typeof v === 'object' && typeof (v as { id?: unknown }).id === 'string'
      ? (v as { id: string }).id
      : null;
const field = (v: unknown, name: string): unknown =>
  v && typeof v === 'object' ? (v as Record<string, unknown>)[name] : undefined;

/** Spaces Stripe calls: at most CALLS_PER_SECOND. */
function pacer() {
  let last = 0;
  return async () => {
    const wait = last + 1000 / CALLS_PER_SECOND - Date.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    last = Date.now();
  };
}

/** Maps a charge or transfer to its PaymentIntent, asking Stripe only once per object. */
function resolver(db: Executor, stripe: Stripe, pace: () => Promise<void>) {
  const chargePi = new Map<string, string | null>();
  const transferPi = new Map<string, string | null>();
  async function piOfCharge(charge: string): Promise<string | null> {
    if (chargePi.has(charge)) return chargePi.get(charge)!;
    const [known] = await queryRows<{ id: string }>(db, sql`select id from payments where charge_id = ${charge}`);
    let pi = known?.id ?? null;
    if (!pi) {
      await pace();
      pi = idOf((await stripe.charges.retrieve(charge)).payment_intent);
    }
    chargePi.set(charge, pi);
    return pi;
  }
  const chargeObjects = new Map<string, Stripe.Charge>();
  async function chargeObject(charge: string): Promise<Stripe.Charge> {
    if (!chargeObjects.has(charge)) {
      await pace();
      chargeObjects.set(charge, await stripe.charges.retrieve(charge));
    }
    return chargeObjects.get(charge)!;
  }
  const transferObjects = new Map<string, Stripe.Transfer>();
  async function transferObject(transfer: string, source?: unknown): Promise<Stripe.Transfer> {
    if (source && typeof source === 'object' && field(source, 'object') === 'transfer')
      return source as Stripe.Transfer;
    if (!transferObjects.has(transfer)) {
      await pace();
      transferObjects.set(transfer, await stripe.transfers.retrieve(transfer));
    }
    return transferObjects.get(transfer)!;
  }
  /**
   * A destination charge's transfer in the charge's currency, when Stripe made it in another (the
   * platform's): the charge less Locora's fee, which is what the ledger transferred; `part` of the
   * transfer's amount (a reversal) in proportion, with a unit of rounding.
   */
  async function inChargeCurrency(
    transfer: Stripe.Transfer,
    part: number,
  ): Promise<{ value: number; valueCurrency: string; slack: number } | undefined> {
    const chargeId = idOf(transfer.source_transaction);
    if (!chargeId) return undefined;
    const charge = await chargeObject(chargeId);
    if (charge.currency === transfer.currency) return undefined;
    const net = (charge.amount_captured || charge.amount) - (charge.application_fee_amount ?? 0);
    const whole = Math.abs(part) === transfer.amount;
    const value = whole ? Math.sign(part) * net : Math.round((part * net) / transfer.amount);
    return { value, valueCurrency: charge.currency.toUpperCase(), slack: whole ? 0 : 1 };
  }
  async function piOfTransfer(transfer: string, source?: unknown): Promise<string | null> {
    if (transferPi.has(transfer)) return transferPi.get(transfer)!;
    let charge = idOf(field(source, 'source_transaction'));
    if (!charge) {
      await pace();
      charge = idOf((await stripe.transfers.retrieve(transfer)).source_transaction);
    }
    const pi = charge ? await piOfCharge(charge) : null;
    transferPi.set(transfer, pi);
    return pi;
  }
  /** The ledger's object and category of one balance transaction, and its value in the ledger's terms. */
  return async function resolve(txn: Stripe.BalanceTransaction, account: string | null): Promise<Resolved> {
    const source = txn.source as unknown;
    const sourceId = idOf(source) ?? txn.id;
    const unknown = { objectKey: sourceId, category: `stripe:${txn.type}`, value: txn.amount };
    const as = (objectKey: string | null, category: string, value: number) =>
      objectKey ? { objectKey, category, value } : unknown;
    if (account) {
      // A connected account: its payouts; its payments and their refunds mirror the platform's transfers.
      if (['payout', 'payout_failure', 'payout_cancel'].includes(txn.type)) return as(sourceId, 'payout', -txn.amount);
      if (['payment', 'payment_refund', 'transfer', 'transfer_refund'].includes(txn.type))
        return { objectKey: sourceId, category: 'connected', value: txn.amount };
      return unknown;
    }
    // A charge's money converted into the balance's currency: compared in the charge's, as the
    // ledger records it (the charge's or the refund's own amount and currency).
    const converted = (amount: unknown, currency: unknown, sign: number) =>
      typeof amount === 'number' && typeof currency === 'string' && currency !== txn.currency
        ? { value: sign * amount, valueCurrency: currency.toUpperCase() }
        : {};
    switch (txn.type) {
      case 'charge':
      case 'payment':
        return {
          ...as(idOf(field(source, 'payment_intent')) ?? (await piOfCharge(sourceId)), 'captured', txn.amount),
          ...converted(field(source, 'amount_captured') || field(source, 'amount'), field(source, 'currency'), 1),
        };
      case 'refund':
      case 'refund_failure':
      case 'payment_refund':
      case 'payment_failure_refund': {
        const resolved = as(idOf(field(source, 'payment_intent')), 'refund', -txn.amount);
        return {
          ...resolved,
          ...converted(field(source, 'amount'), field(source, 'currency'), Math.sign(resolved.value)),
        };
      }
      case 'transfer': {
        const resolved = as(await piOfTransfer(sourceId, source), 'transfer', -txn.amount);
        if (resolved.category !== 'transfer') return resolved;
        return { ...resolved, ...(await inChargeCurrency(await transferObject(sourceId, source), resolved.value)) };
      }
      case 'application_fee': {
        const charge = idOf(field(source, 'charge')) ?? idOf(field(source, 'originating_transaction'));
        return as(charge ? await piOfCharge(charge) : null, 'transfer', -txn.amount);
      }
      case 'transfer_refund':
      case 'transfer_cancel': {
        const transfer = idOf(field(source, 'transfer'));
        const resolved = as(transfer ? await piOfTransfer(transfer) : null, 'transfer_reversal', txn.amount);
        if (!transfer || resolved.category !== 'transfer_reversal') return resolved;
        return { ...resolved, ...(await inChargeCurrency(await transferObject(transfer), resolved.value)) };
      }
      case 'adjustment':
        return field(source, 'object') === 'dispute' || sourceId.startsWith('dp_')
          ? as(sourceId, 'dispute', -txn.amount)
          : unknown;
      default:
        return unknown;
    }
  };
}

/** Reads one account's balance transactions since its cursor, page by page; returns how many were read. */
async function readAccount(
  db: Db,
  stripe: Stripe,
  account: string | null,
  resolve: ReturnType<typeof resolver>,
  pace: () => Promise<void>,
  pageSize: number,
): Promise<number> {
  const name = account ?? 'platform';
  await db.execute(sql`insert into reconciliation_cursors (account) values (${name}) on conflict do nothing`);
  const [cursor] = await queryRows<{ since: string; pass_newest: string | null; page_after: string | null }>(
    db,
    sql`select since, pass_newest, page_after from reconciliation_cursors where account = ${name}`,
  );
  const since = Number(cursor!.since);
  let newest = cursor!.pass_newest === null ? null : Number(cursor!.pass_newest);
  let after = cursor!.page_after;
  let read = 0;
  for (;;) {
    await pace();
    const page = await stripe.balanceTransactions.list(
      {
        limit: pageSize,
        created: { gte: since },
        expand: ['data.source'],
        ...(after ? { starting_after: after } : {}),
      },
      account ? { stripeAccount: account } : {},
    );
    for (const txn of page.data) {
      const r = await resolve(txn, account);
      await db.execute(
        sql`insert into stripe_balance_transactions (id, account_id, type, amount, currency, created_at, source_id,
                                                     object_key, category, value, value_currency, value_slack)
            values (${txn.id}, ${account}, ${txn.type}, ${txn.amount}, ${txn.currency.toUpperCase()},
                    to_timestamp(${txn.created}), ${idOf(txn.source as unknown)}, ${r.objectKey}, ${r.category}, ${r.value},
                    ${r.valueCurrency ?? null}, ${r.slack ?? 0})
            on conflict (id) do nothing`,
      );
      read += 1;
    }
    if (newest === null && page.data[0]) newest = page.data[0].created;
    const last = page.data.at(-1);
    if (page.has_more && last) {
      after = last.id;
      // Where this pass is: a run after a crash goes on from here.
      await db.execute(
        sql`update reconciliation_cursors set pass_newest = ${newest}, page_after = ${after}, updated_at = now()
            where account = ${name}`,
      );
      continue;
    }
    await db.execute(
      sql`update reconciliation_cursors set since = ${newest ?? since}, pass_newest = null, page_after = null,
            updated_at = now() where account = ${name}`,
    );
    return read;
  }
}

/**
 * Compares what Stripe's balance transactions say with the ledger, per Stripe object and
 * category, and keeps the differences: new ones recorded, those still there seen again, those
 * that match now resolved. Returns how many are open (not resolved, not explained).
 */
export async function compareWithLedger(db: Db, now: Date): Promise<number> {
  const at = sql`${now.toISOString()}::timestamptz`;
  return db.transaction(async (tx) => {
    const rows = await queryRows<{
      object_key: string;
      category: string;
      stripe_amount: string | null;
      stripe_currency: string | null;
      ledger_amount: string | null;
      ledger_currency: string | null;
      ledger_newest: Date | null;
      booking_id: string | null;
    }>(
      tx,
      sql`with s as (
            select object_key, category, sum(value)::bigint as amount,
                   min(coalesce(value_currency, currency)) as currency, sum(value_slack)::bigint as slack
            from stripe_balance_transactions where category <> 'connected' group by object_key, category
          ), l as (
            select l.stripe_object_id as object_key, ${LEDGER_CATEGORIES} as category,
                   sum(${LEDGER_SIGN} * l.amount)::bigint as amount, min(l.currency) as currency,
                   max(l.created_at) as newest, min(l.booking_id::text) as booking_id
            from ledger_entries l where l.stripe_object_id is not null and ${LEDGER_CATEGORIES} is not null
            group by 1, 2
          )
          select coalesce(s.object_key, l.object_key) as object_key, coalesce(s.category, l.category) as category,
                 s.amount as stripe_amount, s.currency as stripe_currency, l.amount as ledger_amount,
                 l.currency as ledger_currency, l.newest as ledger_newest,
                 coalesce(l.booking_id::uuid, p.booking_id, bp.booking_id, d.booking_id) as booking_id
          from s full join l on l.object_key = s.object_key and l.category = s.category
          left join payments p on p.id = coalesce(s.object_key, l.object_key)
          left join booking_payouts bp on bp.stripe_payout_id = coalesce(s.object_key, l.object_key)
          left join disputes d on d.id = coalesce(s.object_key, l.object_key)
          where s.currency is distinct from l.currency
             or (s.amount is distinct from l.amount
                 and not (s.amount is not null and l.amount is not null and abs(s.amount - l.amount) <= s.slack))`,
    );
    const open = new Set<string>();
    for (const r of rows) {
      const stripeAmount = r.stripe_amount === null ? null : Number(r.stripe_amount);
      const ledgerAmount = r.ledger_amount === null ? null : Number(r.ledger_amount);
      let cause: DifferenceCause;
      if (ledgerAmount === null) {
        if (stripeAmount === 0) continue; // moved and moved back at Stripe: nothing to record
        cause = 'unrecorded';
      } else if (stripeAmount === null) {
        if (ledgerAmount === 0) continue;
        // Stripe may not list it yet: a difference once the ledger row is a day old.
        if (r.ledger_newest && now.getTime() - new Date(r.ledger_newest).getTime() < MISSING_AFTER_MS) continue;
        cause = 'missing_at_stripe';
      } else if (r.stripe_currency !== r.ledger_currency) cause = 'currency_differs';
      else if (stripeAmount !== ledgerAmount) cause = 'amount_differs';
      else continue;
      open.add(`${r.object_key}|${r.category}`);
      await tx.execute(
        sql`insert into reconciliation_differences (object_key, category, booking_id, cause, stripe_amount, ledger_amount,
                                                    stripe_currency, ledger_currency, first_seen_at, last_seen_at)
            values (${r.object_key}, ${r.category}, ${r.booking_id}, ${cause}, ${stripeAmount}, ${ledgerAmount},
                    ${r.stripe_currency}, ${r.ledger_currency}, ${at}, ${at})
            on conflict (object_key, category) where resolved_at is null do update set
              cause = excluded.cause, stripe_amount = excluded.stripe_amount, ledger_amount = excluded.ledger_amount,
              stripe_currency = excluded.stripe_currency, ledger_currency = excluded.ledger_currency,
              booking_id = coalesce(reconciliation_differences.booking_id, excluded.booking_id),
              last_seen_at = excluded.last_seen_at`,
      );
    }
    // Those that match now are resolved.
    const still = await queryRows<{ id: string; key: string }>(
      tx,
      sql`select id, object_key || '|' || category as key from reconciliation_differences where resolved_at is null`,
    );
    for (const d of still)
      if (!open.has(d.key))
        await tx.execute(sql`update reconciliation_differences set resolved_at = ${at} where id = ${d.id}`);
    return openDifferences(tx);
  });
}

/** Differences neither resolved nor explained (the `locora_reconciliation_differences` metric). */
export async function openDifferences(db: Executor): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from reconciliation_differences where resolved_at is null and explained_at is null`,
  );
  return Number(row?.n ?? 0);
}

export type ReconcileResult = { runId: string; read: number; differences: number };

/** One run over an already started run row: reads every account, then compares. */
async function runReconciliation(
  db: Db,
  stripe: Stripe,
  runId: string,
  now: Date,
  pageSize = PAGE,
): Promise<ReconcileResult> {
  const pace = pacer();
  const resolve = resolver(db, stripe, pace);
  try {
    let read = await readAccount(db, stripe, null, resolve, pace, pageSize);
    const accounts = await queryRows<{ id: string }>(
      db,
      sql`select id from connected_accounts order by created_at, id`,
    );
    for (const a of accounts) read += await readAccount(db, stripe, a.id, resolve, pace, pageSize);
    const differences = await compareWithLedger(db, now);
    await db.execute(
      sql`update reconciliation_runs set finished_at = now(), read = ${read}, differences = ${differences}
          where id = ${runId}`,
    );
    return { runId, read, differences };
  } catch (err) {
    await db.execute(sql`update reconciliation_runs set error = ${describeStripeError(err)} where id = ${runId}`);
    throw err;
  }
}

/**
 * Starts a run unless one is under way (started less than an hour ago and not finished) or, for
 * the daily job (`onlyIfDue`), one started within the last day. Null: not started.
 */
async function startRun(db: Db, trigger: 'job' | 'admin', onlyIfDue: boolean): Promise<string | null> {
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`insert into reconciliation_runs (trigger)
        select ${trigger}
        where not exists (select 1 from reconciliation_runs where finished_at is null and error is null
                            and started_at > now() - make_interval(secs => ${RUN_STALE_MS / 1000}))
          ${
            onlyIfDue
              ? sql`and not exists (select 1 from reconciliation_runs where error is null
                                      and started_at > now() - make_interval(secs => ${RECONCILE_EVERY_MS / 1000}))`
              : sql``
          }
        returning id`,
  );
  return row?.id ?? null;
}

/** A reconciliation now (an admin's request; tests may read smaller pages). Null: one is under way. */
export async function reconcileNow(
  db: Db,
  stripe: Stripe,
  now: Date,
  opts: { pageSize?: number } = {},
): Promise<ReconcileResult | null> {
  const runId = await startRun(db, 'admin', false);
  return runId ? runReconciliation(db, stripe, runId, now, opts.pageSize) : null;
}

/** The daily reconciliation as a round of the job runner: it checks every minute whether one is due. */
export function reconciliationJobKind(opts: {
  db: Db;
  stripe: Stripe;
  now: () => Date;
  intervalMs?: number | undefined;
}): RoundKind {
  return {
    name: RECONCILIATION_JOB,
    intervalMs: Math.min(opts.intervalMs ?? 60_000, 60_000),
    round: async () => {
      const runId = await startRun(opts.db, 'job', true);
      if (!runId) return 0;
      await runReconciliation(opts.db, opts.stripe, runId, opts.now());
      // Never "found more work": the next check is a minute away.
      return 0;
    },
  };
}
