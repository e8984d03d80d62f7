import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addCalendarSchema,
  bookingIdParamSchema,
  busyRangeSchema,
  calendarIdParamSchema,
  calendarImportSchema,
  calendarSyncStateSchema,
  feedLinkSchema,
  feedTokenParamSchema,
  importedBusyListSchema,
} from '../../../shared/api/calendars.ts';
import { errorBodySchema } from '../../../shared/api/errors.ts';
import { systemClock, type Clock } from '../../clock.ts';
import type { Db } from '../../db/open.ts';
import { AppError } from '../../http/errors.ts';
import { clientNetwork, reserve } from '../../http/rate-limit.ts';
import { requestLocale } from '../../http/request-locale.ts';
import { requireRole, requireUser } from '../../http/session.ts';
import type { JobRunner } from '../../jobs/runner.ts';
import { addCalendar, listCalendars, listImportedBusy, removeCalendar, resumeCalendar } from './calendar-imports.ts';
import { providerFeed, travelerBookingCalendar } from './calendar-export.ts';
import { MAX_CALENDARS } from './calendars.ts';
import { getFeedStatus, providerByFeedToken, resetFeedToken } from './feed-tokens.ts';
import { listImportOverlaps } from './import-overlaps.ts';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
};

/** Feed requests that find no feed, per client network per 10 minutes (guessing). */
export const FEED_MISSES_PER_10_MIN = 30;
/** Requests of one feed per hour (calendar apps poll every 15 minutes to a few hours). */
export const FEED_READS_PER_HOUR = 60;
const FEED_NOT_FOUND = 'Calendar feed not found.';
const ICS_TYPE = 'text/calendar; charset=utf-8';
const MAX_BUSY_RANGE_MS = 62 * 24 * 3600 * 1000;

export const calendarRoutes: FastifyPluginAsyncZod<{
  db: Db;
  appUrl: string;
  clock?: Clock;
  allowLoopback: boolean;
  /** The job runner: a calendar just added is synced at once. */
  jobs: () => JobRunner | undefined;
}> = async (app, { db, appUrl, clock = systemClock, allowLoopback, jobs }) => {
  app.get(
    '/api/provider/calendar-sync',
    {
      preValidation: requireRole('PROVIDER'),
      schema: {
        tags: ['calendars'],
        summary:
          'Your imported calendars (each with its last successful sync and last error in plain words), the live bookings an imported busy time overlaps, and whether you have a feed link (providers only).',
        response: { 200: calendarSyncStateSchema, ...errors },
      },
    },
    async (request) => {
      const userId = requireUser(request).id;
      const [calendars, overlaps, feed] = await Promise.all([
        listCalendars(db, userId, requestLocale(request)),
        listImportOverlaps(db, userId, clock.now()),
        getFeedStatus(db, userId),
      ]);
      return { calendars, overlaps, feedCreatedAt: feed.createdAt };
    },
  );

  app.post(
    '/api/provider/calendar-feed',
    {
      preValidation: requireRole('PROVIDER'),
      schema: {
        tags: ['calendars'],
        summary:
          'Make a new private feed link (.ics) of your bookings; any older link stops working at once ("Reset link"). The link is shown this once: only a hash of it is kept (providers only).',
        response: { 201: feedLinkSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await resetFeedToken(db, requireUser(request).id, appUrl)),
  );

  app.post(
    '/api/provider/calendars',
    {
      preValidation: requireRole('PROVIDER'),
      schema: {
        tags: ['calendars'],
        summary: `Import busy time from a calendar address (https:// or webcal://), at most ${MAX_CALENDARS}; it is read at once and about every 15 minutes (providers only).`,
        body: addCalendarSchema,
        response: { 201: calendarImportSchema, ...errors },
      },
    },
    async (request, reply) => {
      const created = await addCalendar(
        db,
        requireUser(request).id,
        request.body,
        { allowLoopback },
        requestLocale(request),
      );
      jobs()?.nudge('calendar-sync');
      return reply.code(201).send(created);
    },
  );

  app.delete(
    '/api/provider/calendars/:id',
    {
      preValidation: requireRole('PROVIDER'),
      schema: {
        tags: ['calendars'],
        summary: 'Remove an imported calendar and its busy times (providers only).',
        params: calendarIdParamSchema,
        response: { 200: z.object({ id: z.uuid() }), ...errors },
      },
    },
    async (request) => {
      await removeCalendar(db, requireUser(request).id, request.params.id);
      return { id: request.params.id };
    },
  );

  app.post(
    '/api/provider/calendars/:id/resume',
    {
      preValidation: requireRole('PROVIDER'),
      schema: {
        tags: ['calendars'],
        summary:
          'Sync an imported calendar again now; one paused after 3 failed syncs in a row syncs again every 15 minutes (providers only).',
        params: calendarIdParamSchema,
        response: { 200: calendarImportSchema, ...errors },
      },
    },
    async (request) => {
      const calendar = await resumeCalendar(db, requireUser(request).id, request.params.id, requestLocale(request));
      jobs()?.nudge('calendar-sync');
      return calendar;
    },
  );

  app.get(
    '/api/provider/calendars/busy',
    {
      preValidation: requireRole('PROVIDER'),
      schema: {
        tags: ['calendars'],
        summary:
          'Your imported busy times overlapping [from, to) (ISO date-times, at most 62 days apart), labelled with the calendar’s name, never an event’s title (providers only).',
        querystring: busyRangeSchema,
        response: { 200: importedBusyListSchema, ...errors },
      },
    },
    async (request) => {
      const start = new Date(request.query.from);
      const end = new Date(request.query.to);
      if (Number.isNaN(start.getTime()) || Number.isNaN(end.getTime()))
        throw new AppError('BAD_REQUEST', 'from and to must be ISO 8601 date-times');
      if (end <= start || end.getTime() - start.getTime() > MAX_BUSY_RANGE_MS)
        throw new AppError('BAD_REQUEST', 'to must be after from, at most 62 days later');
      return listImportedBusy(db, requireUser(request).id, { start, end });
    },
  );

  app.get(
    '/api/calendar-feeds/:file',
    {
      schema: {
        tags: ['calendars'],
        summary:
          'A provider’s private feed of their bookings (iCalendar). The address is the secret: without a valid token, 404. Rate-limited.',
        params: feedTokenParamSchema,
        response: { 404: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request, reply) => {
      const token = request.params.file.replace(/\.ics$/i, '');
      const providerId = request.params.file.toLowerCase().endsWith('.ics')
        ? await providerByFeedToken(db, token)
        : undefined;
      if (!providerId) {
        // Only misses count against their network, so guessing is slow; a valid feed is never held
        // back by others' stale links polled from the same calendar service's addresses.
        await reserve(db, [
          { key: `calendar-feed-miss:${clientNetwork(request.ip)}`, max: FEED_MISSES_PER_10_MIN, windowSeconds: 600 },
        ]);
        throw new AppError('NOT_FOUND', FEED_NOT_FOUND);
      }
      await reserve(db, [{ key: `calendar-feed:${providerId}`, max: FEED_READS_PER_HOUR, windowSeconds: 3600 }]);
      const body = await providerFeed(db, providerId, appUrl, clock.now());
      return reply
        .header('content-type', ICS_TYPE)
        .header('cache-control', 'private, no-cache')
        .header('x-robots-tag', 'noindex')
        .send(body as never);
    },
  );

  app.get(
    '/api/bookings/:id/calendar.ics',
    {
      schema: {
        tags: ['calendars'],
        summary: 'Your booking as an iCalendar file to add to your calendar (the booking’s traveler only).',
        params: bookingIdParamSchema,
        response: { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const body = await travelerBookingCalendar(db, user.id, request.params.id, appUrl, clock.now());
      return reply
        .header('content-type', ICS_TYPE)
        .header('content-disposition', 'attachment; filename="locora-booking.ics"')
        .header('cache-control', 'private, no-store')
        .send(body as never);
    },
  );
};
