import { useQuery } from '@tanstack/react-query';
import { CalendarX2 } from 'lucide-react';
import { formatDateIn, formatTimeIn } from '@shared/domain/time';
import { BookingStatusBadge } from '@/components/booking-status-badge';
import { InlineLoadFailed } from '@/components/load-failed';
import { PersonAvatar } from '@/components/person-avatar';
import { Skeleton } from '@/components/ui/skeleton';
import { formatPrice, pluralize } from '@/lib/format';
import { providerBookingsQuery } from './workspace-api';

/**
 * SPEC.md section 2, Booking Requests: each with its start in the provider's own zone (labelled),
 * hours, status, traveler and service. Accept and decline come with the booking issue.
 */
export function BookingsTab({ timeZone }: { timeZone: string }) {
  const bookings = useQuery(providerBookingsQuery);

  return (
    <section aria-labelledby="bookings-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="bookings-heading" className="text-xl font-semibold">
          Booking requests
        </h2>
        <p className="text-sm text-muted-foreground">Times in {timeZone}</p>
      </div>
      {bookings.isPending ? (
        <ul className="flex flex-col gap-3" aria-busy="true" aria-label="Loading booking requests">
          {[0, 1, 2].map((i) => (
            <li key={i} className="flex items-center gap-3 rounded-xl border p-4">
              <Skeleton className="size-10 rounded-full" />
              <div className="flex flex-1 flex-col gap-2">
                <Skeleton className="h-4 w-1/2" />
                <Skeleton className="h-4 w-1/3" />
              </div>
            </li>
          ))}
        </ul>
      ) : bookings.isError ? (
        <InlineLoadFailed what="your booking requests" onRetry={() => void bookings.refetch()} />
      ) : bookings.data.length === 0 ? (
        <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed px-6 py-12 text-center">
          <CalendarX2 className="size-10 text-muted-foreground" aria-hidden="true" />
          <p className="text-lg font-semibold">No booking requests</p>
          <p className="text-muted-foreground">Requests from travelers appear here.</p>
        </div>
      ) : (
        <ul className="flex flex-col gap-3">
          {bookings.data.map((b) => {
            const start = new Date(b.start);
            return (
              <li
                key={b.id}
                data-testid="provider-booking"
                className="flex flex-col gap-3 rounded-xl border bg-card p-4 shadow-sm sm:flex-row sm:items-center"
              >
                <div className="flex min-w-0 flex-1 items-center gap-3">
                  <PersonAvatar name={b.user.name} image={b.user.image} className="size-10" />
                  <div className="flex min-w-0 flex-col">
                    <p className="truncate font-medium">{b.user.name ?? 'Traveler'}</p>
                    <p className="truncate text-sm text-muted-foreground">{b.service.title}</p>
                  </div>
                </div>
                <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
                  <span>
                    <time dateTime={b.start}>
                      {formatDateIn(start, timeZone)}, {formatTimeIn(start, timeZone)}
                    </time>
                  </span>
                  <span className="text-muted-foreground">{pluralize(b.hours, 'hour')}</span>
                  <span className="font-medium">{formatPrice(b.amountCents)}</span>
                  <BookingStatusBadge status={b.status} />
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
