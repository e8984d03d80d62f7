import type { FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema } from '../../../shared/api/errors.ts';
import {
  createPaymentIntentSchema,
  paymentIntentResponseSchema,
  paymentsConfigSchema,
} from '../../../shared/api/payments.ts';
import type { Clock } from '../../clock.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/open.ts';
import { AppError } from '../../http/errors.ts';
import { requireUser } from '../../http/session.ts';
import type { Stripe } from '../../payments/stripe-client.ts';
import { createPaymentIntent, PAYMENTS_NOT_CONFIGURED } from './payments.ts';
import type { JobRunner } from '../../jobs/runner.ts';
import { handleConnectEvent, isConnectEvent } from '../../payments/connect-webhooks.ts';
import { PAYOUTS_JOB } from '../../payments/payouts.ts';
import { handleStripeEvent, isReadableEvent } from './webhooks.ts';

type Options = {
  db: Db;
  config: Config;
  stripe?: Stripe | undefined;
  /** Business time (the app's clock): authorisation holds, event times, payouts made due. */
  clock: Clock;
  /** The instance's job runner (made after the routes): woken when a webhook makes a payout due. */
  jobs?: () => Pick<JobRunner, 'nudge'>;
};

export const INVALID_SIGNATURE = 'Invalid Stripe signature.';

export const paymentRoutes: FastifyPluginAsyncZod<Options> = async (app, { db, config, stripe, clock }) => {
  app.get(
    '/api/payments/config',
    {
      schema: {
        tags: ['payments'],
        summary: 'The Stripe publishable key for Stripe.js, or null when payments are not configured',
        response: { 200: paymentsConfigSchema },
      },
    },
    async (_request, reply) => {
      void reply.header('cache-control', 'no-store');
      return { publishableKey: config.stripe?.publishableKey ?? null };
    },
  );

  app.post(
    '/api/create-payment-intent',
    {
      preValidation: async (request) => {
        requireUser(request);
      },
      schema: {
        tags: ['payments'],
        summary:
          'The PaymentIntent (card held, captured when the provider accepts) for your own PENDING booking; the amount is the booking’s, any sent amount is ignored',
        body: createPaymentIntentSchema,
        response: {
          200: paymentIntentResponseSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          404: errorBodySchema,
          409: errorBodySchema,
          503: errorBodySchema,
        },
      },
    },
    async (request) =>
      createPaymentIntent(db, stripe, requireUser(request), request.body.bookingId, {
        // Links in the provider's request email, sent once the card is authorised.
        appUrl: config.publicUrl ?? `http://localhost:${config.port}`,
        now: clock.now(),
        connect: config.stripe ? { platformCountry: config.stripe.platformCountry } : undefined,
      }),
  );
};

/**
 * POST /api/webhooks/stripe, in its own encapsulated plugin: the only route whose JSON body is kept
 * raw, because Stripe's signature is over the exact bytes.
 */
export const stripeWebhookRoutes: FastifyPluginAsync<Options> = async (app, { db, config, stripe, clock, jobs }) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 1024 * 1024 }, (_request, body, done) =>
    done(null, body),
  );
  app.post(
    '/api/webhooks/stripe',
    {
      bodyLimit: 1024 * 1024,
      schema: {
        tags: ['payments'],
        summary:
          'Stripe webhook events (signed with STRIPE_WEBHOOK_SECRET, or STRIPE_CONNECT_WEBHOOK_SECRET for connected accounts); each processed once',
        response: {
          200: z.object({ received: z.literal(true) }),
          400: errorBodySchema,
          503: errorBodySchema,
        },
      },
    },
    async (request) => {
      if (!stripe || !config.stripe) throw new AppError('NOT_CONFIGURED', PAYMENTS_NOT_CONFIGURED);
      const signature = request.headers['stripe-signature'];
      if (typeof signature !== 'string' || !Buffer.isBuffer(request.body))
        throw new AppError('BAD_REQUEST', INVALID_SIGNATURE);
      // Either endpoint's secret (decision 038): the platform's, or the Connect endpoint's (connected
      // accounts' events); when no Connect secret is set, the one secret serves both.
      let event: unknown;
      for (const secret of new Set([config.stripe.webhookSecret, config.stripe.connectWebhookSecret])) {
        try {
          event = stripe.webhooks.constructEvent(request.body, signature, secret);
          break;
        } catch {
          // Tried with the next secret, if any.
        }
      }
      if (event === undefined) throw new AppError('BAD_REQUEST', INVALID_SIGNATURE);
      // Signed by Stripe but not an event we can read (an array, no object): acknowledged, so it is
      // not sent again and again, and logged for a person to look at.
      if (!isReadableEvent(event)) {
        request.log.warn(
          { body: request.body.toString('utf8').slice(0, 500) },
          'Stripe webhook: a validly signed event we cannot read was acknowledged and ignored',
        );
        return { received: true as const };
      }
      const appUrl = config.publicUrl ?? `http://localhost:${config.port}`;
      if (isConnectEvent(event)) {
        const outcome = await handleConnectEvent(db, stripe, event, {
          platformCountry: config.stripe.platformCountry,
          appUrl,
          now: clock.now(),
        });
        // A failed payout asked again is made by this instance's next run of the job, now.
        if (outcome === 'applied') jobs?.().nudge(PAYOUTS_JOB);
      } else await handleStripeEvent(db, stripe, event, { appUrl, now: clock.now() });
      return { received: true as const };
    },
  );
};
