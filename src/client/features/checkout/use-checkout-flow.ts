import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Role } from '@shared/api/auth';
import type { ServiceDetail } from '@shared/api/catalog';
import type { Booking, CreateBookingInput } from '@shared/api/bookings';
import { checkoutDateFromParam, parseHoursField, slotLabel, type HoursField } from '@shared/domain/checkout';
import { RESPONSE_WINDOW_HOURS } from '@shared/domain/booking-lifecycle';
import { isCardPayable, needsCardPayment } from '@shared/domain/payments';
import { isHourly } from '@shared/domain/pricing';
import { amountsForUnit } from '@shared/domain/booking-amounts';
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
import { usePaymentWords } from '@/features/payments/payment-words';
import { useLocale } from '@/lib/locale';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
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
  const locale = useLocale();
  const { t } = useLingui();
  const paymentWords = usePaymentWords();
  /** The Number of Hours field's problem, if any, in the reader's words. */
  const hoursFieldOf = (field: HoursField): { hours?: number; error?: string } => {
    if (field.hours !== undefined) return { hours: field.hours };
    switch (field.problem) {
      case 'empty':
        return { error: t`Enter the number of hours` };
      case 'not_whole':
        return { error: t`Hours must be a whole number` };
      case 'below_minimum': {
        const min = field.min;
        return {
          error: t`${plural(min, { one: 'This service needs at least # hour', other: 'This service needs at least # hours' })}`,
        };
      }
      case 'above_maximum': {
        const max = field.max;
        return { error: t`A booking can last at most ${max} hours` };
      }
    }
  };

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
    ? hoursFieldOf(parseHoursField(state.hoursText, service.minHours))
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
    const title = service.title;
    const date = formatDateIn(start, booking.timeZone, locale);
    const time = formatTimeIn(start, booking.timeZone, locale);
    const provider = service.provider.displayName;
    const total = money(booking.totalCents, booking.currency);
    const responseHours = RESPONSE_WINDOW_HOURS;
    toast({
      title: t`Booking requested`,
      description: authorised
        ? t`${title}, ${date} at ${time}. ${provider} will answer within ${responseHours} hours. Your card is authorised for ${total}, not charged: you pay only when they accept.`
        : t`${title}, ${date} at ${time}. ${provider} will answer within ${responseHours} hours.`,
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
          title: paymentWords.errorTitle,
          description: errorMessage(error, paymentWords.initFailed),
        });
        navigate('/dashboard/traveler');
        return;
      }
      const message =
        error instanceof ApiError ? errorMessage(error, paymentWords.initFailed) : paymentWords.initFailed;
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
        dispatch({ type: 'taken', message: errorMessage(error, t`That time is no longer free.`) });
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
      dispatch({ type: 'notSent', message: t`We could not reach Locora. Check your connection and try again.` });
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
    chosenSlot && free.timeZone ? slotLabel(chosenSlot.start, free.timeZone, viewerTimeZone, locale) : undefined;

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
