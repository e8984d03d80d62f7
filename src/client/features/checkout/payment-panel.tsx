import { lazy, Suspense, type RefObject } from 'react';
import { CreditCard, TriangleAlert } from '@/components/icons';
import { FREE_CANCELLATION_HOURS } from '@shared/domain/booking-lifecycle';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { CardHeader, CardTitle } from '@/components/ui/card-parts';
import { Skeleton } from '@/components/ui/skeleton';
import type { CardPaymentHandle } from '@/features/payments/card-payment';
import { usePaymentWords } from '@/features/payments/payment-words';
import { READABLE_ALERT } from './readable-alert';
import type { CheckoutFlow } from './use-checkout-flow';
import { Trans } from '@lingui/react/macro';

/** Stripe Elements and Stripe.js load only when a card is to be taken (their own chunk). */
const CardPayment = lazy(() => import('@/features/payments/card-payment').then((m) => ({ default: m.CardPayment })));

/** The card (when payments are on and the total is card-payable), or why none is needed. */
export function PaymentPanel({
  flow,
  handleRef,
}: {
  flow: CheckoutFlow;
  handleRef: RefObject<CardPaymentHandle | null>;
}) {
  const { payments, hours, unpaid, cardNeeded, summary } = flow;
  const { config, publishableKey } = payments;
  const words = usePaymentWords();
  const freeHours = FREE_CANCELLATION_HOURS;
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2 className="inline-flex items-center gap-2 text-xl">
            <CreditCard className="size-5 text-muted-foreground" aria-hidden="true" />
            <Trans>Payment</Trans>
          </h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {config.isPending ? (
          <Skeleton className="h-16 w-full" />
        ) : config.isError ? (
          <div className="flex flex-col gap-3">
            <Alert variant="destructive" className={READABLE_ALERT}>
              <TriangleAlert aria-hidden="true" />
              <AlertTitle>{words.errorTitle}</AlertTitle>
              <AlertDescription>{words.initFailed}</AlertDescription>
            </Alert>
            <Button variant="outline" className="w-fit" onClick={() => void config.refetch()}>
              <Trans>Try again</Trans>
            </Button>
          </div>
        ) : !publishableKey ? (
          <div className="flex flex-col gap-1 rounded-lg border border-dashed bg-muted/40 p-4 text-sm">
            <p className="font-medium">{words.notConfiguredTitle}</p>
            <p className="text-muted-foreground">{words.notConfiguredHint}</p>
          </div>
        ) : !hours && !unpaid ? (
          <p className="rounded-lg border border-dashed p-4 text-sm text-muted-foreground">
            <Trans>Enter a valid number of hours to set up payment.</Trans>
          </p>
        ) : !cardNeeded ? (
          <p className="rounded-lg border border-dashed p-4 text-sm text-muted-foreground" data-testid="no-card-needed">
            {summary?.totalCents === 0 ? (
              <Trans>This booking is free: no card is needed.</Trans>
            ) : (
              <Trans>This total cannot be paid by card here: arrange payment with the provider.</Trans>
            )}
          </p>
        ) : (
          <>
            <Suspense fallback={<Skeleton className="h-10 w-full" />}>
              <CardPayment publishableKey={publishableKey} handleRef={handleRef} onStateChange={payments.onCardState} />
            </Suspense>
            <p className="text-sm text-muted-foreground">
              <Trans>
                Your card is authorised when you send the request and charged only when the provider accepts. If they
                decline or do not answer, the hold is released.
              </Trans>
            </p>
          </>
        )}
        {payments.paymentsOn && (
          <p className="text-xs text-muted-foreground" data-testid="cancellation-policy">
            <Trans>
              Cancellation policy: cancel at least {freeHours} hours before the start for a full refund; cancel later
              and the payment is not refunded. If the provider declines, cancels or does not answer, you are never
              charged or are refunded in full.
            </Trans>
          </p>
        )}
      </CardContent>
    </Card>
  );
}
