import type { JSX } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useLingui } from '@lingui/react/macro';
import type { CalendarBooking } from '@shared/api/availability-responses';
import { addCalendarDays, utcToZoned, zonedToUtc, type CalendarDate } from '@shared/domain/time';
import { BookingStatusBadge } from '@/components/booking-status-badge';
import { cn } from '@/lib/utils';
import { calendarBookingsQuery } from './availability-api';

/** Where a booking's request is answered: its row on the Booking Requests tab. */
export const bookingRequestHref = (id: string) => `/dashboard/provider?tab=bookings#booking-${id}`;

/**
 * The provider's own bookings on one day of their Availability week (decision 053): each with
 * its time, the traveler's name, the service and its status in the status's colour, linking to
 * the request; a request still waiting for an answer is tentative (dashed, and says so).
 */
export function DayBookings({
  date,
  weekStart,
  timeZone,
}: {
  date: CalendarDate;
  weekStart: CalendarDate;
  timeZone: string;
}): JSX.Element | null {
  const { t } = useLingui();
  const query = useQuery(calendarBookingsQuery(weekStart));
  const dayStart = zonedToUtc(date, '00:00', timeZone).getTime();
  const dayEnd = zonedToUtc(addCalendarDays(date, 1), '00:00', timeZone).getTime();
  const today = (query.data ?? []).filter((b) => Date.parse(b.start) < dayEnd && Date.parse(b.end) > dayStart);
  if (today.length === 0) return null;
  return (
    <ul className="flex flex-col gap-1" aria-label={t`Your bookings on ${date}`}>
      {today.map((b) => (
        <BookingChip key={b.id} booking={b} dayStart={dayStart} dayEnd={dayEnd} timeZone={timeZone} />
      ))}
    </ul>
  );
}

function BookingChip({
  booking,
  dayStart,
  dayEnd,
  timeZone,
}: {
  booking: CalendarBooking;
  dayStart: number;
  dayEnd: number;
  timeZone: string;
}) {
  const { t } = useLingui();
  const start = Math.max(Date.parse(booking.start), dayStart);
  const end = Math.min(Date.parse(booking.end), dayEnd);
  const from = utcToZoned(new Date(start), timeZone).time;
  const to = end === dayEnd ? '24:00' : utcToZoned(new Date(end), timeZone).time;
  const isTentative = booking.status === 'PENDING';
  const name = booking.travelerName ?? t`A traveler`;
  return (
    <li data-calendar-booking={booking.id} data-status={booking.status}>
      <Link
        to={bookingRequestHref(booking.id)}
        className={cn(
          'flex min-w-0 flex-col gap-0.5 rounded-md border px-2 py-1 text-sm transition-colors hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
          isTentative ? 'border-dashed border-amber-500 dark:border-amber-400' : 'border-solid bg-card',
        )}
      >
        <span className="flex items-center justify-between gap-1">
          <span className="font-medium tabular-nums">
            {from}-{to}
          </span>
          <BookingStatusBadge status={booking.status} className="px-1.5 py-0 text-[0.7rem]" />
        </span>
        <span className="truncate font-medium">{name}</span>
        <span className="truncate text-xs text-muted-foreground">{booking.serviceTitle}</span>
        {isTentative && <span className="text-xs text-muted-foreground">{t`Tentative: waiting for your answer`}</span>}
      </Link>
    </li>
  );
}
