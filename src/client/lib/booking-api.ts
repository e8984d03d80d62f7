import { queryOptions } from '@tanstack/react-query';
import type { ZodMiniType } from 'zod/mini';
import type { Booking, CreateBookingInput } from '@shared/api/bookings';
import { apiFetch, apiRequest, throwIfResNotOk } from '@/lib/api';

/**
 * The booking calls the checkout and the service page make (here, not in a feature, as
 * both the catalog feature and the checkout use them). The response schemas
 * (zod/mini) load with the first answer, as the catalog's do (decision 012).
 */
type Schemas = typeof import('@shared/api/bookings-responses');
const loadSchemas = () => import('@shared/api/bookings-responses');

async function getParsed<T>(url: string, schemaOf: (s: Schemas) => ZodMiniType<T>, signal?: AbortSignal): Promise<T> {
  const [schemas, res] = await Promise.all([loadSchemas(), apiRequest('GET', url, undefined, { signal })]);
  return schemaOf(schemas).parse(await res.json());
}

/**
 * GET /api/services/{id}/available-days: the days of `month` (yyyy-MM, provider's zone) with a free
 * start time for `hours`. Free times change as others book: fetched afresh on every visit.
 */
export const availableDaysQuery = (serviceId: string, month: string, hours: number) =>
  queryOptions({
    queryKey: ['/api/services', serviceId, 'available-days', { month, hours }],
    queryFn: ({ signal }) =>
      getParsed(
        `/api/services/${encodeURIComponent(serviceId)}/available-days?${new URLSearchParams({ month, hours: String(hours) })}`,
        (s) => s.availableDaysResponseSchema,
        signal,
      ),
    staleTime: 0,
  });

/** GET /api/services/{id}/slots: the free start times of `date` (yyyy-MM-dd, provider's zone). */
export const slotsQuery = (serviceId: string, date: string, hours: number) =>
  queryOptions({
    queryKey: ['/api/services', serviceId, 'slots', { date, hours }],
    queryFn: ({ signal }) =>
      getParsed(
        `/api/services/${encodeURIComponent(serviceId)}/slots?${new URLSearchParams({ date, hours: String(hours) })}`,
        (s) => s.slotsResponseSchema,
        signal,
      ),
    staleTime: 0,
  });

/** A fresh Idempotency-Key (one per booking attempt, kept across retries of that attempt). */
export function newIdempotencyKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** POST /api/bookings: a request in PENDING (201), or an ApiError (409 when the time was just taken). */
export async function createBooking(input: CreateBookingInput, idempotencyKey: string): Promise<Booking> {
  const [schemas, res] = await Promise.all([
    loadSchemas(),
    apiFetch('/api/bookings', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': idempotencyKey },
      body: JSON.stringify(input),
    }).then(throwIfResNotOk),
  ]);
  return schemas.bookingResponseSchema.parse(await res.json()).booking;
}
