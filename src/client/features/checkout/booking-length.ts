import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { PricingUnit } from '@shared/domain/pricing';

/**
 * How long one booking is, in the reader's language (bookingLengthText's words): '3 hours' per
 * hour, '1 session · 3 hours' per session, '1 day · 8 hours' per day.
 */
export function useBookingLengthText(): (unit: PricingUnit, hours: number) => string {
  const { t } = useLingui();
  return (unit, hours) =>
    unit === 'per day'
      ? t`${plural(hours, { one: '1 day · # hour', other: '1 day · # hours' })}`
      : unit === 'per session'
        ? t`${plural(hours, { one: '1 session · # hour', other: '1 session · # hours' })}`
        : t`${plural(hours, { one: '# hour', other: '# hours' })}`;
}
