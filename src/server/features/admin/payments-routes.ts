import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamSchema } from '../../../shared/api/catalog.ts';
import {
  adminDisputesQuerySchema,
  disputeIdParamSchema,
  explainDifferenceSchema,
  settleByHandSchema,
  submitDisputeEvidenceSchema,
} from '../../../shared/api/admin.ts';
import {
  adminBookingSchema,
  adminDisputeSchema,
  adminPaymentsSchema,
  manualSettlementSchema,
  reconcileResultSchema,
  reconciliationDifferenceSchema,
  readStripeFeesResultSchema,
} from '../../../shared/api/earnings.ts';
import { errorBodySchema } from '../../../shared/api/errors.ts';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/open.ts';
import { requestLocale } from '../../http/request-locale.ts';
import { requireRole, requireUser } from '../../http/session.ts';
import type { Stripe } from '../../payments/stripe-client.ts';
import { listAdminDisputes, submitDisputeEvidence } from './disputes.ts';
import {
  explainDifference,
  getAdminBooking,
  getAdminPayments,
  readStripeFeesNow,
  reconcileByAdmin,
  settleByHand,
} from './payments.ts';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

/** The admin payments view (decision 039): admins only; anonymous 401, a traveler or provider 403. */
export const adminPaymentRoutes: FastifyPluginAsyncZod<{ db: Db; stripe?: Stripe | undefined; clock: Clock }> = async (
  app,
  { db, stripe, clock },
) => {
  const adminOnly = requireRole('ADMIN');
  const tags = ['admin'];

  app.get(
    '/api/admin/payments',
    {
      preValidation: adminOnly,
      schema: {
        tags,
        summary:
          'Locora’s money this month (UTC) and all time: volume, fees, Stripe’s fees, refunds, disputes; small bookings, providers not ready for payouts, failed payouts',
        response: { 200: adminPaymentsSchema, ...errors },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'private, no-store');
      return getAdminPayments(db, clock.now(), requestLocale(request));
    },
  );

  app.post(
    '/api/admin/payments/stripe-fees',
    {
      preValidation: adminOnly,
      schema: {
        tags,
        summary: 'Read now the Stripe processing fees not read yet (audit-logged)',
        response: { 200: readStripeFeesResultSchema, ...errors, 503: errorBodySchema },
      },
    },
    async (request) => readStripeFeesNow(db, stripe, requireUser(request).id),
  );

  app.post(
    '/api/admin/payments/bookings/:id/settle',
    {
      preValidation: adminOnly,
      schema: {
        tags,
        summary:
          'Mark a booking paid before payouts existed (no destination account) as settled with its provider by hand, with a note (audit-logged)',
        params: idParamSchema,
        body: settleByHandSchema,
        response: { 200: manualSettlementSchema, ...errors, 409: errorBodySchema },
      },
    },
    async (request) => settleByHand(db, requireUser(request).id, request.params.id, request.body.note, clock.now()),
  );

  app.post(
    '/api/admin/payments/reconcile',
    {
      preValidation: adminOnly,
      schema: {
        tags,
        summary:
          'Reconcile the ledger with Stripe’s balance transactions now (the daily job does the same); audit-logged',
        response: { 200: reconcileResultSchema, ...errors, 409: errorBodySchema, 503: errorBodySchema },
      },
    },
    async (request) => reconcileByAdmin(db, stripe, requireUser(request).id, clock.now()),
  );

  app.post(
    '/api/admin/payments/differences/:id/explain',
    {
      preValidation: adminOnly,
      schema: {
        tags,
        summary: 'Mark a difference with Stripe explained, with a note (audit-logged)',
        params: idParamSchema,
        body: explainDifferenceSchema,
        response: { 200: reconciliationDifferenceSchema, ...errors, 409: errorBodySchema },
      },
    },
    async (request) =>
      explainDifference(
        db,
        requireUser(request).id,
        request.params.id,
        request.body.note,
        clock.now(),
        requestLocale(request),
      ),
  );

  app.get(
    '/api/admin/disputes',
    {
      preValidation: adminOnly,
      schema: {
        tags,
        summary:
          'Disputes (status open, won, lost or all; default open): the open ones by their evidence deadline, soonest first, the others newest first',
        querystring: adminDisputesQuerySchema,
        response: { 200: z.array(adminDisputeSchema), ...errors },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'private, no-store');
      return listAdminDisputes(db, request.query.status, clock.now());
    },
  );

  app.post(
    '/api/admin/disputes/:id/evidence',
    {
      preValidation: adminOnly,
      schema: {
        tags,
        summary:
          'Answer a dispute with evidence through Stripe (the text, the booking’s date, service and traveler, and its messages unless includeMessages is false), submitted once, before its deadline (audit-logged)',
        params: disputeIdParamSchema,
        body: submitDisputeEvidenceSchema,
        response: { 200: adminDisputeSchema, ...errors, 409: errorBodySchema, 503: errorBodySchema },
      },
    },
    async (request) =>
      submitDisputeEvidence(
        db,
        stripe,
        requireUser(request).id,
        request.params.id,
        { text: request.body.text, includeMessages: request.body.includeMessages ?? true },
        clock.now(),
      ),
  );

  app.get(
    '/api/admin/bookings/:id',
    {
      preValidation: adminOnly,
      schema: {
        tags,
        summary: 'One booking with its history, messages and disputes, for dispute evidence (audit-logged)',
        params: idParamSchema,
        response: { 200: adminBookingSchema, ...errors },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'private, no-store');
      return getAdminBooking(db, requireUser(request).id, request.params.id);
    },
  );
};
