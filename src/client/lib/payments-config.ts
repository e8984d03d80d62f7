import { queryOptions } from '@tanstack/react-query';
import type { PaymentsConfig } from '@shared/api/payments';
import { apiJson } from '@/lib/api';

/**
 * GET /api/payments/config: Stripe's publishable key, or null when payments are not configured.
 * Read at run time, never built into the bundle (issue 10). Shared: checkout, both dashboards.
 */
export const paymentsConfigQuery = () =>
  queryOptions({
    queryKey: ['/api/payments/config'],
    queryFn: () => apiJson<PaymentsConfig>('GET', '/api/payments/config'),
    staleTime: 5 * 60 * 1000,
  });
