import { describe, expect, it } from 'vitest';
import { SERVICE_FEE_RATE } from './constants.ts';
import {
  amountsForUnit,
  bookedHours,
  bookingAmounts,
  bookingShares,
  formatPrice,
  serviceFeeCents,
  subtotalCents,
  unitPriceOfBooking,
} from './pricing.ts';

describe('subtotalCents', () => {
  it('is price times hours, exactly', () => {
    expect(subtotalCents(4550, 3)).toBe(13650);
    expect(subtotalCents(1, 1)).toBe(1);
    expect(subtotalCents(99_999, 24)).toBe(2_399_976);
    expect(subtotalCents(0, 5)).toBe(0);
    // 0.1 + 0.2 style drift cannot happen: 10 cents x 3 is 30, not 30.000000000000004.
    expect(subtotalCents(10, 3)).toBe(30);
  });

  it('refuses fractions, negatives and zero hours', () => {
    expect(() => subtotalCents(45.5, 2)).toThrow(RangeError);
    expect(() => subtotalCents(-1, 2)).toThrow(RangeError);
    expect(() => subtotalCents(4500, 0)).toThrow(RangeError);
    expect(() => subtotalCents(4500, 1.5)).toThrow(RangeError);
    expect(() => subtotalCents(Number.NaN, 1)).toThrow(RangeError);
    expect(() => subtotalCents(Number.MAX_SAFE_INTEGER, 2)).toThrow(RangeError);
  });
});

describe('serviceFeeCents', () => {
  it('is 5 %', () => {
    expect(SERVICE_FEE_RATE).toBe(0.05);
    expect(serviceFeeCents(10_000)).toBe(500);
    expect(serviceFeeCents(4500)).toBe(225);
  });

  it('rounds half up to a whole cent', () => {
    expect(serviceFeeCents(0)).toBe(0);
    expect(serviceFeeCents(1)).toBe(0); // 0.05
    expect(serviceFeeCents(9)).toBe(0); // 0.45
    expect(serviceFeeCents(10)).toBe(1); // 0.5 -> 1 (half up)
    expect(serviceFeeCents(29)).toBe(1); // 1.45
    expect(serviceFeeCents(30)).toBe(2); // 1.5 -> 2
    expect(serviceFeeCents(50)).toBe(3); // 2.5 -> 3 (not banker's 2)
    expect(serviceFeeCents(70)).toBe(4); // 3.5 -> 4
    expect(serviceFeeCents(13650)).toBe(683); // 682.5 -> 683
    expect(serviceFeeCents(2_399_976)).toBe(119_999); // 119998.8
    expect(serviceFeeCents(2_399_990)).toBe(120_000); // 119999.5 -> 120000
  });

  it('matches the exact half-up rule for every subtotal up to $200', () => {
    for (let cents = 0; cents <= 20_000; cents++) {
      // 5 % of n cents is n / 20; half up means floor(n / 20 + 1/2) = floor((n + 10) / 20).
      expect(serviceFeeCents(cents)).toBe(Math.floor((cents + 10) / 20));
    }
  });
});

describe('bookingAmounts', () => {
  it('gives subtotal, fee and total', () => {
    expect(bookingAmounts(4550, 3)).toEqual({ subtotalCents: 13650, feeCents: 683, totalCents: 14333 });
    expect(bookingAmounts(1, 1)).toEqual({ subtotalCents: 1, feeCents: 0, totalCents: 1 });
    expect(bookingAmounts(10, 1)).toEqual({ subtotalCents: 10, feeCents: 1, totalCents: 11 });
    expect(bookingAmounts(99_999, 24)).toEqual({ subtotalCents: 2_399_976, feeCents: 119_999, totalCents: 2_519_975 });
  });

  it('total is always subtotal plus fee, in whole cents', () => {
    for (const price of [1, 7, 10, 33, 99, 101, 4550, 99_999]) {
      for (let hours = 1; hours <= 24; hours++) {
        const a = bookingAmounts(price, hours);
        expect(Number.isInteger(a.feeCents)).toBe(true);
        expect(a.totalCents).toBe(a.subtotalCents + a.feeCents);
        expect(a.subtotalCents).toBe(price * hours);
      }
    }
  });
});

describe('formatPrice', () => {
  it('shows the exact amount: no decimals when the cents are zero, two when they are not', () => {
    expect(formatPrice(3999)).toBe('$39.99');
    expect(formatPrice(4000)).toBe('$40');
    expect(formatPrice(4550)).toBe('$45.50');
    expect(formatPrice(4549)).toBe('$45.49');
    expect(formatPrice(683)).toBe('$6.83');
    expect(formatPrice(5)).toBe('$0.05');
    expect(formatPrice(10)).toBe('$0.10');
    expect(formatPrice(1)).toBe('$0.01');
    expect(formatPrice(0)).toBe('$0');
    expect(formatPrice(100)).toBe('$1');
  });

  it('groups thousands', () => {
    expect(formatPrice(125_000)).toBe('$1,250');
    expect(formatPrice(125_050)).toBe('$1,250.50');
    expect(formatPrice(2_519_975)).toBe('$25,199.75');
    expect(formatPrice(99_999_999)).toBe('$999,999.99');
    expect(formatPrice(123_456_789_00)).toBe('$123,456,789');
  });

  it('signs a negative amount before the symbol, and refuses a fraction of a cent', () => {
    expect(formatPrice(-683)).toBe('-$6.83');
    expect(formatPrice(-4000)).toBe('-$40');
    expect(() => formatPrice(45.5)).toThrow(RangeError);
    expect(() => formatPrice(Number.NaN)).toThrow(RangeError);
  });
});

describe('bookingShares', () => {
  it('the traveler pays the subtotal and the fee; the provider receives the subtotal', () => {
    expect(bookingShares({ amountCents: 10_000, feeCents: 500 })).toEqual({
      travelerPaysCents: 10_500,
      providerReceivesCents: 10_000,
      feeCents: 500,
    });
    const { subtotalCents: amountCents, feeCents } = bookingAmounts(3999, 1);
    expect(bookingShares({ amountCents, feeCents })).toEqual({
      travelerPaysCents: 4199,
      providerReceivesCents: 3999,
      feeCents: 200,
    });
  });

  it('refuses amounts that are not whole, non-negative cents', () => {
    expect(() => bookingShares({ amountCents: -1, feeCents: 0 })).toThrow(RangeError);
    expect(() => bookingShares({ amountCents: 100, feeCents: 0.5 })).toThrow(RangeError);
  });
});

describe('pricing units', () => {
  it('per hour is price x hours; per session and per day are one unit at the price, however long', () => {
    expect(amountsForUnit('per hour', 9000, 3)).toEqual({ subtotalCents: 27000, feeCents: 1350, totalCents: 28350 });
    // $90 per session of 3 hours is $90, not $270.
    expect(amountsForUnit('per session', 9000, 3)).toEqual({ subtotalCents: 9000, feeCents: 450, totalCents: 9450 });
    // $220 per day of 8 hours is $220, not $1,760.
    expect(amountsForUnit('per day', 22000, 8)).toEqual({ subtotalCents: 22000, feeCents: 1100, totalCents: 23100 });
    expect(amountsForUnit('per day', 3999, 8).totalCents).toBe(4199);
    expect(() => amountsForUnit('per day', 22000, 0)).toThrow(RangeError);
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
