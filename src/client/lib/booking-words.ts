import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { FREE_CANCELLATION_HOURS, type CancelPolicyKind } from '@shared/domain/booking-lifecycle';
import { isBookingStatus, type BookingStatus } from '@shared/domain/booking-status';
import type { PricingUnit } from '@shared/domain/pricing';
import type { LocationType } from '@shared/domain/service-location';

/*
 * Words of bookings and services in the reader's language, for the screens after the first (the
 * `public` catalog, lingui.config.ts): where a service happens, how it is priced, a booking's status.
 */
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

/**
 * What cancelling now means for the money (cancelPolicyKind), as a traveler reads it in the cancel
 * dialog and on the booking's page.
 */
export function useCancelPolicyNote(): (kind: CancelPolicyKind) => string {
  const { i18n } = useLingui();
  const hours = FREE_CANCELLATION_HOURS;
  return (kind) =>
    i18n._(
      kind === 'pending'
        ? msg`The provider has not accepted yet: any card hold is released and nothing is charged.`
        : kind === 'full'
          ? msg`You are cancelling at least ${hours} hours before the start: any payment is refunded in full.`
          : msg`You are cancelling less than ${hours} hours before the start: a payment made is not refunded.`,
    );
}
