import { queryOptions } from '@tanstack/react-query';
import type { Earnings, ProviderPayouts } from '@shared/api/earnings';
import { apiJson } from '@/lib/api';

/** The calls of the Payouts tab's money sections (decision 039). Keys are the request paths. */
export const earningsQuery = queryOptions({
  queryKey: ['/api/provider/earnings'],
  queryFn: () => apiJson<Earnings>('GET', '/api/provider/earnings'),
});

export const providerPayoutsQuery = queryOptions({
  queryKey: ['/api/provider/payouts'],
  queryFn: () => apiJson<ProviderPayouts>('GET', '/api/provider/payouts'),
});

/** The CSV export: a plain link (the browser downloads it by its Content-Disposition). */
export const EARNINGS_CSV_URL = '/api/provider/earnings.csv';
