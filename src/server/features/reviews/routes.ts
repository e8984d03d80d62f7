import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createReviewSchema, reviewResponseSchema } from '../../../shared/api/bookings.ts';
import { publicReviewSchema } from '../../../shared/api/catalog.ts';
import { errorBodySchema } from '../../../shared/api/errors.ts';
import {
  answerResponseSchema,
  answerSchema,
  reviewParamsSchema,
  travelerCardSchema,
  userParamsSchema,
  writtenReviewSchema,
} from '../../../shared/api/trust.ts';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/open.ts';
import { requireRole, requireUser } from '../../http/session.ts';
import { answerReview, createReview, createTravelerReview, getTravelerCard, listProviderReviews } from './reviews.ts';

const usernameParamSchema = z.object({ username: z.string().min(1).max(100) });

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  429: errorBodySchema,
};

export const reviewRoutes: FastifyPluginAsyncZod<{ db: Db; clock: Clock; appUrl: string }> = async (
  app,
  { db, clock, appUrl },
) => {
  const ctx = () => ({ now: clock.now(), appUrl });

  app.get(
    '/api/providers/:username/reviews',
    {
      schema: {
        tags: ['reviews'],
        summary: 'Published reviews of a provider’s visible services, newest first, with their answers',
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
        summary:
          'Review one of your completed bookings (once, within 14 days of its end); published when the provider has reviewed you too, or when the 14 days are over',
        body: createReviewSchema,
        response: { 201: reviewResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const review = await createReview(db, requireUser(request).id, request.body, ctx());
      return reply.status(201).send({ review });
    },
  );

  app.post(
    '/api/provider/reviews',
    {
      preValidation: requireRole('PROVIDER'),
      schema: {
        tags: ['reviews'],
        summary:
          'Review the traveler of one of your completed bookings (once, within 14 days of its end); published when the traveler has reviewed you too, or when the 14 days are over',
        body: createReviewSchema,
        response: { 201: writtenReviewSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createTravelerReview(db, requireUser(request).id, request.body, ctx())),
  );

  app.post(
    '/api/reviews/:id/answer',
    {
      preValidation: async (request) => {
        requireUser(request);
      },
      schema: {
        tags: ['reviews'],
        summary:
          'Answer a published review of you (its provider, or the reviewed traveler), publicly, once; the answer can be changed for 48 hours',
        params: reviewParamsSchema,
        body: answerSchema,
        response: { 200: answerResponseSchema, 201: answerResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { created, ...answer } = await answerReview(
        db,
        requireUser(request).id,
        request.params.id,
        request.body.text,
        clock.now(),
      );
      return reply.status(created ? 201 : 200).send(answer);
    },
  );

  app.get(
    '/api/travelers/:id',
    {
      preValidation: async (request) => {
        requireUser(request);
      },
      schema: {
        tags: ['reviews'],
        summary:
          'A traveler’s card: when they joined, completed bookings, providers’ published reviews and their answers (the traveler, an admin, or a provider they asked or booked)',
        params: userParamsSchema,
        response: { 200: travelerCardSchema, ...errors },
      },
    },
    async (request) => getTravelerCard(db, requireUser(request), request.params.id, clock.now()),
  );
};
