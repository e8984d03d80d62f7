/**
 * Writing the money ledger (decision 058). After each change to a booking's money — a payment's
 * status or refunds recorded, a payout made or failed, a dispute opened or closed, a settlement by
 * hand — `recordLedger` runs in the same transaction: it reads the facts the rows now hold, asks
 * `ledgerTargets` (src/shared/domain/ledger.ts) what movements they imply, and appends a row for
 * each difference from what the ledger already holds. Rows are never updated or deleted (the
 * database refuses); a movement Stripe undid (a refund that failed) is a row the other way.
 * Running it twice changes nothing, so every writer may call it; a per-booking advisory lock, held
 * to the transaction's end, keeps two writers from appending the same difference.
 */
import { sql } from 'drizzle-orm';
import type { CurrencyCode } from '../../shared/domain/currency.ts';
import { isOpenDispute } from '../../shared/domain/earnings.ts';
import {
  keptShare,
  LEDGER_FLOWS,
  ledgerTargets,
  summarise,
  type KeptShare,
  type LedgerFacts,
  type LedgerKind,
  type LedgerRow,
} from '../../shared/domain/ledger.ts';
import { queryRows, type Executor } from '../db/open.ts';

/** What the rows of a booking hold now, as the ledger's rules read them. */
export async function ledgerFacts(
  tx: Executor,
  bookingId: string,
): Promise<(LedgerFacts & { parties: Parties }) | null> {
  const [b] = await queryRows<{
    user_id: string;
    provider_id: string;
    authorised: boolean;
    fee_cents: number;
    pay_id: string | null;
    pay_currency: CurrencyCode | null;
    pay_amount: number | null;
    application_fee_cents: number | null;
    pay_status: string | null;
    refunded_cents: number | null;
    destination: string | null;
    charge_id: string | null;
    balance_transaction_id: string | null;
    settled_amount: number | null;
    settled_currency: CurrencyCode | null;
  }>(
    tx,
    sql`select b.user_id, b.provider_id, (b.authorised_at is not null) as authorised, b.fee_cents,
          p.id as pay_id, p.currency as pay_currency, p.amount_cents as pay_amount, p.application_fee_cents,
          p.status as pay_status, p.refunded_cents, p.destination_account_id as destination, p.charge_id,
          p.balance_transaction_id, p.settled_amount, p.settled_currency
        from bookings b left join payments p on p.booking_id = b.id where b.id = ${bookingId}`,
  );
  if (!b) return null;
  const captured = b.pay_status === 'succeeded' || b.pay_status === 'refunded';
  const amount = Number(b.pay_amount ?? 0);
  const payment: LedgerFacts['payment'] = b.pay_id
    ? {
        id: b.pay_id,
        currency: b.pay_currency!,
        amount,
        fee: Number(b.application_fee_cents ?? b.fee_cents),
        authorised:
          b.authorised || ['requires_capture', 'succeeded', 'refunded'].includes(b.pay_status ?? '') || captured,
        captured,
        refunded: b.pay_status === 'refunded' ? amount : Number(b.refunded_cents ?? 0),
        destination: b.destination !== null,
        chargeId: b.charge_id,
        balanceTransactionId: b.balance_transaction_id,
        settled:
          b.settled_amount !== null && b.settled_currency !== null
            ? { amount: Number(b.settled_amount), currency: b.settled_currency }
            : null,
      }
    : null;
  // Each payout Stripe made (its history keeps those that failed and were made again).
  const payouts = await queryRows<{ id: string; amount: number; currency: CurrencyCode; failed: boolean }>(
    tx,
    sql`select e.stripe_payout_id as id, max(e.amount_cents) filter (where e.kind = 'created') as amount,
          max(e.currency) as currency,
          bool_or(e.kind in ('failed', 'canceled')) as failed
        from payout_events e join booking_payouts bp on bp.id = e.booking_payout_id
        where bp.booking_id = ${bookingId} and e.stripe_payout_id is not null
        group by e.stripe_payout_id
        having bool_or(e.kind = 'created')`,
  );
  const disputes = await queryRows<{ id: string; amount_cents: number; currency: CurrencyCode; status: string }>(
    tx,
    sql`select id, amount_cents, currency, status from disputes where booking_id = ${bookingId} order by opened_at`,
  );
  const [manual] = await queryRows<{ amount_cents: number; currency: CurrencyCode }>(
    tx,
    sql`select amount_cents, currency from manual_settlements where booking_id = ${bookingId}`,
  );
  return {
    parties: { travelerId: b.user_id, providerId: b.provider_id },
    payment,
    payouts: payouts.map((p) => ({ id: p.id, amount: Number(p.amount), currency: p.currency, failed: p.failed })),
    disputes: disputes
      // An inquiry (warning_*) withdraws nothing.
      .filter((d) => !d.status.startsWith('warning_') && d.status !== 'prevented')
      .map((d) => ({
        id: d.id,
        amount: Number(d.amount_cents),
        currency: d.currency,
        status: d.status === 'lost' ? 'lost' : isOpenDispute(d.status) ? 'open' : 'won',
      })),
    manual: manual ? { amount: Number(manual.amount_cents), currency: manual.currency } : null,
  };
}

type Parties = { travelerId: string; providerId: string };

/**
 * Appends what the ledger lacks for a booking, in the caller's transaction (call it last: it
 * takes the booking's ledger lock until the transaction ends). Returns the rows appended. The rows
 * are dated now (the database's clock), or `at` when the movement is recorded later than it
 * happened (a test's business clock).
 */
export async function recordLedger(
  tx: Executor,
  bookingId: string,
  source: string | null = null,
  at?: Date,
): Promise<number> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`ledger:${bookingId}`}, 0))`);
  const facts = await ledgerFacts(tx, bookingId);
  if (!facts) return 0;
  const have = await queryRows<{ kind: LedgerKind; object: string | null; currency: CurrencyCode; total: string }>(
    tx,
    sql`select kind, stripe_object_id as object, currency, sum(amount)::bigint as total
        from ledger_entries where booking_id = ${bookingId} group by kind, stripe_object_id, currency`,
  );
  const keyOf = (kind: string, object: string | null, currency: string) => `${kind}|${object ?? ''}|${currency}`;
  const held = new Map(have.map((h) => [keyOf(h.kind, h.object, h.currency), Number(h.total)]));
  const wanted = ledgerTargets(facts).map((t) => ({ ...t, key: keyOf(t.kind, t.objectId, t.currency) }));
  // A movement Stripe undid since (its target gone) is taken back too.
  for (const h of have)
    if (!wanted.some((w) => w.key === keyOf(h.kind, h.object, h.currency)))
      wanted.push({
        kind: h.kind,
        objectId: h.object,
        currency: h.currency,
        balanceTransactionId: null,
        amount: 0,
        key: keyOf(h.kind, h.object, h.currency),
      });
  let appended = 0;
  for (const w of wanted) {
    const delta = w.amount - (held.get(w.key) ?? 0);
    if (delta === 0) continue;
    const flow = LEDGER_FLOWS[w.kind];
    await tx.execute(
      sql`insert into ledger_entries (booking_id, kind, from_holder, to_holder, traveler_id, provider_id, amount, currency,
                                      stripe_object_id, stripe_balance_transaction_id, source, created_at)
          values (${bookingId}, ${w.kind}, ${flow.from}, ${flow.to}, ${facts.parties.travelerId},
                  ${facts.parties.providerId}, ${delta}, ${w.currency}, ${w.objectId}, ${w.balanceTransactionId}, ${source},
                  ${at ? sql`${at.toISOString()}::timestamptz` : sql`now()`})`,
    );
    appended += 1;
  }
  return appended;
}

/** A booking's ledger rows, oldest first. */
export async function ledgerRows(db: Executor, bookingId: string) {
  const rows = await queryRows<{
    kind: LedgerKind;
    from_holder: string;
    to_holder: string;
    amount: string;
    currency: CurrencyCode;
    stripe_object_id: string | null;
  }>(
    db,
    sql`select kind, from_holder, to_holder, amount, currency, stripe_object_id
        from ledger_entries where booking_id = ${bookingId} order by id`,
  );
  return rows.map((r) => ({ ...r, amount: Number(r.amount) }));
}

/** A booking's sums per currency and whether its rows balance. */
export async function ledgerBalance(db: Executor, bookingId: string) {
  const rows: LedgerRow[] = await ledgerRows(db, bookingId);
  return summarise(rows);
}

/**
 * What each of a provider's bookings kept of its charge (`keptShare`, decision 060 and its
 * addendum), from the sums of its ledger rows per kind and currency and the refund it owes (a
 * cancel's refund on its way to Stripe). Bookings with no ledger rows are absent.
 */
export async function providerKeptShares(db: Executor, providerId: string): Promise<Map<string, KeptShare | null>> {
  const sums = await queryRows<{ booking_id: string; kind: LedgerKind; currency: CurrencyCode; amount: string }>(
    db,
    sql`select l.booking_id, l.kind, l.currency, sum(l.amount)::bigint as amount
        from ledger_entries l
        where l.provider_id = ${providerId} and l.kind in ('captured', 'fee', 'refund', 'fee_refund')
        group by l.booking_id, l.kind, l.currency`,
  );
  const owed = await queryRows<{ booking_id: string; refund_cents: string | null }>(
    db,
    sql`select b.id as booking_id, p.refund_cents
        from bookings b join payments p on p.booking_id = b.id
        where b.provider_id = ${providerId} and b.refund_pending`,
  );
  const rowsOf = new Map<string, LedgerRow[]>();
  for (const s of sums) {
    const list = rowsOf.get(s.booking_id) ?? [];
    list.push({ kind: s.kind, currency: s.currency, amount: Number(s.amount) });
    rowsOf.set(s.booking_id, list);
  }
  const owedOf = new Map(owed.map((o) => [o.booking_id, o.refund_cents === null ? null : Number(o.refund_cents)]));
  const out = new Map<string, KeptShare | null>();
  for (const [bookingId, rows] of rowsOf)
    out.set(bookingId, keptShare(rows, owedOf.has(bookingId) ? { cents: owedOf.get(bookingId)! } : null));
  return out;
}
