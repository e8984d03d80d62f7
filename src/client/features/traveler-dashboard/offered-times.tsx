import type { JSX } from 'react';
import { Link } from 'react-router';
import { useLingui } from '@lingui/react/macro';
import { CalendarClock } from '@/components/icons';
import type { Booking } from '@shared/api/bookings-responses';
import { Button } from '@/components/ui/button';
import { bookingWhen } from '@/lib/booking-time';
import { useLocale } from '@/lib/locale';

/** Checkout for the service with `start` chosen: a new request at an offered time (decision 065). */
export function offeredTimeHref(serviceId: string, start: string): string {
  return `/checkout/${encodeURIComponent(serviceId)}?date=${encodeURIComponent(start)}&start=${encodeURIComponent(start)}`;
}

/**
 * A declined request's other times, offered by its provider (decision 065): each one click from a
 * new request at checkout, in the provider's zone (labelled). Nothing when none were offered.
 */
export function OfferedTimes({
  booking,
  providerName,
}: {
  booking: Booking;
  providerName: string;
}): JSX.Element | null {
  const { t } = useLingui();
  const locale = useLocale();
  const starts = booking.alternativeStarts ?? [];
  if (starts.length === 0) return null;
  return (
    <section
      aria-labelledby="offered-times-heading"
      className="flex flex-col gap-3 rounded-xl border border-primary/40 bg-primary/5 p-4"
    >
      <h2 id="offered-times-heading" className="flex items-center gap-2 font-semibold">
        <CalendarClock aria-hidden="true" className="size-4" />
        {t`${providerName} offered other times`}
      </h2>
      <p className="text-sm text-muted-foreground">{t`Choose one to send a new request for it.`}</p>
      <ul className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        {starts.map((start) => {
          const when = bookingWhen(start, booking.timeZone, locale);
          return (
            <li key={start}>
              <Button asChild variant="outline" className="h-auto w-full flex-col items-start gap-0 py-2 sm:w-auto">
                <Link to={offeredTimeHref(booking.service.id, start)}>
                  <span className="font-medium">{t`Request ${when.date}, ${when.time}`}</span>
                  <span className="text-xs font-normal text-muted-foreground">{when.zone}</span>
                </Link>
              </Button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
