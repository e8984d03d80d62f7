import { describe, expect, it } from 'vitest';
import {
  centsToDecimal,
  csvCell,
  csvDocument,
  earningAmounts,
  earningsCsvFilename,
  earningStatus,
  earningTotals,
  chargedTotals,
  keptAmounts,
  monthRange,
} from './earnings.ts';
import { bookingAmounts } from './booking-amounts.ts';

const facts = {
  bookingStatus: 'PAID',
  paymentStatus: 'succeeded',
  refundPending: false,
  disputeStatus: null,
  payoutStatus: null,
};

describe('earningStatus', () => {
  it('names each state of the money', () => {
    expect(earningStatus({ ...facts, bookingStatus: 'CONFIRMED', paymentStatus: 'requires_capture' })).toBe(
      'authorised',
    );
    expect(earningStatus(facts)).toBe('captured');
    expect(earningStatus({ ...facts, bookingStatus: 'COMPLETED', payoutStatus: 'in_transit' })).toBe('paid_out');
    expect(earningStatus({ ...facts, bookingStatus: 'COMPLETED', payoutStatus: 'failed' })).toBe('captured');
    expect(earningStatus({ ...facts, bookingStatus: 'COMPLETED', settledByHand: true })).toBe('paid_out');
    expect(earningStatus({ ...facts, bookingStatus: 'COMPLETED', settledByHand: false })).toBe('captured');
    expect(earningStatus({ ...facts, bookingStatus: 'REFUNDED', paymentStatus: 'refunded' })).toBe('refunded');
    expect(earningStatus({ ...facts, bookingStatus: 'CANCELED', refundPending: true })).toBe('refunded');
    expect(earningStatus({ ...facts, disputeStatus: 'needs_response' })).toBe('disputed');
    expect(earningStatus({ ...facts, disputeStatus: 'lost' })).toBe('disputed');
    expect(earningStatus({ ...facts, disputeStatus: 'won' })).toBe('captured');
    expect(earningStatus({ ...facts, bookingStatus: 'COMPLETED', paymentStatus: null })).toBe('direct');
  });
});

describe('earningAmounts', () => {
  it('gross = net + fee, net is the subtotal, at odd cents and for every unit', () => {
    for (const [price, hours] of [
      [1, 1],
      [10, 1],
      [33, 3],
      [4550, 2],
      [9999, 7],
    ] as const) {
      const a = bookingAmounts(price, hours, 'USD');
      const e = earningAmounts(a.subtotalCents, a.feeCents);
      expect(e.grossCents).toBe(a.totalCents);
      expect(e.netCents + e.feeCents).toBe(e.grossCents);
      expect(e.netCents).toBe(a.subtotalCents);
    }
    expect(() => earningAmounts(1.5, 0)).toThrow(RangeError);
  });
});

describe('monthRange and totals in the provider’s zone', () => {
  it('a month starts at midnight on the provider’s clock, across both DST changes', () => {
    // 2026-03-01 in New York is EST (-5), 2026-04-01 EDT (-4).
    const march = monthRange(new Date('2026-03-15T12:00:00Z'), 'America/New_York');
    expect(march.start.toISOString()).toBe('2026-03-01T05:00:00.000Z');
    expect(march.end.toISOString()).toBe('2026-04-01T04:00:00.000Z');
    expect(march.label).toBe('March 2026');
    // Lisbon: October 2026 (WEST +1) to November (WET 0).
    const oct = monthRange(new Date('2026-10-31T23:30:00Z'), 'Europe/Lisbon');
    expect(oct.start.toISOString()).toBe('2026-09-30T23:00:00.000Z');
    expect(oct.end.toISOString()).toBe('2026-11-01T00:00:00.000Z');
    // January's last month is December of the year before.
    expect(monthRange(new Date('2027-01-10T00:00:00Z'), 'Asia/Tokyo', -1).label).toBe('December 2026');
  });

  it('a booking late on the last evening of a month counts in that month where the provider is', () => {
    const now = new Date('2026-11-15T12:00:00Z');
    const a = { ...earningAmounts(10_000, 500), currency: 'USD' as const, refundedCents: 0 };
    const rows = [
      // Oct 31, 21:00 in New York (EDT) is Nov 1 01:00 UTC: last month there.
      { ...a, date: new Date('2026-11-01T01:00:00Z'), counts: true },
      // Nov 1, 00:30 in Tokyo is Oct 31 15:30 UTC: this month in Tokyo, last month in New York.
      { ...a, date: new Date('2026-10-31T15:30:00Z'), counts: true },
      { ...a, date: new Date('2026-11-10T12:00:00Z'), counts: false },
      { ...a, date: new Date('2026-05-10T12:00:00Z'), counts: true },
    ];
    const ny = earningTotals(rows, now, 'America/New_York');
    expect(ny.thisMonth).toEqual([]);
    expect(ny.lastMonth).toEqual([
      { currency: 'USD', grossCents: 21_000, feeCents: 1000, netCents: 20_000, bookings: 2 },
    ]);
    expect(ny.allTime[0]!.netCents).toBe(30_000);
    const tokyo = earningTotals(rows, now, 'Asia/Tokyo');
    expect(tokyo.thisMonth[0]!.bookings).toBe(2);
    expect(tokyo.lastMonth).toEqual([]);
  });

  it('totals each currency apart, never adding yen to dollars', () => {
    const now = new Date('2026-11-15T12:00:00Z');
    const date = new Date('2026-11-10T12:00:00Z');
    const rows = [
      { ...earningAmounts(8000, 400), currency: 'JPY' as const, refundedCents: 0, date, counts: true },
      { ...earningAmounts(10_000, 500), currency: 'USD' as const, refundedCents: 0, date, counts: true },
      { ...earningAmounts(2000, 100), currency: 'JPY' as const, refundedCents: 0, date, counts: true },
    ];
    expect(earningTotals(rows, now, 'UTC').allTime).toEqual([
      { currency: 'USD', grossCents: 10_500, feeCents: 500, netCents: 10_000, bookings: 1 },
      { currency: 'JPY', grossCents: 10_500, feeCents: 500, netCents: 10_000, bookings: 2 },
    ]);
  });

  it('charged counts by the day the card was charged, not the service’s day', () => {
    const now = new Date('2026-11-15T12:00:00Z');
    const a = { ...earningAmounts(10_000, 500), currency: 'USD' as const };
    const charged = chargedTotals(
      [
        { ...a, capturedAt: new Date('2026-11-15T09:00:00Z') },
        // Oct 31, 22:00 in New York: last month there.
        { ...a, capturedAt: new Date('2026-11-01T02:00:00Z') },
      ],
      now,
      'America/New_York',
    );
    expect(charged.thisMonth).toEqual([
      { currency: 'USD', grossCents: 10_500, feeCents: 500, netCents: 10_000, bookings: 1 },
    ]);
    expect(charged.lastMonth[0]!.bookings).toBe(1);
  });
});

describe('what a booking earned (keptAmounts), from what its ledger kept', () => {
  const kept = (refundedCents: number, feeCents: number, netCents: number) => ({
    currency: 'USD' as const,
    chargedCents: 39_900,
    refundedCents,
    feeCents,
    netCents,
  });
  it('a charge kept earns its net; a full refund (made or owed) leaves the provider 0', () => {
    expect(keptAmounts(39_900, kept(0, 1900, 38_000))).toEqual({
      grossCents: 39_900,
      refundedCents: 0,
      feeCents: 1900,
      netCents: 38_000,
      counts: true,
    });
    expect(keptAmounts(39_900, kept(39_900, 0, 0))).toEqual({
      grossCents: 39_900,
      refundedCents: 39_900,
      feeCents: 0,
      netCents: 0,
      counts: false,
    });
  });

  it('a partial refund: what was kept', () => {
    expect(keptAmounts(39_900, kept(19_950, 950, 19_000))).toEqual({
      grossCents: 39_900,
      refundedCents: 19_950,
      feeCents: 950,
      netCents: 19_000,
      counts: true,
    });
  });

  it('nothing charged (a hold, or no card payment) earns nothing: its gross is what is listed', () => {
    expect(keptAmounts(39_900, null)).toEqual({
      grossCents: 39_900,
      refundedCents: 0,
      feeCents: 0,
      netCents: 0,
      counts: false,
    });
    expect(() => keptAmounts(-1, null)).toThrow(RangeError);
  });
});

describe('CSV', () => {
  it('quotes, doubles quotes, guards formulas, writes plain decimals', () => {
    expect(centsToDecimal(12345)).toBe('123.45');
    expect(centsToDecimal(5)).toBe('0.05');
    expect(centsToDecimal(-5)).toBe('-0.05');
    expect(csvCell('Ana "the chef"')).toBe('"Ana ""the chef"""');
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('+1')).toBe(`"'+1"`);
    expect(csvCell('-1')).toBe(`"'-1"`);
    expect(csvCell('@SUM')).toBe(`"'@SUM"`);
    expect(csvCell({ number: '-0.05' })).toBe('"-0.05"');
    const doc = csvDocument([
      ['a', 'b'],
      ['c\nd', { number: '1.00' }],
    ]);
    expect(doc).toBe('\uFEFF"a","b"\r\n"c\nd","1.00"\r\n');
    expect(earningsCsvFilename(new Date('2026-11-30T23:30:00Z'), 'Asia/Tokyo')).toBe('locora-earnings-2026-12-01.csv');
  });
});
