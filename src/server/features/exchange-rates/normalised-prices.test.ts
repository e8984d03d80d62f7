import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CURRENCIES, CURRENCY_RULES, type CurrencyCode } from '../../../shared/domain/currency.ts';
import { normalisedPrice, type EuroRates } from '../../../shared/domain/exchange-rates.ts';
import { manualClock } from '../../clock.ts';
import { queryRows } from '../../db/open.ts';
import { createCategory, createProvider, createService } from '../../db/seed/factories.ts';
import { ensureNormalisedPrices, EXCHANGE_RATES_JOB, storeRates } from './exchange-rates.ts';
import { useTestApp } from '../../test/test-app.ts';

const t = useTestApp({ exchangeRates: { url: null } }, { clock: manualClock(new Date('2026-11-28T12:00:00Z')) });

const RATES: EuroRates = {
  date: '2026-11-27',
  perEuro: { USD: '1.1607', JPY: '176.45', BRL: '6.2526', IDR: '19272.67', MXN: '21.4006', THB: '38.071' },
};

async function sqlNormalised(amount: number, currency: CurrencyCode): Promise<number> {
  const [row] = await queryRows<{ n: string }>(
    t.db,
    sql`select locora_normalised_price(${amount}, ${currency})::text as n`,
  );
  return Number(row!.n);
}

async function catalog(prices: number[]) {
  const category = await createCategory(t.db, { name: 'Massage', slug: 'massage' });
  const { provider } = await createProvider(t.db, {});
  const made = [];
  for (const [i, priceCents] of prices.entries()) {
    made.push(
      await createService(t.db, {
        providerId: provider.id,
        categoryId: category.id,
        title: `Massage ${i}`,
        city: 'Lisbon',
        priceCents,
      }),
    );
  }
  return made;
}

const search = async (qs: string, headers: Record<string, string> = {}) =>
  t.app.inject({ url: `/api/services?${qs}`, headers });

describe('normalised prices in the database', () => {
  it('knows every currency’s exponent as the currency table does', async () => {
    for (const currency of CURRENCIES) {
      const [row] = await queryRows<{ e: number }>(t.db, sql`select locora_currency_exponent(${currency}) as e`);
      expect(row?.e, currency).toBe(CURRENCY_RULES[currency].exponent);
    }
  });

  it('normalises exactly as the shared maths does, at the latest rate of each currency', async () => {
    await storeRates(t.db, { date: '2026-11-26', perEuro: { JPY: '150' } }, 'ecb');
    await storeRates(t.db, RATES, 'ecb');
    const cases: [number, CurrencyCode][] = [
      [8000, 'JPY'],
      [6000, 'EUR'],
      [4000, 'USD'],
      [35_000_000, 'IDR'],
      [150_000, 'THB'],
      [90_000, 'MXN'],
      [24_590, 'BRL'],
      [1, 'USD'],
      [99_999_999, 'JPY'],
    ];
    for (const [amount, currency] of cases) {
      expect(await sqlNormalised(amount, currency), `${amount} ${currency}`).toBe(
        normalisedPrice(amount, currency, RATES),
      );
    }
  });

  it('compares a currency with no stored rate at par until one arrives', async () => {
    expect(await sqlNormalised(4000, 'USD')).toBe(40_000_000);
    expect(normalisedPrice(4000, 'USD', { date: '', perEuro: {} })).toBe(40_000_000);
  });

  it('keeps services’ normalised prices in step with new rates', async () => {
    await storeRates(t.db, { date: '2026-11-26', perEuro: { USD: '1.25' } }, 'ecb');
    const [service] = await catalog([5000]);
    const stored = async () =>
      (
        await queryRows<{ n: string }>(
          t.db,
          sql`select price_normalised::text as n from services where id = ${service!.id}`,
        )
      )[0]?.n;
    // $50 at 1.25 $/€ is 40 €.
    expect(await stored()).toBe('40000000');
    await storeRates(t.db, { date: '2026-11-27', perEuro: { USD: '1.1607' } }, 'ecb');
    // The job's round (the feed off) brings the prices to the latest rates.
    await t.app.jobs.runOnce(EXCHANGE_RATES_JOB);
    expect(await stored()).toBe(String(normalisedPrice(5000, 'USD', RATES)));
    // Done once per day of rates.
    expect(await ensureNormalisedPrices(t.db)).toBe(0);
    // An edited price is normalised at once by its trigger.
    await t.db.execute(sql`update services set price_cents = 11607 where id = ${service!.id}`);
    expect(await stored()).toBe('100000000');
  });
});

describe('price sort and filter in the traveler’s currency', () => {
  it('sorts by the normalised price, low to high and high to low', async () => {
    await storeRates(t.db, RATES, 'ecb');
    await catalog([4000, 12000, 2500, 9000]);
    const low = await search('sortBy=price-low');
    expect(low.json().map((s: { price: number }) => s.price)).toEqual([2500, 4000, 9000, 12000]);
    const high = await search('sortBy=price-high');
    expect(high.json().map((s: { price: number }) => s.price)).toEqual([12000, 9000, 4000, 2500]);
  });

  it('filters in the currency given, or the asker’s display currency, at the latest rates', async () => {
    await storeRates(t.db, RATES, 'ecb');
    // $40 is R$ 215.48 and ¥6,080.81; $25 is R$ 134.67; $90 is R$ 484.82.
    await catalog([4000, 2500, 9000]);
    const prices = async (qs: string, headers: Record<string, string> = {}) => {
      const res = await search(qs, headers);
      expect(res.statusCode).toBe(200);
      return res
        .json()
        .map((s: { price: number }) => s.price)
        .sort((a: number, b: number) => a - b);
    };
    expect(await prices('currency=BRL&minPrice=215&maxPrice=216')).toEqual([4000]);
    expect(await prices('currency=BRL&maxPrice=215')).toEqual([2500]);
    expect(await prices('currency=BRL&minPrice=135')).toEqual([4000, 9000]);
    expect(await prices('currency=JPY&minPrice=6080&maxPrice=6081')).toEqual([4000]);
    // Without a currency: the asker's display currency (a Brazilian browser here).
    expect(await prices('minPrice=215&maxPrice=216', { 'accept-language': 'pt-BR' })).toEqual([4000]);
    // ...and the slider's top still means "and up".
    expect(await prices('minPrice=200&maxPrice=500', { 'accept-language': 'pt-BR' })).toEqual([4000, 9000]);
    // In the services' own currency, prices are compared exactly.
    expect(await prices('currency=USD&minPrice=40&maxPrice=40')).toEqual([4000]);
    expect(await prices('currency=USD&minPrice=40.01&maxPrice=89.99')).toEqual([]);
  });

  it('names an unknown currency', async () => {
    const res = await search('currency=XYZ&maxPrice=100');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('Unknown currency "XYZ"');
  });
});
