import { lazy, Suspense, useState, type JSX } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight, Repeat, Trash2 } from '@/components/icons';
import type { AvailabilitySlot } from '@shared/api/availability-responses';
import { buildWeekGrid, WEEK_DAYS, weekStartOf, type GridDay, type GridSlot } from '@shared/domain/availability';
import { addCalendarDays, calendarDateIn, dayBounds, zoneLabel, type CalendarDate } from '@shared/domain/time';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api';
import { useBrowserValue, useHydrated } from '@/lib/hydration';
import { useRealtimeEvents } from '@/lib/realtime-events';
import { cn } from '@/lib/utils';
import { AddAvailabilityDialog } from './add-availability-dialog';
import { availabilityKey, availabilityWeekQuery, deleteAvailability } from './availability-api';
import { DayBookings } from './calendar-bookings';
import { Trans, useLingui } from '@lingui/react/macro';
import { useLocale } from '@/lib/locale';

// Calendar sync (decision 040): its own chunks, loaded with the tab.
const CalendarSyncCard = lazy(() => import('./calendar-sync-card').then((m) => ({ default: m.CalendarSyncCard })));
const ImportedBusyChips = lazy(() => import('./calendar-sync-card').then((m) => ({ default: m.ImportedBusyChips })));

type Slot = GridSlot<AvailabilitySlot> & { day: GridDay<AvailabilitySlot> };

/**
 * The product's availability weekly view, in the provider's zone: 'Week of {date}', previous
 * and next week, seven day columns (stacked on phones) with each slot as HH:mm-HH:mm and a delete
 * button; blocked slots destructive (and labelled 'Blocked'), available ones primary.
 *
 * Which week is "this week" depends on the clock, so the server renders a placeholder and the
 * browser the week (the page hydrates with the same HTML the server sent).
 */
export function AvailabilityPanel({
  providerId,
  timeZone,
  baseCity = null,
}: {
  providerId: string;
  timeZone: string;
  /** Names the zone when it lies in it ('Times in Lisbon (UTC)'). */
  baseCity?: string | null;
}): JSX.Element {
  const today = useBrowserValue<CalendarDate | null>(() => calendarDateIn(new Date(), timeZone), null);
  const isHydrated = useHydrated();
  const [weekOffset, setWeekOffset] = useState(0);
  const weekStart = today ? addCalendarDays(weekStartOf(today), weekOffset * WEEK_DAYS) : null;
  const query = useQuery({ ...availabilityWeekQuery(providerId, weekStart ?? ''), enabled: weekStart !== null });
  const queryClient = useQueryClient();
  // A request made, answered or canceled: the week's bookings again.
  useRealtimeEvents((event) => {
    if (event.type === 'booking') void queryClient.invalidateQueries({ queryKey: ['/api/provider/calendar/bookings'] });
  });
  const [confirming, setConfirming] = useState<Slot | null>(null);
  const { t } = useLingui();
  const locale = useLocale();

  const remove = useMutation({
    mutationFn: ({ id, series, date }: { id: string; series: boolean; date?: string | null }) =>
      deleteAvailability(id, series, date),
    onSuccess: async () => {
      toast({ title: t`Availability deleted` });
      setConfirming(null);
      await queryClient.invalidateQueries({ queryKey: availabilityKey(providerId) });
    },
    onError: (error) => {
      toast({
        variant: 'destructive',
        title: t`Failed to delete availability`,
        description: errorMessage(error, t`Please try again.`),
      });
    },
  });

  const onDelete = (slot: Slot) => {
    if (slot.slot.seriesId) setConfirming(slot);
    else remove.mutate({ id: slot.slot.id, series: false });
  };

  const grid = weekStart ? buildWeekGrid(weekStart, query.data ?? [], timeZone, locale) : null;
  const weekStartLabel = grid?.weekStartLabel;
  const confirmingLabel = confirming?.label;
  const confirmingDay = confirming?.day.weekdayName;
  const confirmingDate = confirming?.day.dateLabel;
  // The zone's label in the middle of the week on screen (its offset at the times shown).
  const zoneText = zoneLabel(
    timeZone,
    weekStart ? dayBounds(addCalendarDays(weekStart, 3), timeZone).start : new Date(),
    baseCity,
    locale,
  );

  return (
    <section aria-labelledby="availability-week-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-2">
          <Button
            variant="outline"
            size="icon"
            aria-label={t`Previous week`}
            disabled={!grid}
            onClick={() => setWeekOffset((n) => n - 1)}
          >
            <ChevronLeft aria-hidden="true" />
          </Button>
          <div className="flex min-w-0 flex-col">
            <h2 id="availability-week-heading" className="text-lg font-semibold" aria-live="polite">
              {grid ? t`Week of ${weekStartLabel}` : t`Week of …`}
            </h2>
            <p className="text-sm text-muted-foreground">
              <Trans>Times in {zoneText}</Trans>
            </p>
          </div>
          <Button
            variant="outline"
            size="icon"
            aria-label={t`Next week`}
            disabled={!grid}
            onClick={() => setWeekOffset((n) => n + 1)}
          >
            <ChevronRight aria-hidden="true" />
          </Button>
        </div>
        {weekStart && today ? (
          <AddAvailabilityDialog
            providerId={providerId}
            timeZone={timeZone}
            zoneText={zoneText}
            weekStart={weekStart}
            today={today}
          />
        ) : (
          <Button disabled>
            <Trans>Add Availability</Trans>
          </Button>
        )}
      </div>

      {query.isError ? (
        <Alert variant="destructive">
          <AlertDescription className="flex flex-wrap items-center justify-between gap-3">
            <span>
              <Trans>Could not load availability.</Trans> {errorMessage(query.error, '')}
            </span>
            <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
              <Trans>Try again</Trans>
            </Button>
          </AlertDescription>
        </Alert>
      ) : null}

      <ol
        aria-label={grid ? t`Days of the week of ${weekStartLabel}` : t`Days of the week`}
        aria-busy={!grid || query.isPending ? true : undefined}
        className="grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-7"
      >
        {grid
          ? grid.days.map((day) => (
              <DayColumn
                key={day.date}
                day={day}
                isToday={day.date === today}
                isLoading={query.isPending}
                onDelete={onDelete}
                isDeleting={remove.isPending}
                bookings={
                  weekStart && isHydrated ? (
                    <DayBookings date={day.date} weekStart={weekStart} timeZone={timeZone} />
                  ) : null
                }
                busy={
                  weekStart ? (
                    <Suspense fallback={null}>
                      <ImportedBusyChips date={day.date} weekStart={weekStart} timeZone={timeZone} />
                    </Suspense>
                  ) : null
                }
              />
            ))
          : Array.from({ length: WEEK_DAYS }, (_, i) => (
              <li key={i} className="rounded-lg border p-2 lg:min-h-28">
                <Skeleton className="h-4 w-16" />
                <Skeleton className="mt-3 h-8 w-full" />
              </li>
            ))}
      </ol>

      <Dialog open={confirming !== null} onOpenChange={(open) => !open && setConfirming(null)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>
              <Trans>Delete recurring availability</Trans>
            </DialogTitle>
            <DialogDescription>
              {confirming ? (
                <Trans>
                  {confirmingLabel} on {confirmingDay}, {confirmingDate} is part of a weekly schedule. Delete only this
                  one, or the whole series?
                </Trans>
              ) : null}
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" onClick={() => setConfirming(null)}>
              <Trans>Cancel</Trans>
            </Button>
            <Button
              variant="outline"
              disabled={remove.isPending}
              onClick={() =>
                confirming &&
                remove.mutate({ id: confirming.slot.id, series: false, date: confirming.slot.occurrenceDate })
              }
            >
              <Trans>This one</Trans>
            </Button>
            <Button
              variant="destructive"
              disabled={remove.isPending}
              onClick={() => confirming && remove.mutate({ id: confirming.slot.id, series: true })}
            >
              <Trans>The whole series</Trans>
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>

      {/* Rendered once hydrated: a lazy chunk suspending in the server's stream would need an inline script. */}
      {isHydrated ? (
        <Suspense fallback={<Skeleton className="h-48 w-full" />}>
          <CalendarSyncCard timeZone={timeZone} />
        </Suspense>
      ) : (
        <Skeleton className="h-48 w-full" />
      )}
    </section>
  );
}

function DayColumn({
  day,
  isToday,
  isLoading,
  isDeleting,
  onDelete,
  bookings,
  busy,
}: {
  day: GridDay<AvailabilitySlot>;
  /** The provider's own bookings and requests that day. */
  bookings?: React.ReactNode;
  /** Busy times imported from the provider's calendars, greyed. */
  busy?: React.ReactNode;
  isToday: boolean;
  isLoading: boolean;
  isDeleting: boolean;
  onDelete: (slot: Slot) => void;
}) {
  const headingId = `availability-day-${day.date}`;
  return (
    <li
      aria-labelledby={headingId}
      className={cn('flex min-w-0 flex-col gap-2 rounded-lg border p-2 lg:min-h-28', isToday && 'border-primary')}
    >
      <h3 id={headingId} className="flex items-baseline justify-between gap-1 text-sm font-medium">
        <span>
          <span className="sr-only">{day.weekdayName}, </span>
          <span aria-hidden="true">{day.weekdayShortName} </span>
          {day.dateLabel}
        </span>
        {isToday && (
          <span className="text-xs font-normal text-muted-foreground">
            <Trans>Today</Trans>
          </span>
        )}
      </h3>
      {isLoading ? (
        <Skeleton className="h-8 w-full" />
      ) : day.slots.length === 0 ? (
        <p className="text-xs text-muted-foreground">
          <Trans>No slots</Trans>
        </p>
      ) : (
        <ul className="flex flex-col gap-1.5">
          {day.slots.map((slot) => (
            <SlotChip
              key={`${slot.slot.id}-${slot.slot.start}`}
              slot={{ ...slot, day }}
              isDeleting={isDeleting}
              onDelete={onDelete}
            />
          ))}
        </ul>
      )}
      {bookings}
      {busy}
    </li>
  );
}

function SlotChip({ slot, isDeleting, onDelete }: { slot: Slot; isDeleting: boolean; onDelete: (slot: Slot) => void }) {
  const { isBlocked, seriesId } = slot.slot;
  const { t } = useLingui();
  // What the delete button says: 'Delete 09:00-17:00 on Monday, Mar 9' ('blocked' when it is).
  const { label, day } = slot;
  const weekday = day.weekdayName;
  const date = day.dateLabel;
  return (
    <li
      data-blocked={isBlocked || undefined}
      className={cn(
        'flex items-start justify-between gap-1 rounded-md py-1 pr-0.5 pl-2 text-sm',
        isBlocked ? 'bg-destructive text-destructive-foreground' : 'bg-primary text-primary-foreground',
      )}
    >
      <span className="flex min-w-0 flex-col">
        <span className="font-medium tabular-nums">
          {slot.label}
          {slot.endsNextDay && (
            <span className="text-xs">
              {' '}
              <Trans>(+1 day)</Trans>
            </span>
          )}
        </span>
        {(isBlocked || seriesId) && (
          <span className="flex items-center gap-1 text-xs">
            {isBlocked && (
              <span>
                <Trans>Blocked</Trans>
              </span>
            )}
            {isBlocked && seriesId && <span aria-hidden="true">·</span>}
            {seriesId && (
              <>
                <Repeat aria-hidden="true" className="size-3" />
                <span>
                  <Trans>Weekly</Trans>
                </span>
              </>
            )}
          </span>
        )}
      </span>
      <Button
        variant="ghost"
        size="icon"
        className="size-7 shrink-0 text-current hover:bg-black/15 hover:text-current dark:hover:bg-black/20"
        aria-label={
          isBlocked ? t`Delete blocked ${label} on ${weekday}, ${date}` : t`Delete ${label} on ${weekday}, ${date}`
        }
        disabled={isDeleting}
        onClick={() => onDelete(slot)}
      >
        <Trash2 aria-hidden="true" className="size-4" />
      </Button>
    </li>
  );
}
