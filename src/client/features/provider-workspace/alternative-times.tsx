import { useId, useState, type JSX } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useLingui } from '@lingui/react/macro';
import { X } from '@/components/icons';
import type { SlotsResponse } from '@shared/api/bookings-responses';
import { MAX_ALTERNATIVE_STARTS } from '@shared/domain/booking-lifecycle';
import { addCalendarDays, calendarDateIn, formatTimeIn, type CalendarDate } from '@shared/domain/time';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { apiJson } from '@/lib/api';
import { bookingWhen } from '@/lib/booking-time';
import { useLocale } from '@/lib/locale';

/**
 * Other times to offer with a decline (decision 065): a day, that day's free starts of the
 * service for the request's length (the service's own slots, as a traveler would see them), and
 * up to three of them chosen. `value` is the chosen starts, ISO instants.
 */
export function AlternativeTimes({
  serviceId,
  hours,
  timeZone,
  requestStart,
  value,
  onChange,
  disabled = false,
}: {
  serviceId: string;
  hours: number;
  timeZone: string;
  requestStart: string;
  value: readonly string[];
  onChange: (next: string[]) => void;
  disabled?: boolean;
}): JSX.Element {
  const { t } = useLingui();
  const locale = useLocale();
  const id = useId();
  const [date, setDate] = useState<CalendarDate>(() => calendarDateIn(new Date(requestStart), timeZone));
  const slots = useQuery({
    queryKey: ['/api/services/slots', serviceId, date, hours],
    queryFn: () =>
      apiJson<SlotsResponse>('GET', `/api/services/${encodeURIComponent(serviceId)}/slots?date=${date}&hours=${hours}`),
    retry: false,
  });
  const isFull = value.length >= MAX_ALTERNATIVE_STARTS;
  const toggle = (start: string) =>
    onChange(value.includes(start) ? value.filter((s) => s !== start) : isFull ? [...value] : [...value, start]);

  return (
    <fieldset className="flex min-w-0 flex-col gap-3" disabled={disabled}>
      <legend className="mb-1 text-sm font-medium">{t`Offer other times (optional, up to 3)`}</legend>
      <div className="flex flex-wrap items-end gap-2">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${id}-date`} className="text-sm font-normal">
            {t`Day`}
          </Label>
          <Input
            id={`${id}-date`}
            type="date"
            className="w-44"
            value={date}
            min={calendarDateIn(new Date(), timeZone)}
            onChange={(event) => event.target.value && setDate(event.target.value)}
          />
        </div>
        <Button type="button" variant="outline" size="sm" onClick={() => setDate((d) => addCalendarDays(d, 1))}>
          {t`Next day`}
        </Button>
      </div>
      {slots.isPending ? (
        <Skeleton className="h-9 w-full" />
      ) : slots.isError || slots.data.slots.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t`No free times that day.`}</p>
      ) : (
        <ul className="flex flex-wrap gap-2" aria-label={t`Free times that day`}>
          {slots.data.slots.map((slot) => {
            const chosen = value.includes(slot.start);
            return (
              <li key={slot.start}>
                <Button
                  type="button"
                  size="sm"
                  variant={chosen ? 'default' : 'outline'}
                  aria-pressed={chosen}
                  disabled={!chosen && isFull}
                  className="tabular-nums"
                  onClick={() => toggle(slot.start)}
                >
                  {formatTimeIn(new Date(slot.start), timeZone, locale)}
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      {value.length > 0 && (
        <div className="flex flex-col gap-1.5">
          <p className="text-sm font-medium">{t`Offered (${value.length} of 3)`}</p>
          <ul className="flex flex-col gap-1.5">
            {value.map((start) => {
              const when = bookingWhen(start, timeZone, locale);
              const label = `${when.date}, ${when.time}`;
              return (
                <li key={start} className="flex items-center justify-between gap-2 rounded-md border px-2 py-1 text-sm">
                  <span>{label}</span>
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    className="size-7"
                    aria-label={t`Remove ${label}`}
                    onClick={() => toggle(start)}
                  >
                    <X aria-hidden="true" className="size-4" />
                  </Button>
                </li>
              );
            })}
          </ul>
        </div>
      )}
    </fieldset>
  );
}
