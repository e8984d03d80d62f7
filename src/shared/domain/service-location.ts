/**
 * Where a service happens (a field of the service): at the provider's place (its address), at a
 * meeting point, or at the traveler's address. Travelers see the city and the area until the
 * provider accepts; the exact address of a place or meeting point once the booking is confirmed.
 * Checkout asks for the traveler's address only when the service happens there, and then needs it.
 */
export const LOCATION_TYPES = ['provider_place', 'meeting_point', 'traveler_address'] as const;
export type LocationType = (typeof LOCATION_TYPES)[number];

/** What a client that does not say gets: the service comes to the traveler, as it always did. */
export const DEFAULT_LOCATION_TYPE: LocationType = 'traveler_address';

export const SERVICE_LOCATION_ADDRESS_MAX = 300;
export const SERVICE_LOCATION_AREA_MAX = 100;

/** Whether the traveler must give an address at checkout. */
export function needsTravelerAddress(type: LocationType): boolean {
  return type === 'traveler_address';
}

/** Whether the provider must give the address of their place or the meeting point. */
export function needsServiceAddress(type: LocationType): boolean {
  return type !== 'traveler_address';
}

/**
 * The API's 400s when an address is missing (English; the server answers each reader in their
 * language, src/server/http/api-messages.ts, and the screens word the same with their own messages).
 */
export const TRAVELER_ADDRESS_REQUIRED = 'Enter the address where the service should happen';
export const SERVICE_ADDRESS_REQUIRED = 'Enter the address of your place or the meeting point';

/** Statuses in which the traveler sees the exact address of a place or meeting point: once accepted. */
const REVEALED = new Set(['CONFIRMED', 'PAID', 'COMPLETED']);
export function isAddressRevealed(status: string): boolean {
  return REVEALED.has(status);
}
