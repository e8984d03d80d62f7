import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { availableDaysResponseSchema, slotsResponseSchema } from '../../../shared/api/bookings-responses.ts';
import { availableDaysQuerySchema, slotsQuerySchema } from '../../../shared/api/bookings.ts';
import { idParamSchema } from '../../../shared/api/catalog.ts';
import { errorBodySchema } from '../../../shared/api/errors.ts';
import { MAX_BOOKING_DAYS_AHEAD, MIN_LEAD_HOURS, SLOT_STEP_MINUTES } from '../../../shared/domain/booking-lifecycle.ts';
import { systemClock, type Clock } from '../../clock.ts';
import type { Db } from '../../db/open.ts';
import { getAvailableDays, getSlots } from './slots.ts';

/**
 * Slots change whenever anyone books, so no cache may keep them: `no-store` (a stale answer would
 * offer a time that is taken, and the booking would then fail with 409).
 */
const NO_STORE = 'no-store';

const rules = `Start times every ${SLOT_STEP_MINUTES} minutes of the provider's wall clock, inside available time minus blocked time, minus the provider's live bookings and minus busy time imported from their calendars (PENDING, CONFIRMED, PAID, of any of their services), where the whole number of hours fits; none sooner than ${MIN_LEAD_HOURS} hours from now or more than ${MAX_BOOKING_DAYS_AHEAD} days ahead. A wall time that does not exist (spring forward) never starts a slot; one that happens twice (fall back) gives both instants. Public; the service must be visible (else 404); hours below its minHours is a 400.`;

const errors = { 400: errorBodySchema, 404: errorBodySchema };

export const slotRoutes: FastifyPluginAsyncZod<{ db: Db; clock?: Clock }> = async (
  app,
  { db, clock = systemClock },
) => {
  app.get(
    '/api/services/:id/slots',
    {
      schema: {
        tags: ['bookings'],
        summary: `The free start times of one day (date: yyyy-MM-dd in the provider's time zone) for hours N, as ISO UTC instants. ${rules}`,
        params: idParamSchema,
        querystring: slotsQuerySchema,
        response: { 200: slotsResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', NO_STORE);
      return getSlots(db, request.params.id, request.query, clock.now());
    },
  );

  app.get(
    '/api/services/:id/available-days',
    {
      schema: {
        tags: ['bookings'],
        summary: `The days of a month (month: yyyy-MM in the provider's time zone) with at least one free start time for hours N. ${rules}`,
        params: idParamSchema,
        querystring: availableDaysQuerySchema,
        response: { 200: availableDaysResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', NO_STORE);
      return getAvailableDays(db, request.params.id, request.query, clock.now());
    },
  );
};
