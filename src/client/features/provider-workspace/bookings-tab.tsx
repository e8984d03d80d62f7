import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Ban, CalendarX2, Check, Hourglass, MessageSquare, X } from '@/components/icons';
import type { ProviderBooking } from '@shared/api/provider-workspace';
import { availableActions, CANCEL_REASON_MAX, providerCancelRefundsCard } from '@shared/domain/booking-lifecycle';
import { paymentStatusKind } from '@shared/domain/payments';
import { BookingStatusBadge } from '@/components/booking-status-badge';
import { InlineLoadFailed } from '@/components/load-failed';
import { PersonAvatar } from '@/components/person-avatar';
import { ReasonDialog } from '@/components/reason-dialog';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { ApiError, errorMessage } from '@/lib/api';
import { bookingWhen, lifecycleOf } from '@/lib/booking-time';
import { zoneLabel } from '@shared/domain/time';
import { BookingWhere } from '@/components/booking-where';
import { CancelBookingDialog } from '@/features/booking/cancel-booking';
import { closedKind, closedShowsReason, type ClosedKind } from '@/lib/booking-closed';
import { providerMoneyLines, type ProviderMoneyKind } from '@/lib/booking-money';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useRealtimeEvents } from '@/lib/realtime-events';
import { timeLeftToRespond } from '@/lib/time-left';
import { useNow } from '@/lib/use-now';
import { paymentsConfigQuery } from '@/features/payments/payments-api';
import { usePaymentStatusWords } from '@/features/payments/payment-words';
import { cn } from '@/lib/utils';
import { useLocale } from '@/lib/locale';
import { ReportButton } from '@/components/trust/report-button';
import { AlternativeTimes } from './alternative-times';
import { ProviderReviewPanel } from './review-traveler';
import { TravelerRecordLine } from './traveler-record';
import { pendingFirst } from './booking-requests';
import {
  acceptBookingRequest,
  declineBookingRequest,
  invalidateAfterBookingAnswer,
  myProviderQuery,
  providerBookingsQuery,
} from './workspace-api';

function useTravelerName(): (booking: ProviderBooking) => string {
  const { t } = useLingui();
  return (booking) => booking.user.name ?? t`Traveler`;
}

/** 'Respond within 5 h' / 'Expires in 40 min' for an unanswered request, once the browser knows the time. */
function TimeLeft({ respondBy, now }: { respondBy: string; now: number | null }) {
  const { t } = useLingui();
  if (now === null) return null;
  const left = timeLeftToRespond(new Date(respondBy), new Date(now));
  const minutes = left.minutes;
  const hours = left.hours;
  const text = left.expired ? t`Expired` : left.urgent ? t`Expires in ${minutes} min` : t`Respond within ${hours} h`;
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 text-sm font-medium',
        left.urgent ? 'text-destructive' : 'text-amber-800 dark:text-amber-300',
      )}
    >
      <Hourglass className="size-4" aria-hidden="true" />
      {text}
    </span>
  );
}

function BookingRow({
  booking,
  timeZone,
  baseCity,
  now,
  onDecline,
  onCancel,
}: {
  booking: ProviderBooking;
  timeZone: string;
  baseCity: string | null;
  now: number | null;
  onDecline: () => void;
  onCancel: () => void;
}) {
  const queryClient = useQueryClient();
  const { t } = useLingui();
  const travelerName = useTravelerName();
  // The provider's public name: their answers are shown under it, as on the service page.
  const displayName = useQuery(myProviderQuery).data?.displayName;
  const zone = booking.timeZone || timeZone;
  const locale = useLocale();
  const when = bookingWhen(booking.start, zone, locale, baseCity);
  const whenDate = when.date;
  const whenTime = when.time;
  const actions = now === null ? [] : availableActions(lifecycleOf(booking), 'PROVIDER', new Date(now));
  const name = travelerName(booking);
  // Card payments (decision 024): whether the traveler's card is authorised, so an unpaid request
  // is not accepted blindly.
  const paymentsOn = !!useQuery(paymentsConfigQuery()).data?.publishableKey;
  const paymentWords = usePaymentStatusWords();
  const paymentKind = paymentStatusKind(booking.paymentStatus, paymentsOn, booking);
  const payment = paymentKind && paymentWords(paymentKind);
  const money = providerMoneyLines(booking, locale);
  const moneyLabel: Record<ProviderMoneyKind, string> = {
    traveler_pays: t`Traveler pays`,
    traveler_paid: t`Traveler paid`,
    you_receive: t`You receive`,
    booking_total: t`Booking total`,
  };
  // Declined or canceled, by whom and why, as the traveler's card says it to them.
  const kind = closedKind(booking);
  const closedText: Record<ClosedKind, string> = {
    declined: t`You declined this request.`,
    provider: t`You canceled this booking.`,
    traveler: t`${name} canceled this booking.`,
    lapsed: t`The card payment was not completed, so the time was released.`,
    expired: t`You did not answer in time, so the request expired.`,
    reason: '',
  };

  const accept = useMutation({
    mutationFn: () => acceptBookingRequest(booking.id),
    onSuccess: () => {
      invalidateAfterBookingAnswer(queryClient);
      toast({
        title: t`Booking accepted`,
        description: t`${name} is booked for ${booking.service.title} on ${when.date} at ${when.time}.`,
      });
    },
    onError: (error) => {
      // 409: it expired or was canceled meanwhile; the server says what it is now, the list shows it.
      if (error instanceof ApiError && error.status === 409) invalidateAfterBookingAnswer(queryClient);
      toast({
        variant: 'destructive',
        title: t`Failed to accept booking`,
        description: errorMessage(error, t`Please try again later.`),
      });
    },
  });

  return (
    <li
      id={`booking-${booking.id}`}
      tabIndex={-1}
      data-testid="provider-booking"
      data-booking-id={booking.id}
      className="flex scroll-mt-24 flex-col gap-3 rounded-xl border bg-card p-4 shadow-sm focus:ring-2 focus:ring-ring focus:outline-none lg:flex-row lg:flex-wrap lg:items-center"
    >
      <div className="flex min-w-0 flex-1 items-center gap-3">
        <PersonAvatar name={booking.user.name} image={booking.user.image} className="size-10" />
        <div className="flex min-w-0 flex-col">
          <p className="truncate font-medium">{name}</p>
          <p className="truncate text-sm text-muted-foreground">{booking.service.title}</p>
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
        <span>
          <time dateTime={booking.start}>{t`${whenDate}, ${whenTime}`}</time>{' '}
          <span className="text-muted-foreground">{when.zone}</span>
        </span>
        <span className="text-muted-foreground">{t`${plural(booking.hours, { one: '# hour', other: '# hours' })}`}</span>
        <BookingStatusBadge status={booking.status} declined={booking.declined} />
        {payment && (
          <span className="text-muted-foreground" data-testid="provider-booking-payment">
            {payment}
          </span>
        )}
        {booking.status === 'PENDING' && booking.respondBy && <TimeLeft respondBy={booking.respondBy} now={now} />}
      </div>
      <div className="flex flex-wrap items-center gap-2">
        {actions.includes('accept') && (
          <Button
            size="sm"
            onClick={() => accept.mutate()}
            disabled={accept.isPending}
            aria-busy={accept.isPending}
            aria-label={t`Accept ${name}'s request for ${booking.service.title}`}
          >
            {accept.isPending ? <Spinner decorative /> : <Check aria-hidden="true" />}
            <Trans>Accept</Trans>
          </Button>
        )}
        {actions.includes('decline') && (
          <Button
            size="sm"
            variant="outline"
            className="text-destructive hover:bg-destructive/10 hover:text-destructive"
            onClick={onDecline}
            disabled={accept.isPending}
            aria-label={t`Decline ${name}'s request for ${booking.service.title}`}
          >
            <X aria-hidden="true" />
            <Trans>Decline</Trans>
          </Button>
        )}
        {/* A request is answered with Decline; Cancel is for a booking already accepted. */}
        {actions.includes('cancel') && !actions.includes('decline') && (
          <Button
            size="sm"
            variant="outline"
            className="text-destructive hover:bg-destructive/10 hover:text-destructive"
            onClick={onCancel}
            aria-label={t`Cancel ${name}'s booking of ${booking.service.title}`}
          >
            <Ban aria-hidden="true" />
            <Trans>Cancel</Trans>
          </Button>
        )}
        {/* "Report a problem" during or after the service (an accepted booking that has started). */}
        {now !== null &&
          new Date(booking.start).getTime() <= now &&
          ['CONFIRMED', 'PAID', 'COMPLETED'].includes(booking.status) && (
            <ReportButton targetType="booking" targetId={booking.id} problem />
          )}
        <Button size="sm" variant="ghost" asChild>
          <Link
            to={`/messages?booking=${encodeURIComponent(booking.id)}`}
            aria-label={t`Message ${name} about ${booking.service.title}`}
          >
            <MessageSquare aria-hidden="true" />
            <Trans>Message</Trans>
          </Link>
        </Button>
      </div>
      {/* The money: what the traveler pays and what the provider receives (Locora keeps the fee). */}
      <dl className="flex w-full flex-wrap gap-x-5 gap-y-1 text-sm" data-testid="provider-booking-money">
        {money.map((line) => (
          <div key={line.kind} className="flex items-baseline gap-1.5">
            <dt className="text-muted-foreground">{moneyLabel[line.kind]}</dt>
            <dd className="font-medium">{line.amount}</dd>
          </div>
        ))}
      </dl>
      {kind !== null && (booking.status === 'CANCELED' || booking.status === 'REFUNDED') && (
        <p className="w-full text-sm text-muted-foreground" data-testid="provider-booking-closed">
          {closedText[kind]}
          {closedShowsReason(kind) && booking.cancelReason && (
            <>
              {' '}
              <span className="font-medium text-foreground">
                <Trans>Reason:</Trans>
              </span>{' '}
              {booking.cancelReason}
            </>
          )}
        </p>
      )}
      {/* What the provider needs to serve it: where, and what the traveler asked for. */}
      <BookingWhere location={booking.location} address={booking.address} notes={booking.notes} reader="provider" />
      {/* Who is asking (decision 050): the traveler's record, before the provider answers. */}
      {booking.status === 'PENDING' && booking.traveler && <TravelerRecordLine record={booking.traveler} />}
      <ProviderReviewPanel booking={booking} travelerName={name} providerName={displayName ?? null} />
    </li>
  );
}

/**
 * The provider dashboard's Booking Requests (docs/product.md): each with its start in the
 * provider's own zone (labelled), hours, status, traveler and service. A PENDING request shows how
 * long is left to answer it and Accept / Decline (the lifecycle table decides); the list and the
 * stat cards refresh after either, and when a traveler books or cancels (realtime 'booking'
 * events).
 */
export function BookingsTab({ timeZone, baseCity = null }: { timeZone: string; baseCity?: string | null }) {
  const queryClient = useQueryClient();
  const { t } = useLingui();
  const travelerName = useTravelerName();
  const bookings = useQuery(providerBookingsQuery);
  const now = useNow();
  const locale = useLocale();
  const [declining, setDeclining] = useState<ProviderBooking | null>(null);
  const [alternatives, setAlternatives] = useState<string[]>([]);
  const [canceling, setCanceling] = useState<ProviderBooking | null>(null);
  // The zone's offset as of opening the tab (each booking's own label has its offset at its start).
  const [shownAt] = useState(() => new Date());

  useRealtimeEvents((event) => {
    if (event.type === 'booking') invalidateAfterBookingAnswer(queryClient);
  });

  // Opened from a booking on the Availability week (#booking-{id}): that request, in view and focused.
  const { hash } = useLocation();
  const hasRows = bookings.isSuccess;
  useEffect(() => {
    if (!hasRows || !hash.startsWith('#booking-')) return;
    const row = document.getElementById(hash.slice(1));
    row?.scrollIntoView({ block: 'center' });
    row?.focus({ preventScroll: true });
  }, [hasRows, hash]);

  /** What the cancel dialog says: who is booked for what, that they are refunded in full, who reads the reason. */
  function cancelDescription(booking: ProviderBooking): string {
    const name = travelerName(booking);
    const title = booking.service.title;
    const date = bookingWhen(booking.start, booking.timeZone || timeZone, locale).date;
    return providerCancelRefundsCard(booking.paymentStatus)
      ? t`${name} is booked for ${title} on ${date}. When a provider cancels, the traveler is refunded in full: their card payment is returned. They will see your reason.`
      : t`${name} is booked for ${title} on ${date}. When a provider cancels, the traveler is refunded in full for any payment made. They will see your reason.`;
  }

  const decline = useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string | undefined }) =>
      declineBookingRequest(id, reason, alternatives),
    onSuccess: () => {
      const name = declining ? travelerName(declining) : t`The traveler`;
      setDeclining(null);
      setAlternatives([]);
      invalidateAfterBookingAnswer(queryClient);
      toast({ title: t`Booking declined`, description: t`${name} will see that you declined.` });
    },
    onError: (error) => {
      setDeclining(null);
      if (error instanceof ApiError && error.status === 409) invalidateAfterBookingAnswer(queryClient);
      toast({
        variant: 'destructive',
        title: t`Failed to decline booking`,
        description: errorMessage(error, t`Please try again later.`),
      });
    },
  });

  return (
    <section aria-labelledby="bookings-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="bookings-heading" className="text-xl font-semibold">
          <Trans>Booking requests</Trans>
        </h2>
        <p className="text-sm text-muted-foreground">
          <Trans>Times in {zoneLabel(timeZone, shownAt, baseCity, locale)}</Trans>
        </p>
      </div>
      {bookings.isPending ? (
        <ul className="flex flex-col gap-3" aria-busy="true" aria-label={t`Loading booking requests`}>
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
        <InlineLoadFailed what={t`your booking requests`} onRetry={() => void bookings.refetch()} />
      ) : bookings.data.length === 0 ? (
        <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed px-6 py-12 text-center">
          <CalendarX2 className="size-10 text-muted-foreground" aria-hidden="true" />
          <p className="text-lg font-semibold">
            <Trans>No booking requests</Trans>
          </p>
          <p className="text-muted-foreground">
            <Trans>Requests from travelers appear here.</Trans>
          </p>
        </div>
      ) : (
        <ul className="flex flex-col gap-3">
          {pendingFirst(bookings.data).map((b) => (
            <BookingRow
              key={b.id}
              booking={b}
              timeZone={timeZone}
              baseCity={baseCity}
              now={now}
              onDecline={() => {
                setAlternatives([]);
                setDeclining(b);
              }}
              onCancel={() => setCanceling(b)}
            />
          ))}
        </ul>
      )}
      <ReasonDialog
        open={declining !== null}
        onOpenChange={(open) => !open && setDeclining(null)}
        title={t`Decline this request?`}
        description={
          declining
            ? t`${travelerName(declining)} asked for ${declining.service.title} on ${bookingWhen(declining.start, declining.timeZone || timeZone, locale).date}. They will see your reason.`
            : ''
        }
        confirmLabel={t`Decline request`}
        keepLabel={t`Keep request`}
        maxLength={CANCEL_REASON_MAX}
        isPending={decline.isPending}
        onConfirm={(reason) => declining && decline.mutate({ id: declining.id, reason })}
      >
        {declining && (
          <AlternativeTimes
            serviceId={declining.service.id}
            hours={declining.hours}
            timeZone={declining.timeZone || timeZone}
            requestStart={declining.start}
            value={alternatives}
            onChange={setAlternatives}
            disabled={decline.isPending}
          />
        )}
      </ReasonDialog>
      <CancelBookingDialog
        booking={canceling}
        onClose={() => setCanceling(null)}
        description={canceling ? cancelDescription(canceling) : ''}
        describeResult={(booking) => {
          const name = canceling ? travelerName(canceling) : t`The traveler`;
          return booking.status === 'REFUNDED'
            ? t`${name} is refunded in full and will see your reason.`
            : t`${name} will see that you canceled, and your reason.`;
        }}
      />
    </section>
  );
}
