import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Role } from '@shared/api/auth';
import type { ServiceDetail } from '@shared/api/catalog';
import type { Booking, CreateBookingInput } from '@shared/api/bookings';
import { checkoutDateFromParam, parseHoursField, slotLabel } from '@shared/domain/checkout';
import { isCardPayable, needsCardPayment, PAYMENT_ERROR_TITLE, PAYMENT_INIT_FAILED } from '@shared/domain/payments';
import { amountsForUnit, isHourly } from '@shared/domain/pricing';
import { needsTravelerAddress } from '@shared/domain/service-location';
import { signInPath } from '@shared/domain/return-path';
import { calendarDateOfLocalDate, formatDateIn, formatTimeIn } from '@shared/domain/time';
import { toast } from '@/components/ui/use-toast';
import { ApiError, errorMessage } from '@/lib/api';
import { createAttemptKeys } from '@/lib/attempt-key';
import { useMoney } from '@/lib/format';
import { useCurrentPath } from '@/lib/sign-in-address';
import { useViewerTimeZone, useViewerToday } from '@/lib/viewer-clock';
import type { CardPaymentHandle, CardPaymentState } from '@/features/payments/card-payment';
import { createPaymentIntent, paymentsConfigQuery } from '@/features/payments/payments-api';
import { checkoutReducer, initialCheckoutState } from './checkout-state';
import { bookingQuery, createBooking, newIdempotencyKey } from './checkout-api';
import { useFreeTimes } from './use-free-times';

/**
 * The checkout's flow: the traveler's choices (checkout-state.ts's reducer), the free days and
 * times for them, sending the request and authorising its card. The panels only show what this
 * returns and dispatch what the traveler does.
 */
export function useCheckoutFlow(service: ServiceDetail, isOwn: boolean, role: Role) {
  const money = useMoney();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [searchParams] = useSearchParams();
  const viewerTimeZone = useViewerTimeZone();
  const today = useViewerToday();
  const currentPath = useCurrentPath();

  const [state, dispatch] = useReducer(checkoutReducer, undefined, () => {
    const asked = checkoutDateFromParam(searchParams.get('date'), viewerTimeZone);
    const todayDate = calendarDateOfLocalDate(today);
    // A day already past (an old link) cannot be booked: start with none.
    const date = asked && asked >= todayDate ? asked : undefined;
    // An offered time's link (?start=): that start chosen, if it is an instant on the asked day.
    const start = searchParams.get('start');
    const startDate = start ? checkoutDateFromParam(start, viewerTimeZone) : undefined;
    const chosen = start && startDate === date ? new Date(start).toISOString() : undefined;
    return initialCheckoutState(date, todayDate, service.minHours, chosen);
  });
  // One Idempotency-Key per attempt, the same for a retry of it.
  const [attemptKey] = useState(() => createAttemptKeys(newIdempotencyKey));
  const conflictRef = useRef<HTMLDivElement>(null);
  // With a publishable key, the card is authorised right after the request.
  const paymentsConfig = useQuery(paymentsConfigQuery());
  const publishableKey = paymentsConfig.data?.publishableKey ?? null;
  const paymentsOn = publishableKey !== null;
  const paymentHandle = useRef<CardPaymentHandle | null>(null);
  const onCardState = useCallback(
    (cardState: CardPaymentState) => dispatch({ type: 'cardState', state: cardState }),
    [],
  );
  // From the dashboard's 'Complete payment' (?booking=id): pay for that PENDING request, never book again.
  const bookingParam = searchParams.get('booking');
  const existing = useQuery(bookingQuery(bookingParam));
  const existingBooking = existing.data?.booking;
  const fromDashboard =
    existingBooking &&
    existingBooking.service.id === service.id &&
    existingBooking.status === 'PENDING' &&
    needsCardPayment(existingBooking.paymentStatus, existingBooking.totalCents, existingBooking.currency)
      ? existingBooking
      : undefined;
  const unpaid = state.unpaidCleared ? undefined : (state.unpaidSent ?? fromDashboard);
  // On a phone the times are far above the button: bring the news and the times left into view.
  useEffect(() => {
    if (state.conflict) conflictRef.current?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  }, [state.conflict]);

  // Per hour the traveler chooses the hours; a session or a day is its length (decision 035).
  const hourly = isHourly(service.pricingUnit);
  const hoursField: { hours?: number; error?: string } = hourly
    ? parseHoursField(state.hoursText, service.minHours)
    : { hours: service.minHours };
  const hours = hoursField.hours;
  const canBook = service.isActive && !isOwn && role === 'TRAVELER';
  const addressNeeded = needsTravelerAddress(service.locationType);
  const free = useFreeTimes(service.id, state.date, state.month, hours);
  const chosenSlot = free.slotList.find((slot) => slot.start === state.chosenStart);

  const amounts = amountsForUnit(service.pricingUnit, service.price, hours ?? service.minHours, service.currency);
  // The request being paid for shows its own amounts (fixed when it was sent).
  const summary = unpaid
    ? {
        hours: unpaid.hours,
        currency: unpaid.currency,
        subtotalCents: unpaid.amountCents,
        feeCents: unpaid.feeCents,
        totalCents: unpaid.totalCents,
      }
    : hours
      ? { hours, ...amounts }
      : undefined;
  // A free booking (or a total Stripe does not take) is request-to-book: no card.
  const cardNeeded =
    paymentsOn &&
    (unpaid ? isCardPayable(unpaid.totalCents, unpaid.currency) : isCardPayable(amounts.totalCents, amounts.currency));

  /** The request is sent (and its card authorised, when payments are on): say so and go to the dashboard. */
  function finish(booking: Booking, authorised: boolean) {
    const start = new Date(booking.start);
    const held = authorised
      ? ` Your card is authorised for ${money(booking.totalCents, booking.currency)}, not charged: you pay only when they accept.`
      : '';
    toast({
      title: 'Booking requested',
      description: `${service.title}, ${formatDateIn(start, booking.timeZone)} at ${formatTimeIn(start, booking.timeZone)}. ${service.provider.displayName} will answer within 24 hours.${held}`,
    });
    navigate('/dashboard/traveler');
  }

  async function paid(booking: Booking) {
    dispatch({ type: 'unpaidCleared' });
    await queryClient.invalidateQueries({ queryKey: ['/api/bookings'] });
    finish(booking, true);
  }

  /** Authorises the card for a sent request; a failure is shown and can be retried (the same PaymentIntent). */
  async function payFor(booking: Booking) {
    dispatch({ type: 'payStart' });
    try {
      const { clientSecret, status } = await createPaymentIntent(booking.id);
      // Authorised already (an earlier confirmation whose answer was lost): nothing more to do.
      if (status === 'requires_capture' || status === 'succeeded' || status === 'processing')
        return await paid(booking);
      const handle = paymentHandle.current;
      if (!handle) throw new Error('The card field is not ready');
      const result = await handle.confirm(clientSecret);
      if ('error' in result) return dispatch({ type: 'payFailed', message: result.error });
      // Locora reads the authorisation from Stripe now rather than waiting for its webhook, so the
      // dashboard shows the card as authorised at once (a failure here changes nothing: the webhook follows).
      await createPaymentIntent(booking.id).catch(() => undefined);
      await paid(booking);
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        // The request cannot be paid any more (declined, expired, released): show where it stands.
        dispatch({ type: 'unpaidCleared' });
        await queryClient.invalidateQueries({ queryKey: ['/api/bookings'] });
        toast({
          variant: 'destructive',
          title: PAYMENT_ERROR_TITLE,
          description: errorMessage(error, PAYMENT_INIT_FAILED),
        });
        navigate('/dashboard/traveler');
        return;
      }
      const message = error instanceof ApiError ? errorMessage(error, PAYMENT_INIT_FAILED) : PAYMENT_INIT_FAILED;
      dispatch({ type: 'payFailed', message });
    } finally {
      dispatch({ type: 'payEnd' });
    }
  }

  const request = useMutation({
    mutationFn: ({ input, key }: { input: CreateBookingInput; key: string }) => createBooking(input, key),
    onSuccess: async (booking) => {
      attemptKey.reset();
      await queryClient.invalidateQueries({ queryKey: ['/api/bookings'] });
      await queryClient.invalidateQueries({ queryKey: ['/api/services', service.id] });
      if (paymentsOn && isCardPayable(booking.totalCents, booking.currency)) {
        dispatch({ type: 'sentUnpaid', booking });
        await payFor(booking);
        return;
      }
      finish(booking, false);
    },
    onError: async (error) => {
      if (error instanceof ApiError && error.status === 401) {
        navigate(signInPath(currentPath, 'book'));
        return;
      }
      if (error instanceof ApiError && error.status === 409) {
        // The slot went to someone else a moment ago: say so, and show what is still free.
        attemptKey.reset();
        dispatch({ type: 'taken', message: errorMessage(error, 'That time is no longer free.') });
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: ['/api/services', service.id, 'slots'] }),
          queryClient.invalidateQueries({ queryKey: ['/api/services', service.id, 'available-days'] }),
        ]);
        return;
      }
      if (error instanceof ApiError) {
        attemptKey.reset();
        dispatch({ type: 'notSent', message: errorMessage(error, error.message) });
        return;
      }
      // The network failed: the same attempt (same Idempotency-Key) can be sent again safely.
      dispatch({ type: 'notSent', message: 'We could not reach Locora. Check your connection and try again.' });
    },
  });

  function submit() {
    if (unpaid) {
      void payFor(unpaid);
      return;
    }
    if (!chosenSlot || !hours || !canBook) return;
    dispatch({ type: 'send' });
    if (addressNeeded && !state.address.trim()) return;
    const input: CreateBookingInput = {
      serviceId: service.id,
      start: chosenSlot.start,
      hours,
      // Only a service at the traveler's address takes one (the place's is the provider's to tell).
      address: addressNeeded ? state.address.trim() || undefined : undefined,
      notes: state.notes.trim() || undefined,
    };
    request.mutate({ input, key: attemptKey.keyFor(input) });
  }

  const chosenLabel =
    chosenSlot && free.timeZone ? slotLabel(chosenSlot.start, free.timeZone, viewerTimeZone) : undefined;

  const flow = {
    state,
    dispatch,
    today,
    viewerTimeZone,
    hours,
    hourly,
    addressMissing: addressNeeded && state.triedToSend && !state.address.trim(),
    hoursError: hoursField.error,
    canBook,
    role,
    free,
    chosenSlot,
    chosenLabel,
    summary,
    unpaid,
    cardNeeded,
    payments: { config: paymentsConfig, publishableKey, paymentsOn, onCardState },
    fromDashboard: !!bookingParam,
    isSending: request.isPending || state.isPaying,
    submit,
  };
  // The refs apart: panels read the flow while rendering, and refs only in effects and handlers.
  return { flow, conflictRef, paymentHandle };
}

export type CheckoutFlow = ReturnType<typeof useCheckoutFlow>['flow'];
