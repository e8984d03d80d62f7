import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Booking } from '@shared/api/bookings-responses';
import { CANCEL_REASON_MAX, cancelPolicyNote } from '@shared/domain/booking-lifecycle';
import { InlineLoadFailed } from '@/components/load-failed';
import { ReasonDialog } from '@/components/reason-dialog';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { ApiError, errorMessage } from '@/lib/api';
import { bookingWhen } from '@/lib/booking-time';
import { useNow } from '@/lib/use-now';
import { TravelerBookingCard } from './booking-card';
import {
  cancelBookingRequest,
  invalidateBookings,
  travelerBookingsQuery,
  type BookingListStatus,
} from './bookings-api';
import { ReviewDialog } from './review-dialog';

/** SPEC.md's empty state of a dashboard tab: its sentence and a Browse Services button to /browse. */
export function DashboardEmptyState({ icon, title, hint }: { icon: ReactNode; title: string; hint: string }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed px-6 py-12 text-center">
      {icon}
      <p className="text-lg font-semibold">{title}</p>
      <p className="text-muted-foreground">{hint}</p>
      <Button asChild>
        <Link to="/browse">Browse Services</Link>
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
  const queryClient = useQueryClient();
  const bookings = useQuery(travelerBookingsQuery(status));
  const now = useNow();
  const [canceling, setCanceling] = useState<Booking | null>(null);
  const [reviewing, setReviewing] = useState<Booking | null>(null);

  const cancel = useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string | undefined }) => cancelBookingRequest(id, reason),
    onSuccess: (booking) => {
      setCanceling(null);
      invalidateBookings(queryClient);
      const when = bookingWhen(booking.start, booking.timeZone);
      toast({
        title: 'Booking canceled',
        description:
          booking.status === 'REFUNDED'
            ? `${booking.service.title} on ${when.date} is canceled and your payment is refunded in full.`
            : `${booking.service.title} on ${when.date} is canceled.`,
      });
    },
    onError: (error) => {
      setCanceling(null);
      // 409: it moved on meanwhile (the server says to what); the list shows where it is now.
      if (error instanceof ApiError && (error.status === 409 || error.status === 404)) invalidateBookings(queryClient);
      toast({
        variant: 'destructive',
        title: 'Failed to cancel booking',
        description: errorMessage(error, 'Please try again later.'),
      });
    },
  });

  if (bookings.isPending) return <BookingListSkeleton label={`Loading ${status} bookings`} />;
  if (bookings.isError) {
    return <InlineLoadFailed what={`your ${status} bookings`} onRetry={() => void bookings.refetch()} />;
  }
  if (bookings.data.length === 0) return <>{empty}</>;

  return (
    <>
      <ul className="flex flex-col gap-3" aria-label={status === 'upcoming' ? 'Upcoming bookings' : 'Past bookings'}>
        {bookings.data.map((booking) => (
          <TravelerBookingCard
            key={booking.id}
            booking={booking}
            now={now}
            onCancel={status === 'upcoming' ? () => setCanceling(booking) : undefined}
            onReview={status === 'past' ? () => setReviewing(booking) : undefined}
          />
        ))}
      </ul>
      <ReasonDialog
        open={canceling !== null}
        onOpenChange={(open) => !open && setCanceling(null)}
        title="Cancel this booking?"
        description={
          canceling
            ? `${canceling.service.title} with ${canceling.service.provider.displayName} on ${bookingWhen(canceling.start, canceling.timeZone).date}. ${now === null ? '' : `${cancelPolicyNote(canceling.status, new Date(canceling.start), new Date(now))} `}The provider will see your reason.`
            : ''
        }
        confirmLabel="Cancel booking"
        keepLabel="Keep booking"
        maxLength={CANCEL_REASON_MAX}
        isPending={cancel.isPending}
        onConfirm={(reason) => canceling && cancel.mutate({ id: canceling.id, reason })}
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
