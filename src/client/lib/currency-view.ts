import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { CurrencyView } from '@shared/api/currency';
import type { CalendarDate } from '@shared/domain/calendar-date';
import type { CurrencyCode } from '@shared/domain/currency';
import { DISPLAY_CURRENCY_COOKIE } from '@shared/domain/display-currency';
import { estimateIn, type EuroRates } from '@shared/domain/exchange-rates';
import { formatMoney } from '@shared/domain/pricing';
import { apiFetch, apiErrorFrom, apiRequest } from './api';
import { useLocale } from './locale';

/**
 * The reader's display currency and the rates estimates use (GET /api/currency, decision 049).
 * The server renders every page with it (the root loader), so estimates are in the HTML and the
 * page hydrates with the same ones: no "$" turning into "R$".
 */
export const currencyViewQueryKey = ['/api/currency'] as const;

async function fetchCurrencyView(signal?: AbortSignal): Promise<CurrencyView> {
  const [{ currencyViewSchema }, res] = await Promise.all([
    import('@shared/api/currency'),
    apiFetch('/api/currency', { signal }),
  ]);
  if (!res.ok) throw await apiErrorFrom(res);
  return currencyViewSchema.parse(await res.json());
}

export const currencyViewQuery = {
  queryKey: currencyViewQueryKey,
  queryFn: ({ signal }: { signal?: AbortSignal }) => fetchCurrencyView(signal),
};

/** The view, once known (undefined while it loads or if it could not be read: no estimates then). */
export function useCurrencyView(): CurrencyView | undefined {
  return useQuery(currencyViewQuery).data;
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

/**
 * Keeps the reader's choice: in the cookie (the guest's choice, and the one that survives signing
 * out), on the account when signed in (PATCH /api/account/profile), and in the cache at once so
 * every price on screen follows. `null` goes back to the browser's region (the account only).
 */
export async function saveDisplayCurrency(
  queryClient: QueryClient,
  currency: CurrencyCode | null,
  opts: { signedIn: boolean },
): Promise<void> {
  if (opts.signedIn) await apiRequest('PATCH', '/api/account/profile', { displayCurrency: currency });
  if (currency) {
    document.cookie = `${DISPLAY_CURRENCY_COOKIE}=${currency}; path=/; max-age=31536000; samesite=lax`;
  } else {
    document.cookie = `${DISPLAY_CURRENCY_COOKIE}=; path=/; max-age=0; samesite=lax`;
  }
  if (currency) {
    queryClient.setQueryData<CurrencyView>(currencyViewQueryKey, (view) =>
      view ? { ...view, displayCurrency: currency, source: opts.signedIn ? 'account' : 'cookie' } : view,
    );
  }
  // The server decides what the default is now (and search results sorted by price may change).
  await queryClient.invalidateQueries({ queryKey: currencyViewQueryKey });
}

export function useSaveDisplayCurrency() {
  const queryClient = useQueryClient();
  return (currency: CurrencyCode | null, signedIn: boolean) => saveDisplayCurrency(queryClient, currency, { signedIn });
}
