import { useState, type ReactNode } from 'react';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, Navigate } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ArrowLeft,
  CalendarDays,
  CalendarPlus,
  CreditCard,
  MapPin,
  MessageSquare,
  NotebookPen,
  PenLine,
  ShieldCheck,
  X,
} from '@/components/icons';
import type { Booking } from '@shared/api/bookings-responses';
import { availableActions, cancelPolicyKind, FREE_CANCELLATION_HOURS } from '@shared/domain/booking-lifecycle';
import { canBeReviewed } from '@shared/domain/booking-status';
import { needsCardPayment } from '@shared/domain/payments';
import { signInPath } from '@shared/domain/return-path';
import { formatDateIn, formatTimeIn, utcOffsetMinutes, zoneLabel } from '@shared/domain/time';
import { BookingStatusBadge } from '@/components/booking-status-badge';
import { BookingWhere } from '@/components/booking-where';
import { isNotFoundError } from '@/components/load-failed';
import { LoadFailed } from '@/components/load-failed-page';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { CancelBookingDialog } from '@/features/booking/cancel-booking';
import { paymentsConfigQuery } from '@/features/payments/payments-api';
import { BookingStatusNotes, CoverPhoto } from '@/features/traveler-dashboard/booking-card';
import { invalidateBookings, travelerBookingQuery } from '@/features/traveler-dashboard/bookings-api';
import { OfferedTimes } from '@/features/traveler-dashboard/offered-times';
import { ReviewDialog } from '@/features/traveler-dashboard/review-dialog';
import { TravelerReviewPanel } from '@/features/traveler-dashboard/provider-review-of-you';
import { ReportButton } from '@/components/trust/report-button';
import { useAuth } from '@/lib/auth-context';
import { lifecycleOf } from '@/lib/booking-time';
import { useCancelPolicyNote } from '@/lib/booking-words';
import { useDocumentTitle } from '@/lib/document-title';
import { ChargeNotice, PriceEstimate } from '@/components/price-estimate';
import { Money } from '@/components/money';
import { useCategoryName } from '@/lib/words';
import { useRealtimeEvents } from '@/lib/realtime-events';
import { useCurrentPath } from '@/lib/sign-in-address';
import { useNow } from '@/lib/use-now';
import { useViewerTimeZone } from '@/lib/viewer-clock';
import { NotFoundPage } from './not-found';
import { useLocale } from '@/lib/locale';
import type { Locale } from '@shared/domain/locales';

/**
 * A start and end as one line in a zone, the zone named by a place that lies in it ('10:00 AM –
 * 12:00 PM', 'Lisbon (UTC)'): the service's city for its own zone, the traveler's cities otherwise.
 */
function span(booking: Booking, timeZone: string, places: string[], locale: Locale) {
  const start = new Date(booking.start);
  const end = new Date(booking.end);
  const startDate = formatDateIn(start, timeZone, locale);
  const endDate = formatDateIn(end, timeZone, locale);
  return {
    date: startDate,
    times: `${formatTimeIn(start, timeZone, locale)} – ${formatTimeIn(end, timeZone, locale)}${endDate !== startDate ? ` (${endDate})` : ''}`,
    zone: zoneLabel(timeZone, start, places, locale),
  };
}

function Section({ title, icon, children }: { title: string; icon: ReactNode; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-2 rounded-xl border bg-card p-4 text-card-foreground shadow-sm sm:p-5">
      <h2 className="flex items-center gap-2 text-base font-semibold">
        {icon}
        {title}
      </h2>
      <div className="flex flex-col gap-1.5 text-sm">{children}</div>
    </section>
  );
}

function BookingView({ booking }: { booking: Booking }) {
  const { t } = useLingui();
  const cancelPolicyNote = useCancelPolicyNote();
  const categoryName = useCategoryName();
  const now = useNow();
  const viewerZone = useViewerTimeZone();
  const locale = useLocale();
  const [canceling, setCanceling] = useState(false);
  const [reviewing, setReviewing] = useState(false);
  const paymentsOn = !!useQuery(paymentsConfigQuery()).data?.publishableKey;
  const canPay =
    paymentsOn &&
    booking.status === 'PENDING' &&
    needsCardPayment(booking.paymentStatus, booking.totalCents, booking.currency);
  const canCancel =
    now !== null && availableActions(lifecycleOf(booking), 'TRAVELER', new Date(now)).includes('cancel');
  const reviewable = canBeReviewed(booking.status) && booking.review === null;
  const title = booking.service.title;
  const provider = booking.service.provider.displayName;
  const theirs = span(booking, booking.timeZone, [booking.service.city], locale);
  const whenDate = theirs.date;
  const whenTime = theirs.times;
  const at = new Date(booking.start);
  // The traveler's own clock too, when it reads differently at that instant.
  const showYours = utcOffsetMinutes(booking.timeZone, at) !== utcOffsetMinutes(viewerZone, at);
  const yours = showYours ? span(booking, viewerZone, [], locale) : null;
  const withdrawn = booking.service.listing === 'withdrawn';
  const thread = `/messages?booking=${encodeURIComponent(booking.id)}`;
  const date = theirs.date;
  const policy =
    now === null ? null : cancelPolicyNote(cancelPolicyKind(booking.status, new Date(booking.start), new Date(now)));
  const freeHours = FREE_CANCELLATION_HOURS;

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-5 px-4 py-6 sm:px-6 sm:py-8">
      <Link
        to="/dashboard/traveler"
        className="inline-flex w-fit items-center gap-1.5 text-sm text-muted-foreground hover:text-foreground hover:underline"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        <Trans>My Dashboard</Trans>
      </Link>

      <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
        <div className="aspect-[2/1] w-full shrink-0 overflow-hidden rounded-xl bg-muted sm:aspect-[4/3] sm:w-48">
          <CoverPhoto booking={booking} />
        </div>
        <div className="flex min-w-0 flex-1 flex-col gap-2">
          <div className="flex flex-wrap items-center gap-2">
            <BookingStatusBadge status={booking.status} declined={booking.declined} />
            <span className="text-sm text-muted-foreground">{categoryName(booking.service.category)}</span>
          </div>
          <h1 className="text-2xl font-bold tracking-tight text-balance sm:text-3xl">{title}</h1>
          <p className="text-muted-foreground">
            <Trans>
              with{' '}
              <Link
                to={`/provider/${encodeURIComponent(booking.service.provider.userId)}`}
                className="font-medium text-foreground hover:underline"
              >
                {provider}
              </Link>
            </Trans>
          </p>
          {withdrawn ? (
            <p className="text-sm text-muted-foreground" data-testid="service-withdrawn">
              <Trans>
                This service is no longer offered. Your booking and its conversation stay here as they were.
              </Trans>
            </p>
          ) : (
            <Link
              to={`/service/${encodeURIComponent(booking.service.id)}`}
              className="w-fit text-sm text-primary underline-offset-4 hover:underline"
            >
              <Trans>View the service</Trans>
            </Link>
          )}
        </div>
      </div>

      <div className="flex flex-col gap-2" data-testid="booking-status-notes">
        <BookingStatusNotes booking={booking} canPay={canPay} />
      </div>

      <OfferedTimes booking={booking} providerName={provider} />

      <div className="flex flex-wrap gap-2">
        <Button asChild>
          <Link to={thread}>
            <MessageSquare aria-hidden="true" />
            <Trans>Open conversation</Trans>
          </Link>
        </Button>
        {(booking.status === 'CONFIRMED' || booking.status === 'PAID') && (
          <Button asChild variant="outline">
            {/* The booking as an .ics file, for the traveler's own calendar (decision 040). */}
            <a href={`/api/bookings/${encodeURIComponent(booking.id)}/calendar.ics`} download="locora-booking.ics">
              <CalendarPlus aria-hidden="true" />
              <Trans>Add to calendar</Trans>
            </a>
          </Button>
        )}
        {canPay && (
          <Button asChild variant="outline">
            <Link to={`/checkout/${encodeURIComponent(booking.service.id)}?booking=${encodeURIComponent(booking.id)}`}>
              <CreditCard aria-hidden="true" />
              <Trans>Complete payment</Trans>
            </Link>
          </Button>
        )}
        {reviewable && (
          <Button variant="outline" onClick={() => setReviewing(true)}>
            <PenLine aria-hidden="true" />
            <Trans>Write Review</Trans>
          </Button>
        )}
        {/* "Report a problem" during or after the service (an accepted booking that has started). */}
        {now !== null &&
          new Date(booking.start).getTime() <= now &&
          ['CONFIRMED', 'PAID', 'COMPLETED'].includes(booking.status) && (
            <ReportButton targetType="booking" targetId={booking.id} problem size="sm" className="h-10" />
          )}
        {canCancel && (
          <Button
            variant="outline"
            className="text-destructive hover:bg-destructive/10 hover:text-destructive"
            onClick={() => setCanceling(true)}
          >
            <X aria-hidden="true" />
            <Trans>Cancel booking</Trans>
          </Button>
        )}
      </div>

      <div className="grid gap-4 sm:grid-cols-2">
        <Section title={t`When`} icon={<CalendarDays className="size-4 text-muted-foreground" aria-hidden="true" />}>
          <p data-testid="booking-when">
            <time dateTime={booking.start} className="font-medium">
              {t`${whenDate}, ${whenTime}`}
            </time>{' '}
            <span className="text-muted-foreground">{theirs.zone}</span>
          </p>
          {yours && (
            <p className="text-muted-foreground" data-testid="booking-when-yours">
              <Trans>
                Your time: {yours.date}, {yours.times} {yours.zone}
              </Trans>
            </p>
          )}
          <p className="text-muted-foreground">{t`${plural(booking.hours, { one: '# hour', other: '# hours' })}`}</p>
        </Section>

        <Section title={t`Where`} icon={<MapPin className="size-4 text-muted-foreground" aria-hidden="true" />}>
          <BookingWhere
            location={booking.location}
            address={booking.address}
            notes={null}
            city={booking.service.city}
            reader="traveler"
          />
          {(booking.location?.type ?? 'traveler_address') === 'traveler_address' && (
            <p className="text-muted-foreground">{booking.service.city}</p>
          )}
        </Section>

        {booking.notes && (
          <Section
            title={t`Special requests`}
            icon={<NotebookPen className="size-4 text-muted-foreground" aria-hidden="true" />}
          >
            <p className="min-w-0 break-words whitespace-pre-line" data-testid="booking-special-requests">
              {booking.notes}
            </p>
          </Section>
        )}

        <Section title={t`Payment`} icon={<CreditCard className="size-4 text-muted-foreground" aria-hidden="true" />}>
          <p className="flex items-baseline justify-between gap-2">
            <span>
              <Trans>Service</Trans>
            </span>
            <span>
              <Money amount={booking.amountCents} currency={booking.currency} />
            </span>
          </p>
          <p className="flex items-baseline justify-between gap-2">
            <span>
              <Trans>Service fee</Trans>
            </span>
            <span>
              <Money amount={booking.feeCents} currency={booking.currency} />
            </span>
          </p>
          <p
            className="flex items-baseline justify-between gap-2 border-t pt-1.5 font-semibold"
            data-testid="booking-total"
          >
            <span>
              <Trans>Total</Trans>
            </span>
            <span>
              <Money amount={booking.totalCents} currency={booking.currency} />
            </span>
          </p>
          <PriceEstimate amount={booking.totalCents} currency={booking.currency} showRateDate className="text-right" />
          <ChargeNotice amount={booking.totalCents} currency={booking.currency} />
        </Section>

        <Section
          title={t`Cancellation policy`}
          icon={<ShieldCheck className="size-4 text-muted-foreground" aria-hidden="true" />}
        >
          {/* The section's heading names it: the rule alone, not 'Cancellation policy:' twice. */}
          <p className="text-muted-foreground" data-testid="cancellation-policy">
            <Trans>
              Cancel at least {freeHours} hours before the start for a full refund; cancel later and the payment is not
              refunded. If the provider declines, cancels or does not answer, you are never charged or are refunded in
              full.
            </Trans>
          </p>
          {canCancel && policy !== null && <p>{policy}</p>}
        </Section>
      </div>

      <TravelerReviewPanel booking={booking} />

      <CancelBookingDialog
        booking={canceling ? booking : null}
        onClose={() => setCanceling(false)}
        description={
          policy
            ? t`${title} with ${provider} on ${date}. ${policy} The provider will see your reason.`
            : t`${title} with ${provider} on ${date}. The provider will see your reason.`
        }
        describeResult={(next) =>
          next.status === 'REFUNDED'
            ? t`${title} on ${date} is canceled and your payment is refunded in full.`
            : t`${title} on ${date} is canceled.`
        }
      />
      {reviewing && (
        <ReviewDialog
          key={booking.id}
          bookingId={booking.id}
          serviceTitle={title}
          open
          onOpenChange={(open) => !open && setReviewing(false)}
        />
      )}
    </div>
  );
}

function BookingSkeleton() {
  const { t } = useLingui();
  return (
    <div
      className="mx-auto flex w-full max-w-3xl flex-col gap-5 px-4 py-8"
      aria-busy="true"
      aria-label={t`Loading the booking`}
    >
      <Skeleton className="h-5 w-32" />
      <div className="flex gap-4">
        <Skeleton className="h-32 w-48" />
        <div className="flex flex-1 flex-col gap-2">
          <Skeleton className="h-6 w-24" />
          <Skeleton className="h-8 w-3/4" />
          <Skeleton className="h-5 w-1/3" />
        </div>
      </div>
      <Skeleton className="h-40 w-full" />
    </div>
  );
}

function TravelerBooking({ id, userId }: { id: string; userId: string }) {
  const queryClient = useQueryClient();
  const booking = useQuery(travelerBookingQuery(id));
  const { t } = useLingui();
  const serviceTitle = booking.data?.service.title;
  useDocumentTitle(
    serviceTitle !== undefined
      ? t`Booking: ${serviceTitle}`
      : isNotFoundError(booking.error)
        ? t`Page not found`
        : t`Your booking`,
  );
  // The provider accepting, declining or canceling shows here without a reload.
  useRealtimeEvents((event) => {
    if (event.type === 'booking') invalidateBookings(queryClient);
  });
  if (booking.isPending) return <BookingSkeleton />;
  // Someone else's booking, or none with this id: the 404 page (the API says 404 for both).
  // This page is the traveler's: the provider reads the booking in their own dashboard.
  if (isNotFoundError(booking.error) || (booking.data && booking.data.user.id !== userId)) return <NotFoundPage />;
  if (!booking.data) return <LoadFailed what={t`this booking`} onRetry={() => void booking.refetch()} />;
  return <BookingView booking={booking.data} />;
}

/** /dashboard/traveler/bookings/{id}: one of the traveler's bookings, signed in only. */
export function TravelerBookingPage({ id }: { id: string }) {
  const { user, isLoading } = useAuth();
  const { t } = useLingui();
  const currentPath = useCurrentPath();
  if (isLoading) {
    return (
      <div className="flex flex-1 items-center justify-center py-24">
        <Spinner className="size-8 text-primary" label={t`Loading your account`} />
      </div>
    );
  }
  if (!user) return <Navigate to={signInPath(currentPath)} replace />;
  return <TravelerBooking key={id} id={id} userId={user.id} />;
}
