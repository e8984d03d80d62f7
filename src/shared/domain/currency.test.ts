import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CURRENCIES,
  CURRENCY_RULES,
  currencyOfCountry,
  decimalToMinor,
  fromStripeCurrency,
  isWholeStep,
  minimumPrice,
  minorToDecimal,
  priceProblem,
  toStripeCurrency,
  unknownCurrencyMessage,
} from './currency.ts';
import { formatMoney } from './pricing.ts';

describe('minorToDecimal and decimalToMinor', () => {
  it('writes minor units as an exact decimal in major units', () => {
    expect(minorToDecimal(8000, 'JPY')).toBe('8000');
    expect(minorToDecimal(24590, 'BRL')).toBe('245.90');
    expect(minorToDecimal(5, 'USD')).toBe('0.05');
    expect(minorToDecimal(-683, 'USD')).toBe('-6.83');
    expect(minorToDecimal(35_000_000, 'IDR')).toBe('350000.00');
  });

  it('reads a typed price exactly, refusing what the currency cannot hold', () => {
    expect(decimalToMinor('8000', 'JPY')).toBe(8000);
    expect(decimalToMinor('8000.5', 'JPY')).toBeNull();
    expect(decimalToMinor('8000.0', 'JPY')).toBe(8000);
    expect(decimalToMinor('39.99', 'USD')).toBe(3999);
    expect(decimalToMinor('245,90', 'BRL')).toBe(24590);
    expect(decimalToMinor('0.1', 'EUR')).toBe(10);
    expect(decimalToMinor('1.005', 'EUR')).toBeNull();
    expect(decimalToMinor('350000', 'IDR')).toBe(35_000_000);
    expect(decimalToMinor('350000.50', 'IDR')).toBeNull();
    expect(decimalToMinor('-1', 'USD')).toBeNull();
    expect(decimalToMinor('abc', 'USD')).toBeNull();
  });

  it('round-trips every whole-step amount of every currency', () => {
    for (const currency of CURRENCIES) {
      fc.assert(
        fc.property(fc.integer({ min: 0, max: 10 ** 12 }), (n) => {
          const amount = n * CURRENCY_RULES[currency].step;
          expect(isWholeStep(amount, currency)).toBe(true);
          expect(decimalToMinor(minorToDecimal(amount, currency), currency)).toBe(amount);
        }),
      );
    }
  });
});

describe('formatMoney', () => {
  it('shows each currency as its readers write it', () => {
    expect(formatMoney(8000, 'JPY', 'en')).toBe('¥8,000');
    expect(formatMoney(150_000, 'THB', 'en')).toBe('฿1,500');
    expect(formatMoney(35_000_000, 'IDR', 'id')).toBe('Rp\u00a0350.000');
    expect(formatMoney(24590, 'BRL', 'pt-BR')).toBe('R$\u00a0245,90');
    expect(formatMoney(4000, 'USD', 'en')).toBe('$40');
    expect(formatMoney(3999, 'USD', 'en')).toBe('$39.99');
    expect(formatMoney(125_050, 'USD', 'en')).toBe('$1,250.50');
    expect(formatMoney(-683, 'USD', 'en')).toBe('-$6.83');
    expect(formatMoney(6000, 'EUR', 'pt-PT')).toBe('60\u00a0€');
    expect(formatMoney(150_000, 'MXN', 'en')).toBe('MX$1,500');
  });

  it('never rounds: a fraction of a rupiah is still shown', () => {
    expect(formatMoney(35_000_050, 'IDR', 'id')).toBe('Rp\u00a0350.000,50');
  });

  it('never shows a bare ISO code where a symbol exists, nor a bare $ for a peso', () => {
    expect(formatMoney(100_000, 'THB', 'ja')).toContain('฿');
    expect(formatMoney(150_000, 'MXN', 'es')).toContain('MXN');
    expect(formatMoney(4000, 'USD', 'pt-BR')).toContain('US$');
  });
});

describe('Stripe’s rules in the table (docs.stripe.com/currencies)', () => {
  it('holds each currency’s minimum charge, exponent and the largest amount one charge takes', () => {
    const minimums = Object.fromEntries(
      CURRENCIES.map((c) => [c, formatMoney(CURRENCY_RULES[c].stripeMinimumCharge, c, 'en')]),
    );
    expect(minimums).toEqual({
      USD: '$0.50',
      EUR: '€0.50',
      JPY: '¥50',
      THB: '฿10',
      IDR: 'Rp\u00a010,000',
      MXN: 'MX$10',
      BRL: 'R$0.50',
    });
    expect(CURRENCIES.filter((c) => CURRENCY_RULES[c].exponent === 0)).toEqual(['JPY']);
    // Every minimum is a whole step, within what one charge may be, and a price a provider may set.
    for (const c of CURRENCIES) {
      const r = CURRENCY_RULES[c];
      expect(r.stripeMinimumCharge % r.step, c).toBe(0);
      expect(r.stripeMinimumCharge, c).toBeLessThan(r.maxPrice);
      expect(r.maxPrice, c).toBeLessThanOrEqual(r.stripeMaximumCharge);
    }
    expect(CURRENCY_RULES.IDR.stripeMaximumCharge).toBe(999_999_999_999);
    expect(CURRENCY_RULES.JPY.stripeMaximumCharge).toBe(99_999_999);
  });

  it('gives each provider country its currency', () => {
    expect(currencyOfCountry('JP')).toBe('JPY');
    expect(currencyOfCountry('pt')).toBe('EUR');
    expect(currencyOfCountry('ES')).toBe('EUR');
    expect(currencyOfCountry('ID')).toBe('IDR');
    expect(currencyOfCountry('GB')).toBe('USD');
    expect(currencyOfCountry(undefined)).toBe('USD');
    expect(fromStripeCurrency('jpy')).toBe('JPY');
    expect(fromStripeCurrency('gbp')).toBeNull();
    expect(toStripeCurrency('IDR')).toBe('idr');
  });
});

describe('priceProblem', () => {
  it('takes whole prices from Stripe’s minimum up, and 0 (free)', () => {
    expect(priceProblem(8000, 'JPY')).toBeUndefined();
    expect(priceProblem(0, 'JPY')).toBeUndefined();
    expect(priceProblem(50, 'JPY')).toBeUndefined();
    expect(priceProblem(35_000_000, 'IDR')).toBeUndefined();
    expect(priceProblem(24_590, 'BRL')).toBeUndefined();
  });
  it('says what is wrong, with the limit in the currency', () => {
    expect(priceProblem(8000.5, 'JPY')).toEqual({
      kind: 'not_minor_units',
      message: expect.stringMatching(/JPY has no fractions/),
    });
    expect(priceProblem(30, 'JPY')).toEqual({ kind: 'below_minimum', limitCents: 50 });
    expect(priceProblem(999, 'THB')).toEqual({ kind: 'below_minimum', limitCents: 1_000 });
    expect(priceProblem(35_000_050, 'IDR')).toMatchObject({ message: expect.stringMatching(/IDR is in whole units/) });
    // Stripe lists no IDR minimum: US$0.50's equivalent, which Rp 5,000 is not.
    expect(priceProblem(500_000, 'IDR')).toEqual({ kind: 'below_minimum', limitCents: 1_000_000 });
    expect(priceProblem(1_000_000, 'IDR')).toBeUndefined();
    expect(priceProblem(45.5, 'USD')).toMatchObject({ message: expect.stringMatching(/whole number of USD cents/) });
    expect(priceProblem(-1, 'EUR')).toEqual({ kind: 'negative' });
    expect(priceProblem(CURRENCY_RULES.EUR.maxPrice + 1, 'EUR')).toEqual({
      kind: 'above_maximum',
      limitCents: CURRENCY_RULES.EUR.maxPrice,
    });
  });
  it('the lowest price a provider can set is the minimum in whole steps', () => {
    expect(minimumPrice('IDR')).toBe(1_000_000);
    expect(minimumPrice('JPY')).toBe(50);
    expect(minimumPrice('MXN')).toBe(1_000);
  });
  it('names an unknown currency', () => {
    expect(unknownCurrencyMessage('XYZ')).toMatch(/Unknown currency "XYZ"/);
  });
});
