import { useLocale } from '@/lib/locale';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { CalendarSearch, Clock } from '@/components/icons';
import type { Slot } from '@shared/api/bookings-responses';
import { displayDay, slotLabel, zonesDiffer } from '@shared/domain/checkout';
import { dayBounds, zoneLabel, type CalendarDate } from '@shared/domain/time';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';

/**
 * The free start times of one day, as toggle buttons. They read on the provider's clock, labelled
 * with its zone ('Times in Bali (UTC+8)'); when the traveler's clock reads differently, each also
 * shows the traveler's time.
 */
export function SlotPicker({
  date,
  timeZone,
  viewerTimeZone,
  places = [],
  slots,
  chosen,
  onChoose,
}: {
  date: CalendarDate;
  timeZone: string;
  viewerTimeZone: string;
  /** Cities that may name the zones: the service's city (zoneLabel takes the first that lies in a zone). */
  places?: readonly string[];
  slots: readonly Slot[];
  chosen: string | undefined;
  onChoose: (start: string) => void;
}) {
  const headingId = useId();
  const locale = useLocale();
  // The zone's label at midday of that day (its offset can change at night on a DST day).
  const { start: dayStart, end: dayEnd } = dayBounds(date, timeZone);
  const midday = new Date((dayStart.getTime() + dayEnd.getTime()) / 2);
  const zone = zoneLabel(timeZone, midday, places, locale);
  const viewerZone = zoneLabel(viewerTimeZone, midday, places, locale);
  const showViewer = slots.some((slot) => zonesDiffer(timeZone, viewerTimeZone, new Date(slot.start)));

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-col gap-0.5">
        <h3 id={headingId} className="inline-flex items-center gap-1.5 text-sm font-semibold">
          <Clock className="size-4 text-primary" aria-hidden="true" />
          <Trans>Times in {zone}</Trans>
        </h3>
        {showViewer && (
          <p className="text-xs text-muted-foreground">
            <Trans>Your time, {viewerZone}, is shown under each time.</Trans>
          </p>
        )}
      </div>
      <div
        role="group"
        aria-labelledby={headingId}
        // As many columns as fit the panel, whatever the window: a time with the traveler's weekday
        // under it ('10:00 PM Monday') fits its button at every width, and wraps rather than spills.
        className="grid grid-cols-[repeat(auto-fill,minmax(8.5rem,1fr))] gap-2"
        data-testid="slot-list"
      >
        {slots.map((slot) => {
          const label = slotLabel(slot.start, timeZone, viewerTimeZone, locale);
          const isChosen = slot.start === chosen;
          return (
            <Button
              key={slot.start}
              type="button"
              variant={isChosen ? 'default' : 'outline'}
              aria-pressed={isChosen}
              onClick={() => onChoose(slot.start)}
              className={cn(
                'h-auto min-h-11 min-w-0 flex-col gap-0 px-2 py-1.5 text-center whitespace-normal tabular-nums',
                // Chosen, it keeps its full colour under the pointer (lightened, its text fell below 4.5:1).
                isChosen && 'shadow-sm hover:bg-primary',
              )}
            >
              {/* The name is the text shown (label in name): '9:00 AM (2:00 PM your time)'. */}
              <span className="font-semibold">{label.time}</span>
              {label.viewerTime && (
                <span
                  data-testid="slot-viewer-time"
                  className={cn(
                    'max-w-full text-xs font-normal break-words',
                    isChosen ? 'text-primary-foreground/90' : 'text-muted-foreground',
                  )}
                >
                  <span className="sr-only"> (</span>
                  {label.viewerTime}
                  <span className="sr-only">
                    {' '}
                    <Trans>your time</Trans>)
                  </span>
                </span>
              )}
            </Button>
          );
        })}
      </div>
    </div>
  );
}

export function SlotListSkeleton() {
  return (
    <div className="flex flex-col gap-3">
      <Skeleton className="h-4 w-40" />
      <div className="grid grid-cols-[repeat(auto-fill,minmax(8.5rem,1fr))] gap-2" aria-hidden="true">
        {Array.from({ length: 8 }, (_, i) => (
          <Skeleton key={i} className="h-11 w-full rounded-md" />
        ))}
      </div>
      <span className="sr-only" role="status">
        <Trans>Loading free times</Trans>
      </span>
    </div>
  );
}

/** No free time that day; offers the next day with one when there is one. */
export function NoFreeTimes({
  nextDay,
  isSearching,
  onChooseDay,
}: {
  nextDay: CalendarDate | undefined;
  isSearching: boolean;
  onChooseDay: (day: CalendarDate) => void;
}) {
  const locale = useLocale();
  const { t } = useLingui();
  const nextDayText = nextDay ? displayDay(nextDay, locale) : '';
  return (
    <div className="flex flex-col items-start gap-3 rounded-lg border border-dashed p-4">
      <p className="inline-flex items-center gap-2 font-medium">
        <CalendarSearch className="size-4 text-muted-foreground" aria-hidden="true" />
        <Trans>No free times on this day</Trans>
      </p>
      {nextDay ? (
        <Button type="button" variant="secondary" size="sm" onClick={() => onChooseDay(nextDay)}>
          <Trans>See the next free day, {nextDayText}</Trans>
        </Button>
      ) : (
        <p className="text-sm text-muted-foreground">
          {isSearching ? t`Looking for the next free day…` : t`Try another date in the calendar.`}
        </p>
      )}
    </div>
  );
}
