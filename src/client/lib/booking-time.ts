import type { LifecycleBooking } from '@shared/domain/booking-lifecycle';
import { formatDateIn, formatTimeIn, zoneLabel } from '@shared/domain/time';

/** What the lifecycle table needs of a booking as the API returns it (ISO instants). */
export function lifecycleOf(booking: {
  status: string;
  start: string;
  end: string;
  createdAt: string;
  /** The provider's list says so; the traveler's says awaitingPayment (or an authorisation). */
  paymentRequired?: boolean | undefined;
  awaitingPayment?: boolean | undefined;
  authorisedAt?: string | null | undefined;
  paymentStatus?: string | null | undefined;
}): LifecycleBooking & { paymentStatus: string | null } {
  return {
    status: booking.status,
    start: new Date(booking.start),
    end: new Date(booking.end),
    createdAt: new Date(booking.createdAt),
    // A request paid by card is answered within 24 hours of its card's authorisation, not its creation.
    paymentRequired: booking.paymentRequired ?? (!!booking.awaitingPayment || !!booking.authorisedAt),
    authorisedAt: booking.authorisedAt ? new Date(booking.authorisedAt) : null,
    paymentStatus: booking.paymentStatus ?? null,
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
