import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '../../../shared/api/errors.ts';
import { myProviderSchema } from '../../../shared/api/providers.ts';
import type { Db } from '../../db/open.ts';
import { requireRole, requireUser } from '../../http/session.ts';
import { getMyProvider } from './providers.ts';

export const providerRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/provider/me',
    {
      preHandler: requireRole('PROVIDER'),
      schema: {
        tags: ['providers'],
        summary: 'The signed-in provider’s own profile',
        response: { 200: myProviderSchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => getMyProvider(db, requireUser(request).id),
  );
};
