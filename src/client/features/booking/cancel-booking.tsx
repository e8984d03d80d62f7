import { useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { bookingResponseSchema, type Booking } from '@shared/api/bookings-responses';
import { CANCEL_REASON_MAX } from '@shared/domain/booking-lifecycle';
import { ReasonDialog } from '@/components/reason-dialog';
import { toast } from '@/components/ui/use-toast';
import { ApiError, apiJson, errorMessage } from '@/lib/api';

/**
 * Cancelling a booking, the same call for its traveler and its provider (here, not in a feature,
 * as both dashboards use it). Only the dashboards import this module: it stays out of the first load.
 */
export async function cancelBookingRequest(id: string, reason: string | undefined): Promise<Booking> {
  const body = await apiJson<unknown>('POST', `/api/bookings/${encodeURIComponent(id)}/cancel`, { reason });
  return bookingResponseSchema.parse(body).booking;
}

/**
 * After a cancellation: both sides' lists, the provider's Pending Requests count, and the
 * conversations that show the booking's status (keys no one has loaded are left alone).
 */
function invalidateAfterCancel(queryClient: QueryClient) {
  for (const key of ['/api/provider/bookings', '/api/provider/stats', '/api/bookings', '/api/bookings/with-messages']) {
    void queryClient.invalidateQueries({ queryKey: [key] });
  }
}

/**
 * The cancel dialog's mutation: 'Booking canceled' with the caller's description of the result,
 * or 'Failed to cancel booking' with the server's reason. A 409 (the booking moved on meanwhile)
 * or 404 refetches the lists so they show where it is now. `onDone` runs first on either outcome
 * (it closes the dialog).
 */
export function useCancelBooking({
  describe,
  onDone,
}: {
  /** The success toast's description, from the booking as the server answered (CANCELED or REFUNDED). */
  describe: (booking: Booking) => string;
  onDone: () => void;
}) {
  const queryClient = useQueryClient();
  const { t } = useLingui();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string | undefined }) => cancelBookingRequest(id, reason),
    onSuccess: (booking) => {
      const description = describe(booking);
      onDone();
      invalidateAfterCancel(queryClient);
      toast({ title: t`Booking canceled`, description });
    },
    onError: (error) => {
      onDone();
      if (error instanceof ApiError && (error.status === 409 || error.status === 404))
        invalidateAfterCancel(queryClient);
      toast({
        variant: 'destructive',
        title: t`Failed to cancel booking`,
        description: errorMessage(error, t`Please try again later.`),
      });
    },
  });
}

/**
 * 'Cancel this booking?' with an optional reason, for the booking being canceled (null: closed).
 * `description` says what is canceled and what the policy gives back; `describeResult` words the
 * success toast.
 */
export function CancelBookingDialog({
  booking,
  onClose,
  description,
  describeResult,
}: {
  booking: { id: string } | null;
  onClose: () => void;
  description: string;
  describeResult: (booking: Booking) => string;
}) {
  const cancel = useCancelBooking({ describe: describeResult, onDone: onClose });
  const { t } = useLingui();
  return (
    <ReasonDialog
      open={booking !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t`Cancel this booking?`}
      description={description}
      confirmLabel={t`Cancel booking`}
      keepLabel={t`Keep booking`}
      maxLength={CANCEL_REASON_MAX}
      isPending={cancel.isPending}
      onConfirm={(reason) => booking && cancel.mutate({ id: booking.id, reason })}
    />
  );
}
