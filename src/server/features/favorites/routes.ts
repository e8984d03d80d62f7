import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { favoriteStateSchema, serviceSchema } from '../../../shared/api/catalog.ts';
import { errorBodySchema } from '../../../shared/api/errors.ts';
import type { Db } from '../../db/open.ts';
import { requireUser } from '../../http/session.ts';
import { listFavoriteServices, removeFavorite, saveFavorite } from './favorites.ts';

const paramsSchema = z.object({ serviceId: z.string().uuid('Not a valid service id') });

export const favoriteRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/favorites',
    {
      schema: {
        tags: ['favorites'],
        summary: 'Your saved services',
        response: { 200: z.array(serviceSchema), 401: errorBodySchema },
      },
    },
    async (request) => listFavoriteServices(db, requireUser(request).id),
  );

  app.post(
    '/api/favorites/:serviceId',
    {
      schema: {
        tags: ['favorites'],
        summary: 'Save a service (idempotent)',
        params: paramsSchema,
        response: { 200: favoriteStateSchema, 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => {
      await saveFavorite(db, requireUser(request).id, request.params.serviceId);
      return { serviceId: request.params.serviceId, saved: true };
    },
  );

  app.delete(
    '/api/favorites/:serviceId',
    {
      schema: {
        tags: ['favorites'],
        summary: 'Unsave a service (idempotent)',
        params: paramsSchema,
        response: { 200: favoriteStateSchema, 400: errorBodySchema, 401: errorBodySchema },
      },
    },
    async (request) => {
      await removeFavorite(db, requireUser(request).id, request.params.serviceId);
      return { serviceId: request.params.serviceId, saved: false };
    },
  );
};
