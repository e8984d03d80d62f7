/**
 * The demo bookings' money (decision 060, addendum): every figure a provider or an admin reads —
 * Revenue, Earnings, the Payouts tab, the admin's totals — comes from the ledger, so the demo's
 * paid bookings carry what the real path would have left: a card payment, its ledger rows and,
 * once a completed booking's share was paid, its settlement.
 *
 * The story: the demo's card payments were taken before payouts existed (decision 046), so each is
 * a charge Locora kept, no transfer: a PAID or COMPLETED booking's card was authorised at the
 * request and captured at the accept; a REFUNDED one was then refunded in full; a COMPLETED one
 * whose end is more than three days ago was settled with its provider by hand by the demo admin
 * ('Paid by bank transfer.'); a later one is still owed (the admin's list, the provider's "owed").
 * Each movement is dated when it happened, computed by the ledger's own rules (`ledgerTargets`, as
 * `recordLedger` appends them, step by step), so a run of the writer over a seeded booking appends
 * nothing. Stripe's processing fee is its US card price (2.9 % + 30 cents) in dollars, where a US
 * platform's balance would have settled the charge, at the demo's exchange rates.
 *
 * Pure and deterministic: no random draws (the rest of the demo data is as it was), ids from the
 * booking's (`pi_demo_…`, `ch_demo_…`, `txn_demo_…`: no Stripe object has them, and none is asked
 * for while Stripe is not configured).
 */
import { payoutNetCents } from '../../../shared/domain/connect.ts';
import type { CurrencyCode } from '../../../shared/domain/currency.ts';
import { convertExactly, type EuroRates } from '../../../shared/domain/exchange-rates.ts';
import { LEDGER_FLOWS, ledgerTargets, type LedgerFacts } from '../../../shared/domain/ledger.ts';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '../../../shared/domain/time.ts';
import type { ledgerEntries, manualSettlements, payments } from '../schema.ts';

export type NewPayment = typeof payments.$inferInsert;
export type NewLedgerEntry = typeof ledgerEntries.$inferInsert;
export type NewManualSettlement = typeof manualSettlements.$inferInsert;

/** What the demo's money needs of a booking. */
export type DemoBooking = {
  id: string;
  userId: string;
  providerId: string;
  status: string;
  createdAt: Date;
  startAt: Date;
  endAt: Date;
  amountCents: number;
  feeCents: number;
  currency: CurrencyCode;
};

export type DemoMoney = {
  payments: NewPayment[];
  ledgerEntries: NewLedgerEntry[];
  manualSettlements: NewManualSettlement[];
  /** When each paid booking's card was authorised (its `authorised_at`). */
  authorisedAt: Map<string, Date>;
};

/** The source written on every seeded ledger row. */
export const DEMO_LEDGER_SOURCE = 'demo seed';
/** Where Locora's Stripe balance is (decision 038's default platform country, US). */
const PLATFORM_CURRENCY: CurrencyCode = 'USD';
/** A completed booking's share is settled by hand this long after its end. */
const SETTLED_AFTER_MS = 3 * DAY_MS;
export const DEMO_SETTLEMENT_NOTE = 'Paid by bank transfer.';

/** `amount` of `from` in minor units of `to` at `rates`, rounded half up. */
function converted(amount: number, from: CurrencyCode, to: CurrencyCode, rates: EuroRates): number {
  if (from === to) return amount;
  const exact = convertExactly(amount, from, to, rates);
  if (!exact) throw new Error(`the demo rates have no ${from} or ${to}`);
  return Number((2n * exact.numerator + exact.denominator) / (2n * exact.denominator));
}

/** A booking's card payment and its money's movements, when its status says money moved. */
export function buildDemoMoney(
  bookings: readonly DemoBooking[],
  opts: { now: Date; adminId: string; rates: EuroRates },
): DemoMoney {
  const out: DemoMoney = { payments: [], ledgerEntries: [], manualSettlements: [], authorisedAt: new Map() };
  const { now } = opts;
  for (const b of bookings) {
    if (b.status !== 'PAID' && b.status !== 'COMPLETED' && b.status !== 'REFUNDED') continue;
    const key = b.id.replace(/-/g, '').slice(0, 24);
    const amount = b.amountCents + b.feeCents;
    // The card authorised as the request was made, captured at the accept (within 3 hours, before
    // the start), refunded before the start; each before now.
    const made = b.createdAt.getTime();
    const span = Math.min(b.startAt.getTime(), now.getTime() - HOUR_MS) - made;
    const authorisedAt = new Date(made + Math.min(2 * MINUTE_MS, Math.floor(span / 4)));
    const capturedAt = new Date(made + Math.min(3 * HOUR_MS, Math.floor(span / 2)));
    const refundedAt = new Date(capturedAt.getTime() + Math.floor((made + span - capturedAt.getTime()) / 2));
    const settledAt = new Date(b.endAt.getTime() + SETTLED_AFTER_MS);
    const refunded = b.status === 'REFUNDED';
    const settled = b.status === 'COMPLETED' && settledAt.getTime() < now.getTime();
    const balanceAmount = converted(amount, b.currency, PLATFORM_CURRENCY, opts.rates);
    out.authorisedAt.set(b.id, authorisedAt);
    out.payments.push({
      id: `pi_demo_${key}`,
      bookingId: b.id,
      amountCents: amount,
      currency: b.currency,
      status: refunded ? 'refunded' : 'succeeded',
      refundedCents: refunded ? amount : 0,
      chargeId: `ch_demo_${key}`,
      balanceTransactionId: `txn_demo_${key}`,
      stripeFeeCents: Math.round(balanceAmount * 0.029) + 30,
      stripeFeeCurrency: PLATFORM_CURRENCY,
      chargeBalanceAmount: balanceAmount,
      createdAt: b.createdAt,
      updatedAt: refunded ? refundedAt : capturedAt,
    });
    const share = payoutNetCents(amount, b.feeCents, refunded ? amount : 0, b.currency);
    if (settled)
      out.manualSettlements.push({
        bookingId: b.id,
        amountCents: share,
        currency: b.currency,
        note: DEMO_SETTLEMENT_NOTE,
        settledBy: opts.adminId,
        createdAt: settledAt,
      });

    // The ledger, step by step, as recordLedger appends what each step's facts imply.
    const payment: NonNullable<LedgerFacts['payment']> = {
      id: `pi_demo_${key}`,
      currency: b.currency,
      amount,
      fee: b.feeCents,
      authorised: true,
      captured: false,
      refunded: 0,
      destination: false,
      chargeId: `ch_demo_${key}`,
      balanceTransactionId: `txn_demo_${key}`,
      settled: null,
    };
    const steps: [Date, LedgerFacts][] = [
      [authorisedAt, { payment, payouts: [], disputes: [], manual: null }],
      [capturedAt, { payment: { ...payment, captured: true }, payouts: [], disputes: [], manual: null }],
    ];
    if (refunded)
      steps.push([
        refundedAt,
        { payment: { ...payment, captured: true, refunded: amount }, payouts: [], disputes: [], manual: null },
      ]);
    if (settled)
      steps.push([
        settledAt,
        {
          payment: { ...payment, captured: true },
          payouts: [],
          disputes: [],
          manual: { amount: share, currency: b.currency },
        },
      ]);
    const held = new Map<string, number>();
    for (const [at, facts] of steps)
      for (const target of ledgerTargets(facts)) {
        const k = `${target.kind}|${target.objectId ?? ''}|${target.currency}`;
        const delta = target.amount - (held.get(k) ?? 0);
        if (delta === 0) continue;
        held.set(k, target.amount);
        const flow = LEDGER_FLOWS[target.kind];
        out.ledgerEntries.push({
          bookingId: b.id,
          kind: target.kind,
          fromHolder: flow.from,
          toHolder: flow.to,
          travelerId: b.userId,
          providerId: b.providerId,
          amount: delta,
          currency: target.currency,
          stripeObjectId: target.objectId,
          stripeBalanceTransactionId: target.balanceTransactionId,
          source: DEMO_LEDGER_SOURCE,
          createdAt: at,
        });
      }
  }
  // Numbered in the order the movements happened, as the ledger's writers append them.
  out.ledgerEntries.sort((a, b) => (a.createdAt as Date).getTime() - (b.createdAt as Date).getTime());
  return out;
}
