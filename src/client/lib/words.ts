import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { isBookingStatus, type BookingStatus } from '@shared/domain/booking-status';
import type { CategorySlug } from '@shared/domain/categories';
import type { PricingUnit } from '@shared/domain/pricing';
import type { LocationType } from '@shared/domain/service-location';

/** Locora's own categories in the reader's language (the demo data keeps its English names). */
const NAMES: Record<CategorySlug, MessageDescriptor> = {
  massage: msg`Massage`,
  tours: msg`Tours`,
  'private-chef': msg`Private Chef`,
  doctor: msg`Doctor`,
  yoga: msg`Yoga`,
  babysitting: msg`Babysitting`,
  driver: msg`Driver`,
  beauty: msg`Beauty`,
  fitness: msg`Fitness`,
};

/**
 * A category's name as the reader reads it: ours by its slug in their language, one an admin
 * added as it was written.
 */
export function useCategoryName(): (category: { slug: string; name: string }) => string {
  const { i18n } = useLingui();
  return (category) => {
    const known = (NAMES as Record<string, MessageDescriptor | undefined>)[category.slug];
    return known ? i18n._(known) : category.name;
  };
}

const UNITS: Record<PricingUnit, MessageDescriptor> = {
  'per hour': msg`per hour`,
  'per session': msg`per session`,
  'per day': msg`per day`,
};

/** 'per hour' beside a price, in the reader's language ('por hora', '1時間あたり'). */
export function usePricingUnit(): (unit: PricingUnit) => string {
  const { i18n } = useLingui();
  return (unit) => i18n._(UNITS[unit]);
}

const LOCATION_TYPES: Record<LocationType, MessageDescriptor> = {
  provider_place: msg`At the provider’s place`,
  meeting_point: msg`At a meeting point`,
  traveler_address: msg`At your address`,
};

/** Where a service happens, as a traveler reads it ('At the provider’s place'). */
export function useLocationTypeLabel(): (type: LocationType) => string {
  const { i18n } = useLingui();
  return (type) => i18n._(LOCATION_TYPES[type]);
}

/**
 * How a service is priced and for how long (pricingUnitText in the reader's language): 'Minimum 2
 * hours' per hour; 'Priced per session · 3 hours a session' and 'Priced per day · 8 hours a day'.
 */
export function usePricingUnitText(): (unit: PricingUnit, minHours: number) => string {
  const { i18n } = useLingui();
  return (unit, minHours) =>
    i18n._(
      unit === 'per hour'
        ? msg`${plural(minHours, { one: 'Minimum # hour', other: 'Minimum # hours' })}`
        : unit === 'per day'
          ? msg`${plural(minHours, { one: 'Priced per day · # hour a day', other: 'Priced per day · # hours a day' })}`
          : msg`${plural(minHours, { one: 'Priced per session · # hour a session', other: 'Priced per session · # hours a session' })}`,
    );
}

const STATUSES: Record<BookingStatus, MessageDescriptor> = {
  PENDING: msg`Pending`,
  CONFIRMED: msg`Confirmed`,
  PAID: msg`Paid`,
  COMPLETED: msg`Completed`,
  CANCELED: msg`Canceled`,
  REFUNDED: msg`Refunded`,
};

/** A booking status's words in the reader's language; a value this version does not know, as it is. */
export function useBookingStatusLabel(): (status: string) => string {
  const { i18n } = useLingui();
  return (status) => (isBookingStatus(status) ? i18n._(STATUSES[status]) : status);
}
