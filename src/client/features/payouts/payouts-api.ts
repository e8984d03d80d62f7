import { queryOptions } from '@tanstack/react-query';
import type { PayoutAccountView } from '@shared/api/connect';
import type { PayoutSummary } from '@shared/api/earnings';
import { apiJson } from '@/lib/api';

/**
 * The Payouts tab's reads (decision 038). Apart from the tab's code, so that the dashboard's route
 * loader and the tab's prefetch name them without loading the tab. Keys are the request paths.
 */
export const payoutAccountQuery = queryOptions({
  queryKey: ['/api/provider/payouts/account'],
  queryFn: () => apiJson<PayoutAccountView>('GET', '/api/provider/payouts/account'),
});

export const payoutSummaryQuery = queryOptions({
  queryKey: ['/api/provider/payouts/summary'],
  queryFn: () => apiJson<PayoutSummary>('GET', '/api/provider/payouts/summary'),
});
