import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { CalendarDays, CalendarPlus, Clock, CreditCard, MessageSquare, PenLine, X } from '@/components/icons';
import type { Booking } from '@shared/api/bookings-responses';
import { availableActions, UNPAID_HOLD_MINUTES } from '@shared/domain/booking-lifecycle';
import { canBeReviewed } from '@shared/domain/booking-status';
import { needsCardPayment } from '@shared/domain/payments';
import { BookingStatusBadge } from '@/components/booking-status-badge';
import { BookingWhere } from '@/components/booking-where';
import { RatingStars } from '@/components/rating';
import { Button } from '@/components/ui/button';
import { paymentsConfigQuery } from '@/features/payments/payments-api';
import { closedKind, closedShowsReason, type ClosedKind } from '@/lib/booking-closed';
import { PriceEstimate } from '@/components/price-estimate';
import { travelerMoneyState } from '@/lib/booking-money';
import { bookingWhen, lifecycleOf } from '@/lib/booking-time';
import { fallbackPhoto, PLACEHOLDER_PHOTO } from '@/lib/format';
import { formatMoney } from '@shared/domain/pricing';
import { useLocale } from '@/lib/locale';
import { useViewerTimeZone } from '@/lib/viewer-clock';

/** A traveler's booking page. */
export const bookingPath = (id: string) => `/dashboard/traveler/bookings/${encodeURIComponent(id)}`;

/**
 * The service's first photo, else its category's illustration, else the placeholder. `first`: the
 * list's first card, on screen when the page opens (often its largest paint), fetched at once.
 */
export function CoverPhoto({ booking, first = false }: { booking: Booking; first?: boolean }) {
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
      loading={first ? 'eager' : 'lazy'}
      fetchPriority={first ? 'high' : undefined}
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
  const { t } = useLingui();
  const total = formatMoney(booking.totalCents, booking.currency, useLocale());
  const kind = closedKind(booking);
  const provider = booking.service.provider.displayName;
  const reason = booking.cancelReason;
  // How the booking closed, said to its traveler.
  const closedText = (closed: ClosedKind): string => {
    switch (closed) {
      case 'declined':
        return t`${provider} declined this request.`;
      case 'provider':
        return t`${provider} canceled this booking.`;
      case 'traveler':
        return t`You canceled this booking.`;
      case 'lapsed':
        return t`The card payment was not completed within ${UNPAID_HOLD_MINUTES} minutes, so the time was released. You were not charged.`;
      case 'expired':
        return t`${provider} did not answer in time, so the request expired.`;
      case 'reason':
        return '';
    }
  };
  return (
    <>
      {booking.status === 'PENDING' && (
        <p className="text-sm text-muted-foreground">
          <Trans>Waiting for the provider to accept your request.</Trans>
          {booking.paymentStatus === 'requires_capture' && (
            <>
              {' '}
              <Trans>Your card is authorised for {total}, not charged: you pay only when they accept.</Trans>
            </>
          )}
          {canPay && (
            <>
              {' '}
              <Trans>Your card is not authorised yet: complete the payment so the provider can accept.</Trans>
            </>
          )}
        </p>
      )}
      {(booking.status === 'CANCELED' || booking.status === 'REFUNDED') && kind !== null && (
        <p className="text-sm text-muted-foreground" data-testid="booking-closed">
          {closedText(kind)}
          {closedShowsReason(kind) && reason && (
            <>
              {' '}
              <Trans>
                <span className="font-medium text-foreground">Reason:</span> {reason}
              </Trans>
            </>
          )}
        </p>
      )}
      {booking.refundPending && (
        <p className="text-sm font-medium text-foreground" data-testid="refund-pending">
          <Trans>
            Refund pending: {total} is on its way back to your card. Stripe has not confirmed it yet; this changes to
            Refunded once it has.
          </Trans>
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
  first = false,
}: {
  booking: Booking;
  /** The list's first card (its photo is fetched at once). */
  first?: boolean;
  /** Cities the traveler's bookings are in: one in the traveler's own zone names it ('Lisbon (UTC)'). */
  viewerPlaces?: readonly string[];
  /** Null until the browser knows its clock (then time-dependent actions appear). */
  now: number | null;
  onCancel?: () => void;
  onReview?: () => void;
}) {
  // As checkout shows a time: the service's clock with its zone, and the traveler's when it differs.
  const { t } = useLingui();
  const viewerTimeZone = useViewerTimeZone();
  const locale = useLocale();
  const when = bookingWhen(booking.start, booking.timeZone, locale, booking.service.city, {
    timeZone: viewerTimeZone,
    places: viewerPlaces ?? [booking.service.city],
  });
  const amount = formatMoney(booking.totalCents, booking.currency, locale);
  const moneyState = travelerMoneyState(booking.status);
  const moneyLabel = moneyState === 'closed' ? t`Booking total` : moneyState === 'paid' ? t`You paid` : t`You pay`;
  const provider = booking.service.provider.displayName;
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

  const hours = booking.hours;
  const viewerTime = when.viewer?.time;
  const viewerZone = when.viewer?.zone;

  return (
    <li
      data-testid="traveler-booking"
      data-booking-id={booking.id}
      className="group relative flex flex-col overflow-hidden rounded-xl border bg-card text-card-foreground shadow-sm transition-shadow focus-within:ring-[3px] focus-within:ring-ring/40 hover:shadow-md sm:flex-row"
    >
      <div className="aspect-[2/1] w-full shrink-0 overflow-hidden bg-muted sm:aspect-auto sm:h-auto sm:w-44">
        <CoverPhoto booking={booking} first={first} />
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-3 p-4">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="flex min-w-0 flex-col gap-0.5">
            <h2 className="text-base leading-snug font-semibold">
              <Link
                to={bookingPath(booking.id)}
                className="outline-none after:absolute after:inset-0 after:content-[''] hover:underline"
              >
                {title}
              </Link>
            </h2>
            <p className="truncate text-sm text-muted-foreground">
              <Trans>with {provider}</Trans>
            </p>
          </div>
          <BookingStatusBadge status={booking.status} declined={booking.declined} />
        </div>

        <dl className="flex flex-wrap gap-x-5 gap-y-1 text-sm">
          <div className="flex items-center gap-1.5">
            <dt>
              <CalendarDays className="size-4 text-muted-foreground" aria-hidden="true" />
              <span className="sr-only">
                <Trans>Date</Trans>
              </span>
            </dt>
            <dd>
              <time dateTime={booking.start}>{when.date}</time>
            </dd>
          </div>
          <div className="flex items-center gap-1.5">
            <dt>
              <Clock className="size-4 text-muted-foreground" aria-hidden="true" />
              <span className="sr-only">
                <Trans>Time</Trans>
              </span>
            </dt>
            <dd>
              {when.time} <span className="text-muted-foreground">{when.zone}</span>
            </dd>
          </div>
          {when.viewer && (
            <div className="flex items-center gap-1.5">
              <dt className="sr-only">
                <Trans>Your time</Trans>
              </dt>
              <dd className="text-muted-foreground" data-testid="booking-viewer-time">
                <Trans>
                  {viewerTime} your time, {viewerZone}
                </Trans>
              </dd>
            </div>
          )}
          <div className="flex items-center gap-1.5">
            <dt className="sr-only">
              <Trans>Length</Trans>
            </dt>
            <dd className="text-muted-foreground">
              <Plural value={hours} one="# hour" other="# hours" />
            </dd>
          </div>
          {/* What the traveler pays or paid: subtotal and service fee, from the booking's amounts. */}
          <div className="flex items-center gap-1.5" data-testid="booking-total">
            <dt className="text-muted-foreground">{moneyLabel}</dt>
            <dd className="font-medium">
              {amount} <PriceEstimate amount={booking.totalCents} currency={booking.currency} />
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
            aria-label={t`Open conversation about ${title}`}
          >
            <MessageSquare className="size-4" aria-hidden="true" />
            <Trans>Open conversation</Trans>
          </Link>
          <div className="relative z-10 ml-auto flex flex-wrap items-center gap-2">
            {booking.review && (
              <div className="flex items-center gap-2 text-sm text-muted-foreground">
                <Trans>Your review</Trans>
                <RatingStars value={booking.review.rating} />
              </div>
            )}
            {(booking.status === 'CONFIRMED' || booking.status === 'PAID') && (
              <Button size="sm" variant="outline" asChild>
                {/* A download (.ics) of the traveler's own booking (calendars feature). */}
                <a href={`/api/bookings/${encodeURIComponent(booking.id)}/calendar.ics`} download="locora-booking.ics">
                  <CalendarPlus aria-hidden="true" />
                  <Trans>Add to calendar</Trans>
                </a>
              </Button>
            )}
            {canPay && (
              <Button size="sm" asChild>
                <Link
                  to={`/checkout/${encodeURIComponent(booking.service.id)}?booking=${encodeURIComponent(booking.id)}`}
                  aria-label={t`Complete payment for ${title}`}
                >
                  <CreditCard aria-hidden="true" />
                  <Trans>Complete payment</Trans>
                </Link>
              </Button>
            )}
            {reviewable && (
              <Button size="sm" onClick={onReview} aria-label={t`Write Review for ${title}`}>
                <PenLine aria-hidden="true" />
                <Trans>Write Review</Trans>
              </Button>
            )}
            {canCancel && (
              <Button
                size="sm"
                variant="outline"
                className="text-destructive hover:bg-destructive/10 hover:text-destructive"
                onClick={onCancel}
                aria-label={t`Cancel booking: ${title}`}
              >
                <X aria-hidden="true" />
                <Trans>Cancel</Trans>
              </Button>
            )}
          </div>
        </div>
      </div>
    </li>
  );
}
