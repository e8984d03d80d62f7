import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Link, Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isBefore } from 'date-fns';
import { ArrowLeft, CalendarClock, CreditCard, Info, MapPin, TriangleAlert } from 'lucide-react';
import type { ServiceDetail } from '@shared/api/catalog';
import type { Booking, CreateBookingInput } from '@shared/api/bookings';
import { BOOKING_ADDRESS_MAX, BOOKING_NOTES_MAX, CANCELLATION_POLICY_TEXT } from '@shared/domain/booking-lifecycle';
import {
  checkoutDateFromParam,
  displayDay,
  monthOfDate,
  nextAvailableDay,
  nextMonth,
  parseHoursField,
  slotLabel,
} from '@shared/domain/checkout';
import {
  isCardPayable,
  needsCardPayment,
  PAYMENT_ERROR_TITLE,
  PAYMENT_INIT_FAILED,
  PAYMENT_NOT_CONFIGURED_HINT,
  PAYMENT_NOT_CONFIGURED_TITLE,
} from '@shared/domain/payments';
import { bookingAmounts } from '@shared/domain/pricing';
import { signInPath } from '@shared/domain/return-path';
import {
  calendarDateOfLocalDate,
  formatDateIn,
  formatTimeIn,
  localDateOfCalendarDate,
  type CalendarDate,
} from '@shared/domain/time';
import { InlineLoadFailed, isNotFoundError, LoadFailed } from '@/components/load-failed';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Calendar } from '@/components/ui/calendar';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Separator } from '@/components/ui/separator';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { availableDaysQuery, createBooking, newIdempotencyKey, slotsQuery } from '@/lib/booking-api';
import { NoFreeTimes, SlotListSkeleton, SlotPicker } from '@/features/booking/slot-picker';
import { serviceQuery } from '@/features/catalog/catalog-api';
import type { CardPaymentHandle, CardPaymentState } from '@/features/payments/card-payment';
import { createPaymentIntent, paymentsConfigQuery } from '@/features/payments/payments-api';
import { ServicePhoto } from '@/features/catalog/service-photo';
import { Textarea } from '@/components/ui/textarea';
import { ApiError, apiJson, errorMessage } from '@/lib/api';
import { createAttemptKeys } from '@/lib/attempt-key';
import { useAuth } from '@/lib/auth-context';
import { useDocumentTitle } from '@/lib/document-title';
import { formatPriceWithCents, pricingUnitText } from '@/lib/format';
import { useCurrentPath } from '@/lib/sign-in-address';
import { useViewerTimeZone, useViewerToday } from '@/lib/viewer-clock';
import { NotFoundPage } from './not-found';

/** Stripe Elements and Stripe.js load only when a card is to be taken (their own chunk, issue 10). */
const CardPayment = lazy(() => import('@/features/payments/card-payment').then((m) => ({ default: m.CardPayment })));

/** A destructive alert whose explanation reads in the body colour (enough contrast in both themes). */
const READABLE_ALERT = '*:data-[slot=alert-description]:text-foreground';

/** /checkout/{id} (SPEC.md section 2, issue 9): choose a day, a free start time and hours, and request. */
export function CheckoutPage() {
  const { id = '' } = useParams();
  const { user, isLoading } = useAuth();
  const currentPath = useCurrentPath();
  const { data: service, error, isPending, refetch } = useQuery({ ...serviceQuery(id), enabled: !!user });
  useDocumentTitle(service ? `Book ${service.title}` : 'Checkout');

  if (isLoading) return <CheckoutSkeleton />;
  // SPEC.md: a visitor who is not signed in goes to sign in, and comes back here (decision 016).
  if (!user) return <Navigate to={signInPath(currentPath)} replace />;
  if (isPending) return <CheckoutSkeleton />;
  if (isNotFoundError(error)) return <NotFoundPage />;
  if (!service) return <LoadFailed what="this service" onRetry={() => void refetch()} />;
  return <CheckoutView key={service.id} service={service} isOwn={service.provider.userId === user.id} />;
}

function CheckoutSkeleton() {
  return (
    <div className="mx-auto grid w-full max-w-6xl gap-6 px-4 py-8 sm:px-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:px-8">
      <div className="flex flex-col gap-6" aria-hidden="true">
        <Skeleton className="h-5 w-32" />
        <Skeleton className="h-9 w-56" />
        <Skeleton className="h-[34rem] w-full rounded-xl" />
      </div>
      <Skeleton className="h-[28rem] w-full rounded-xl lg:mt-24" />
      <span className="sr-only" role="status">
        Loading checkout
      </span>
    </div>
  );
}

function CheckoutView({ service, isOwn }: { service: ServiceDetail; isOwn: boolean }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [searchParams] = useSearchParams();
  const viewerTimeZone = useViewerTimeZone();
  const today = useViewerToday();
  const currentPath = useCurrentPath();

  const [date, setDate] = useState<CalendarDate | undefined>(() => {
    const asked = checkoutDateFromParam(searchParams.get('date'), viewerTimeZone);
    // A day already past (an old link) cannot be booked (SPEC.md section 5): start with none.
    return asked && asked >= calendarDateOfLocalDate(today) ? asked : undefined;
  });
  const [month, setMonth] = useState(() => monthOfDate(date ?? calendarDateOfLocalDate(today)));
  const [hoursText, setHoursText] = useState(String(service.minHours));
  const [chosenStart, setChosenStart] = useState<string | undefined>();
  const [address, setAddress] = useState('');
  const [notes, setNotes] = useState('');
  const [conflict, setConflict] = useState<string | undefined>();
  const [submitError, setSubmitError] = useState<string | undefined>();
  // One Idempotency-Key per attempt, the same for a retry of it.
  const [attemptKey] = useState(() => createAttemptKeys(newIdempotencyKey));
  const conflictRef = useRef<HTMLDivElement>(null);
  // Payments (issue 10): with a publishable key, the card is authorised right after the request.
  const paymentsConfig = useQuery(paymentsConfigQuery());
  const publishableKey = paymentsConfig.data?.publishableKey ?? null;
  const paymentsOn = publishableKey !== null;
  const paymentHandle = useRef<CardPaymentHandle | null>(null);
  const [cardState, setCardState] = useState<CardPaymentState>('loading');
  const onCardState = useCallback((state: CardPaymentState) => setCardState(state), []);
  // The request already sent whose card is not yet authorised (a retry pays for it, never books again).
  const [unpaidSent, setUnpaid] = useState<Booking | undefined>();
  // Set once that request is paid for or cannot be any more (the dashboard's one is then done too).
  const [unpaidCleared, setUnpaidCleared] = useState(false);
  const [paymentError, setPaymentError] = useState<string | undefined>();
  const [isPaying, setIsPaying] = useState(false);
  // From the dashboard's 'Complete payment' (?booking=id): pay for that PENDING request, never book again.
  const bookingParam = searchParams.get('booking');
  const existing = useQuery({
    queryKey: ['/api/bookings', bookingParam],
    queryFn: () => apiJson<{ booking: Booking }>('GET', `/api/bookings/${encodeURIComponent(bookingParam ?? '')}`),
    enabled: !!bookingParam,
  });
  const existingBooking = existing.data?.booking;
  const fromDashboard =
    existingBooking &&
    existingBooking.service.id === service.id &&
    existingBooking.status === 'PENDING' &&
    needsCardPayment(existingBooking.paymentStatus, existingBooking.totalCents)
      ? existingBooking
      : undefined;
  const unpaid = unpaidCleared ? undefined : (unpaidSent ?? fromDashboard);
  const clearUnpaid = () => {
    setUnpaid(undefined);
    setUnpaidCleared(true);
  };
  // On a phone the times are far above the button: bring the news and the times left into view.
  useEffect(() => {
    if (conflict) conflictRef.current?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  }, [conflict]);

  const hoursField = parseHoursField(hoursText, service.minHours);
  const hours = hoursField.hours;
  const canBook = service.isActive && !isOwn;

  const days = useQuery({ ...availableDaysQuery(service.id, month, hours ?? service.minHours), enabled: !!hours });
  const slots = useQuery({
    ...slotsQuery(service.id, date ?? '', hours ?? service.minHours),
    enabled: !!date && !!hours,
  });
  const slotList = slots.data?.slots ?? [];
  const chosenSlot = slotList.find((slot) => slot.start === chosenStart);
  const timeZone = slots.data?.timeZone ?? days.data?.timeZone;

  // No free time that day: the next day with one, this month or the next.
  const dayIsEmpty = !!date && slots.isSuccess && slotList.length === 0;
  const sameMonthNext =
    date && days.data && days.data.month === monthOfDate(date) ? nextAvailableDay(days.data.days, date) : undefined;
  const following = useQuery({
    ...availableDaysQuery(service.id, nextMonth(monthOfDate(date ?? '2000-01-01')), hours ?? service.minHours),
    enabled: dayIsEmpty && !!hours && !!days.data && !sameMonthNext,
  });
  const nextFreeDay = sameMonthNext ?? following.data?.days[0];

  const availableSet = days.data?.month === month ? new Set(days.data.days) : undefined;
  const isDayDisabled = (day: Date) =>
    isBefore(day, today) || (availableSet !== undefined && !availableSet.has(calendarDateOfLocalDate(day)));

  const amounts = bookingAmounts(service.price, hours ?? service.minHours);
  // The request being paid for shows its own amounts (fixed when it was sent).
  const summary = unpaid
    ? {
        hours: unpaid.hours,
        subtotalCents: unpaid.amountCents,
        feeCents: unpaid.feeCents,
        totalCents: unpaid.totalCents,
      }
    : hours
      ? { hours, ...amounts }
      : undefined;
  // A free booking (or a total Stripe does not take) is request-to-book: no card (issue 10).
  const cardNeeded = paymentsOn && isCardPayable(unpaid ? unpaid.totalCents : amounts.totalCents);

  const request = useMutation({
    mutationFn: ({ input, key }: { input: CreateBookingInput; key: string }) => createBooking(input, key),
    onSuccess: async (booking) => {
      attemptKey.reset();
      await queryClient.invalidateQueries({ queryKey: ['/api/bookings'] });
      await queryClient.invalidateQueries({ queryKey: ['/api/services', service.id] });
      if (paymentsOn && isCardPayable(booking.totalCents)) {
        setUnpaidCleared(false);
        setUnpaid(booking);
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
        setChosenStart(undefined);
        setConflict(errorMessage(error, 'That time is no longer free.'));
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: ['/api/services', service.id, 'slots'] }),
          queryClient.invalidateQueries({ queryKey: ['/api/services', service.id, 'available-days'] }),
        ]);
        return;
      }
      if (error instanceof ApiError) {
        attemptKey.reset();
        setSubmitError(errorMessage(error, error.message));
        return;
      }
      // The network failed: the same attempt (same Idempotency-Key) can be sent again safely.
      setSubmitError('We could not reach Locora. Check your connection and try again.');
    },
  });

  /** The request is sent (and its card authorised, when payments are on): say so and go to the dashboard. */
  function finish(booking: Booking, authorised: boolean) {
    const start = new Date(booking.start);
    const held = authorised
      ? ` Your card is authorised for ${formatPriceWithCents(booking.totalCents)}, not charged: you pay only when they accept.`
      : '';
    toast({
      title: 'Booking requested',
      description: `${service.title}, ${formatDateIn(start, booking.timeZone)} at ${formatTimeIn(start, booking.timeZone)}. ${service.provider.displayName} will answer within 24 hours.${held}`,
    });
    navigate('/dashboard/traveler');
  }

  /** Authorises the card for a sent request; a failure is shown and can be retried (the same PaymentIntent). */
  async function payFor(booking: Booking) {
    setPaymentError(undefined);
    setIsPaying(true);
    try {
      const { clientSecret, status } = await createPaymentIntent(booking.id);
      if (status === 'requires_capture' || status === 'succeeded' || status === 'processing') {
        // Authorised already (an earlier confirmation whose answer was lost): nothing more to do.
        clearUnpaid();
        await queryClient.invalidateQueries({ queryKey: ['/api/bookings'] });
        finish(booking, true);
        return;
      }
      const handle = paymentHandle.current;
      if (!handle) throw new Error('The card field is not ready');
      const result = await handle.confirm(clientSecret);
      if ('error' in result) {
        setPaymentError(result.error);
        return;
      }
      // Locora reads the authorisation from Stripe now rather than waiting for its webhook, so the
      // dashboard shows the card as authorised at once (a failure here changes nothing: the webhook follows).
      await createPaymentIntent(booking.id).catch(() => undefined);
      clearUnpaid();
      await queryClient.invalidateQueries({ queryKey: ['/api/bookings'] });
      finish(booking, true);
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        // The request cannot be paid any more (declined, expired, released): show where it stands.
        clearUnpaid();
        await queryClient.invalidateQueries({ queryKey: ['/api/bookings'] });
        toast({
          variant: 'destructive',
          title: PAYMENT_ERROR_TITLE,
          description: errorMessage(error, PAYMENT_INIT_FAILED),
        });
        navigate('/dashboard/traveler');
        return;
      }
      setPaymentError(error instanceof ApiError ? errorMessage(error, PAYMENT_INIT_FAILED) : PAYMENT_INIT_FAILED);
    } finally {
      setIsPaying(false);
    }
  }

  function chooseDay(day: CalendarDate) {
    setDate(day);
    setChosenStart(undefined);
    setSubmitError(undefined);
  }

  function submit() {
    if (unpaid) {
      void payFor(unpaid);
      return;
    }
    if (!chosenSlot || !hours || !canBook) return;
    setConflict(undefined);
    setSubmitError(undefined);
    const input: CreateBookingInput = {
      serviceId: service.id,
      start: chosenSlot.start,
      hours,
      address: address.trim() || undefined,
      notes: notes.trim() || undefined,
    };
    request.mutate({ input, key: attemptKey.keyFor(input) });
  }

  const chosenLabel = chosenSlot && timeZone ? slotLabel(chosenSlot.start, timeZone, viewerTimeZone) : undefined;
  const hoursInvalid = hoursField.error !== undefined;

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-6 sm:px-6 sm:py-8 lg:px-8">
      <div className="flex flex-col gap-3">
        <Link
          to={`/service/${service.id}`}
          className="inline-flex w-fit items-center gap-1.5 rounded-sm text-sm font-medium text-muted-foreground underline-offset-4 outline-none hover:text-foreground hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/60"
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          Back to service
        </Link>
        <h1 className="text-3xl font-bold tracking-tight">Checkout</h1>
      </div>

      {isOwn && (
        <Alert variant="info">
          <Info aria-hidden="true" />
          <AlertTitle>This is your own service</AlertTitle>
          <AlertDescription>
            You cannot book your own service. Travelers see this page to request a time.
          </AlertDescription>
        </Alert>
      )}
      {!service.isActive && !isOwn && (
        <Alert variant="info">
          <Info aria-hidden="true" />
          <AlertTitle>Not taking bookings</AlertTitle>
          <AlertDescription>This service is not active, so it cannot be booked right now.</AlertDescription>
        </Alert>
      )}

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
        <div className="flex min-w-0 flex-col gap-6">
          <Card>
            <CardHeader>
              <CardTitle asChild>
                <h2 className="text-xl">Booking Details</h2>
              </CardTitle>
            </CardHeader>
            <CardContent className="flex flex-col gap-6">
              <div className="grid gap-6 md:grid-cols-[minmax(0,18rem)_minmax(0,1fr)]">
                <div
                  className="flex flex-col gap-2"
                  data-free-days={days.isSuccess ? 'known' : days.isError ? 'unknown' : 'loading'}
                >
                  <h3 className="text-sm font-semibold">Date</h3>
                  <Calendar
                    selected={date ? localDateOfCalendarDate(date) : undefined}
                    onSelect={(day) => chooseDay(calendarDateOfLocalDate(day))}
                    isDateDisabled={isDayDisabled}
                    fromMonth={today}
                    today={today}
                    label="Booking date"
                    onMonthChange={(shown) => setMonth(monthOfDate(calendarDateOfLocalDate(shown)))}
                  />
                  <p className="min-h-5 text-xs text-muted-foreground" aria-live="polite">
                    {days.isPending && hours ? 'Checking which days are free…' : null}
                    {days.isError ? 'Could not check which days are free; any day can be tried.' : null}
                    {days.isSuccess && days.data.days.length === 0 ? 'No free days this month.' : null}
                  </p>
                </div>

                <div className="flex min-w-0 flex-col gap-3" aria-live="polite">
                  {conflict && (
                    <Alert variant="destructive" ref={conflictRef} className={READABLE_ALERT}>
                      <TriangleAlert aria-hidden="true" />
                      <AlertTitle>That time was just taken</AlertTitle>
                      <AlertDescription>
                        {conflict} Your details are kept: choose one of the times still free below.
                      </AlertDescription>
                    </Alert>
                  )}
                  {!date ? (
                    <div className="flex flex-col items-start gap-2 rounded-lg border border-dashed p-4 text-sm text-muted-foreground">
                      <CalendarClock className="size-5" aria-hidden="true" />
                      Choose a date to see its free start times.
                    </div>
                  ) : hoursInvalid ? (
                    <p className="rounded-lg border border-dashed p-4 text-sm text-muted-foreground">
                      Enter a valid number of hours to see the free times.
                    </p>
                  ) : slots.isPending ? (
                    <SlotListSkeleton />
                  ) : slots.isError ? (
                    <div className="rounded-lg border border-dashed p-4 text-sm">
                      {slots.error instanceof ApiError && slots.error.status === 400 ? (
                        <p className="text-destructive">{errorMessage(slots.error, slots.error.message)}</p>
                      ) : (
                        <InlineLoadFailed what="the free times" onRetry={() => void slots.refetch()} />
                      )}
                    </div>
                  ) : slotList.length === 0 ? (
                    <NoFreeTimes
                      nextDay={nextFreeDay}
                      isSearching={following.isFetching || days.isFetching}
                      onChooseDay={chooseDay}
                    />
                  ) : (
                    <>
                      <p className="text-sm font-medium">{displayDay(date)}</p>
                      <SlotPicker
                        date={date}
                        timeZone={slots.data.timeZone}
                        viewerTimeZone={viewerTimeZone}
                        slots={slotList}
                        chosen={chosenStart}
                        onChoose={(start) => {
                          setChosenStart(start);
                          setConflict(undefined);
                          setSubmitError(undefined);
                        }}
                      />
                    </>
                  )}
                </div>
              </div>

              <Separator />

              <div className="grid gap-5 sm:grid-cols-2">
                <div className="flex flex-col gap-2">
                  <Label htmlFor="checkout-hours">Number of Hours</Label>
                  <Input
                    id="checkout-hours"
                    type="number"
                    inputMode="numeric"
                    min={service.minHours}
                    max={24}
                    step={1}
                    value={hoursText}
                    onChange={(event) => {
                      setHoursText(event.target.value);
                      setChosenStart(undefined);
                      setSubmitError(undefined);
                    }}
                    aria-invalid={hoursInvalid || undefined}
                    aria-describedby={hoursInvalid ? 'checkout-hours-hint checkout-hours-error' : 'checkout-hours-hint'}
                  />
                  <p id="checkout-hours-hint" className="text-sm text-muted-foreground">
                    {pricingUnitText(service.pricingUnit, service.minHours)}
                  </p>
                  {hoursField.error && (
                    <p id="checkout-hours-error" role="alert" className="text-sm font-medium text-destructive">
                      {hoursField.error}
                    </p>
                  )}
                </div>
                <div className="flex flex-col gap-2">
                  <Label htmlFor="checkout-address">Service Address</Label>
                  <Input
                    id="checkout-address"
                    autoComplete="street-address"
                    maxLength={BOOKING_ADDRESS_MAX}
                    placeholder="Where should the provider meet you?"
                    value={address}
                    onChange={(event) => setAddress(event.target.value)}
                  />
                </div>
                <div className="flex flex-col gap-2 sm:col-span-2">
                  <Label htmlFor="checkout-notes">Special Requests (Optional)</Label>
                  <Textarea
                    id="checkout-notes"
                    rows={4}
                    maxLength={BOOKING_NOTES_MAX}
                    placeholder="Anything the provider should know"
                    value={notes}
                    onChange={(event) => setNotes(event.target.value)}
                  />
                </div>
              </div>
            </CardContent>
          </Card>

          <Card>
            <CardHeader>
              <CardTitle asChild>
                <h2 className="inline-flex items-center gap-2 text-xl">
                  <CreditCard className="size-5 text-muted-foreground" aria-hidden="true" />
                  Payment
                </h2>
              </CardTitle>
            </CardHeader>
            <CardContent className="flex flex-col gap-4">
              {paymentsConfig.isPending ? (
                <Skeleton className="h-16 w-full" />
              ) : paymentsConfig.isError ? (
                <div className="flex flex-col gap-3">
                  <Alert variant="destructive" className={READABLE_ALERT}>
                    <TriangleAlert aria-hidden="true" />
                    <AlertTitle>{PAYMENT_ERROR_TITLE}</AlertTitle>
                    <AlertDescription>{PAYMENT_INIT_FAILED}</AlertDescription>
                  </Alert>
                  <Button variant="outline" className="w-fit" onClick={() => void paymentsConfig.refetch()}>
                    Try again
                  </Button>
                </div>
              ) : !publishableKey ? (
                <div className="flex flex-col gap-1 rounded-lg border border-dashed bg-muted/40 p-4 text-sm">
                  <p className="font-medium">{PAYMENT_NOT_CONFIGURED_TITLE}</p>
                  <p className="text-muted-foreground">{PAYMENT_NOT_CONFIGURED_HINT}</p>
                </div>
              ) : !hours && !unpaid ? (
                <p className="rounded-lg border border-dashed p-4 text-sm text-muted-foreground">
                  Enter a valid number of hours to set up payment.
                </p>
              ) : !cardNeeded ? (
                <p
                  className="rounded-lg border border-dashed p-4 text-sm text-muted-foreground"
                  data-testid="no-card-needed"
                >
                  {summary?.totalCents === 0
                    ? 'This booking is free: no card is needed.'
                    : 'This total cannot be paid by card here: arrange payment with the provider.'}
                </p>
              ) : (
                <>
                  <Suspense fallback={<Skeleton className="h-10 w-full" />}>
                    <CardPayment
                      publishableKey={publishableKey}
                      handleRef={paymentHandle}
                      onStateChange={onCardState}
                    />
                  </Suspense>
                  <p className="text-sm text-muted-foreground">
                    Your card is authorised when you send the request and charged only when the provider accepts. If
                    they decline or do not answer, the hold is released.
                  </p>
                </>
              )}
              {paymentsOn && (
                <p className="text-xs text-muted-foreground" data-testid="cancellation-policy">
                  {CANCELLATION_POLICY_TEXT}
                </p>
              )}
            </CardContent>
          </Card>
        </div>

        <aside aria-labelledby="order-summary-heading" className="lg:sticky lg:top-24">
          <Card className="gap-5">
            <CardHeader>
              <CardTitle asChild>
                <h2 id="order-summary-heading" className="text-xl">
                  Order Summary
                </h2>
              </CardTitle>
            </CardHeader>
            <CardContent className="flex flex-col gap-4">
              <div className="flex gap-3">
                <div className="aspect-[4/3] w-24 shrink-0 overflow-hidden rounded-md">
                  <ServicePhoto
                    src={service.photos[0]}
                    categorySlug={service.category.slug}
                    alt=""
                    loading="eager"
                    sizes="96px"
                  />
                </div>
                <div className="flex min-w-0 flex-col gap-1">
                  <p className="leading-snug font-semibold" data-testid="summary-title">
                    {service.title}
                  </p>
                  <Badge variant="secondary" className="w-fit">
                    {service.category.name}
                  </Badge>
                  <p className="inline-flex items-center gap-1 text-sm text-muted-foreground">
                    <MapPin className="size-3.5" aria-hidden="true" />
                    {service.city}
                  </p>
                </div>
              </div>

              {date && (
                <p className="text-sm" data-testid="summary-when">
                  <span className="text-muted-foreground">When: </span>
                  <span className="font-medium">
                    {displayDay(date)}
                    {chosenLabel ? ` at ${chosenLabel.time}` : ', choose a time'}
                  </span>
                  {chosenLabel?.viewerTime && (
                    <span className="block text-xs text-muted-foreground">{chosenLabel.viewerTime} your time</span>
                  )}
                </p>
              )}

              <Separator />

              <dl className="flex flex-col gap-2 text-sm tabular-nums">
                <div className="flex justify-between gap-4">
                  <dt className="text-muted-foreground">Price</dt>
                  <dd data-testid="summary-price">
                    {formatPriceWithCents(service.price)} {service.pricingUnit}
                  </dd>
                </div>
                <div className="flex justify-between gap-4">
                  <dt className="text-muted-foreground">Hours</dt>
                  <dd data-testid="summary-hours">{summary?.hours ?? '–'}</dd>
                </div>
                <div className="flex justify-between gap-4">
                  <dt className="text-muted-foreground">Subtotal</dt>
                  <dd>{summary ? formatPriceWithCents(summary.subtotalCents) : '–'}</dd>
                </div>
                <div className="flex justify-between gap-4">
                  <dt className="text-muted-foreground">Service fee (5%)</dt>
                  <dd data-testid="summary-fee">{summary ? formatPriceWithCents(summary.feeCents) : '–'}</dd>
                </div>
                <div className="mt-1 flex justify-between gap-4 border-t pt-3 text-base font-semibold">
                  <dt>Total</dt>
                  <dd data-testid="summary-total">{summary ? formatPriceWithCents(summary.totalCents) : '–'}</dd>
                </div>
              </dl>

              {conflict && (
                <p className="text-sm font-medium text-destructive">
                  That time was just taken. Choose one of the times still free.
                </p>
              )}
              {submitError && (
                <Alert variant="destructive" className={READABLE_ALERT}>
                  <TriangleAlert aria-hidden="true" />
                  <AlertTitle>The request was not sent</AlertTitle>
                  <AlertDescription>{submitError}</AlertDescription>
                </Alert>
              )}
              {paymentError && (
                <Alert variant="destructive" className={READABLE_ALERT}>
                  <TriangleAlert aria-hidden="true" />
                  <AlertTitle>{PAYMENT_ERROR_TITLE}</AlertTitle>
                  <AlertDescription>
                    {paymentError} Your request was sent; your card was not authorised. Check the card and try again.
                  </AlertDescription>
                </Alert>
              )}

              <Button
                size="lg"
                className="w-full"
                onClick={submit}
                disabled={
                  isPaying ||
                  request.isPending ||
                  (cardNeeded && cardState !== 'complete') ||
                  (!unpaid && (!canBook || !chosenSlot || !hours))
                }
              >
                {(request.isPending || isPaying) && <Spinner decorative />}
                {unpaid
                  ? bookingParam && !paymentError
                    ? 'Complete payment'
                    : 'Try payment again'
                  : 'Request to book'}
              </Button>
              <p className="text-center text-xs text-muted-foreground">
                {!canBook
                  ? isOwn
                    ? 'You cannot book your own service.'
                    : 'This service cannot be booked right now.'
                  : unpaid
                    ? 'Your request was sent. Authorise your card to hold the payment.'
                    : chosenSlot
                      ? cardNeeded
                        ? 'Your card is authorised now and charged only if the provider accepts within 24 hours.'
                        : 'You will not be charged now. The provider has 24 hours to accept.'
                      : 'Choose a date and a time to request.'}
              </p>
            </CardContent>
          </Card>
        </aside>
      </div>
    </div>
  );
}
