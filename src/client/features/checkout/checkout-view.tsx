import { Trans } from '@lingui/react/macro';
import { Link } from 'react-router';
import { ArrowLeft, Info } from '@/components/icons';
import type { Role } from '@shared/api/auth';
import type { ServiceDetail } from '@shared/api/catalog';
import { TravelersOnly } from '@/components/travelers-only';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Card, CardContent } from '@/components/ui/card';
import { CardHeader, CardTitle } from '@/components/ui/card-parts';
import { Separator } from '@/components/ui/separator';
import { Skeleton } from '@/components/ui/skeleton';
import { DateTimePanel } from './date-time-panel';
import { DetailsFields } from './details-fields';
import { OrderSummary } from './order-summary';
import { PaymentPanel } from './payment-panel';
import { useCheckoutFlow } from './use-checkout-flow';

/** Choose a day, a free start time and hours, and request (and authorise the card, with payments on). */
export function CheckoutView({ service, isOwn, role }: { service: ServiceDetail; isOwn: boolean; role: Role }) {
  const { flow, conflictRef, paymentHandle } = useCheckoutFlow(service, isOwn, role);
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-6 sm:px-6 sm:py-8 lg:px-8">
      <div className="flex flex-col gap-3">
        <Link
          to={`/service/${service.id}`}
          className="inline-flex w-fit items-center gap-1.5 rounded-sm text-sm font-medium text-muted-foreground underline-offset-4 outline-none hover:text-foreground hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/60"
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          <Trans>Back to service</Trans>
        </Link>
        <h1 className="text-3xl font-bold tracking-tight">
          <Trans>Checkout</Trans>
        </h1>
      </div>

      {isOwn && (
        <Alert variant="info">
          <Info aria-hidden="true" />
          <AlertTitle>
            <Trans>This is your own service</Trans>
          </AlertTitle>
          <AlertDescription>
            <Trans>You cannot book your own service. Travelers see this page to request a time.</Trans>
          </AlertDescription>
        </Alert>
      )}
      {/* Only travelers book: a provider can switch here and keep the date; an admin is told why not. */}
      {!isOwn && <TravelersOnly role={role} />}
      {!service.isActive && !isOwn && (
        <Alert variant="info">
          <Info aria-hidden="true" />
          <AlertTitle>
            <Trans>Not taking bookings</Trans>
          </AlertTitle>
          <AlertDescription>
            <Trans>This service is not active, so it cannot be booked right now.</Trans>
          </AlertDescription>
        </Alert>
      )}

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
        <div className="flex min-w-0 flex-col gap-6">
          <Card>
            <CardHeader>
              <CardTitle asChild>
                <h2 className="text-xl">
                  <Trans>Booking Details</Trans>
                </h2>
              </CardTitle>
            </CardHeader>
            <CardContent className="flex flex-col gap-6">
              <DateTimePanel flow={flow} conflictRef={conflictRef} city={service.city} />
              <Separator />
              <DetailsFields service={service} flow={flow} />
            </CardContent>
          </Card>
          <PaymentPanel flow={flow} handleRef={paymentHandle} />
        </div>
        <OrderSummary service={service} flow={flow} isOwn={isOwn} />
      </div>
    </div>
  );
}

export function CheckoutSkeleton() {
  return (
    <div className="mx-auto grid w-full max-w-6xl gap-6 px-4 py-8 sm:px-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:px-8">
      <div className="flex flex-col gap-6" aria-hidden="true">
        <Skeleton className="h-5 w-32" />
        <Skeleton className="h-9 w-56" />
        <Skeleton className="h-[34rem] w-full rounded-xl" />
      </div>
      <Skeleton className="h-[28rem] w-full rounded-xl lg:mt-24" />
      <span className="sr-only" role="status">
        <Trans>Loading checkout</Trans>
      </span>
    </div>
  );
}
