import { describe, expect, it } from 'vitest';
import type { CurrencyCode } from './currency.ts';
import { ledgerTargets, payoutFigures, type LedgerFacts, type LedgerRow } from './ledger.ts';

/** A destination charge of `amount` with Locora's `fee`, captured, and what followed it. */
function rows(
  currency: CurrencyCode,
  amount: number,
  fee: number,
  more: Partial<Pick<LedgerFacts, 'payouts' | 'disputes'>> & { refunded?: number } = {},
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
      destination: true,
      chargeId: null,
      balanceTransactionId: null,
      settled: null,
    },
    payouts: more.payouts ?? [],
    disputes: more.disputes ?? [],
    manual: null,
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
