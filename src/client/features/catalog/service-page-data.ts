import type { LoaderFunctionArgs } from 'react-router';
import { availableDaysQuery } from './free-times-api';
import type { QueryClient } from '@tanstack/react-query';
import type { ViewerClock } from '@/lib/viewer-clock';
import { monthOfDate } from '@shared/domain/checkout';
import { isAcceptedCalendarDate } from '@shared/domain/accepted-dates';
import { serviceQuery } from './catalog-api';

/**
 * The server's loader of /service/{id}: the service, and the booking card's free days of the month
 * its calendar opens on (the chosen `?date`'s, else the viewer's today's, in the zone their browser
 * reported), so the calendar is in the HTML and hydration asks the API for nothing.
 */
export async function loadServicePage(
  { queryClient, clock }: { queryClient: QueryClient; clock?: ViewerClock | undefined },
  { params, request }: LoaderFunctionArgs,
) {
  const service = await queryClient.fetchQuery(serviceQuery(params.id ?? '')).catch(() => undefined);
  if (!service || !clock) return null;
  const chosen = new URL(request.url).searchParams.get('date');
  const month = monthOfDate(isAcceptedCalendarDate(chosen) ? chosen : clock.today);
  await queryClient.prefetchQuery(availableDaysQuery(service.id, month, service.minHours));
  return null;
}
