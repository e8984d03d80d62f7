import type { CreateServiceInput, ProviderService } from '@shared/api/provider-workspace';
import { DEFAULT_LOCATION_TYPE, needsServiceAddress, type LocationType } from '@shared/domain/service-location';
import { DEFAULT_MIN_HOURS, DEFAULT_PRICING_UNIT, type PRICING_UNITS } from '@shared/domain/service-limits';

/** What the Create/Edit Service dialog holds while typing (numbers as typed). */
export type FormState = {
  title: string;
  description: string;
  categoryId: string;
  city: string;
  price: string;
  /** Offered free: an explicit choice (the price field is then off and the price is 0). */
  isFree: boolean;
  pricingUnit: (typeof PRICING_UNITS)[number];
  minHours: string;
  photos: string[];
  locationType: LocationType;
  locationAddress: string;
  locationArea: string;
};

export function initialState(service: ProviderService | undefined): FormState {
  return {
    title: service?.title ?? '',
    description: service?.description ?? '',
    categoryId: service?.categoryId ?? '',
    city: service?.city ?? '',
    price: service && service.price > 0 ? String(service.price / 100) : '',
    isFree: service?.price === 0,
    pricingUnit: service?.pricingUnit ?? DEFAULT_PRICING_UNIT,
    minHours: String(service?.minHours ?? DEFAULT_MIN_HOURS),
    photos: service?.photos ?? [],
    locationType: service?.locationType ?? DEFAULT_LOCATION_TYPE,
    locationAddress: service?.locationAddress ?? '',
    locationArea: service?.locationArea ?? '',
  };
}

/** What is wrong with the price field: empty, not a number, negative, or 0 without choosing free. */
export type PriceFieldProblem = 'empty' | 'not_number' | 'negative' | 'zero';

/** The form's own checks before anything is sent, by field (the server checks the same again); the dialog words them. */
export function formErrors(form: FormState): Partial<Record<'price', PriceFieldProblem>> {
  if (form.isFree) return {};
  if (form.price.trim() === '') return { price: 'empty' };
  const dollars = Number(form.price);
  if (!Number.isFinite(dollars)) return { price: 'not_number' };
  if (dollars < 0) return { price: 'negative' };
  if (Math.round(dollars * 100) === 0) return { price: 'zero' };
  return {};
}

/**
 * Dollars to integer cents by rounding (prices are integer cents); minHours parsed as an integer.
 * A free service is sent as `free: true` with a price of 0; a price that is not a number is left
 * out, for the server to refuse.
 */
export function toPayload(form: FormState): CreateServiceInput {
  const dollars = Number.parseFloat(form.price);
  const minHours = Number.parseInt(form.minHours, 10);
  return {
    title: form.title,
    description: form.description,
    categoryId: form.categoryId,
    city: form.city,
    ...(form.isFree ? { price: 0, free: true } : Number.isFinite(dollars) ? { price: Math.round(dollars * 100) } : {}),
    pricingUnit: form.pricingUnit,
    minHours: Number.isFinite(minHours) ? minHours : DEFAULT_MIN_HOURS,
    photos: form.photos,
    locationType: form.locationType,
    // A service at the traveler's address has no address of its own.
    ...(needsServiceAddress(form.locationType) ? { locationAddress: form.locationAddress } : {}),
    locationArea: form.locationArea,
  };
}

/** How many hours a day a per-day service covers unless the provider says otherwise: a working day. */
export const DEFAULT_DAY_HOURS = 8;

/**
 * The length field when the unit changes: a per-day service starts at DEFAULT_DAY_HOURS rather
 * than the per-hour minimum of 1, and going back from per day restores 1, but only while the
 * field still holds the other unit's default (a length the provider typed is kept).
 */
export function minHoursForUnit(
  from: FormState['pricingUnit'],
  to: FormState['pricingUnit'],
  minHours: string,
): string {
  if (to === 'per day' && from !== 'per day' && minHours === String(DEFAULT_MIN_HOURS))
    return String(DEFAULT_DAY_HOURS);
  if (from === 'per day' && to !== 'per day' && minHours === String(DEFAULT_DAY_HOURS))
    return String(DEFAULT_MIN_HOURS);
  return minHours;
}
