import { systemClock, type Clock } from '../../clock.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  bookingListQuerySchema,
  bookingListSchema,
  bookingReasonSchema,
  declineBookingSchema,
  bookingResponseSchema,
  createBookingSchema,
  idempotencyKeySchema,
} from '../../../shared/api/bookings.ts';
import { bookingParamsSchema } from '../../../shared/api/conversations.ts';
import { errorBodySchema } from '../../../shared/api/errors.ts';
import { providerBookingListSchema, providerBookingsQuerySchema } from '../../../shared/api/provider-workspace.ts';
import type { Db } from '../../db/open.ts';
import { AppError } from '../../http/errors.ts';
import { requireRole, requireUser } from '../../http/session.ts';
import type { Stripe } from '../../payments/stripe-client.ts';
import { getBooking, listMyBookings, listProviderBookings } from './queries.ts';
import { requestBooking } from './request.ts';
import { transitionBooking } from './transition.ts';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
};

export const bookingRoutes: FastifyPluginAsyncZod<{
  db: Db;
  appUrl: string;
  stripe?: Stripe | undefined;
  /** Business time (expiry, cancellation windows): the clock given to buildApp. */
  clock?: Clock;
  /** STRIPE_PLATFORM_COUNTRY (decision 038). */
  platformCountry?: string | undefined;
}> = async (app, { db, appUrl, stripe, clock = systemClock, platformCountry }) => {
  app.get(
    '/api/provider/bookings',
    {
      preValidation: requireRole('PROVIDER'),
      schema: {
        tags: ['bookings'],
        summary: 'Your incoming booking requests and bookings, newest first (optionally one status)',
        querystring: providerBookingsQuerySchema,
        response: {
          200: providerBookingListSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          403: errorBodySchema,
          404: errorBodySchema,
        },
      },
    },
    async (request) => listProviderBookings(db, requireUser(request).id, request.query, clock.now()),
  );

  app.post(
    '/api/bookings',
    {
      preValidation: async (request) => {
        requireUser(request);
      },
      schema: {
        tags: ['bookings'],
        summary:
          'Request a booking (PENDING). Send an Idempotency-Key header to make a retry return the first booking.',
        body: createBookingSchema,
        response: { 200: bookingResponseSchema, 201: bookingResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const header = request.headers['idempotency-key'];
      let idempotencyKey: string | undefined;
      if (header !== undefined) {
        const parsed = idempotencyKeySchema.safeParse(Array.isArray(header) ? header.join(',') : header);
        if (!parsed.success)
          throw new AppError('BAD_REQUEST', parsed.error.issues[0]?.message ?? 'Invalid Idempotency-Key');
        idempotencyKey = parsed.data;
      }
      const { booking, created } = await requestBooking(db, user, request.body, {
        appUrl,
        idempotencyKey,
        cardPayments: !!stripe,
        connect: stripe ? { platformCountry: platformCountry ?? 'US' } : undefined,
        now: clock.now(),
      });
      return reply.status(created ? 201 : 200).send({ booking });
    },
  );

  app.get(
    '/api/bookings',
    {
      preValidation: async (request) => {
        requireUser(request);
      },
      schema: {
        tags: ['bookings'],
        summary: 'Your bookings as a traveler: upcoming (soonest first) or past (latest first)',
        querystring: bookingListQuerySchema,
        response: { 200: bookingListSchema, 400: errorBodySchema, 401: errorBodySchema },
      },
    },
    async (request) => listMyBookings(db, requireUser(request).id, request.query, clock.now()),
  );

  app.get(
    '/api/bookings/:id',
    {
      preValidation: async (request) => {
        requireUser(request);
      },
      schema: {
        tags: ['bookings'],
        summary: 'One booking (its traveler, its provider or an admin)',
        params: bookingParamsSchema,
        response: { 200: bookingResponseSchema, 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => ({ booking: await getBooking(db, requireUser(request), request.params.id, clock.now()) }),
  );

  for (const action of ['accept', 'decline', 'cancel'] as const) {
    app.post(
      `/api/bookings/:id/${action}`,
      {
        preValidation: async (request) => {
          requireUser(request);
        },
        schema: {
          tags: ['bookings'],
          summary:
            action === 'accept'
              ? 'Accept a booking request (its provider)'
              : action === 'decline'
                ? 'Decline a booking request (its provider), with an optional reason and up to three other start times offered instead (alternativeStarts: each a free start of the service for the request’s hours, else 400)'
                : 'Cancel a booking before it starts (its traveler or provider), with an optional reason',
          params: bookingParamsSchema,
          body: (action === 'decline' ? declineBookingSchema : bookingReasonSchema).nullish(),
          response: { 200: bookingResponseSchema, ...errors },
        },
      },
      async (request) => ({
        booking: await transitionBooking(db, requireUser(request), request.params.id, action, {
          appUrl,
          reason: request.body?.reason,
          alternativeStarts: (request.body as { alternativeStarts?: string[] } | null | undefined)?.alternativeStarts,
          stripe,
          now: clock.now(),
        }),
      }),
    );
  }
};
