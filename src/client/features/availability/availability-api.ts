import { queryOptions } from '@tanstack/react-query';
import type { AvailabilityInput } from '@shared/api/availability';
import type { AvailabilityCreated, AvailabilitySlot, CalendarBooking } from '@shared/api/availability-responses';
import { WEEK_DAYS } from '@shared/domain/availability';
import { addCalendarDays, type CalendarDate } from '@shared/domain/time';
import { apiJson, apiRequest } from '@/lib/api';

/**
 * The availability calls of docs/product.md. The response schemas (zod/mini) load with the first
 * answer, not with the page's chunk (decision 012).
 */
const loadSchemas = () => import('@shared/api/availability-responses');

/** Every availability query of a provider starts with this key: invalidate it after a change. */
export const availabilityKey = (providerId: string) => ['/api/availability', providerId] as const;

/**
 * One week of a provider's slots: `weekStart` and the 7 days after it, read as calendar dates in
 * the provider's zone by the server.
 */
export const availabilityWeekQuery = (providerId: string, weekStart: CalendarDate) =>
  queryOptions({
    queryKey: [...availabilityKey(providerId), weekStart],
    queryFn: async ({ signal }): Promise<AvailabilitySlot[]> => {
      const to = addCalendarDays(weekStart, WEEK_DAYS);
      const url = `/api/availability/${encodeURIComponent(providerId)}?from=${weekStart}&to=${to}`;
      const [schemas, res] = await Promise.all([loadSchemas(), apiRequest('GET', url, undefined, { signal })]);
      return schemas.availabilityListSchema.parse(await res.json());
    },
  });

/** docs/product.md: one slot goes to POST /api/availability, more than one to /bulk. */
export async function addAvailability(input: AvailabilityInput | AvailabilityInput[]): Promise<AvailabilityCreated> {
  const [schemas, body] = await Promise.all([
    loadSchemas(),
    Array.isArray(input)
      ? apiJson('POST', '/api/availability/bulk', { availabilities: input })
      : apiJson('POST', '/api/availability', input),
  ]);
  return schemas.availabilityCreatedSchema.parse(body);
}

/**
 * Deletes one slot, or with `series` every occurrence of its recurring series. An occurrence of a
 * weekly schedule is named by its `occurrenceDate`.
 */
export async function deleteAvailability(id: string, series: boolean, occurrenceDate?: string | null): Promise<number> {
  const params = new URLSearchParams();
  if (series) params.set('series', 'true');
  if (occurrenceDate && !series) params.set('date', occurrenceDate);
  const query = params.size ? `?${params.toString()}` : '';
  const url = `/api/availability/${encodeURIComponent(id)}${query}`;
  const [schemas, body] = await Promise.all([loadSchemas(), apiJson('DELETE', url)]);
  return schemas.availabilityDeletedSchema.parse(body).deleted;
}

/**
 * The provider's own bookings in the week starting `weekStart` (their zone's midnights): requests
 * waiting for an answer and accepted bookings, for the Availability week (decision 053).
 */
export const calendarBookingsQuery = (weekStart: CalendarDate) =>
  queryOptions({
    queryKey: ['/api/provider/calendar/bookings', weekStart],
    // Bookings change by others' hands (a traveler's request, a cancellation): read again on each visit.
    staleTime: 0,
    queryFn: async ({ signal }): Promise<CalendarBooking[]> => {
      const to = addCalendarDays(weekStart, WEEK_DAYS);
      const url = `/api/provider/calendar/bookings?from=${weekStart}&to=${to}`;
      const [schemas, res] = await Promise.all([loadSchemas(), apiRequest('GET', url, undefined, { signal })]);
      return schemas.calendarBookingListSchema.parse(await res.json());
    },
  });
