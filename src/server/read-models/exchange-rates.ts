import { sql } from 'drizzle-orm';
import { isCurrencyCode, type CurrencyCode } from '../../shared/domain/currency.ts';
import type { EuroRates } from '../../shared/domain/exchange-rates.ts';
import type { Executor } from '../db/open.ts';
import { queryRows } from '../db/open.ts';

/**
 * The latest stored rate of each currency, whatever its age: what services' normalised prices are
 * computed with (migration 0036, decision 049), so a price filter's bounds are computed the same
 * way. `date` is the newest of them.
 */
export async function latestRatePerCurrency(db: Executor): Promise<EuroRates | null> {
  const rows = await queryRows<{ currency: string; per_euro: string; rate_date: string }>(
    db,
    sql`select distinct on (currency) currency, per_euro::text as per_euro, rate_date::text as rate_date
        from exchange_rates order by currency, rate_date desc`,
  );
  if (rows.length === 0) return null;
  const perEuro: Partial<Record<CurrencyCode, string>> = {};
  for (const row of rows) if (isCurrencyCode(row.currency)) perEuro[row.currency] = row.per_euro;
  return { date: rows.reduce((d, r) => (r.rate_date > d ? r.rate_date : d), ''), perEuro };
}
