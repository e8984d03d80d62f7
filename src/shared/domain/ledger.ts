/**
 * The money ledger's rules (decision 058): which movements a booking's money facts imply, and how
 * its rows balance. Pure; the server writes the rows (append-only) in the transaction of each
 * change, from the facts it has just recorded.
 *
 * Who holds what. Every movement takes an amount, in one currency's minor units, from one holder
 * and gives it to another:
 *
 * - `traveler`: the traveler's card and bank.
 * - `platform`: Locora's Stripe balance, where a charge lands (with destination charges the
 *   provider's share passes through it at once).
 * - `locora`: what Locora keeps (its fee), and what it bears (a dispute).
 * - `provider`: the provider's Stripe balance: their share, owed until it is paid out.
 * - `provider_bank`: the provider's bank: paid out (by Stripe, or by hand before payouts existed).
 * - `dispute`: an amount the traveler's bank withdrew while a dispute is open.
 *
 * - `exchange`: Stripe's currency conversion, when what landed in the provider's balance is in
 *   another currency than the charge (or came back converted from the platform's).
 *
 * A card authorised moves nothing (the hold is a memo, traveler to traveler). Captured: traveler
 * to platform, the whole charge; the fee: platform to locora; the transfer: platform to provider,
 * the rest. A refund: platform to traveler, with the provider's share taken back (transfer
 * reversal) and Locora's fee given back (fee refund) in proportion. A payout: provider to
 * provider_bank; one that failed comes back. A dispute: Locora's balance is debited while it is
 * open (locora to dispute), given back if won, gone to the traveler if lost. A booking paid before
 * payouts existed has no transfer: the provider's share stays in the platform's balance until an
 * admin settles it by hand (manual adjustment: platform to provider_bank). When Stripe converted
 * the provider's share on its way (what landed differs from what was transferred, in amount or
 * currency), the share leaves the provider's balance in the charge's currency for `exchange`
 * (conversion out) and arrives from it in the settled currency, as much as landed (conversion in);
 * payouts and what is owed are then in the settled currency. A transfer reversed later is
 * converted back in proportion, as Stripe takes it from the settled balance.
 */
import type { CurrencyCode } from './currency.ts';
import { refundSplit } from './connect.ts';

export const LEDGER_KINDS = [
  'authorised',
  'captured',
  'fee',
  'transfer',
  'refund',
  'transfer_reversal',
  'fee_refund',
  'payout',
  'payout_failed',
  'dispute_opened',
  'dispute_won',
  'dispute_lost',
  'manual_adjustment',
  'conversion_out',
  'conversion_in',
] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

export const LEDGER_HOLDERS = [
  'traveler',
  'platform',
  'locora',
  'provider',
  'provider_bank',
  'dispute',
  'exchange',
] as const;
export type LedgerHolder = (typeof LEDGER_HOLDERS)[number];

/** Who gives and who receives, per kind (a negative amount of a kind runs the other way). */
export const LEDGER_FLOWS: Record<LedgerKind, { from: LedgerHolder; to: LedgerHolder }> = {
  authorised: { from: 'traveler', to: 'traveler' },
  captured: { from: 'traveler', to: 'platform' },
  fee: { from: 'platform', to: 'locora' },
  transfer: { from: 'platform', to: 'provider' },
  refund: { from: 'platform', to: 'traveler' },
  transfer_reversal: { from: 'provider', to: 'platform' },
  fee_refund: { from: 'locora', to: 'platform' },
  payout: { from: 'provider', to: 'provider_bank' },
  payout_failed: { from: 'provider_bank', to: 'provider' },
  dispute_opened: { from: 'locora', to: 'dispute' },
  dispute_won: { from: 'dispute', to: 'locora' },
  dispute_lost: { from: 'dispute', to: 'traveler' },
  manual_adjustment: { from: 'platform', to: 'provider_bank' },
  conversion_out: { from: 'provider', to: 'exchange' },
  conversion_in: { from: 'exchange', to: 'provider' },
};

/** What Locora knows of one booking's money, as its rows hold it. */
export type LedgerFacts = {
  /** The payment's PaymentIntent and currency; null without a card payment. */
  payment: {
    id: string;
    currency: CurrencyCode;
    /** What is charged. */
    amount: number;
    /** Locora's fee (the application fee of a destination charge, the booking's fee otherwise). */
    fee: number;
    authorised: boolean;
    captured: boolean;
    /** What Stripe's list of refunds says was refunded. */
    refunded: number;
    /** A destination charge: the provider's share was transferred to their account. */
    destination: boolean;
    chargeId: string | null;
    balanceTransactionId: string | null;
    /** What landed in the provider's balance for a destination charge, once read from Stripe. */
    settled: { amount: number; currency: CurrencyCode } | null;
  } | null;
  /** Each payout Stripe made of the booking (also those that failed since). */
  payouts: { id: string; amount: number; currency: CurrencyCode; failed: boolean }[];
  disputes: { id: string; amount: number; currency: CurrencyCode; status: 'open' | 'won' | 'lost' }[];
  /** A booking paid before payouts existed, settled by hand. */
  manual: { amount: number; currency: CurrencyCode } | null;
};

/** What the ledger must hold for a booking: the total of each (kind, Stripe object, currency). */
export type LedgerTarget = {
  kind: LedgerKind;
  /** Stripe's object the movement is (a PaymentIntent, payout, dispute), or null (by hand). */
  objectId: string | null;
  balanceTransactionId: string | null;
  currency: CurrencyCode;
  amount: number;
};

/** Every movement the facts imply, as totals per kind and object (zero totals left out). */
export function ledgerTargets(f: LedgerFacts): LedgerTarget[] {
  const out: LedgerTarget[] = [];
  const add = (t: LedgerTarget) => {
    if (t.amount !== 0) out.push(t);
  };
  const p = f.payment;
  if (p) {
    const on = { objectId: p.id, currency: p.currency, balanceTransactionId: null };
    if (p.authorised || p.captured) add({ ...on, kind: 'authorised', amount: p.amount });
    if (p.captured) {
      add({ ...on, kind: 'captured', amount: p.amount, balanceTransactionId: p.balanceTransactionId });
      add({ ...on, kind: 'fee', amount: p.fee });
      if (p.destination) add({ ...on, kind: 'transfer', amount: p.amount - p.fee });
      const refunded = Math.min(p.refunded, p.amount);
      const back = refunded > 0 ? refundSplit(p.amount, p.fee, refunded, p.currency) : null;
      if (back) {
        add({ ...on, kind: 'refund', amount: refunded });
        add({ ...on, kind: 'fee_refund', amount: back.feeCents });
        if (p.destination) add({ ...on, kind: 'transfer_reversal', amount: back.providerCents });
      }
      // Converted on its way: out of the charge's currency, into what landed.
      const share = p.amount - p.fee;
      if (
        p.destination &&
        p.settled &&
        share > 0 &&
        (p.settled.currency !== p.currency || p.settled.amount !== share)
      ) {
        const kept = share - (p.destination && back ? back.providerCents : 0);
        add({ ...on, kind: 'conversion_out', amount: kept });
        add({
          ...on,
          currency: p.settled.currency,
          kind: 'conversion_in',
          amount: Math.round((p.settled.amount * kept) / share),
        });
      }
    }
  }
  for (const po of f.payouts) {
    const on = { objectId: po.id, currency: po.currency, balanceTransactionId: null };
    add({ ...on, kind: 'payout', amount: po.amount });
    if (po.failed) add({ ...on, kind: 'payout_failed', amount: po.amount });
  }
  for (const d of f.disputes) {
    const on = { objectId: d.id, currency: d.currency, balanceTransactionId: null };
    add({ ...on, kind: 'dispute_opened', amount: d.amount });
    if (d.status === 'won') add({ ...on, kind: 'dispute_won', amount: d.amount });
    if (d.status === 'lost') add({ ...on, kind: 'dispute_lost', amount: d.amount });
  }
  if (f.manual) add({ kind: 'manual_adjustment', objectId: null, balanceTransactionId: null, ...f.manual });
  return out;
}

export type LedgerRow = { kind: LedgerKind; currency: CurrencyCode; amount: number };

/** What each holder holds of a booking's money, per currency, from its rows. */
export function holdings(rows: readonly LedgerRow[]): Map<CurrencyCode, Record<LedgerHolder, number>> {
  const out = new Map<CurrencyCode, Record<LedgerHolder, number>>();
  for (const r of rows) {
    let h = out.get(r.currency);
    if (!h) {
      h = { traveler: 0, platform: 0, locora: 0, provider: 0, provider_bank: 0, dispute: 0, exchange: 0 };
      out.set(r.currency, h);
    }
    const { from, to } = LEDGER_FLOWS[r.kind];
    h[from] -= r.amount;
    h[to] += r.amount;
  }
  return out;
}

/** A booking's money in one currency, as its ledger rows say. */
export type LedgerSummary = {
  currency: CurrencyCode;
  charged: number;
  refunded: number;
  /** Locora's fee, less what was given back with refunds. */
  fee: number;
  /**
   * The provider's share in this currency: what reached their balance (or is kept for them), less
   * reversals, after conversion (converted away from the charge's currency, into the settled one).
   */
  providerShare: number;
  /** Paid out to the provider's bank (by Stripe, or by hand). */
  paidOut: number;
  /** The provider's share not paid out yet (negative: taken back after it was paid out). */
  owed: number;
  /** Withdrawn by an open dispute, and lost to disputes. */
  disputed: number;
  disputeLost: number;
};

/**
 * Sums of a booking's rows per currency, with the balance rules checked: the charge is the
 * provider's share plus Locora's fee plus refunds (with a destination charge, nothing of it stays
 * in the platform's balance); the provider's share is what was paid out plus what is still owed
 * (what their Stripe balance holds of it, or, paid before payouts existed, what the platform keeps
 * for them).
 */
export function summarise(rows: readonly LedgerRow[]): { summary: LedgerSummary; problems: string[] }[] {
  const byCurrency = new Map<CurrencyCode, Record<LedgerKind, number>>();
  for (const r of rows) {
    let s = byCurrency.get(r.currency);
    if (!s) {
      s = Object.fromEntries(LEDGER_KINDS.map((k) => [k, 0])) as Record<LedgerKind, number>;
      byCurrency.set(r.currency, s);
    }
    s[r.kind] += r.amount;
  }
  const held = holdings(rows);
  return [...byCurrency].map(([currency, s]) => {
    const h = held.get(currency)!;
    const destination = rows.some(
      (r) =>
        (r.kind === 'transfer' || r.kind === 'conversion_in' || r.kind === 'conversion_out') && r.currency === currency,
    );
    const fee = s.fee - s.fee_refund;
    // What the charge left for the provider in this currency, then what conversion moved.
    const received = destination ? s.transfer - s.transfer_reversal : s.captured - fee - s.refund;
    const providerShare = received + s.conversion_in - s.conversion_out;
    const paidOut = s.payout - s.payout_failed + s.manual_adjustment;
    const owed = destination ? h.provider : h.platform;
    const summary: LedgerSummary = {
      currency,
      charged: s.captured,
      refunded: s.refund,
      fee,
      providerShare,
      paidOut,
      owed,
      disputed: h.dispute,
      disputeLost: s.dispute_lost,
    };
    const problems: string[] = [];
    if (s.captured !== received + fee + s.refund)
      problems.push(`charged ${s.captured} is not the provider's share ${received} + fee ${fee} + refunds ${s.refund}`);
    if (providerShare !== paidOut + owed)
      problems.push(`the provider's share ${providerShare} is not paid out ${paidOut} + owed ${owed}`);
    if (destination && h.platform !== 0) problems.push(`the platform kept ${h.platform} of a destination charge`);
    if (!destination && h.provider !== 0)
      problems.push(`the provider's balance holds ${h.provider} of a charge never transferred`);
    return { summary, problems };
  });
}

/** A refund owed and not made yet: of `cents`, or null for all that is left. */
export type RefundOwed = { cents: number | null };

/** What a booking's charge left the provider and Locora, in the charge's currency. */
export type KeptShare = {
  currency: CurrencyCode;
  /** What the traveler was charged (the captured rows). */
  chargedCents: number;
  /** What went back to them: refunds made, and the refund owed. */
  refundedCents: number;
  /** Locora's fee less what refunds gave back of it. */
  feeCents: number;
  /** The provider's share less what refunds took back of it: what they kept. */
  netCents: number;
};

/**
 * What a booking kept of its charge (decision 060 and its addendum), from its ledger rows, in the
 * charge's currency (that of its `captured` rows): the charge less refunds less Locora's fee
 * kept, `captured - refund - (fee - fee_refund)`, which by the balance rule is the provider's
 * share after reversals (`transfer - transfer_reversal` for a destination charge; for a charge
 * paid before payouts existed, what the platform keeps for them), before any conversion. A refund
 * owed and not made yet (a cancel's, on its way to Stripe) counts as made: the fee and the share
 * give back their parts of all that is refunded, as the ledger's rows will once Stripe makes it
 * (`refundSplit`). A dispute does not change it: with destination charges Locora bears it.
 * Null when nothing was charged (no card payment, or a hold only).
 */
export function keptShare(rows: readonly LedgerRow[], refundOwed: RefundOwed | null = null): KeptShare | null {
  const currency = rows.find((r) => r.kind === 'captured')?.currency;
  if (!currency) return null;
  const sum = (kind: LedgerKind) =>
    rows.reduce((n, r) => (r.kind === kind && r.currency === currency ? n + r.amount : n), 0);
  const charged = sum('captured');
  if (charged <= 0) return null;
  const fee = sum('fee');
  const refunded = sum('refund');
  if (!refundOwed) {
    const feeKept = fee - sum('fee_refund');
    return {
      currency,
      chargedCents: charged,
      refundedCents: refunded,
      feeCents: feeKept,
      netCents: charged - refunded - feeKept,
    };
  }
  const all = Math.min(charged, refunded + (refundOwed.cents ?? charged - refunded));
  const back = refundSplit(charged, fee, all, currency);
  return {
    currency,
    chargedCents: charged,
    refundedCents: all,
    feeCents: fee - back.feeCents,
    netCents: charged - fee - back.providerCents,
  };
}

/** The four figures of a provider's Payouts tab. */
export const PAYOUT_FIGURES = ['paidOut', 'onItsWay', 'owed', 'held'] as const;
export type PayoutFigureKind = (typeof PAYOUT_FIGURES)[number];

/** One booking's ledger rows, and whether Stripe's payout of it is made but not arrived yet. */
export type ProviderBookingLedger = {
  bookingId: string;
  rows: readonly LedgerRow[];
  /** Its payout's status at Stripe is pending or in_transit. */
  payoutInFlight: boolean;
};

/** A figure in one currency: its total and the bookings it is made of (each with its part). */
export type PayoutFigure = {
  currency: CurrencyCode;
  amount: number;
  bookings: { bookingId: string; amount: number }[];
};

/**
 * A provider's money, per currency, from their bookings' ledger rows (`summarise`):
 *
 * - `paidOut`: paid out to their bank (by Stripe, or by hand), whose payout has arrived;
 * - `onItsWay`: paid out by a payout Stripe made that has not arrived yet (pending, in transit);
 * - `owed`: their share still in their Stripe balance (or kept for them), to be paid out once the
 *   booking is completed (negative: taken back after it was paid out);
 * - `held`: their share not paid out of a booking with a dispute open, or lost (an admin decides).
 *
 * Each currency is a line of its own (never summed across currencies), in alphabetical order; a
 * figure with nothing in any currency is an empty list.
 */
export function payoutFigures(bookings: readonly ProviderBookingLedger[]): Record<PayoutFigureKind, PayoutFigure[]> {
  const acc: Record<PayoutFigureKind, Map<CurrencyCode, PayoutFigure>> = {
    paidOut: new Map(),
    onItsWay: new Map(),
    owed: new Map(),
    held: new Map(),
  };
  const add = (kind: PayoutFigureKind, currency: CurrencyCode, bookingId: string, amount: number) => {
    if (amount === 0) return;
    let f = acc[kind].get(currency);
    if (!f) {
      f = { currency, amount: 0, bookings: [] };
      acc[kind].set(currency, f);
    }
    f.amount += amount;
    f.bookings.push({ bookingId, amount });
  };
  for (const b of bookings) {
    const sums = summarise(b.rows).map((s) => s.summary);
    const disputed = sums.some((s) => s.disputed !== 0 || s.disputeLost !== 0);
    for (const s of sums) {
      add(b.payoutInFlight ? 'onItsWay' : 'paidOut', s.currency, b.bookingId, s.paidOut);
      add(disputed ? 'held' : 'owed', s.currency, b.bookingId, s.owed);
    }
  }
  const out = {} as Record<PayoutFigureKind, PayoutFigure[]>;
  for (const kind of PAYOUT_FIGURES)
    out[kind] = [...acc[kind].values()]
      .filter((f) => f.amount !== 0 || f.bookings.length > 0)
      .sort((a, b) => a.currency.localeCompare(b.currency));
  return out;
}
