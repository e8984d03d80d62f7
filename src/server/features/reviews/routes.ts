import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { publicReviewSchema } from '../../../shared/api/catalog.ts';
import { errorBodySchema } from '../../../shared/api/errors.ts';
import type { Db } from '../../db/open.ts';
import { listProviderReviews } from './reviews.ts';

const usernameParamSchema = z.object({ username: z.string().min(1).max(100) });

export const reviewRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/providers/:username/reviews',
    {
      schema: {
        tags: ['reviews'],
        summary: 'Reviews of a provider’s visible services, newest first',
        params: usernameParamSchema,
        response: { 200: z.array(publicReviewSchema), 404: errorBodySchema },
      },
    },
    async (request) => listProviderReviews(db, request.params.username),
  );
};
