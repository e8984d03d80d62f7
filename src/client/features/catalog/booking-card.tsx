import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { Clock, MapPin, ShieldCheck } from '@/components/icons';
import { isBefore } from 'date-fns';
import type { Service } from '@shared/api/catalog';
import { Button } from '@/components/ui/button';
import { Calendar } from '@/components/ui/calendar';
import { Card, CardContent } from '@/components/ui/card';
import { Separator } from '@/components/ui/separator';
import { TravelersOnly } from '@/components/travelers-only';
import { useAuth } from '@/lib/auth-context';
import { signInPath } from '@shared/domain/return-path';
import { FREE_CANCELLATION_HOURS } from '@shared/domain/booking-lifecycle';
import { monthOfDate } from '@shared/domain/checkout';
import { isAcceptedCalendarDate } from '@shared/domain/accepted-dates';
import { calendarDateOfLocalDate, localDateOfCalendarDate } from '@shared/domain/time';
import { availableDaysQuery } from './free-times-api';
import { PriceEstimate } from '@/components/price-estimate';
import { Money } from '@/components/money';
import { useLocationTypeLabel, usePricingUnitText } from '@/lib/booking-words';
import { usePricingUnit } from '@/lib/words';
import { formatCalendarDate } from '@/lib/format-date';
import { useViewerToday } from '@/lib/viewer-clock';
import { useLocale } from '@/lib/locale';

/**
 * The booking side card: price, unit, minimum hours, a date and Book Now, which goes to sign in
 * when signed out, else to /checkout/{id}?date=yyyy-MM-dd. The date is the calendar day the
 * traveler clicked (an ISO 8601 calendar date), not an instant: checkout reads it in the
 * provider's zone, so a browser far ahead of or behind UTC cannot move it to another day.
 * Only the days of the month on screen with a free start time (GET .../available-days for the
 * service's minimum hours) can be chosen.
 * Signed out, Book Now sends the checkout with the chosen date as `next` to sign in (or up), which
 * lands there (decision 035; the return path is checked as decision 016 says).
 */
const FREE_DAYS_FRESH_MS = 30_000;

export function BookingCard({ service }: { service: Service }) {
  const { user, isLoading } = useAuth();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [date, setDate] = useState<Date | undefined>(() => {
    const chosen = searchParams.get('date');
    return isAcceptedCalendarDate(chosen) ? localDateOfCalendarDate(chosen) : undefined;
  });
  const today = useViewerToday();
  const locale = useLocale();
  const { t } = useLingui();
  const unitName = usePricingUnit();
  const unitText = usePricingUnitText();
  const locationLabel = useLocationTypeLabel();
  const freeHours = FREE_CANCELLATION_HOURS;
  // The month on screen: only its days with a free start time for the minimum hours can be chosen
  // (decision 020). Until they are known, or if they cannot be, only past days are greyed out.
  const [month, setMonth] = useState(() => monthOfDate(calendarDateOfLocalDate(date ?? today)));
  // The server renders the first month's free days into the page; they stay good for half a minute,
  // so hydration does not ask again (checkout reads them afresh before anything is booked).
  const days = useQuery({ ...availableDaysQuery(service.id, month, service.minHours), staleTime: FREE_DAYS_FRESH_MS });
  const free = days.data?.month === month ? new Set(days.data.days) : undefined;
  /** Days before today cannot be chosen (docs/product.md, Service detail), nor days with no free time. */
  const isDisabledDay = (day: Date) =>
    isBefore(day, today) || (free !== undefined && !free.has(calendarDateOfLocalDate(day)));

  // Pressed Book Now as a provider or an admin (only travelers book; a provider's own service goes
  // on to checkout, which says why it cannot be booked).
  const [notTraveler, setNotTraveler] = useState(false);

  const chosenDate = date ? formatCalendarDate(calendarDateOfLocalDate(date), locale) : '';

  function handleBook() {
    const query = date ? `?${new URLSearchParams({ date: calendarDateOfLocalDate(date) })}` : '';
    if (!user) {
      navigate(signInPath(`/checkout/${service.id}${query}`, 'book'));
      return;
    }
    if (user.role !== 'TRAVELER' && service.provider.userId !== user.id) {
      setNotTraveler(true);
      return;
    }
    navigate(`/checkout/${service.id}${query}`);
  }

  function goToCheckout() {
    const query = date ? `?${new URLSearchParams({ date: calendarDateOfLocalDate(date) })}` : '';
    navigate(`/checkout/${service.id}${query}`);
  }

  return (
    <Card className="gap-5 py-5 shadow-md">
      <CardContent className="flex flex-col gap-5 px-5">
        <div className="flex flex-col gap-1">
          <p className="flex items-baseline gap-1.5">
            <span className="text-3xl font-bold tracking-tight" data-testid="booking-price">
              <Money amount={service.price} currency={service.currency} />
            </span>
            <span className="text-muted-foreground">{unitName(service.pricingUnit)}</span>
          </p>
          <PriceEstimate amount={service.price} currency={service.currency} showRateDate />
          <p className="inline-flex items-center gap-1.5 text-sm text-muted-foreground" data-testid="booking-unit">
            <Clock className="size-4" aria-hidden="true" />
            {unitText(service.pricingUnit, service.minHours)}
          </p>
          {/* Where it happens: the area and city; the exact address comes with a confirmed booking. */}
          <p className="inline-flex items-center gap-1.5 text-sm text-muted-foreground" data-testid="service-where">
            <MapPin className="size-4" aria-hidden="true" />
            {locationLabel(service.locationType)}
            {service.locationType === 'traveler_address'
              ? ''
              : `, ${[service.locationArea, service.city].filter(Boolean).join(', ')}`}
          </p>
        </div>

        <Separator />

        {!service.isActive ? (
          // Only its provider and admins see an inactive service: it cannot be booked.
          <p className="text-sm text-muted-foreground" data-testid="not-bookable">
            <Trans>This service is inactive, so it is not taking bookings.</Trans>
          </p>
        ) : (
          <>
            <div
              className="flex flex-col gap-2"
              // Whether the free days of the month on screen are known yet (journeys wait for it).
              data-free-days={days.isSuccess ? 'known' : days.isError ? 'unknown' : 'loading'}
            >
              <h2 className="text-sm font-semibold">
                <Trans>Select a date</Trans>
              </h2>
              <Calendar
                selected={date}
                onSelect={setDate}
                isDateDisabled={isDisabledDay}
                fromMonth={today}
                today={today}
                label={t`Booking date`}
                onMonthChange={(shown) => setMonth(monthOfDate(calendarDateOfLocalDate(shown)))}
              />
              <p className="min-h-5 text-sm text-muted-foreground" aria-live="polite">
                {date ? (
                  <Trans>
                    Selected: <span className="font-medium text-foreground">{chosenDate}</span>
                  </Trans>
                ) : free && free.size === 0 ? (
                  t`No free days this month. Try the next month.`
                ) : (
                  t`You can also pick a date at checkout.`
                )}
              </p>
            </div>

            <Button size="lg" className="w-full" onClick={handleBook} disabled={isLoading}>
              <Trans>Book Now</Trans>
            </Button>
            {notTraveler && user && user.role !== 'TRAVELER' && (
              <TravelersOnly role={user.role} onSwitched={goToCheckout} />
            )}
          </>
        )}
        <p className="-mt-2 inline-flex items-center justify-center gap-1.5 text-sm text-muted-foreground">
          <ShieldCheck className="size-4 text-primary" aria-hidden="true" />
          <Trans>Secure payment processing</Trans>
        </p>
        {/* Before booking, as checkout states it. */}
        <p className="text-xs text-muted-foreground" data-testid="service-cancellation-policy">
          <Trans>
            Cancellation policy: cancel at least {freeHours} hours before the start for a full refund; cancel later and
            the payment is not refunded. If the provider declines, cancels or does not answer, you are never charged or
            are refunded in full.
          </Trans>
        </p>
      </CardContent>
    </Card>
  );
}
