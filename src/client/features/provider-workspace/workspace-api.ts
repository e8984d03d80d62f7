import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { MyProvider } from '@shared/api/providers';
import type {
  CreateServiceInput,
  DayLengthWarning,
  ProviderBooking,
  ProviderSetup,
  ProviderService,
  ProviderStats,
  UpdateMyProviderInput,
  UpdateServiceInput,
} from '@shared/api/provider-workspace';
import type { Booking } from '@shared/api/bookings-responses';
import type { CitySuggestion } from '@shared/api/catalog-responses';
import { userResponseSchema, type User } from '@shared/api/auth-responses';
import { apiJson, apiRequest } from '@/lib/api';

/**
 * The provider workspace's calls. Query keys are the request paths (the generic fetcher's
 * convention, docs/product.md), so the route loader and the page share the cache entries.
 */
export const myProviderQuery = queryOptions({
  queryKey: ['/api/provider/me'],
  queryFn: () => apiJson<MyProvider>('GET', '/api/provider/me'),
});

export const providerStatsQuery = queryOptions({
  queryKey: ['/api/provider/stats'],
  queryFn: () => apiJson<ProviderStats>('GET', '/api/provider/stats'),
});

export const providerServicesQuery = queryOptions({
  queryKey: ['/api/provider/services'],
  queryFn: () => apiJson<ProviderService[]>('GET', '/api/provider/services'),
});

export const providerBookingsQuery = queryOptions({
  queryKey: ['/api/provider/bookings'],
  queryFn: () => apiJson<ProviderBooking[]>('GET', '/api/provider/bookings'),
});

/** The setup checklist, and whether travelers can book the provider now (decision 054). */
export const providerSetupQuery = queryOptions({
  queryKey: ['/api/provider/setup'],
  queryFn: () => apiJson<ProviderSetup>('GET', '/api/provider/setup'),
});

/** Known places for the service form's City, in any of their names (decision 052). */
export const placeSuggestionsQuery = (q: string) =>
  queryOptions({
    queryKey: ['/api/places/suggest', q.trim()],
    queryFn: async ({ signal }) => {
      const res = await apiRequest('GET', `/api/places/suggest?${new URLSearchParams({ q: q.trim() })}`, undefined, {
        signal,
      });
      return (await res.json()) as CitySuggestion[];
    },
    staleTime: 5 * 60 * 1000,
  });

/** Everything the dashboard of a provider shows first (the route loader prefetches these). */
export function prefetchProviderDashboard(queryClient: QueryClient) {
  return Promise.all([
    queryClient.prefetchQuery(myProviderQuery),
    queryClient.prefetchQuery(providerStatsQuery),
    queryClient.prefetchQuery(providerServicesQuery),
    queryClient.prefetchQuery(providerBookingsQuery),
    queryClient.prefetchQuery(providerSetupQuery),
  ]);
}

/** What saving a service returns: the service, and a per-day day no availability window holds. */
export type SavedService = { service: ProviderService; dayLengthWarning?: DayLengthWarning | null };

export function createServiceRequest(input: CreateServiceInput) {
  return apiJson<SavedService>('POST', '/api/services', input);
}

export function updateServiceRequest(id: string, input: UpdateServiceInput) {
  return apiJson<SavedService>('PATCH', `/api/services/${encodeURIComponent(id)}`, input);
}

export function deleteServiceRequest(id: string) {
  return apiJson<{ ok: true }>('DELETE', `/api/services/${encodeURIComponent(id)}`);
}

export function updateMyProviderRequest(input: UpdateMyProviderInput) {
  return apiJson<MyProvider>('PATCH', '/api/provider/me', input);
}

/**
 * After a service changed: the dashboard's lists and numbers, and every public list that may show
 * it (search, featured, the service page, provider profiles) are fetched again.
 */
export function invalidateAfterServiceChange(queryClient: QueryClient) {
  for (const key of [
    '/api/provider/services',
    '/api/provider/stats',
    '/api/provider/me',
    '/api/provider/setup',
    '/api/services',
    '/api/services/featured',
    '/api/providers',
  ]) {
    void queryClient.invalidateQueries({ queryKey: [key] });
  }
}

/** After the profile changed: the dashboard and the public profile (and cards naming the provider). */
export function invalidateAfterProfileChange(queryClient: QueryClient) {
  for (const key of [
    '/api/provider/me',
    '/api/provider/setup',
    '/api/providers',
    '/api/services',
    '/api/services/featured',
  ]) {
    void queryClient.invalidateQueries({ queryKey: [key] });
  }
}

/** POST /api/bookings/{id}/accept: a PENDING request becomes CONFIRMED (409 when it has moved on). */
export function acceptBookingRequest(id: string) {
  return apiJson<{ booking: Booking }>('POST', `/api/bookings/${encodeURIComponent(id)}/accept`, {});
}

/** POST /api/bookings/{id}/decline with an optional reason the traveler sees. */
export function declineBookingRequest(
  id: string,
  reason: string | undefined,
  alternativeStarts: readonly string[] = [],
) {
  return apiJson<{ booking: Booking }>('POST', `/api/bookings/${encodeURIComponent(id)}/decline`, {
    reason,
    ...(alternativeStarts.length ? { alternativeStarts } : {}),
  });
}

/** After answering a request: the list, the Pending Requests count, and the conversations showing its status. */
export function invalidateAfterBookingAnswer(queryClient: QueryClient) {
  // ...and the Availability week's bookings (an accepted request is no longer tentative).
  for (const key of [
    '/api/provider/bookings',
    '/api/provider/stats',
    '/api/bookings',
    '/api/provider/calendar/bookings',
  ]) {
    void queryClient.invalidateQueries({ queryKey: [key] });
  }
  void queryClient.invalidateQueries({ queryKey: ['/api/bookings/with-messages'] });
}

/**
 * GET /api/auth/me after a profile change: a first profile photo is also the account's, so the
 * header (AuthProvider's user) is refreshed with it at once.
 */
export async function refetchCurrentUser(): Promise<User> {
  return userResponseSchema.parse(await apiJson<unknown>('GET', '/api/auth/me')).user;
}
