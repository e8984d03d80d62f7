import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SERVICE_FEE_RATE } from './constants.ts';
import { bookingShares, formatMoneyTotals, totalsByCurrency } from './pricing.ts';
import {
  amountsForUnit,
  bookedHours,
  bookingAmounts,
  serviceFeeCents,
  subtotalCents,
  unitPriceOfBooking,
} from './booking-amounts.ts';
import {
  CURRENCIES,
  CURRENCY_RULES,
  decimalToMinor,
  isWholeStep,
  minorToDecimal,
  toStripeAmount,
  type CurrencyCode,
} from './currency.ts';

describe('subtotalCents', () => {
  it('is price times hours, exactly', () => {
    expect(subtotalCents(4550, 3, 'USD')).toBe(13650);
    expect(subtotalCents(1, 1, 'USD')).toBe(1);
    expect(subtotalCents(99_999, 24, 'USD')).toBe(2_399_976);
    expect(subtotalCents(0, 5, 'USD')).toBe(0);
    // 0.1 + 0.2 style drift cannot happen: 10 cents x 3 is 30, not 30.000000000000004.
    expect(subtotalCents(10, 3, 'USD')).toBe(30);
  });

  it('refuses fractions, negatives and zero hours', () => {
    expect(() => subtotalCents(45.5, 2, 'USD')).toThrow(RangeError);
    expect(() => subtotalCents(-1, 2, 'USD')).toThrow(RangeError);
    expect(() => subtotalCents(4500, 0, 'USD')).toThrow(RangeError);
    expect(() => subtotalCents(4500, 1.5, 'USD')).toThrow(RangeError);
    expect(() => subtotalCents(Number.NaN, 1, 'USD')).toThrow(RangeError);
    expect(() => subtotalCents(Number.MAX_SAFE_INTEGER, 2, 'USD')).toThrow(RangeError);
  });
});

describe('serviceFeeCents', () => {
  it('is 5 %', () => {
    expect(SERVICE_FEE_RATE).toBe(0.05);
    expect(serviceFeeCents(10_000, 'USD')).toBe(500);
    expect(serviceFeeCents(4500, 'USD')).toBe(225);
  });

  it('rounds half up to a whole cent', () => {
    expect(serviceFeeCents(0, 'USD')).toBe(0);
    expect(serviceFeeCents(1, 'USD')).toBe(0); // 0.05
    expect(serviceFeeCents(9, 'USD')).toBe(0); // 0.45
    expect(serviceFeeCents(10, 'USD')).toBe(1); // 0.5 -> 1 (half up)
    expect(serviceFeeCents(29, 'USD')).toBe(1); // 1.45
    expect(serviceFeeCents(30, 'USD')).toBe(2); // 1.5 -> 2
    expect(serviceFeeCents(50, 'USD')).toBe(3); // 2.5 -> 3 (not banker's 2)
    expect(serviceFeeCents(70, 'USD')).toBe(4); // 3.5 -> 4
    expect(serviceFeeCents(13650, 'USD')).toBe(683); // 682.5 -> 683
    expect(serviceFeeCents(2_399_976, 'USD')).toBe(119_999); // 119998.8
    expect(serviceFeeCents(2_399_990, 'USD')).toBe(120_000); // 119999.5 -> 120000
  });

  it('matches the exact half-up rule for every subtotal up to $200', () => {
    for (let cents = 0; cents <= 20_000; cents++) {
      // 5 % of n cents is n / 20; half up means floor(n / 20 + 1/2) = floor((n + 10) / 20).
      expect(serviceFeeCents(cents, 'USD')).toBe(Math.floor((cents + 10) / 20));
    }
  });
});

describe('bookingAmounts', () => {
  it('gives subtotal, fee and total', () => {
    expect(bookingAmounts(4550, 3, 'USD')).toEqual({
      currency: 'USD',
      subtotalCents: 13650,
      feeCents: 683,
      totalCents: 14333,
    });
    expect(bookingAmounts(1, 1, 'USD')).toEqual({ currency: 'USD', subtotalCents: 1, feeCents: 0, totalCents: 1 });
    expect(bookingAmounts(10, 1, 'USD')).toEqual({ currency: 'USD', subtotalCents: 10, feeCents: 1, totalCents: 11 });
    expect(bookingAmounts(99_999, 24, 'USD')).toEqual({
      currency: 'USD',
      subtotalCents: 2_399_976,
      feeCents: 119_999,
      totalCents: 2_519_975,
    });
  });

  it('total is always subtotal plus fee, in whole cents', () => {
    for (const price of [1, 7, 10, 33, 99, 101, 4550, 99_999]) {
      for (let hours = 1; hours <= 24; hours++) {
        const a = bookingAmounts(price, hours, 'USD');
        expect(Number.isInteger(a.feeCents)).toBe(true);
        expect(a.totalCents).toBe(a.subtotalCents + a.feeCents);
        expect(a.subtotalCents).toBe(price * hours);
      }
    }
  });
});

describe('bookingShares', () => {
  it('the traveler pays the subtotal and the fee; the provider receives the subtotal', () => {
    expect(bookingShares({ amountCents: 10_000, feeCents: 500, currency: 'USD' })).toEqual({
      travelerPaysCents: 10_500,
      providerReceivesCents: 10_000,
      feeCents: 500,
    });
    const { subtotalCents: amountCents, feeCents } = bookingAmounts(3999, 1, 'USD');
    expect(bookingShares({ amountCents, feeCents, currency: 'USD' })).toEqual({
      travelerPaysCents: 4199,
      providerReceivesCents: 3999,
      feeCents: 200,
    });
  });

  it('refuses amounts that are not whole, non-negative cents', () => {
    expect(() => bookingShares({ amountCents: -1, feeCents: 0, currency: 'USD' })).toThrow(RangeError);
    expect(() => bookingShares({ amountCents: 100, feeCents: 0.5, currency: 'USD' })).toThrow(RangeError);
  });
});

describe('pricing units', () => {
  it('per hour is price x hours; per session and per day are one unit at the price, however long', () => {
    expect(amountsForUnit('per hour', 9000, 3, 'USD')).toEqual({
      currency: 'USD',
      subtotalCents: 27000,
      feeCents: 1350,
      totalCents: 28350,
    });
    // $90 per session of 3 hours is $90, not $270.
    expect(amountsForUnit('per session', 9000, 3, 'USD')).toEqual({
      currency: 'USD',
      subtotalCents: 9000,
      feeCents: 450,
      totalCents: 9450,
    });
    // $220 per day of 8 hours is $220, not $1,760.
    expect(amountsForUnit('per day', 22000, 8, 'USD')).toEqual({
      currency: 'USD',
      subtotalCents: 22000,
      feeCents: 1100,
      totalCents: 23100,
    });
    expect(amountsForUnit('per day', 3999, 8, 'USD').totalCents).toBe(4199);
    expect(() => amountsForUnit('per day', 22000, 0, 'USD')).toThrow(RangeError);
  });

  it('a session or a day blocks its length; per hour blocks the hours asked for', () => {
    expect(bookedHours('per hour', 2, 5)).toBe(5);
    expect(bookedHours('per session', 3, 1)).toBe(3);
    expect(bookedHours('per day', 8, 1)).toBe(8);
  });

  it('reads the unit price back from a booking amount', () => {
    expect(unitPriceOfBooking('per hour', 27000, 3)).toBe(9000);
    expect(unitPriceOfBooking('per session', 9000, 3)).toBe(9000);
    expect(unitPriceOfBooking('per day', 22000, 8)).toBe(22000);
  });
});

describe('every currency (the currency table)', () => {
  const wholeSteps = (currency: CurrencyCode, max: number) =>
    fc
      .integer({ min: 0, max: Math.floor(max / CURRENCY_RULES[currency].step) })
      .map((n) => n * CURRENCY_RULES[currency].step);

  it('a Tokyo session at ¥8,000: the fee is ¥400 and the traveler pays ¥8,400, never x 100', () => {
    expect(amountsForUnit('per session', 8000, 2, 'JPY')).toEqual({
      currency: 'JPY',
      subtotalCents: 8000,
      feeCents: 400,
      totalCents: 8400,
    });
    expect(serviceFeeCents(10, 'JPY')).toBe(1); // ¥0.5 -> ¥1, half up
    expect(serviceFeeCents(9, 'JPY')).toBe(0); // ¥0.45
  });

  it('rupiah move in whole rupiah: the fee is rounded half up to Rp 1, never to a sen', () => {
    expect(serviceFeeCents(35_000_000, 'IDR')).toBe(1_750_000); // Rp 350.000 -> Rp 17.500
    expect(serviceFeeCents(1_000, 'IDR')).toBe(100); // Rp 10 -> Rp 0,5 -> Rp 1
    expect(serviceFeeCents(900, 'IDR')).toBe(0); // Rp 9 -> Rp 0,45 -> Rp 0
    expect(() => serviceFeeCents(150, 'IDR')).toThrow(RangeError); // Rp 1,50 is not a price
    expect(() => subtotalCents(35_000_050, 1, 'IDR')).toThrow(RangeError);
  });

  it('subtotal + fee = total, every amount a whole step of its currency', () => {
    for (const currency of CURRENCIES) {
      fc.assert(
        fc.property(
          wholeSteps(currency, CURRENCY_RULES[currency].maxPrice),
          fc.integer({ min: 1, max: 24 }),
          fc.constantFrom('per hour', 'per session', 'per day' as const),
          (price, hours, unit) => {
            const a = amountsForUnit(unit, price, hours, currency);
            expect(a.currency).toBe(currency);
            expect(a.totalCents).toBe(a.subtotalCents + a.feeCents);
            for (const v of [a.subtotalCents, a.feeCents, a.totalCents]) {
              expect(Number.isSafeInteger(v)).toBe(true);
              expect(isWholeStep(v, currency)).toBe(true);
            }
            // The fee is 5 % of the subtotal within half a step, rounded half up.
            const exact = a.subtotalCents / 20;
            const step = CURRENCY_RULES[currency].step;
            expect(Math.abs(a.feeCents - exact)).toBeLessThanOrEqual(step / 2);
          },
        ),
      );
    }
  });

  it('no float ever reaches an amount: fractions are refused, never rounded away', () => {
    for (const currency of CURRENCIES) {
      fc.assert(
        fc.property(
          fc.double({ min: 0.001, max: 1e6, noNaN: true }).filter((x) => !Number.isInteger(x)),
          (price) => {
            expect(() => amountsForUnit('per hour', price, 2, currency)).toThrow(RangeError);
            expect(() => serviceFeeCents(price, currency)).toThrow(RangeError);
          },
        ),
      );
    }
  });

  it('a zero-decimal amount is never multiplied by 100 (to Stripe, to text, back from text)', () => {
    const zeroDecimal = CURRENCIES.filter((c) => CURRENCY_RULES[c].exponent === 0);
    expect(zeroDecimal).toEqual(['JPY']);
    for (const currency of zeroDecimal)
      fc.assert(
        fc.property(fc.integer({ min: 0, max: 99_999_999 }), (amount) => {
          expect(toStripeAmount(amount, currency)).toBe(amount);
          expect(minorToDecimal(amount, currency)).toBe(String(amount));
          expect(decimalToMinor(String(amount), currency)).toBe(amount);
          const a = amountsForUnit('per session', amount, 1, currency);
          expect(a.subtotalCents).toBe(amount);
        }),
      );
  });

  it('totals are kept per currency, never summed across them', () => {
    const totals = totalsByCurrency([
      { amount: 8000, currency: 'JPY' },
      { amount: 4000, currency: 'USD' },
      { amount: 400, currency: 'JPY' },
    ]);
    expect(totals).toEqual([
      { currency: 'USD', amount: 4000 },
      { currency: 'JPY', amount: 8400 },
    ]);
    expect(formatMoneyTotals(totals, 'en', 'USD')).toBe('$40 · ¥8,400');
    expect(formatMoneyTotals([], 'en', 'EUR')).toBe('€0');
  });
});
