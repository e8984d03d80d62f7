import { useLocale } from '@/lib/locale';
import { Trans, useLingui } from '@lingui/react/macro';
import type { RefObject } from 'react';
import { isBefore } from 'date-fns';
import { CalendarClock, TriangleAlert } from '@/components/icons';
import { displayDay, monthOfDate } from '@shared/domain/checkout';
import { calendarDateOfLocalDate, localDateOfCalendarDate, type CalendarDate } from '@shared/domain/time';
import { InlineLoadFailed } from '@/components/load-failed';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Calendar } from '@/components/ui/calendar';
import { ApiError, errorMessage } from '@/lib/api';
import { READABLE_ALERT } from './readable-alert';
import { NoFreeTimes, SlotListSkeleton, SlotPicker } from './slot-picker';
import type { CheckoutFlow } from './use-checkout-flow';

/** The calendar of free days, and the free start times of the day chosen. */
export function DateTimePanel({
  flow,
  conflictRef,
  city,
}: {
  flow: CheckoutFlow;
  conflictRef: RefObject<HTMLDivElement | null>;
  /** The service's city: it names the provider's zone when it lies in it ('Times in Bali (UTC+8)'). */
  city: string;
}) {
  const { state, dispatch, free, today, hours } = flow;
  const { t } = useLingui();
  const locale = useLocale();
  const { days, slots, slotList } = free;
  const chooseDay = (day: CalendarDate) => dispatch({ type: 'chooseDay', date: day });
  const isDayDisabled = (day: Date) => isBefore(day, today) || !free.isFreeDay(calendarDateOfLocalDate(day));

  return (
    <div className="grid gap-6 md:grid-cols-[minmax(0,18rem)_minmax(0,1fr)]">
      <div
        className="flex flex-col gap-2"
        data-free-days={days.isSuccess ? 'known' : days.isError ? 'unknown' : 'loading'}
      >
        <h3 className="text-sm font-semibold">
          <Trans>Date</Trans>
        </h3>
        <Calendar
          selected={state.date ? localDateOfCalendarDate(state.date) : undefined}
          onSelect={(day) => chooseDay(calendarDateOfLocalDate(day))}
          isDateDisabled={isDayDisabled}
          fromMonth={today}
          today={today}
          label={t`Booking date`}
          onMonthChange={(shown) => dispatch({ type: 'showMonth', month: monthOfDate(calendarDateOfLocalDate(shown)) })}
        />
        <p className="min-h-5 text-xs text-muted-foreground" aria-live="polite">
          {days.isPending && hours ? t`Checking which days are free…` : null}
          {days.isError ? t`Could not check which days are free; any day can be tried.` : null}
          {days.isSuccess && days.data.days.length === 0 ? t`No free days this month.` : null}
        </p>
      </div>

      <div className="flex min-w-0 flex-col gap-3" aria-live="polite">
        {state.conflict && (
          <Alert variant="destructive" ref={conflictRef} className={READABLE_ALERT}>
            <TriangleAlert aria-hidden="true" />
            <AlertTitle>
              <Trans>That time was just taken</Trans>
            </AlertTitle>
            <AlertDescription>
              {state.conflict} <Trans>Your details are kept: choose one of the times still free below.</Trans>
            </AlertDescription>
          </Alert>
        )}
        {!state.date ? (
          <div className="flex flex-col items-start gap-2 rounded-lg border border-dashed p-4 text-sm text-muted-foreground">
            <CalendarClock className="size-5" aria-hidden="true" />
            <Trans>Choose a date to see its free start times.</Trans>
          </div>
        ) : flow.hoursError !== undefined ? (
          <p className="rounded-lg border border-dashed p-4 text-sm text-muted-foreground">
            <Trans>Enter a valid number of hours to see the free times.</Trans>
          </p>
        ) : slots.isPending ? (
          <SlotListSkeleton />
        ) : slots.isError ? (
          <div className="rounded-lg border border-dashed p-4 text-sm">
            {slots.error instanceof ApiError && slots.error.status === 400 ? (
              <p className="text-destructive">{errorMessage(slots.error, slots.error.message)}</p>
            ) : (
              <InlineLoadFailed what={t`the free times`} onRetry={() => void slots.refetch()} />
            )}
          </div>
        ) : slotList.length === 0 ? (
          <NoFreeTimes nextDay={free.nextFreeDay} isSearching={free.isSearchingNext} onChooseDay={chooseDay} />
        ) : (
          <>
            <p className="text-sm font-medium">{displayDay(state.date, locale)}</p>
            <SlotPicker
              date={state.date}
              timeZone={slots.data.timeZone}
              viewerTimeZone={flow.viewerTimeZone}
              places={[city]}
              slots={slotList}
              chosen={state.chosenStart}
              onChoose={(start) => dispatch({ type: 'chooseStart', start })}
            />
          </>
        )}
      </div>
    </div>
  );
}
