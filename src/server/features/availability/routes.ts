import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  availabilityBulkSchema,
  availabilityCreatedSchema,
  availabilityDeletedSchema,
  availabilityDeleteQuerySchema,
  availabilityIdParamSchema,
  availabilityInputSchema,
  availabilityListSchema,
  availabilityRangeSchema,
  calendarBookingListSchema,
  providerIdParamSchema,
  TIME_ZONE_HEADER,
} from '../../../shared/api/availability.ts';
import { errorBodySchema } from '../../../shared/api/errors.ts';
import { MAX_BULK_SLOTS, MAX_RANGE_DAYS } from '../../../shared/domain/availability.ts';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/open.ts';
import { requireRole, requireUser } from '../../http/session.ts';
import { addAvailability, deleteAvailability, listAvailability, listCalendarBookings } from './availability.ts';

const writeErrors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
};

const slotRules = `Start and end are ISO 8601 date-times: with Z or an offset an instant, without one the provider's wall clock; either way on the hour or half past (:00 or :30) on the provider's wall clock. A recurring slot (recurrenceType WEEKLY, recurrenceDays as weekday indexes 0 = Sunday ... 6 = Saturday) becomes a weekly schedule at the same wall-clock times in the provider's time zone, from the start date until the provider ends it (DELETE with series=true); its occurrences share a seriesId (the schedule's id) and carry their occurrenceDate, and the reply lists its first week. Rules: end after start, at most 24 hours, not in the past, at most a year ahead. A slot already stored exactly so is not stored twice; overlaps are allowed (blocked time overrides available time).`;

export const availabilityRoutes: FastifyPluginAsyncZod<{ db: Db; clock?: Clock }> = async (app, { db, clock }) => {
  app.get(
    '/api/provider/calendar/bookings',
    {
      preValidation: requireRole('PROVIDER'),
      schema: {
        tags: ['availability'],
        summary:
          'Your own bookings overlapping [from, to) for your Availability week (providers only): requests waiting for your answer (PENDING, tentative) and accepted bookings (CONFIRMED, PAID, COMPLETED), by start, with the traveler’s name and the service. from and to as for GET /api/availability/{providerId}; default the current week in your zone.',
        querystring: availabilityRangeSchema,
        response: {
          200: calendarBookingListSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          403: errorBodySchema,
          404: errorBodySchema,
        },
      },
    },
    async (request) => listCalendarBookings(db, requireUser(request).id, request.query, clock?.now()),
  );

  app.get(
    '/api/availability/:providerId',
    {
      schema: {
        tags: ['availability'],
        summary: `A provider's slots overlapping [from, to), by start (public). providerId is the provider's user id or provider id; from and to are calendar dates (midnight in the provider's zone) or date-times with an offset; default the current week (Sunday to Sunday) in the provider's zone; at most ${MAX_RANGE_DAYS} days. The provider's IANA zone is in the ${TIME_ZONE_HEADER} header.`,
        params: providerIdParamSchema,
        querystring: availabilityRangeSchema,
        response: { 200: availabilityListSchema, 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      const { timeZone, slots } = await listAvailability(db, request.params.providerId, request.query);
      void reply.header(TIME_ZONE_HEADER, timeZone);
      return slots;
    },
  );

  app.post(
    '/api/availability',
    {
      // Before validation: who may call comes first (a signed-out caller gets 401 whatever the body).
      preValidation: requireRole('PROVIDER'),
      schema: {
        tags: ['availability'],
        summary: `Add one slot or recurring schedule to your own availability (providers only). ${slotRules}`,
        body: availabilityInputSchema,
        response: { 201: availabilityCreatedSchema, ...writeErrors },
      },
    },
    async (request, reply) => {
      const created = await addAvailability(db, requireUser(request).id, [request.body]);
      return reply.code(201).send(created);
    },
  );

  app.post(
    '/api/availability/bulk',
    {
      // Before validation: who may call comes first (a signed-out caller gets 401 whatever the body).
      preValidation: requireRole('PROVIDER'),
      schema: {
        tags: ['availability'],
        summary: `Add up to ${MAX_BULK_SLOTS} slots at once, all or none (providers only). ${slotRules}`,
        body: availabilityBulkSchema,
        response: { 201: availabilityCreatedSchema, ...writeErrors },
      },
    },
    async (request, reply) => {
      const created = await addAvailability(db, requireUser(request).id, request.body.availabilities);
      return reply.code(201).send(created);
    },
  );

  app.delete(
    '/api/availability/:id',
    {
      // Before validation: who may call comes first (a signed-out caller gets 401 whatever the body).
      preValidation: requireRole('PROVIDER'),
      schema: {
        tags: ['availability'],
        summary:
          'Delete one of your slots; with series=true every occurrence of its recurring series (providers only). For an occurrence of a weekly schedule (occurrenceDate set), pass date=occurrenceDate: alone, only that occurrence goes; with series=true the schedule ends before it.',
        params: availabilityIdParamSchema,
        querystring: availabilityDeleteQuerySchema,
        response: {
          200: availabilityDeletedSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          403: errorBodySchema,
          404: errorBodySchema,
        },
      },
    },
    async (request) =>
      deleteAvailability(db, requireUser(request).id, request.params.id, request.query.series, request.query.date),
  );
};
