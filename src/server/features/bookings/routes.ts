import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '../../../shared/api/errors.ts';
import { providerBookingListSchema, providerBookingsQuerySchema } from '../../../shared/api/provider-workspace.ts';
import type { Db } from '../../db/open.ts';
import { requireRole, requireUser } from '../../http/session.ts';
import { listProviderBookings } from './bookings.ts';

export const bookingRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
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
    async (request) => listProviderBookings(db, requireUser(request).id, request.query),
  );
};
