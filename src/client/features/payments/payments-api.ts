import type { PaymentIntentResponse } from '@shared/api/payments';
import { apiJson } from '@/lib/api';

export { paymentsConfigQuery } from '@/lib/payments-config';

/** POST /api/create-payment-intent: the client secret of the booking's PaymentIntent (the same one every time). */
export function createPaymentIntent(bookingId: string): Promise<PaymentIntentResponse> {
  return apiJson<PaymentIntentResponse>('POST', '/api/create-payment-intent', { bookingId });
}
