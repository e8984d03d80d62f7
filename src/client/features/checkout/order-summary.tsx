import { MapPin, TriangleAlert } from '@/components/icons';
import type { ServiceDetail } from '@shared/api/catalog';
import { displayDay } from '@shared/domain/checkout';
import { ChargeNotice, PriceEstimate } from '@/components/price-estimate';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { CardHeader, CardTitle } from '@/components/ui/card-parts';
import { Separator } from '@/components/ui/separator';
import { Spinner } from '@/components/ui/spinner';
import { useMoney } from '@/lib/format';
import { useCategoryName, usePricingUnit } from '@/lib/words';
import { Trans, useLingui } from '@lingui/react/macro';
import { useBookingLengthText } from './booking-length';
import { usePaymentWords } from '@/features/payments/payment-words';
import { useLocale } from '@/lib/locale';
import { ServicePhoto } from '@/features/catalog/service-photo';
import { READABLE_ALERT } from './readable-alert';
import type { CheckoutFlow } from './use-checkout-flow';

/** The service, when, the amounts, and the button that sends the request (or pays for it). */
export function OrderSummary({ service, flow, isOwn }: { service: ServiceDetail; flow: CheckoutFlow; isOwn: boolean }) {
  const { state, summary, chosenLabel } = flow;
  const chosenTime = chosenLabel?.time;
  const format = useMoney();
  const { t } = useLingui();
  const categoryName = useCategoryName();
  const unitName = usePricingUnit();
  const bookingLengthText = useBookingLengthText();
  const paymentWords = usePaymentWords();
  const locale = useLocale();
  // The booking's own currency (its service's): never dollars unless it is priced in them.
  const money = (cents: number | undefined) =>
    cents === undefined ? '–' : format(cents, summary?.currency ?? service.currency);
  return (
    <aside aria-labelledby="order-summary-heading" className="lg:sticky lg:top-24">
      <Card className="gap-5">
        <CardHeader>
          <CardTitle asChild>
            <h2 id="order-summary-heading" className="text-xl">
              <Trans>Order Summary</Trans>
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
                {categoryName(service.category)}
              </Badge>
              <p className="inline-flex items-center gap-1 text-sm text-muted-foreground">
                <MapPin className="size-3.5" aria-hidden="true" />
                {service.city}
              </p>
            </div>
          </div>

          {state.date && (
            <p className="text-sm" data-testid="summary-when">
              <span className="text-muted-foreground">{t`When:`} </span>
              <span className="font-medium">
                {displayDay(state.date, locale)}
                {chosenLabel ? ` ${t`at ${chosenTime}`}` : t`, choose a time`}
              </span>
              {chosenLabel?.viewerTime && (
                <span className="block text-xs text-muted-foreground">
                  <Trans>{chosenLabel.viewerTime} your time</Trans>
                </span>
              )}
            </p>
          )}

          <Separator />

          <dl className="flex flex-col gap-2 text-sm tabular-nums">
            <div className="flex justify-between gap-4">
              <dt className="text-muted-foreground">
                <Trans>Price</Trans>
              </dt>
              <dd data-testid="summary-price">
                {format(service.price, service.currency)} {unitName(service.pricingUnit)}
              </dd>
            </div>
            <div className="flex justify-between gap-4">
              <dt className="text-muted-foreground">{flow.hourly ? <Trans>Hours</Trans> : <Trans>Booking</Trans>}</dt>
              <dd data-testid="summary-hours">
                {summary ? (flow.hourly ? summary.hours : bookingLengthText(service.pricingUnit, summary.hours)) : '–'}
              </dd>
            </div>
            <div className="flex justify-between gap-4">
              <dt className="text-muted-foreground">
                <Trans>Subtotal</Trans>
              </dt>
              <dd>{money(summary?.subtotalCents)}</dd>
            </div>
            <div className="flex justify-between gap-4">
              <dt className="text-muted-foreground">
                <Trans>Service fee (5%)</Trans>
              </dt>
              <dd data-testid="summary-fee">{money(summary?.feeCents)}</dd>
            </div>
            <div className="mt-1 flex justify-between gap-4 border-t pt-3 text-base font-semibold">
              {/* The word keeps its line: the estimate beside it may be long (Japanese and Thai wrap anywhere). */}
              <dt className="shrink-0">
                <Trans>Total</Trans>
              </dt>
              <dd data-testid="summary-total" className="text-right">
                {money(summary?.totalCents)}
                {summary && (
                  <PriceEstimate
                    amount={summary.totalCents}
                    currency={service.currency}
                    showRateDate
                    className="block font-normal"
                  />
                )}
              </dd>
            </div>
          </dl>
          {summary && <ChargeNotice amount={summary.totalCents} currency={service.currency} />}

          {state.conflict && (
            <p className="text-sm font-medium text-destructive">
              <Trans>That time was just taken. Choose one of the times still free.</Trans>
            </p>
          )}
          {state.submitError && (
            <Alert variant="destructive" className={READABLE_ALERT}>
              <TriangleAlert aria-hidden="true" />
              <AlertTitle>
                <Trans>The request was not sent</Trans>
              </AlertTitle>
              <AlertDescription>{state.submitError}</AlertDescription>
            </Alert>
          )}
          {state.paymentError && (
            <Alert variant="destructive" className={READABLE_ALERT}>
              <TriangleAlert aria-hidden="true" />
              <AlertTitle>{paymentWords.errorTitle}</AlertTitle>
              <AlertDescription>
                {state.paymentError}{' '}
                <Trans>Your request was sent; your card was not authorised. Check the card and try again.</Trans>
              </AlertDescription>
            </Alert>
          )}
          <SubmitButton flow={flow} isOwn={isOwn} />
        </CardContent>
      </Card>
    </aside>
  );
}

function SubmitButton({ flow, isOwn }: { flow: CheckoutFlow; isOwn: boolean }) {
  const { state, unpaid, canBook, chosenSlot, cardNeeded, hours } = flow;
  const { t } = useLingui();
  const disabled =
    flow.isSending ||
    (cardNeeded && state.cardState !== 'complete') ||
    (!unpaid && (!canBook || !chosenSlot || !hours));
  return (
    <>
      <Button size="lg" className="w-full" onClick={flow.submit} disabled={disabled}>
        {flow.isSending && <Spinner decorative />}
        {unpaid
          ? flow.fromDashboard && !state.paymentError
            ? t`Complete payment`
            : t`Try payment again`
          : t`Request to book`}
      </Button>
      <p className="text-center text-xs text-muted-foreground">
        {!canBook
          ? isOwn
            ? t`You cannot book your own service.`
            : flow.role !== 'TRAVELER'
              ? t`Only travelers can book.`
              : t`This service cannot be booked right now.`
          : unpaid
            ? t`Your request was sent. Authorise your card to hold the payment.`
            : chosenSlot
              ? cardNeeded
                ? t`Your card is authorised now and charged only if the provider accepts within 24 hours.`
                : t`You will not be charged now. The provider has 24 hours to accept.`
              : t`Choose a date and a time to request.`}
      </p>
    </>
  );
}
