import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { earningsSchema, payoutSummarySchema, providerPayoutsSchema } from '../../../shared/api/earnings.ts';
import { errorBodySchema } from '../../../shared/api/errors.ts';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/open.ts';
import { requireRole, requireUser } from '../../http/session.ts';
import type { Stripe } from '../../payments/stripe-client.ts';
import { earningsCsv, getEarnings, getPayoutSummary, getProviderPayouts } from './earnings.ts';

type Options = { db: Db; stripe?: Stripe | undefined; clock: Clock };

const errors = { 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

/** The provider's own earnings and payouts (decision 039); providers only, each sees only their own. */
export const earningsRoutes: FastifyPluginAsyncZod<Options> = async (app, { db, stripe, clock }) => {
  app.get(
    '/api/provider/earnings',
    {
      preValidation: requireRole('PROVIDER'),
      schema: {
        tags: ['providers'],
        summary:
          'Your earnings per booking (gross, Locora’s fee, your net, where the money is) and totals for this month, last month and all time on your clock',
        response: { 200: earningsSchema, ...errors },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'private, no-store');
      return getEarnings(db, requireUser(request).id, clock.now());
    },
  );

  app.get(
    '/api/provider/earnings.csv',
    {
      preValidation: requireRole('PROVIDER'),
      schema: {
        tags: ['providers'],
        summary: 'Your earnings as a CSV file (UTF-8 with BOM, CRLF, amounts in dollars as plain decimals)',
        response: { 200: z.string(), ...errors },
      },
    },
    async (request, reply) => {
      const { filename, body } = await earningsCsv(db, requireUser(request).id, clock.now());
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(body);
    },
  );

  app.get(
    '/api/provider/payouts',
    {
      preValidation: requireRole('PROVIDER'),
      schema: {
        tags: ['providers'],
        summary:
          'Payouts from your Stripe balance to your bank (Stripe’s list for your connected account), and any that failed with Stripe’s reason',
        response: { 200: providerPayoutsSchema, ...errors },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'private, no-store');
      return getProviderPayouts(db, stripe, requireUser(request).id, { log: request.log });
    },
  );

  app.get(
    '/api/provider/payouts/summary',
    {
      preValidation: requireRole('PROVIDER'),
      schema: {
        tags: ['providers'],
        summary:
          'Your money as the ledger holds it, one line per currency: paid out, on its way (a payout Stripe made, not arrived yet), owed once your bookings are completed, and held by disputes; each with its bookings',
        response: { 200: payoutSummarySchema, ...errors },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'private, no-store');
      return getPayoutSummary(db, requireUser(request).id);
    },
  );
};
