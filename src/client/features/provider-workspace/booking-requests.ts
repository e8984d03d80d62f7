import type { ProviderBooking } from '@shared/api/provider-workspace';

/** Requests waiting for an answer first (the soonest to expire on top), then the rest as the server orders them. */
export function pendingFirst(bookings: readonly ProviderBooking[]): ProviderBooking[] {
  const pending = bookings
    .filter((b) => b.status === 'PENDING')
    .sort((a, b) => (a.respondBy ?? a.start).localeCompare(b.respondBy ?? b.start));
  return [...pending, ...bookings.filter((b) => b.status !== 'PENDING')];
}
