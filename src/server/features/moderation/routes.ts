import { msg } from '@lingui/core/macro';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '../../../shared/api/errors.ts';
import {
  adminReportListSchema,
  adminReportSchema,
  createReportSchema,
  reportCreatedSchema,
  reportParamsSchema,
  resolveReportSchema,
  suspendSchema,
  suspensionResponseSchema,
  userParamsSchema,
} from '../../../shared/api/trust.ts';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/open.ts';
import { AppError } from '../../http/errors.ts';
import { createTokenBuckets, reserve, type Limit } from '../../http/rate-limit.ts';
import { requestLocale } from '../../http/request-locale.ts';
import { requireRole, requireUser } from '../../http/session.ts';
import { createReport, listReports, resolveReport } from './reports.ts';
import { liftSuspension, suspendUser } from './suspension.ts';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  429: errorBodySchema,
};

/** Moderation decisions one admin may make per hour (a runaway script stops; a person never meets it). */
const decisionsPerAdmin = (adminId: string): Limit => ({
  key: `moderation:admin:${adminId}`,
  max: 300,
  windowSeconds: 3600,
  message: (i18n, wait) => i18n._(msg`Too many moderation decisions in an hour. Please wait ${wait}.`),
});

/**
 * Reports, the admin's queue and suspensions (decision 051). POST /api/reports is for signed-in
 * travelers and providers; /api/admin/* for admins only (the guard runs before validation).
 */
export const moderationRoutes: FastifyPluginAsyncZod<{ db: Db; clock: Clock; appUrl: string }> = async (
  app,
  { db, clock, appUrl },
) => {
  const adminOnly = requireRole('ADMIN');
  const ctx = () => ({ now: clock.now(), appUrl });
  // Reading the queue: 60 at once, one a second after (in memory, per admin).
  const reads = createTokenBuckets({ capacity: 60, refillPerSecond: 1 });
  const limitReads = async (request: Parameters<typeof requireUser>[0]) => {
    const wait = reads.take(requireUser(request).id);
    if (wait > 0)
      throw new AppError('RATE_LIMITED', 'Too many requests. Please wait a moment and try again.', {
        'retry-after': String(Math.ceil(wait)),
      });
  };

  app.post(
    '/api/reports',
    {
      preValidation: async (request) => {
        requireUser(request);
      },
      schema: {
        tags: ['moderation'],
        summary:
          'Report a review, a message, a service, a provider profile or a booking (during or after it): a reason from the fixed list and a note; once per item, at most 10 a day',
        body: createReportSchema,
        response: { 201: reportCreatedSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createReport(db, requireUser(request), request.body, clock.now())),
  );

  app.get(
    '/api/admin/reports',
    {
      preValidation: async (request) => {
        await adminOnly(request);
        await limitReads(request);
      },
      schema: {
        tags: ['admin'],
        summary: 'The reports queue (open ones safety first, then newest), recent decisions, and suspended accounts',
        response: { 200: adminReportListSchema, ...errors },
      },
    },
    async (request) => listReports(db, requestLocale(request)),
  );

  app.post(
    '/api/admin/reports/:id/resolve',
    {
      preValidation: adminOnly,
      schema: {
        tags: ['admin'],
        summary:
          'Resolve a report with one action (dismiss, hide, deactivate_service, warn, suspend) and a reason; audit-logged; reporters told the outcome',
        params: reportParamsSchema,
        body: resolveReportSchema,
        response: { 200: adminReportSchema, ...errors },
      },
    },
    async (request) => {
      const admin = requireUser(request);
      await reserve(db, [decisionsPerAdmin(admin.id)]);
      return resolveReport(db, admin.id, request.params.id, request.body, ctx(), requestLocale(request));
    },
  );

  app.post(
    '/api/admin/users/:id/suspend',
    {
      preValidation: adminOnly,
      schema: {
        tags: ['admin'],
        summary:
          'Suspend a user: sign-in refused, sessions ended, services hidden, open bookings canceled with full refunds; audit-logged',
        params: userParamsSchema,
        body: suspendSchema,
        response: { 200: suspensionResponseSchema, ...errors },
      },
    },
    async (request) => {
      const admin = requireUser(request);
      await reserve(db, [decisionsPerAdmin(admin.id)]);
      return db.transaction((tx) => suspendUser(tx, admin.id, request.params.id, request.body.reason, ctx()));
    },
  );

  app.post(
    '/api/admin/users/:id/unsuspend',
    {
      preValidation: adminOnly,
      schema: {
        tags: ['admin'],
        summary: 'Lift a suspension: sign-in allowed again, the services it hid shown again; audit-logged',
        params: userParamsSchema,
        body: suspendSchema,
        response: { 200: suspensionResponseSchema, ...errors },
      },
    },
    async (request) => {
      const admin = requireUser(request);
      await reserve(db, [decisionsPerAdmin(admin.id)]);
      return db.transaction((tx) => liftSuspension(tx, admin.id, request.params.id, request.body.reason, ctx()));
    },
  );
};
