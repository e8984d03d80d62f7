/**
 * The one Stripe client (decision 024): the official SDK pointed at STRIPE_API_URL, Stripe's own
 * API unless a local server speaking its protocol stands in (the tests, decision 024).
 */
import type Stripe from 'stripe';
import type { StripeConfig } from '../config.ts';

export type { Stripe };

/** The SDK, once a client was made: loaded then, not at start (it costs the start ~40 ms). */
let sdk: typeof Stripe | undefined;

export async function createStripeClient(config: StripeConfig): Promise<Stripe> {
  sdk ??= (await import('stripe')).default;
  const url = new URL(config.apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return new sdk(config.secretKey, {
    host: url.hostname,
    port: url.port || (protocol === 'http' ? 80 : 443),
    protocol,
    timeout: config.timeoutMs,
    // A failed call is retried by our own outbox (payment-actions.ts), with the same idempotency key.
    maxNetworkRetries: 1,
    telemetry: false,
    appInfo: { name: 'Locora' },
  });
}

/** Only a client made by createStripeClient throws these, and making one loaded the SDK. */
function isStripeError(err: unknown): err is InstanceType<typeof Stripe.errors.StripeError> {
  return sdk !== undefined && err instanceof sdk.errors.StripeError;
}

/** A short, loggable description of a failed Stripe call (never the request's secrets). */
export function describeStripeError(err: unknown): string {
  if (isStripeError(err)) {
    const status = err.statusCode ? ` ${err.statusCode}` : '';
    return `${err.type}${status}: ${err.message}`.slice(0, 500);
  }
  return (err instanceof Error ? err.message : String(err)).slice(0, 500);
}

/**
 * Whether Stripe refused the request itself (a 4xx other than 401/403/429: invalid request, card
 * error, idempotency error). Asking again gives the same answer, so it is not an outage.
 */
export function isStripeRefusal(err: unknown): err is InstanceType<typeof Stripe.errors.StripeError> {
  if (!isStripeError(err)) return false;
  const code = err.statusCode ?? 0;
  return code >= 400 && code < 500 && code !== 401 && code !== 403 && code !== 429;
}
