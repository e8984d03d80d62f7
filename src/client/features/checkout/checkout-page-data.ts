import type { LoaderFunctionArgs } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import type { ServiceDetail } from '@shared/api/catalog';
import { checkoutDateFromParam } from '@shared/domain/checkout';
import { availableDaysQuery } from '@/features/catalog/free-times-api';
import { serviceQuery } from '@/features/catalog/catalog-api';
import { paymentsConfigQuery } from '@/features/payments/payments-api';
import type { ViewerClock } from '@/lib/viewer-clock';
import { initialCheckoutState } from './checkout-state';
import { bookingQuery } from './checkout-api';

/**
 * The server's data of /checkout/{id} beside the service (the route's guard fetches it): whether card
 * payments are on, the calendar's free days of the month the checkout opens on (as its first state
 * chooses it: the asked `?date`'s month, else the viewer's today's, for the service's minimum
 * hours) and the unpaid request a dashboard's "Complete payment" names (`?booking=`). So the HTML
 * shows the calendar as it will stay, and hydration asks the API for nothing.
 */
export async function loadCheckoutPage(
  { queryClient, clock }: { queryClient: QueryClient; clock?: ViewerClock | undefined },
  { params, request }: LoaderFunctionArgs,
) {
  const url = new URL(request.url);
  const booking = url.searchParams.get('booking');
  const service = queryClient.getQueryData<ServiceDetail>(serviceQuery(params.id ?? '').queryKey);
  await Promise.all([
    queryClient.prefetchQuery(paymentsConfigQuery()),
    booking ? queryClient.prefetchQuery(bookingQuery(booking)) : undefined,
    service && clock ? queryClient.prefetchQuery(firstDaysQuery(service, url, clock)) : undefined,
  ]);
  return null;
}

/** The free days the checkout asks for first (useFreeTimes with the checkout's initial state). */
function firstDaysQuery(service: ServiceDetail, url: URL, clock: ViewerClock) {
  const asked = checkoutDateFromParam(url.searchParams.get('date'), clock.timeZone);
  const date = asked && asked >= clock.today ? asked : undefined;
  const { month } = initialCheckoutState(date, clock.today, service.minHours);
  return availableDaysQuery(service.id, month, service.minHours);
}
