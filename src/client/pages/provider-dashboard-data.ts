import type { QueryClient } from '@tanstack/react-query';
import { earningsQuery, providerPayoutsQuery } from '@/features/earnings/earnings-api';
import { paymentsConfigQuery } from '@/features/payments/payments-api';
import { payoutAccountQuery, payoutSummaryQuery } from '@/features/payouts/payouts-api';
import { providerBookingsQuery } from '@/features/provider-workspace/workspace-api';

/**
 * The data of a provider dashboard tab (by its `?tab=` value) beyond what the dashboard shows
 * first: the route loader renders the asked tab with it, and the browser asks for it as soon as a
 * tab is about to be opened (a pointer over it, focus, a touch), so the tab opens with its data.
 */
export function prefetchProviderTab(queryClient: QueryClient, tab: string | null) {
  const queries: { queryKey: readonly unknown[] }[] =
    tab === 'payouts'
      ? [payoutAccountQuery, payoutSummaryQuery, earningsQuery, providerPayoutsQuery]
      : tab === 'bookings'
        ? [providerBookingsQuery, paymentsConfigQuery()]
        : [];
  return Promise.all(queries.map((options) => queryClient.prefetchQuery(options)));
}
