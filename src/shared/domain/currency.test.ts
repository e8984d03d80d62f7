import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CURRENCIES, CURRENCY_RULES, decimalToMinor, isWholeStep, minorToDecimal } from './currency.ts';
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
