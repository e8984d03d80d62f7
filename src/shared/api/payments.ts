// Payments (decision 024): the requests and answers of /api/create-payment-intent and /api/payments/config.
import { z } from 'zod';

/**
 * POST /api/create-payment-intent. Only the booking is taken: the amount is always the server's
 * (the booking's price x hours + 5 % fee). The product's `amount` may still be sent by an old client;
 * it is ignored, never trusted (zod drops keys it does not know).
 */
export const createPaymentIntentSchema = z.object({
  bookingId: z.string({ error: 'bookingId is required' }).uuid('Not a valid booking id'),
});
export type CreatePaymentIntentInput = z.infer<typeof createPaymentIntentSchema>;

/**
 * The product's clientSecret, and the PaymentIntent's status at Stripe: `requires_capture` (or
 * `succeeded`) means the card is authorised already (an earlier confirmation whose answer was lost).
 */
export const paymentIntentResponseSchema = z.object({ clientSecret: z.string(), status: z.string() });
export type PaymentIntentResponse = z.infer<typeof paymentIntentResponseSchema>;

/** GET /api/payments/config: the publishable key, or null when payments are not configured. */
export const paymentsConfigSchema = z.object({ publishableKey: z.string().nullable() });
export type PaymentsConfig = z.infer<typeof paymentsConfigSchema>;
