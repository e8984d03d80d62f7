import { BOOKING_ADDRESS_MAX, BOOKING_NOTES_MAX } from '@shared/domain/booking-lifecycle';
import type { ServiceDetail } from '@shared/api/catalog';
import { needsTravelerAddress } from '@shared/domain/service-location';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { Trans, useLingui } from '@lingui/react/macro';
import { useLocationTypeLabel, usePricingUnitText } from '@/lib/booking-words';
import { useBookingLengthText } from './booking-length';
import type { CheckoutFlow } from './use-checkout-flow';

/** How long, where, and anything the provider should know. */
export function DetailsFields({ service, flow }: { service: ServiceDetail; flow: CheckoutFlow }) {
  const { state, dispatch, hoursError } = flow;
  const hoursInvalid = hoursError !== undefined;
  const { t } = useLingui();
  const pricingUnitText = usePricingUnitText();
  const bookingLengthText = useBookingLengthText();
  const locationTypeLabel = useLocationTypeLabel();
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      {flow.hourly ? (
        <div className="flex flex-col gap-2">
          <Label htmlFor="checkout-hours">
            <Trans>Number of Hours</Trans>
          </Label>
          <Input
            id="checkout-hours"
            type="number"
            inputMode="numeric"
            min={service.minHours}
            max={24}
            step={1}
            value={state.hoursText}
            onValueChange={(value) => dispatch({ type: 'typeHours', text: value })}
            aria-invalid={hoursInvalid || undefined}
            aria-describedby={hoursInvalid ? 'checkout-hours-hint checkout-hours-error' : 'checkout-hours-hint'}
          />
          <p id="checkout-hours-hint" className="text-sm text-muted-foreground">
            {pricingUnitText(service.pricingUnit, service.minHours)}
          </p>
          {hoursError && (
            <p id="checkout-hours-error" role="alert" className="text-sm font-medium text-destructive">
              {hoursError}
            </p>
          )}
        </div>
      ) : (
        <div className="flex flex-col gap-2">
          <p className="text-sm leading-none font-medium">
            <Trans>Length</Trans>
          </p>
          <p className="text-sm font-medium" data-testid="checkout-length">
            {bookingLengthText(service.pricingUnit, service.minHours)}
          </p>
          <p className="text-sm text-muted-foreground">
            {service.pricingUnit === 'per day' ? (
              <Trans>One booking is one day at the price shown.</Trans>
            ) : (
              <Trans>One booking is one session at the price shown.</Trans>
            )}
          </p>
        </div>
      )}
      {needsTravelerAddress(service.locationType) ? (
        <div className="flex flex-col gap-2">
          <Label htmlFor="checkout-address">
            <Trans>Service Address</Trans>
          </Label>
          <Input
            id="checkout-address"
            autoComplete="street-address"
            required
            maxLength={BOOKING_ADDRESS_MAX}
            placeholder={t`Where should the provider come?`}
            value={state.address}
            onValueChange={(value) => dispatch({ type: 'typeAddress', text: value })}
            aria-invalid={flow.addressMissing || undefined}
            aria-describedby={flow.addressMissing ? 'checkout-address-error' : undefined}
          />
          {flow.addressMissing && (
            <p id="checkout-address-error" role="alert" className="text-sm font-medium text-destructive">
              <Trans>Enter the address where the service should happen</Trans>
            </p>
          )}
        </div>
      ) : (
        <div className="flex flex-col gap-2" data-testid="checkout-where">
          <p className="text-sm leading-none font-medium">
            <Trans>Where</Trans>
          </p>
          <p className="text-sm">
            {locationTypeLabel(service.locationType)}
            {', '}
            {[service.locationArea, service.city].filter(Boolean).join(', ')}
          </p>
          <p className="text-sm text-muted-foreground">
            <Trans>The exact address is shared once the provider accepts.</Trans>
          </p>
        </div>
      )}
      <div className="flex flex-col gap-2 sm:col-span-2">
        <Label htmlFor="checkout-notes">
          <Trans>Special Requests (Optional)</Trans>
        </Label>
        <Textarea
          id="checkout-notes"
          rows={4}
          maxLength={BOOKING_NOTES_MAX}
          placeholder={t`Anything the provider should know`}
          value={state.notes}
          onValueChange={(value) => dispatch({ type: 'typeNotes', text: value })}
        />
      </div>
    </div>
  );
}
