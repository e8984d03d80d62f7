import { queryOptions } from '@tanstack/react-query';
import type { Booking, CreateBookingInput } from '@shared/api/bookings';
import { apiFetch, apiJson, throwIfResNotOk } from '@/lib/api';

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
    import('@shared/api/bookings-responses'),
    apiFetch('/api/bookings', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': idempotencyKey },
      body: JSON.stringify(input),
    }).then(throwIfResNotOk),
  ]);
  return schemas.bookingResponseSchema.parse(await res.json()).booking;
}

/** GET /api/bookings/{id}: the request the dashboard's 'Complete payment' sends the traveler to pay for. */
export const bookingQuery = (id: string | null) =>
  queryOptions({
    queryKey: ['/api/bookings', id],
    queryFn: () => apiJson<{ booking: Booking }>('GET', `/api/bookings/${encodeURIComponent(id ?? '')}`),
    enabled: !!id,
  });
