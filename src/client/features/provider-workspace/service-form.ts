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
    price: service ? String(service.price / 100) : '',
    pricingUnit: service?.pricingUnit ?? DEFAULT_PRICING_UNIT,
    minHours: String(service?.minHours ?? DEFAULT_MIN_HOURS),
    photos: service?.photos ?? [],
    locationType: service?.locationType ?? DEFAULT_LOCATION_TYPE,
    locationAddress: service?.locationAddress ?? '',
    locationArea: service?.locationArea ?? '',
  };
}

/** Dollars to integer cents by rounding (prices are integer cents); minHours parsed as an integer. */
export function toPayload(form: FormState): CreateServiceInput {
  const dollars = Number.parseFloat(form.price);
  const minHours = Number.parseInt(form.minHours, 10);
  return {
    title: form.title,
    description: form.description,
    categoryId: form.categoryId,
    city: form.city,
    price: Number.isFinite(dollars) ? Math.round(dollars * 100) : 0,
    pricingUnit: form.pricingUnit,
    minHours: Number.isFinite(minHours) ? minHours : DEFAULT_MIN_HOURS,
    photos: form.photos,
    locationType: form.locationType,
    // A service at the traveler's address has no address of its own.
    ...(needsServiceAddress(form.locationType) ? { locationAddress: form.locationAddress } : {}),
    locationArea: form.locationArea,
  };
}
