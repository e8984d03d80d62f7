import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { CalendarDays, CalendarPlus, Clock, CreditCard, MessageSquare, PenLine, X } from 'lucide-react';
import type { Booking } from '@shared/api/bookings-responses';
import { availableActions } from '@shared/domain/booking-lifecycle';
import { canBeReviewed } from '@shared/domain/booking-status';
import { needsCardPayment } from '@shared/domain/payments';
import { BookingStatusBadge } from '@/components/booking-status-badge';
import { BookingWhere } from '@/components/booking-where';
import { RatingStars } from '@/components/rating';
import { Button } from '@/components/ui/button';
import { paymentsConfigQuery } from '@/features/payments/payments-api';
import { closedNote } from '@/lib/booking-closed';
import { PriceEstimate } from '@/components/price-estimate';
import { travelerMoneyLine } from '@/lib/booking-money';
import { bookingWhen, lifecycleOf } from '@/lib/booking-time';
import { fallbackPhoto, pluralize, PLACEHOLDER_PHOTO } from '@/lib/format';
import { formatMoney } from '@shared/domain/pricing';
import { useLocale } from '@/lib/locale';
import { useViewerTimeZone } from '@/lib/viewer-clock';

/** A traveler's booking page. */
export const bookingPath = (id: string) => `/dashboard/traveler/bookings/${encodeURIComponent(id)}`;

/** The service's first photo, else its category's illustration, else the placeholder. */
export function CoverPhoto({ booking }: { booking: Booking }) {
  const candidates = [
    booking.service.photos[0],
    fallbackPhoto(booking.service.category.slug),
    PLACEHOLDER_PHOTO,
  ].filter(Boolean) as string[];
  const [failed, setFailed] = useState(0);
  return (
    <img
      src={candidates[Math.min(failed, candidates.length - 1)]}
      alt=""
      width={800}
      height={600}
      loading="lazy"
      decoding="async"
      onError={() => setFailed((n) => (n < candidates.length - 1 ? n + 1 : n))}
      className="size-full bg-muted object-cover"
    />
  );
}

/**
 * What the status means for the traveler, in the dashboard card's words (and the booking page's):
 * waiting for the provider (and the card hold), who closed it and why, a refund on its way.
 */
export function BookingStatusNotes({ booking, canPay }: { booking: Booking; canPay: boolean }) {
  const total = formatMoney(booking.totalCents, booking.currency, useLocale());
  const closed = closedNote(booking, 'TRAVELER', {
    provider: booking.service.provider.displayName,
    traveler: booking.user.name ?? 'You',
  });
  return (
    <>
      {booking.status === 'PENDING' && (
        <p className="text-sm text-muted-foreground">
          Waiting for the provider to accept your request.
          {booking.paymentStatus === 'requires_capture' &&
            ` Your card is authorised for ${total}, not charged: you pay only when they accept.`}
          {canPay && ' Your card is not authorised yet: complete the payment so the provider can accept.'}
        </p>
      )}
      {(booking.status === 'CANCELED' || booking.status === 'REFUNDED') && closed !== null && (
        <p className="text-sm text-muted-foreground" data-testid="booking-closed">
          {closed.text}
          {closed.showReason && booking.cancelReason && (
            <>
              {' '}
              <span className="font-medium text-foreground">Reason:</span> {booking.cancelReason}
            </>
          )}
        </p>
      )}
      {booking.refundPending && (
        <p className="text-sm font-medium text-foreground" data-testid="refund-pending">
          Refund pending: {total} is on its way back to your card. Stripe has not confirmed it yet; this changes to
          Refunded once it has.
        </p>
      )}
    </>
  );
}

/**
 * One booking on the traveler dashboard (docs/product.md): photo, service, provider, status
 * badge, date and time in the provider's zone with its label ('Bali (UTC+8)'), and the traveler's
 * own time with theirs when their clock reads differently. The card opens the booking's page
 * (its title link is stretched over it); above that layer, 'Open conversation' goes to its thread
 * (/messages?booking={id}, as docs/product.md has it) and the actions sit beside it: Cancel
 * where the lifecycle table lets the traveler cancel now, 'Write Review' on a COMPLETED booking
 * without a review, and the stars of the review once written.
 */
export function TravelerBookingCard({
  booking,
  now,
  viewerPlaces,
  onCancel,
  onReview,
}: {
  booking: Booking;
  /** Cities the traveler's bookings are in: one in the traveler's own zone names it ('Lisbon (UTC)'). */
  viewerPlaces?: readonly string[];
  /** Null until the browser knows its clock (then time-dependent actions appear). */
  now: number | null;
  onCancel?: () => void;
  onReview?: () => void;
}) {
  // As checkout shows a time: the service's clock with its zone, and the traveler's when it differs.
  const viewerTimeZone = useViewerTimeZone();
  const locale = useLocale();
  const when = bookingWhen(booking.start, booking.timeZone, locale, booking.service.city, {
    timeZone: viewerTimeZone,
    places: viewerPlaces ?? [booking.service.city],
  });
  const money = travelerMoneyLine(booking, locale);
  const canCancel =
    onCancel !== undefined &&
    now !== null &&
    availableActions(lifecycleOf(booking), 'TRAVELER', new Date(now)).includes('cancel');
  const reviewable = onReview !== undefined && canBeReviewed(booking.status) && booking.review === null;
  const title = booking.service.title;
  // Card payments (decision 024): a request whose card is not authorised can be paid from here
  // until it expires.
  const paymentsOn = !!useQuery(paymentsConfigQuery()).data?.publishableKey;
  const canPay =
    paymentsOn &&
    booking.status === 'PENDING' &&
    needsCardPayment(booking.paymentStatus, booking.totalCents, booking.currency);

  return (
    <li
      data-testid="traveler-booking"
      data-booking-id={booking.id}
      className="group relative flex flex-col overflow-hidden rounded-xl border bg-card text-card-foreground shadow-sm transition-shadow focus-within:ring-[3px] focus-within:ring-ring/40 hover:shadow-md sm:flex-row"
    >
      <div className="aspect-[2/1] w-full shrink-0 overflow-hidden bg-muted sm:aspect-auto sm:h-auto sm:w-44">
        <CoverPhoto booking={booking} />
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-3 p-4">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="flex min-w-0 flex-col gap-0.5">
            <h3 className="text-base leading-snug font-semibold">
              <Link
                to={bookingPath(booking.id)}
                className="outline-none after:absolute after:inset-0 after:content-[''] hover:underline"
              >
                {title}
              </Link>
            </h3>
            <p className="truncate text-sm text-muted-foreground">with {booking.service.provider.displayName}</p>
          </div>
          <BookingStatusBadge status={booking.status} declined={booking.declined} />
        </div>

        <dl className="flex flex-wrap gap-x-5 gap-y-1 text-sm">
          <div className="flex items-center gap-1.5">
            <dt>
              <CalendarDays className="size-4 text-muted-foreground" aria-hidden="true" />
              <span className="sr-only">Date</span>
            </dt>
            <dd>
              <time dateTime={booking.start}>{when.date}</time>
            </dd>
          </div>
          <div className="flex items-center gap-1.5">
            <dt>
              <Clock className="size-4 text-muted-foreground" aria-hidden="true" />
              <span className="sr-only">Time</span>
            </dt>
            <dd>
              {when.time} <span className="text-muted-foreground">{when.zone}</span>
            </dd>
          </div>
          {when.viewer && (
            <div className="flex items-center gap-1.5">
              <dt className="sr-only">Your time</dt>
              <dd className="text-muted-foreground" data-testid="booking-viewer-time">
                {when.viewer.time} your time, {when.viewer.zone}
              </dd>
            </div>
          )}
          <div className="flex items-center gap-1.5">
            <dt className="sr-only">Length</dt>
            <dd className="text-muted-foreground">{pluralize(booking.hours, 'hour')}</dd>
          </div>
          {/* What the traveler pays or paid: subtotal and service fee, from the booking's amounts. */}
          <div className="flex items-center gap-1.5" data-testid="booking-total">
            <dt className="text-muted-foreground">{money.label}</dt>
            <dd className="font-medium">
              {money.amount} <PriceEstimate amount={booking.totalCents} currency={booking.currency} />
            </dd>
          </div>
        </dl>

        <BookingStatusNotes booking={booking} canPay={canPay} />
        <BookingWhere
          location={booking.location}
          address={booking.address}
          notes={booking.notes}
          city={booking.service.city}
          reader="traveler"
        />

        <div className="mt-auto flex flex-wrap items-center gap-2">
          <Link
            to={`/messages?booking=${encodeURIComponent(booking.id)}`}
            className="relative z-10 inline-flex items-center gap-1 rounded-sm text-sm text-muted-foreground outline-none hover:text-foreground hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
            aria-label={`Open conversation about ${title}`}
          >
            <MessageSquare className="size-4" aria-hidden="true" />
            Open conversation
          </Link>
          <div className="relative z-10 ml-auto flex flex-wrap items-center gap-2">
            {booking.review && (
              <div className="flex items-center gap-2 text-sm text-muted-foreground">
                Your review
                <RatingStars value={booking.review.rating} />
              </div>
            )}
            {(booking.status === 'CONFIRMED' || booking.status === 'PAID') && (
              <Button size="sm" variant="outline" asChild>
                {/* A download (.ics) of the traveler's own booking (calendars feature). */}
                <a href={`/api/bookings/${encodeURIComponent(booking.id)}/calendar.ics`} download="locora-booking.ics">
                  <CalendarPlus aria-hidden="true" />
                  Add to calendar
                </a>
              </Button>
            )}
            {canPay && (
              <Button size="sm" asChild>
                <Link
                  to={`/checkout/${encodeURIComponent(booking.service.id)}?booking=${encodeURIComponent(booking.id)}`}
                  aria-label={`Complete payment for ${title}`}
                >
                  <CreditCard aria-hidden="true" />
                  Complete payment
                </Link>
              </Button>
            )}
            {reviewable && (
              <Button size="sm" onClick={onReview} aria-label={`Write Review for ${title}`}>
                <PenLine aria-hidden="true" />
                Write Review
              </Button>
            )}
            {canCancel && (
              <Button
                size="sm"
                variant="outline"
                className="text-destructive hover:bg-destructive/10 hover:text-destructive"
                onClick={onCancel}
                aria-label={`Cancel booking: ${title}`}
              >
                <X aria-hidden="true" />
                Cancel
              </Button>
            )}
          </div>
        </div>
      </div>
    </li>
  );
}
