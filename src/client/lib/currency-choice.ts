import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { CurrencyView } from '@shared/api/currency';
import type { CurrencyCode } from '@shared/domain/currency';
import { DISPLAY_CURRENCY_COOKIE } from '@shared/domain/display-currency';
import { apiRequest } from './api';
import { currencyViewQueryKey } from './currency-view';

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
