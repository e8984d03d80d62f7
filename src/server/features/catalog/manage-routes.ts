import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamSchema } from '../../../shared/api/catalog.ts';
import { okResponseSchema } from '../../../shared/api/auth-responses.ts';
import { errorBodySchema } from '../../../shared/api/errors.ts';
import {
  createServiceSchema,
  providerServiceListSchema,
  providerServiceResponseSchema,
  updateServiceSchema,
} from '../../../shared/api/provider-workspace.ts';
import type { Db } from '../../db/open.ts';
import { requireRole, requireUser } from '../../http/session.ts';
import { createService, dayLengthWarning, deleteService, listOwnServices, updateService } from './manage-services.ts';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
};

/** The provider's own services. Providers only: travelers and admins get 403. */
export const manageServiceRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const providerOnly = requireRole('PROVIDER');

  app.get(
    '/api/provider/services',
    {
      preValidation: providerOnly,
      schema: {
        tags: ['provider'],
        summary: 'Your services (active, inactive and paused; not deleted), newest first',
        response: { 200: providerServiceListSchema, ...errors },
      },
    },
    async (request) => listOwnServices(db, requireUser(request).id),
  );

  app.post(
    '/api/services',
    {
      preValidation: providerOnly,
      schema: {
        tags: ['provider'],
        summary:
          'Create a service (price in integer cents; photos are /api/uploads URLs, the first is the cover). A per-day service whose day no availability window of the next 60 days can hold comes back with dayLengthWarning.',
        body: createServiceSchema,
        response: { 201: providerServiceResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const service = await createService(db, requireUser(request).id, request.body);
      return reply.status(201).send({ service, dayLengthWarning: await dayLengthWarning(db, service) });
    },
  );

  app.patch(
    '/api/services/:id',
    {
      preValidation: providerOnly,
      schema: {
        tags: ['provider'],
        summary: 'Change your service: any field of the create payload, the photos and their order, or isPaused',
        params: idParamSchema,
        body: updateServiceSchema,
        response: { 200: providerServiceResponseSchema, ...errors },
      },
    },
    async (request) => {
      const service = await updateService(db, requireUser(request).id, request.params.id, request.body);
      return { service, dayLengthWarning: await dayLengthWarning(db, service) };
    },
  );

  app.delete(
    '/api/services/:id',
    {
      preValidation: providerOnly,
      schema: {
        tags: ['provider'],
        summary: 'Delete your service (kept for its bookings and reviews; 409 while bookings are still to happen)',
        params: idParamSchema,
        response: { 200: okResponseSchema, ...errors },
      },
    },
    async (request) => {
      await deleteService(db, requireUser(request).id, request.params.id);
      return { ok: true as const };
    },
  );
};
