/**
 * Bookable start times of a public service (decision 020): the slot maths is pure
 * (shared/domain/slots.ts); this file loads what it needs for a window of days, nothing more.
 * Public: anyone may read the slots of a visible service (active, not paused, not deleted).
 */
import { msg } from '@lingui/core/macro';
import { and, eq } from 'drizzle-orm';
import type { AvailableDaysResponse, SlotsResponse } from '../../../shared/api/bookings-responses.ts';
import type { AvailableDaysQuery, SlotsQuery } from '../../../shared/api/bookings.ts';
import type { Interval } from '../../../shared/domain/availability.ts';
import { availableDays, computeSlots, monthDates, slotWindow } from '../../../shared/domain/slots.ts';
import type { Executor } from '../../db/open.ts';
import { isVisibleService, providers, services } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import { localized } from '../../http/api-messages.ts';
import { loadBusy, loadEffectiveAvailability } from '../../read-models/availability.ts';
import { loadImportedBusy } from '../../read-models/calendar-busy.ts';

/** The visible service's provider, zone and minimum; 404 otherwise; 400 below its minimum hours. */
async function bookableService(db: Executor, serviceId: string, hours: number) {
  const [service] = await db
    .select({ providerId: services.providerId, minHours: services.minHours, timeZone: providers.timeZone })
    .from(services)
    .innerJoin(providers, eq(providers.id, services.providerId))
    .where(and(eq(services.id, serviceId), isVisibleService(services)))
    .limit(1);
  if (!service) throw new AppError('NOT_FOUND', 'Service not found.');
  if (hours < service.minHours) {
    const minHours = service.minHours;
    throw new AppError(
      'BAD_REQUEST',
      localized((i18n) => i18n._(msg`This service is booked for a minimum of ${minHours} hour(s)`)),
    );
  }
  return service;
}

/**
 * Availability and busy time for `window`, read side by side. Busy time is the live bookings and
 * the busy time imported from the provider's own calendars (decision 040), subtracted alike.
 */
async function loadWindow(db: Executor, providerId: string, timeZone: string, window: Interval, now: Date) {
  const [availability, busy, imported] = await Promise.all([
    loadEffectiveAvailability(db, providerId, window, timeZone),
    loadBusy(db, providerId, window, now),
    loadImportedBusy(db, providerId, window),
  ]);
  return { availability, busy: imported.length ? busy.concat(imported) : busy };
}

/**
 * GET /api/services/{id}/slots: the free start times of `date` (a day in the provider's zone).
 * A day outside what can be booked now (past, or more than 180 days ahead) has none.
 */
export async function getSlots(
  db: Executor,
  serviceId: string,
  query: SlotsQuery,
  now = new Date(),
): Promise<SlotsResponse> {
  const service = await bookableService(db, serviceId, query.hours);
  const { timeZone } = service;
  const window = slotWindow(query.date, query.date, timeZone, query.hours, now);
  if (!window) return { timeZone, date: query.date, slots: [] };
  const loaded = await loadWindow(db, service.providerId, timeZone, window, now);
  const slots = computeSlots({ date: query.date, timeZone, hours: query.hours, now, ...loaded });
  return {
    timeZone,
    date: query.date,
    slots: slots.map((s) => ({ start: s.start.toISOString(), end: s.end.toISOString() })),
  };
}

/**
 * GET /api/services/{id}/available-days: the days of `month` (provider's zone) with at least one
 * slot, read with one availability query and one bookings query for the whole month.
 */
export async function getAvailableDays(
  db: Executor,
  serviceId: string,
  query: AvailableDaysQuery,
  now = new Date(),
): Promise<AvailableDaysResponse> {
  const service = await bookableService(db, serviceId, query.hours);
  const { timeZone } = service;
  const dates = monthDates(query.month);
  const window = slotWindow(dates[0] as string, dates.at(-1) as string, timeZone, query.hours, now);
  if (!window) return { timeZone, month: query.month, days: [] };
  const loaded = await loadWindow(db, service.providerId, timeZone, window, now);
  return {
    timeZone,
    month: query.month,
    days: availableDays({ month: query.month, timeZone, hours: query.hours, now, ...loaded }),
  };
}
