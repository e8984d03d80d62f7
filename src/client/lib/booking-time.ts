import type { LifecycleBooking } from '@shared/domain/booking-lifecycle';
import { formatDateIn, formatTimeIn, zoneLabel } from '@shared/domain/time';

/** What the lifecycle table needs of a booking as the API returns it (ISO instants). */
export function lifecycleOf(booking: {
  status: string;
  start: string;
  end: string;
  createdAt: string;
}): LifecycleBooking {
  return {
    status: booking.status,
    start: new Date(booking.start),
    end: new Date(booking.end),
    createdAt: new Date(booking.createdAt),
  };
}

/**
 * A booking's start as its cards show it (docs/product.md), in the
 * provider's zone, with that zone's label at that instant ('Lisbon (UTC+1)').
 */
export function bookingWhen(start: string, timeZone: string): { date: string; time: string; zone: string } {
  const instant = new Date(start);
  return {
    date: formatDateIn(instant, timeZone),
    time: formatTimeIn(instant, timeZone),
    zone: zoneLabel(timeZone, instant),
  };
}
