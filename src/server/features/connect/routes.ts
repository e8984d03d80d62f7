import { requestLocale } from '../../http/request-locale.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '../../../shared/api/errors.ts';
import { payoutAccountViewSchema, redirectUrlSchema, startOnboardingSchema } from '../../../shared/api/connect.ts';
import type { Clock } from '../../clock.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/open.ts';
import { requireRole, requireUser } from '../../http/session.ts';
import type { Stripe } from '../../payments/stripe-client.ts';
import {
  payoutAccountView,
  payoutsLoginLink,
  startOnboarding,
  syncPayoutAccount,
} from '../../payments/connect-accounts.ts';

type Options = { db: Db; config: Config; stripe?: Stripe | undefined; appUrl: string; clock: Clock };

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  503: errorBodySchema,
};

/** A provider's payouts account (Stripe Connect Express, decision 038): their own only. */
export const connectRoutes: FastifyPluginAsyncZod<Options> = async (app, { db, config, stripe, appUrl, clock }) => {
  const connect = () =>
    config.stripe && stripe ? { platformCountry: config.stripe.platformCountry, appUrl, now: clock.now() } : undefined;

  app.get(
    '/api/provider/payouts/account',
    {
      preValidation: requireRole('PROVIDER'),
      schema: {
        tags: ['payouts'],
        summary: 'Your payouts account: its state in words, what Stripe still needs, and whether you can be booked',
        response: { 200: payoutAccountViewSchema, ...errors },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return payoutAccountView(db, requireUser(request), connect(), requestLocale(request));
    },
  );

  app.post(
    '/api/provider/payouts/account',
    {
      preValidation: requireRole('PROVIDER'),
      schema: {
        tags: ['payouts'],
        summary:
          'Set up payouts: creates your Stripe Express account once (a second press finds the first) and answers the Stripe onboarding address',
        body: startOnboardingSchema,
        response: { 200: redirectUrlSchema, ...errors },
      },
    },
    async (request) => startOnboarding(db, stripe, requireUser(request), request.body, connect()),
  );

  app.post(
    '/api/provider/payouts/account/sync',
    {
      preValidation: requireRole('PROVIDER'),
      schema: {
        tags: ['payouts'],
        summary: 'Reads your payouts account again from Stripe (after onboarding) and answers it',
        response: { 200: payoutAccountViewSchema, ...errors },
      },
    },
    async (request) => syncPayoutAccount(db, stripe, requireUser(request), connect(), requestLocale(request)),
  );

  app.post(
    '/api/provider/payouts/login-link',
    {
      preValidation: requireRole('PROVIDER'),
      schema: {
        tags: ['payouts'],
        summary: 'A single-use link to your Stripe Express dashboard (active accounts only)',
        response: { 200: redirectUrlSchema, ...errors },
      },
    },
    async (request) => payoutsLoginLink(db, stripe, requireUser(request), connect()),
  );
};
