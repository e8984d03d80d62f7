import { useQuery } from '@tanstack/react-query';
import type { CurrencyView } from '@shared/api/currency';
import type { CalendarDate } from '@shared/domain/calendar-date';
import type { CurrencyCode } from '@shared/domain/currency';
import { estimateIn, type EuroRates } from '@shared/domain/exchange-rates';
import { formatMoney } from '@shared/domain/pricing';
import { useLocale } from './locale';

/**
 * The reader's display currency and the rates estimates use (GET /api/currency, decision 049).
 * The server renders every page with it (the root loader), so estimates are in the HTML and the
 * page hydrates with the same ones: no "$" turning into "R$".
 */
export const currencyViewQueryKey = ['/api/currency'] as const;

/**
 * The query (the app's default fetcher: GET of the key's path, JSON). Not checked against
 * currencyViewSchema here, to keep zod out of the first load: estimates only ever read currencies
 * from the shared table and rates that parse as decimals (exchange-rates.ts).
 */
export const currencyViewQuery = { queryKey: currencyViewQueryKey };

/** The view, once known (undefined while it loads or if it could not be read: no estimates then). */
export function useCurrencyView(): CurrencyView | undefined {
  return useQuery<CurrencyView>(currencyViewQuery).data;
}

/** An estimate as the reader sees it: '≈ R$ 245', and the day of the rate it used. */
export type Estimate = { text: string; amount: number; currency: CurrencyCode; rateDate: CalendarDate };

/** The estimate of `amount` minor units of `currency` for `view`, in `locale`; null when none applies. */
export function estimateFor(
  view: CurrencyView | undefined,
  amount: number,
  currency: CurrencyCode,
  locale: Parameters<typeof formatMoney>[2],
): Estimate | null {
  const target = view?.displayCurrency;
  if (!view?.rates || !target || target === currency) return null;
  const rates: EuroRates = { date: view.rates.date, perEuro: view.rates.perEuro };
  const estimate = estimateIn(amount, currency, target, rates);
  if (estimate === null) return null;
  return {
    text: `≈ ${formatMoney(estimate, target, locale)}`,
    amount: estimate,
    currency: target,
    rateDate: view.rates.date,
  };
}

/** The estimate of a price in the reader's display currency, or null (same currency, no rates). */
export function useEstimate(amount: number, currency: CurrencyCode): Estimate | null {
  return estimateFor(useCurrencyView(), amount, currency, useLocale());
}
