import { describe, expect, it } from 'vitest';
import type { CurrencyCode } from './currency.ts';
import { refundSplit } from './connect.ts';
import { keptShare, ledgerTargets, payoutFigures, summarise, type LedgerFacts, type LedgerRow } from './ledger.ts';

/** A destination charge of `amount` with Locora's `fee`, captured, and what followed it. */
function rows(
  currency: CurrencyCode,
  amount: number,
  fee: number,
  more: Partial<Pick<LedgerFacts, 'payouts' | 'disputes' | 'manual'>> & {
    refunded?: number;
    /** Paid before payouts existed: no transfer, the share kept in the platform's balance. */
    destination?: boolean;
    settled?: { amount: number; currency: CurrencyCode };
  } = {},
): LedgerRow[] {
  const facts: LedgerFacts = {
    payment: {
      id: 'pi_1',
      currency,
      amount,
      fee,
      authorised: true,
      captured: true,
      refunded: more.refunded ?? 0,
      destination: more.destination ?? true,
      chargeId: null,
      balanceTransactionId: null,
      settled: more.settled ?? null,
    },
    payouts: more.payouts ?? [],
    disputes: more.disputes ?? [],
    manual: more.manual ?? null,
  };
  return ledgerTargets(facts).map((t) => ({ kind: t.kind, currency: t.currency, amount: t.amount }));
}

describe('payoutFigures', () => {
  it('puts each booking’s share where it is: paid out, on its way, owed or held, one line per currency', () => {
    const figures = payoutFigures([
      // Paid, not completed yet: owed.
      { bookingId: 'owed', rows: rows('USD', 12600, 600), payoutInFlight: false },
      // Completed and paid out, arrived.
      {
        bookingId: 'paid',
        rows: rows('USD', 6300, 300, { payouts: [{ id: 'po_1', amount: 6000, currency: 'USD', failed: false }] }),
        payoutInFlight: false,
      },
      // Paid out, in transit.
      {
        bookingId: 'transit',
        rows: rows('EUR', 5250, 250, { payouts: [{ id: 'po_2', amount: 5000, currency: 'EUR', failed: false }] }),
        payoutInFlight: true,
      },
      // A dispute open: the share is held, not owed.
      {
        bookingId: 'disputed',
        rows: rows('USD', 4200, 200, { disputes: [{ id: 'dp_1', amount: 4200, currency: 'USD', status: 'open' }] }),
        payoutInFlight: false,
      },
      // In yen (no minor unit): owed, on a line of its own.
      { bookingId: 'yen', rows: rows('JPY', 21000, 1000), payoutInFlight: false },
    ]);
    expect(figures).toEqual({
      paidOut: [{ currency: 'USD', amount: 6000, bookings: [{ bookingId: 'paid', amount: 6000 }] }],
      onItsWay: [{ currency: 'EUR', amount: 5000, bookings: [{ bookingId: 'transit', amount: 5000 }] }],
      owed: [
        { currency: 'JPY', amount: 20000, bookings: [{ bookingId: 'yen', amount: 20000 }] },
        { currency: 'USD', amount: 12000, bookings: [{ bookingId: 'owed', amount: 12000 }] },
      ],
      held: [{ currency: 'USD', amount: 4000, bookings: [{ bookingId: 'disputed', amount: 4000 }] }],
    });
  });

  it('sums several bookings of a currency; a payout that failed is owed again; a full refund leaves nothing', () => {
    const figures = payoutFigures([
      { bookingId: 'a', rows: rows('USD', 1050, 50), payoutInFlight: false },
      { bookingId: 'b', rows: rows('USD', 2100, 100), payoutInFlight: false },
      {
        bookingId: 'failed',
        rows: rows('USD', 3150, 150, { payouts: [{ id: 'po_3', amount: 3000, currency: 'USD', failed: true }] }),
        payoutInFlight: false,
      },
      { bookingId: 'refunded', rows: rows('USD', 1050, 50, { refunded: 1050 }), payoutInFlight: false },
    ]);
    expect(figures.owed).toEqual([
      {
        currency: 'USD',
        amount: 6000,
        bookings: [
          { bookingId: 'a', amount: 1000 },
          { bookingId: 'b', amount: 2000 },
          { bookingId: 'failed', amount: 3000 },
        ],
      },
    ]);
    expect(figures.paidOut).toEqual([]);
    expect(figures.onItsWay).toEqual([]);
    expect(figures.held).toEqual([]);
  });

  it('a dispute lost keeps the share held; one won lets it be owed', () => {
    const lost = rows('USD', 4200, 200, { disputes: [{ id: 'dp_2', amount: 4200, currency: 'USD', status: 'lost' }] });
    const won = rows('USD', 4200, 200, { disputes: [{ id: 'dp_3', amount: 4200, currency: 'USD', status: 'won' }] });
    const figures = payoutFigures([
      { bookingId: 'lost', rows: lost, payoutInFlight: false },
      { bookingId: 'won', rows: won, payoutInFlight: false },
    ]);
    expect(figures.held).toEqual([{ currency: 'USD', amount: 4000, bookings: [{ bookingId: 'lost', amount: 4000 }] }]);
    expect(figures.owed).toEqual([{ currency: 'USD', amount: 4000, bookings: [{ bookingId: 'won', amount: 4000 }] }]);
  });
});

describe('keptShare: what a booking kept of its charge, from its rows', () => {
  const share = (r: LedgerRow[]) => summarise(r).find((x) => x.summary.currency === 'USD')!.summary;

  it('a charge kept whole: the provider’s share, which is the ledger’s own (transfer less reversals)', () => {
    const r = rows('USD', 12_600, 600);
    expect(keptShare(r)).toEqual({
      currency: 'USD',
      chargedCents: 12_600,
      refundedCents: 0,
      feeCents: 600,
      netCents: 12_000,
    });
    expect(keptShare(r)!.netCents).toBe(share(r).providerShare);
  });

  it('a partial refund (Stripe’s dashboard) takes back the share and the fee in proportion, as the rows do', () => {
    const r = rows('USD', 12_600, 600, { refunded: 6300 });
    const back = refundSplit(12_600, 600, 6300, 'USD');
    expect(keptShare(r)).toEqual({
      currency: 'USD',
      chargedCents: 12_600,
      refundedCents: 6300,
      feeCents: 600 - back.feeCents,
      netCents: 12_000 - back.providerCents,
    });
    expect(keptShare(r)!.netCents).toBe(share(r).providerShare);
    // In full: nothing kept.
    expect(keptShare(rows('USD', 12_600, 600, { refunded: 12_600 }))).toMatchObject({ feeCents: 0, netCents: 0 });
  });

  it('a refund owed (not made yet) counts as made: all that is left, or the amount owed', () => {
    const r = rows('USD', 12_600, 600);
    expect(keptShare(r, { cents: null })).toEqual({
      currency: 'USD',
      chargedCents: 12_600,
      refundedCents: 12_600,
      feeCents: 0,
      netCents: 0,
    });
    // Half owed after a quarter made: three quarters back in all, split as Stripe will.
    const part = rows('USD', 12_600, 600, { refunded: 3150 });
    const back = refundSplit(12_600, 600, 9450, 'USD');
    expect(keptShare(part, { cents: 6300 })).toMatchObject({
      refundedCents: 9450,
      feeCents: 600 - back.feeCents,
      netCents: 12_000 - back.providerCents,
    });
    // What the rows hold once Stripe made it.
    expect(keptShare(rows('USD', 12_600, 600, { refunded: 9450 }))).toEqual(keptShare(part, { cents: 6300 }));
  });

  it('paid before payouts existed: the share the platform keeps for the provider, paid out by hand or not', () => {
    const owed = rows('USD', 12_600, 600, { destination: false });
    const settled = rows('USD', 12_600, 600, { destination: false, manual: { amount: 12_000, currency: 'USD' } });
    expect(keptShare(owed)!.netCents).toBe(12_000);
    expect(keptShare(settled)!.netCents).toBe(12_000);
    expect(share(settled)).toMatchObject({ providerShare: 12_000, paidOut: 12_000, owed: 0 });
  });

  it('stays in the charge’s currency when Stripe converted the share, and paid out or disputed changes nothing', () => {
    const converted = rows('USD', 12_600, 600, {
      settled: { amount: 11_040, currency: 'EUR' },
      payouts: [{ id: 'po_1', amount: 11_040, currency: 'EUR', failed: false }],
    });
    expect(keptShare(converted)).toMatchObject({ currency: 'USD', netCents: 12_000 });
    const lost = rows('JPY', 8400, 400, { disputes: [{ id: 'dp_1', amount: 8400, currency: 'JPY', status: 'lost' }] });
    expect(keptShare(lost)).toEqual({
      currency: 'JPY',
      chargedCents: 8400,
      refundedCents: 0,
      feeCents: 400,
      netCents: 8000,
    });
  });

  it('nothing charged: no card payment, or a hold only', () => {
    expect(keptShare([])).toBeNull();
    expect(keptShare([{ kind: 'authorised', currency: 'USD', amount: 12_600 }])).toBeNull();
    // A capture undone: nothing charged.
    expect(
      keptShare([
        { kind: 'captured', currency: 'USD', amount: 12_600 },
        { kind: 'captured', currency: 'USD', amount: -12_600 },
      ]),
    ).toBeNull();
  });
});
