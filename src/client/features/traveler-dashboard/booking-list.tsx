import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import type { Booking } from '@shared/api/bookings-responses';
import { cancelPolicyKind } from '@shared/domain/booking-lifecycle';
import { useCancelPolicyNote } from '@/lib/booking-words';
import { InlineLoadFailed } from '@/components/load-failed';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { bookingWhen } from '@/lib/booking-time';
import { CancelBookingDialog } from '@/features/booking/cancel-booking';
import { useNow } from '@/lib/use-now';
import { TravelerBookingCard } from './booking-card';
import { travelerBookingsQuery, type BookingListStatus } from './bookings-api';
import { ReviewDialog } from './review-dialog';
import { useLocale } from '@/lib/locale';

/** The empty state of a dashboard tab (docs/product.md): its sentence and a Browse Services button to /browse. */
export function DashboardEmptyState({ icon, title, hint }: { icon: ReactNode; title: string; hint: string }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed px-6 py-12 text-center">
      {icon}
      <p className="text-lg font-semibold">{title}</p>
      <p className="text-muted-foreground">{hint}</p>
      <Button asChild>
        <Link to="/browse">
          <Trans>Browse Services</Trans>
        </Link>
      </Button>
    </div>
  );
}

export function BookingListSkeleton({ label }: { label: string }) {
  return (
    <ul className="flex flex-col gap-3" aria-busy="true" aria-label={label}>
      {[0, 1, 2].map((i) => (
        <li key={i} className="flex gap-4 rounded-xl border p-4">
          <Skeleton className="h-20 w-28 shrink-0" />
          <div className="flex flex-1 flex-col gap-2">
            <Skeleton className="h-5 w-1/2" />
            <Skeleton className="h-4 w-1/3" />
            <Skeleton className="h-4 w-1/4" />
          </div>
        </li>
      ))}
    </ul>
  );
}

/**
 * The bookings of one tab (upcoming or past) with their actions: cancel (confirm with an optional
 * reason) and write a review.
 */
export function BookingList({ status, empty }: { status: BookingListStatus; empty: ReactNode }) {
  const bookings = useQuery(travelerBookingsQuery(status));
  const now = useNow();
  const locale = useLocale();
  const { t } = useLingui();
  const cancelPolicyNote = useCancelPolicyNote();
  const [canceling, setCanceling] = useState<Booking | null>(null);
  const [reviewing, setReviewing] = useState<Booking | null>(null);

  const upcoming = status === 'upcoming';
  if (bookings.isPending)
    return <BookingListSkeleton label={upcoming ? t`Loading upcoming bookings` : t`Loading past bookings`} />;
  if (bookings.isError) {
    return (
      <InlineLoadFailed
        what={upcoming ? t`your upcoming bookings` : t`your past bookings`}
        onRetry={() => void bookings.refetch()}
      />
    );
  }
  if (bookings.data.length === 0) return <>{empty}</>;
  const cities = [...new Set(bookings.data.map((b) => b.service.city))];

  /** What the cancel dialog says: which booking, what the policy gives back, who reads the reason. */
  function cancelDescription(booking: Booking): string {
    const title = booking.service.title;
    const provider = booking.service.provider.displayName;
    const date = bookingWhen(booking.start, booking.timeZone, locale, booking.service.city).date;
    const policy =
      now === null ? null : cancelPolicyNote(cancelPolicyKind(booking.status, new Date(booking.start), new Date(now)));
    return policy
      ? t`${title} with ${provider} on ${date}. ${policy} The provider will see your reason.`
      : t`${title} with ${provider} on ${date}. The provider will see your reason.`;
  }

  return (
    <>
      <ul className="flex flex-col gap-3" aria-label={upcoming ? t`Upcoming bookings` : t`Past bookings`}>
        {bookings.data.map((booking, index) => (
          <TravelerBookingCard
            key={booking.id}
            booking={booking}
            first={index === 0}
            now={now}
            viewerPlaces={cities}
            onCancel={status === 'upcoming' ? () => setCanceling(booking) : undefined}
            onReview={status === 'past' ? () => setReviewing(booking) : undefined}
          />
        ))}
      </ul>
      <CancelBookingDialog
        booking={canceling}
        onClose={() => setCanceling(null)}
        description={canceling ? cancelDescription(canceling) : ''}
        describeResult={(booking) => {
          const title = booking.service.title;
          const date = bookingWhen(booking.start, booking.timeZone, locale, booking.service.city).date;
          return booking.status === 'REFUNDED'
            ? t`${title} on ${date} is canceled and your payment is refunded in full.`
            : t`${title} on ${date} is canceled.`;
        }}
      />
      {reviewing && (
        <ReviewDialog
          key={reviewing.id}
          bookingId={reviewing.id}
          serviceTitle={reviewing.service.title}
          open
          onOpenChange={(open) => !open && setReviewing(null)}
        />
      )}
    </>
  );
}
