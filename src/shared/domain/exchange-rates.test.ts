import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CURRENCIES, CURRENCY_RULES, type CurrencyCode } from './currency.ts';
import {
  areRatesUsable,
  convertExactly,
  coversEveryCurrency,
  estimateIn,
  normalisedFilterBounds,
  normalisedPrice,
  parseRate,
  type EuroRates,
} from './exchange-rates.ts';
import { formatMoney } from './pricing.ts';

/** The ECB's reference rates of 21 October 2025 for our currencies. */
const RATES: EuroRates = {
  date: '2025-10-21',
  perEuro: { USD: '1.1607', JPY: '176.45', BRL: '6.2526', IDR: '19272.67', MXN: '21.4006', THB: '38.071' },
};

describe('parseRate', () => {
  it('reads the ECB decimal exactly, and nothing else', () => {
    expect(parseRate('176.45')).toEqual({ numerator: 17645n, denominator: 100n });
    expect(parseRate('1.1607')).toEqual({ numerator: 11607n, denominator: 10000n });
    expect(parseRate('19272.67')).toEqual({ numerator: 1927267n, denominator: 100n });
    expect(parseRate('38')).toEqual({ numerator: 38n, denominator: 1n });
    for (const bad of ['0', '0.000', '-1.2', '1e3', '1,5', '', 'abc', '1.', '.5', 'NaN'])
      expect(parseRate(bad)).toBeNull();
  });
});

describe('estimateIn', () => {
  it('converts through the euro and rounds to a whole unit of the traveler’s currency', () => {
    // ¥8,000 = 8000 / 176.45 € = 45.338... € = 283.48... R$ → R$ 283.
    expect(estimateIn(8000, 'JPY', 'BRL', RATES)).toBe(28300);
    expect(formatMoney(estimateIn(8000, 'JPY', 'BRL', RATES)!, 'BRL', 'pt-BR')).toBe('R$\u00a0283');
    // €60 = 69.642 $ → $70.
    expect(estimateIn(6000, 'EUR', 'USD', RATES)).toBe(7000);
    // $40 → 40 / 1.1607 × 176.45 = 6080.81 → ¥6,081.
    expect(estimateIn(4000, 'USD', 'JPY', RATES)).toBe(6081);
    // Rp 350.000 (35,000,000 minor units) → 18.16 € → €18.
    expect(estimateIn(35_000_000, 'IDR', 'EUR', RATES)).toBe(1800);
    // ฿1,500 → 39.4 € → Rp 759.345 (whole rupiah, in minor units).
    expect(estimateIn(150_000, 'THB', 'IDR', RATES)).toBe(75_934_500);
  });

  it('rounds half up, exactly at the half', () => {
    const rates: EuroRates = { date: '2025-10-21', perEuro: { USD: '2' } };
    // 1 € cent → 2 US cents: $0.02 → $0. 25 € cents → 50 US cents: $0.50 → $1.
    expect(estimateIn(1, 'EUR', 'USD', rates)).toBe(0);
    expect(estimateIn(25, 'EUR', 'USD', rates)).toBe(100);
    expect(estimateIn(24, 'EUR', 'USD', rates)).toBe(0);
  });

  it('is null without a rate', () => {
    expect(estimateIn(100, 'USD', 'JPY', { date: '2025-10-21', perEuro: { USD: '1.1' } })).toBeNull();
    expect(estimateIn(100, 'USD', 'EUR', { date: '2025-10-21', perEuro: { USD: '1.1' } })).toBe(100);
  });

  it('never strays more than half a unit from the exact conversion, and never lets a float in', () => {
    const currency = fc.constantFrom(...CURRENCIES);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 ** 11 }), currency, currency, (amount, from, to) => {
        const estimate = estimateIn(amount, from, to, RATES);
        const exact = convertExactly(amount, from, to, RATES)!;
        expect(Number.isSafeInteger(estimate)).toBe(true);
        const unit = 10n ** BigInt(CURRENCY_RULES[to].exponent);
        expect(BigInt(estimate!) % unit).toBe(0n);
        // |estimate − exact| ≤ unit / 2, in integers: |2·estimate·den − 2·num| ≤ unit·den.
        const gap = 2n * BigInt(estimate!) * exact.denominator - 2n * exact.numerator;
        expect(gap < 0n ? -gap : gap).toBeLessThanOrEqual(unit * exact.denominator);
      }),
    );
  });

  it('converting to the same currency is the amount itself', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 ** 12 }), fc.constantFrom(...CURRENCIES), (amount, currency) => {
        const exact = convertExactly(amount, currency, currency, RATES)!;
        expect(exact.numerator).toBe(BigInt(amount) * exact.denominator);
      }),
    );
  });
});

describe('areRatesUsable', () => {
  it('uses rates up to 4 days old, and never older ones', () => {
    expect(areRatesUsable({ date: '2026-11-27' }, '2026-11-27')).toBe(true);
    // Friday's rates on Tuesday morning (4 days).
    expect(areRatesUsable({ date: '2026-11-27' }, '2026-12-01')).toBe(true);
    expect(areRatesUsable({ date: '2026-11-27' }, '2026-12-02')).toBe(false);
    expect(areRatesUsable({ date: '2026-11-30' }, '2026-11-27')).toBe(true);
    expect(areRatesUsable({ date: 'not a day' }, '2026-11-27')).toBe(false);
  });
});

describe('coversEveryCurrency', () => {
  it('needs a rate for each currency but the euro', () => {
    expect(coversEveryCurrency(RATES)).toBe(true);
    expect(coversEveryCurrency({ date: RATES.date, perEuro: { ...RATES.perEuro, THB: undefined } })).toBe(false);
  });
});

describe('normalised prices and filter bounds', () => {
  it('orders prices in different currencies as every currency would', () => {
    const prices: [number, CurrencyCode][] = [
      [8000, 'JPY'],
      [6000, 'EUR'],
      [4000, 'USD'],
      [35_000_000, 'IDR'],
      [150_000, 'THB'],
      [90_000, 'MXN'],
      [24_590, 'BRL'],
    ];
    const byNormalised = [...prices].sort((a, b) => normalisedPrice(...a, RATES)! - normalisedPrice(...b, RATES)!);
    for (const currency of CURRENCIES) {
      const inCurrency = (p: [number, CurrencyCode]) => {
        const exact = convertExactly(p[0], p[1], currency, RATES)!;
        return Number(exact.numerator) / Number(exact.denominator);
      };
      const sorted = [...prices].sort((a, b) => inCurrency(a) - inCurrency(b));
      expect(sorted).toEqual(byNormalised);
    }
    // €60 is 60,000,000 millionths of a euro; ¥8,000 is 45.338... €.
    expect(normalisedPrice(6000, 'EUR', RATES)).toBe(60_000_000);
    expect(normalisedPrice(8000, 'JPY', RATES)).toBe(45_338_623);
  });

  it('a price in the filter’s own currency passes exactly when it is within the range', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...CURRENCIES),
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        (currency, steps, bound) => {
          const amount = steps * CURRENCY_RULES[currency].step;
          const { lowest, highest } = normalisedFilterBounds({ min: bound, max: bound }, currency, RATES)!;
          const n = normalisedPrice(amount, currency, RATES)!;
          const major = amount / 10 ** CURRENCY_RULES[currency].exponent;
          expect(n <= highest!).toBe(major <= bound);
          if (bound > 0) expect(n >= lowest!).toBe(major >= bound);
        },
      ),
    );
  });

  it('a price in another currency passes when its conversion lies within the range', () => {
    // ¥8,000 is R$ 283.48: in R$ 283.48-284, not in up to R$ 283.
    const yen = normalisedPrice(8000, 'JPY', RATES)!;
    const upTo283 = normalisedFilterBounds({ max: 283 }, 'BRL', RATES)!;
    expect(yen <= upTo283.highest!).toBe(false);
    const from283 = normalisedFilterBounds({ min: 283, max: 284 }, 'BRL', RATES)!;
    expect(yen >= from283.lowest! && yen <= from283.highest!).toBe(true);
    expect(normalisedFilterBounds({ min: 0, max: 100 }, 'BRL', RATES)!.lowest).toBeUndefined();
  });
});
