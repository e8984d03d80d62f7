import { describe, expect, it } from 'vitest';
import { CURRENCIES, isWholeStep, minimumPrice } from '../../../shared/domain/currency.ts';
import { formatMoney } from '../../../shared/domain/pricing.ts';
import { localDemoPrice } from './demo-data.ts';

describe('demo prices in each city’s currency', () => {
  it('a $60 hour reads as a local would price it', () => {
    const sixty = Object.fromEntries(CURRENCIES.map((c) => [c, formatMoney(localDemoPrice(6000, c), c, 'en')]));
    expect(sixty).toEqual({
      USD: '$60',
      EUR: '€50',
      JPY: '¥9,000',
      THB: '฿1,950',
      IDR: 'Rp\u00a01,000,000',
      MXN: 'MX$1,100',
      BRL: 'R$320',
    });
  });

  it('every price is a whole step of its currency, at least its minimum, never a fraction', () => {
    for (const c of CURRENCIES)
      for (let usd = 500; usd <= 60_000; usd += 250) {
        const p = localDemoPrice(usd, c);
        expect(Number.isSafeInteger(p), `${c} ${usd}`).toBe(true);
        expect(isWholeStep(p, c), `${c} ${usd}`).toBe(true);
        expect(p, `${c} ${usd}`).toBeGreaterThanOrEqual(minimumPrice(c));
      }
    // Yen are never multiplied by 100: ¥9,000 is 9000.
    expect(localDemoPrice(6000, 'JPY')).toBe(9000);
  });
});
