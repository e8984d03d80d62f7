import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { bookingListSchema, bookingResponseSchema, reviewResponseSchema } from '@shared/api/bookings-responses';
import type { CreateReviewInput } from '@shared/api/bookings';
import { apiJson, apiRequest } from '@/lib/api';

/**
 * The traveler dashboard's calls. Answers are checked with the zod/mini response schemas
 * (this module is in the dashboard's own chunk). Every bookings key starts with '/api/bookings', so
 * one invalidation refreshes both lists.
 */
export type BookingListStatus = 'upcoming' | 'past';

export const bookingsQueryKey = ['/api/bookings'] as const;

export function travelerBookingsQuery(status: BookingListStatus) {
  return queryOptions({
    queryKey: [...bookingsQueryKey, { status }] as const,
    queryFn: async ({ signal }) => {
      const res = await apiRequest('GET', `/api/bookings?status=${status}`, undefined, { signal });
      return bookingListSchema.parse(await res.json());
    },
  });
}

/** One booking (GET /api/bookings/{id}); under the same '/api/bookings' key, so a change refreshes it too. */
export function travelerBookingQuery(id: string) {
  return queryOptions({
    queryKey: [...bookingsQueryKey, id] as const,
    queryFn: async ({ signal }) => {
      const res = await apiRequest('GET', `/api/bookings/${encodeURIComponent(id)}`, undefined, { signal });
      return bookingResponseSchema.parse(await res.json()).booking;
    },
  });
}

export async function createReviewRequest(input: CreateReviewInput) {
  return reviewResponseSchema.parse(await apiJson<unknown>('POST', '/api/reviews', input)).review;
}

/** Everything the dashboard shows first (the server's route loader prefetches these). */
export function prefetchTravelerDashboard(queryClient: QueryClient) {
  return Promise.all([
    queryClient.prefetchQuery(travelerBookingsQuery('upcoming')),
    queryClient.prefetchQuery(travelerBookingsQuery('past')),
  ]);
}

/** After a booking changed: both lists, and the conversations that show its status. */
export function invalidateBookings(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: bookingsQueryKey });
  void queryClient.invalidateQueries({ queryKey: ['/api/bookings/with-messages'] });
}

/**
 * After a review: the bookings lists (docs/product.md) and every page that shows the review or
 * the ratings it moved (the service, its provider's profile and reviews, cards in lists).
 */
export function invalidateAfterReview(queryClient: QueryClient) {
  invalidateBookings(queryClient);
  for (const key of ['/api/services', '/api/services/featured', '/api/providers', '/api/favorites']) {
    void queryClient.invalidateQueries({ queryKey: [key] });
  }
}
