import type { LifecycleBooking } from '@shared/domain/booking-lifecycle';
import { slotLabel } from '@shared/domain/checkout';
import type { Locale } from '@shared/domain/locales';
import { formatDateIn, formatTimeIn, zoneLabel, type ZonePlaces } from '@shared/domain/time';

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

export interface BookingWhen {
  /** 'MMM d, yyyy' in the provider's zone. */
  date: string;
  /** 'h:mm a' in the provider's zone. */
  time: string;
  /** The provider's zone, named as zoneLabel names it at that instant ('Bali (UTC+8)'). */
  zone: string;
  /**
   * The same instant on the viewer's clock when it reads differently, as checkout shows it
   * (slotLabel: '11:00 AM', '10:00 PM Monday' on another day), with the viewer's zone label.
   */
  viewer?: { time: string; zone: string };
}

/**
 * A booking's start as its cards show it (docs/product.md), in the provider's zone, with that
 * zone's label at that instant: 'Bali (UTC+8)' when `places` (the service's city, the provider's
 * base city) lie in it, else the zone's own name. With `viewer`, also the viewer's own time when
 * their clock reads differently (`viewer.places`: cities the caller knows, to name the viewer's zone).
 */
export function bookingWhen(
  start: string,
  timeZone: string,
  locale: Locale,
  places?: ZonePlaces,
  viewer?: { timeZone: string; places?: ZonePlaces },
): BookingWhen {
  const instant = new Date(start);
  const when: BookingWhen = {
    date: formatDateIn(instant, timeZone, locale),
    time: formatTimeIn(instant, timeZone, locale),
    zone: zoneLabel(timeZone, instant, places, locale),
  };
  if (viewer) {
    const { viewerTime } = slotLabel(instant, timeZone, viewer.timeZone, locale);
    if (viewerTime)
      when.viewer = { time: viewerTime, zone: zoneLabel(viewer.timeZone, instant, viewer.places, locale) };
  }
  return when;
}
