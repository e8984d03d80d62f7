import { queryOptions } from '@tanstack/react-query';
import type { PaymentIntentResponse, PaymentsConfig } from '@shared/api/payments';
import { apiJson } from '@/lib/api';

/**
 * GET /api/payments/config: Stripe's publishable key, or null when payments are not configured.
 * Read at run time, never built into the bundle. Read by checkout and both dashboards.
 */
export const paymentsConfigQuery = () =>
  queryOptions({
    queryKey: ['/api/payments/config'],
    queryFn: () => apiJson<PaymentsConfig>('GET', '/api/payments/config'),
    staleTime: 5 * 60 * 1000,
  });

/** POST /api/create-payment-intent: the client secret of the booking's PaymentIntent (the same one every time). */
export function createPaymentIntent(bookingId: string): Promise<PaymentIntentResponse> {
  return apiJson<PaymentIntentResponse>('POST', '/api/create-payment-intent', { bookingId });
}
