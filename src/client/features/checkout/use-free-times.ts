import { useQuery } from '@tanstack/react-query';
import { monthOfDate, nextAvailableDay, nextMonth } from '@shared/domain/checkout';
import type { CalendarDate } from '@shared/domain/time';
import { availableDaysQuery, slotsQuery } from '@/features/catalog/free-times-api';

/**
 * The server renders the first month's free days into the page (checkout-page-data.ts); they stay
 * good for half a minute, so hydration does not ask again. A day's start times are always asked
 * afresh, and the booking itself is checked by the server.
 */
const FREE_DAYS_FRESH_MS = 30_000;

/**
 * The free days of the month shown and the free start times of the chosen day, for `hours`
 * (nothing is asked while the hours are not valid). When the chosen day has no free time, the
 * next day with one, this month or the next.
 */
export function useFreeTimes(
  serviceId: string,
  date: CalendarDate | undefined,
  month: string,
  hours: number | undefined,
) {
  const days = useQuery({
    ...availableDaysQuery(serviceId, month, hours ?? 1),
    enabled: !!hours,
    staleTime: FREE_DAYS_FRESH_MS,
  });
  const slots = useQuery({ ...slotsQuery(serviceId, date ?? '', hours ?? 1), enabled: !!date && !!hours });
  const slotList = slots.data?.slots ?? [];
  const timeZone = slots.data?.timeZone ?? days.data?.timeZone;

  const dayIsEmpty = !!date && slots.isSuccess && slotList.length === 0;
  const sameMonthNext =
    date && days.data && days.data.month === monthOfDate(date) ? nextAvailableDay(days.data.days, date) : undefined;
  const following = useQuery({
    ...availableDaysQuery(serviceId, nextMonth(monthOfDate(date ?? '2000-01-01')), hours ?? 1),
    enabled: dayIsEmpty && !!hours && !!days.data && !sameMonthNext,
  });
  const nextFreeDay = sameMonthNext ?? following.data?.days[0];
  const availableSet = days.data?.month === month ? new Set(days.data.days) : undefined;

  return {
    days,
    slots,
    slotList,
    timeZone,
    nextFreeDay,
    isSearchingNext: following.isFetching || days.isFetching,
    isFreeDay: (day: CalendarDate) => availableSet === undefined || availableSet.has(day),
  };
}
