import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createReviewSchema, reviewResponseSchema } from '../../../shared/api/bookings.ts';
import { publicReviewSchema } from '../../../shared/api/catalog.ts';
import { errorBodySchema } from '../../../shared/api/errors.ts';
import type { Db } from '../../db/open.ts';
import { requireUser } from '../../http/session.ts';
import { createReview, listProviderReviews } from './reviews.ts';

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

  app.post(
    '/api/reviews',
    {
      preValidation: async (request) => {
        requireUser(request);
      },
      schema: {
        tags: ['reviews'],
        summary: 'Review one of your completed bookings (once); updates the service’s and provider’s ratings',
        body: createReviewSchema,
        response: {
          201: reviewResponseSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          404: errorBodySchema,
          409: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const review = await createReview(db, requireUser(request).id, request.body);
      return reply.status(201).send({ review });
    },
  );
};
