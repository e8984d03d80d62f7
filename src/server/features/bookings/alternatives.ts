/**
 * Other times a provider offers when declining a request (decision 065): each must be one of the
 * service's free starts for the request's length right now, the declined request's own time
 * counted as free (declining frees it). Read as the slots are: availability less live bookings and
 * the provider's imported busy time.
 */
import { msg } from '@lingui/core/macro';
import { and, eq } from 'drizzle-orm';
import { bookingEnd } from '../../../shared/domain/booking-lifecycle.ts';
import { computeSlots } from '../../../shared/domain/slots.ts';
import { calendarDateIn, type ZonePlaces } from '../../../shared/domain/time.ts';
import { startText, type BookingParties } from '../../bookings/booking-sql.ts';
import type { Executor } from '../../db/open.ts';
import { isVisibleService, services } from '../../db/schema.ts';
import { localized } from '../../http/api-messages.ts';
import { AppError } from '../../http/errors.ts';
import { loadBusy, loadEffectiveAvailability } from '../../read-models/availability.ts';
import { loadImportedBusy } from '../../read-models/calendar-busy.ts';

export const SERVICE_NOT_BOOKABLE_MESSAGE =
  'This service cannot be booked now, so no other time can be offered. Decline without one.';

/** "{time} is not one of your free times for this request.", the time as the reader writes it. */
export function notFreeMessage(start: Date, timeZone: string, places: ZonePlaces) {
  return localized((i18n, locale) => {
    const time = startText(start, timeZone, places, locale);
    return i18n._(msg`${time} is not one of your free times for this request. Pick them from your free times.`);
  });
}

/** The offered starts as instants, checked against the provider's free times; throws a 400 otherwise. */
export async function checkAlternativeStarts(
  tx: Executor,
  b: BookingParties,
  offered: readonly string[],
  now: Date,
): Promise<Date[]> {
  const starts = offered.map((s) => new Date(s)).sort((x, y) => x.getTime() - y.getTime());
  const first = starts[0];
  const last = starts.at(-1);
  if (!first || !last) return [];
  const [service] = await tx
    .select({ id: services.id })
    .from(services)
    .where(and(eq(services.id, b.service_id), isVisibleService(services)))
    .limit(1);
  if (!service) throw new AppError('BAD_REQUEST', SERVICE_NOT_BOOKABLE_MESSAGE);
  const window = { start: first, end: bookingEnd(last, b.hours) };
  const [availability, busy, imported] = await Promise.all([
    loadEffectiveAvailability(tx, b.provider_id, window, b.time_zone),
    loadBusy(tx, b.provider_id, window, now),
    loadImportedBusy(tx, b.provider_id, window),
  ]);
  // The request being declined frees its own time (no other live booking can share its interval).
  const own = (i: { start: Date; end: Date }) =>
    i.start.getTime() === b.start_at.getTime() && i.end.getTime() === b.end_at.getTime();
  const others = busy.filter((i) => !own(i)).concat(imported);
  for (const start of starts) {
    const date = calendarDateIn(start, b.time_zone);
    const free = computeSlots({ date, timeZone: b.time_zone, hours: b.hours, now, availability, busy: others });
    if (!free.some((slot) => slot.start.getTime() === start.getTime()))
      throw new AppError('BAD_REQUEST', notFreeMessage(start, b.time_zone, [b.service_city]));
  }
  return starts;
}
