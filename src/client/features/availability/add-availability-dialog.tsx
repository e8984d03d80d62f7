import { useId, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Plus } from '@/components/icons';
import { useLingui } from '@lingui/react/macro';
import type { AvailabilityInput } from '@shared/api/availability';
import {
  AvailabilityRuleError,
  DEFAULT_END_HOUR,
  DEFAULT_START_HOUR,
  formatTimeChoice,
  oneOffSlot,
  TIME_CHOICES,
  weekDates,
} from '@shared/domain/availability';
import {
  addCalendarDays,
  formatCalendarDateForDisplay,
  formatWallTime,
  formatWeekdayIn,
  weekdayOf,
  zonedToUtc,
  type CalendarDate,
  type WallTime,
} from '@shared/domain/time';
import type { Locale } from '@shared/domain/locales';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api';
import { useLocale } from '@/lib/locale';
import { addAvailability, availabilityKey } from './availability-api';

/** A Sunday: its week gives the weekday names in the reader's locale. */
const SOME_SUNDAY = '2026-03-01';
/** The name of weekday `day` (0 = Sunday) in `locale`. */
const weekdayName = (day: number, locale: Locale) =>
  formatWeekdayIn(zonedToUtc(addCalendarDays(SOME_SUNDAY, day), '12:00', 'UTC'), 'UTC', locale);

interface Props {
  providerId: string;
  timeZone: string;
  /** The zone as the panel names it ('Lisbon (UTC)'). */
  zoneText: string;
  /** The Sunday of the week on screen: the dialog offers its seven days. */
  weekStart: CalendarDate;
  /** Today in the provider's zone. */
  today: CalendarDate;
}

/** The product's Add Availability dialog. Its form is remounted, so empty, at every opening. */
export function AddAvailabilityDialog(props: Props) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button>
          <Plus aria-hidden="true" />
          {t`Add Availability`}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t`Add Availability`}</DialogTitle>
          <DialogDescription>{t`Times in ${props.zoneText}`}</DialogDescription>
        </DialogHeader>
        <AvailabilityForm {...props} onDone={() => setOpen(false)} />
      </DialogContent>
    </Dialog>
  );
}

function AvailabilityForm({ providerId, timeZone, weekStart, today, onDone }: Props & { onDone: () => void }) {
  const { t } = useLingui();
  const locale = useLocale();
  const id = useId();
  const queryClient = useQueryClient();
  const days = weekDates(weekStart);
  const [isRecurring, setIsRecurring] = useState(false);
  const [date, setDate] = useState<CalendarDate>(() => days.find((d) => d >= today) ?? weekStart);
  const [recurrenceDays, setRecurrenceDays] = useState<number[]>([]);
  const [startTime, setStartTime] = useState<WallTime>(formatWallTime(DEFAULT_START_HOUR));
  const [endTime, setEndTime] = useState<WallTime>(formatWallTime(DEFAULT_END_HOUR));
  const [isBlocked, setIsBlocked] = useState(false);
  const [errors, setErrors] = useState<{ date?: string; days?: string; time?: string }>({});
  // A schedule starts on the first day of the week on screen, or today when that day has passed.
  const firstDay = weekStart < today ? today : weekStart;

  const mutation = useMutation({
    mutationFn: addAvailability,
    onSuccess: async () => {
      toast({ title: t`Availability added successfully` });
      onDone();
      await queryClient.invalidateQueries({ queryKey: availabilityKey(providerId) });
    },
    onError: (error) => {
      toast({
        variant: 'destructive',
        title: t`Failed to add availability`,
        description: errorMessage(error, t`Please try again.`),
      });
    },
  });

  function save() {
    const found: typeof errors = {};
    if (!(endTime > startTime)) found.time = t`End time must be after start time`;
    if (isRecurring && recurrenceDays.length === 0) found.days = t`Select at least one day`;
    if (!isRecurring && date < today) found.date = t`Choose a day that has not passed`;
    let input: AvailabilityInput | AvailabilityInput[] | undefined;
    if (!found.time && !found.date && !isRecurring) {
      try {
        const slot = oneOffSlot(date, startTime, endTime, timeZone);
        input = { start: slot.start.toISOString(), end: slot.end.toISOString(), isBlocked, isRecurring: false };
      } catch (err) {
        if (!(err instanceof AvailabilityRuleError)) throw err;
        const day = formatCalendarDateForDisplay(date, locale);
        found.time = t`This time does not exist on ${day} in ${timeZone}: the clocks move forward`;
      }
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    if (isRecurring) {
      // A weekly schedule, open-ended (decision 064): /bulk, as docs/product.md says. The times are
      // on the provider's wall clock (no offset), so every occurrence keeps them across DST changes.
      input = [
        {
          start: `${firstDay}T${startTime}`,
          end: `${firstDay}T${endTime}`,
          isBlocked,
          isRecurring: true,
          recurrenceType: 'WEEKLY',
          recurrenceDays,
        },
      ];
    }
    if (input) mutation.mutate(input);
  }

  const toggleDay = (day: number, checked: boolean) => {
    setRecurrenceDays((current) =>
      checked ? [...new Set([...current, day])].sort((a, b) => a - b) : current.filter((d) => d !== day),
    );
    setErrors(({ days: _, ...rest }) => rest);
  };

  return (
    <form
      className="flex flex-col gap-5"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
    >
      <div className="flex items-center justify-between gap-4">
        <Label htmlFor={`${id}-recurring`}>{t`Recurring Schedule`}</Label>
        <Switch id={`${id}-recurring`} checked={isRecurring} onCheckedChange={setIsRecurring} />
      </div>

      {isRecurring ? (
        <fieldset className="flex flex-col gap-3" aria-describedby={`${id}-days-hint`}>
          <legend className="mb-2 text-sm font-medium">{t`Days`}</legend>
          <div className="grid grid-cols-2 gap-x-4 gap-y-3 sm:grid-cols-4">
            {[0, 1, 2, 3, 4, 5, 6]
              .map((day) => ({ day, name: weekdayName(day, locale) }))
              .map(({ day, name }) => (
                <div key={name} className="flex items-center gap-2">
                  <Checkbox
                    id={`${id}-day-${day}`}
                    checked={recurrenceDays.includes(day)}
                    onCheckedChange={(checked) => toggleDay(day, checked === true)}
                    aria-invalid={errors.days ? true : undefined}
                  />
                  <Label htmlFor={`${id}-day-${day}`} className="font-normal">
                    {name}
                  </Label>
                </div>
              ))}
          </div>
          <p id={`${id}-days-hint`} className="text-sm text-muted-foreground">
            {t`Every week from ${formatCalendarDateForDisplay(firstDay, locale)} until you delete the series.`}
          </p>
          {errors.days && (
            <p role="alert" className="text-sm font-medium text-destructive">
              {errors.days}
            </p>
          )}
        </fieldset>
      ) : (
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-date`}>{t`Date`}</Label>
          <NativeSelect
            id={`${id}-date`}
            value={date}
            onChange={(event) => {
              setDate(event.target.value);
              setErrors(({ date: _, time: __, ...rest }) => rest);
            }}
            aria-invalid={errors.date ? true : undefined}
          >
            {days.map((d) => (
              <option key={d} value={d} disabled={d < today}>
                {weekdayName(weekdayOf(d), locale)}, {formatCalendarDateForDisplay(d, locale)}
              </option>
            ))}
          </NativeSelect>
          {errors.date && (
            <p role="alert" className="text-sm font-medium text-destructive">
              {errors.date}
            </p>
          )}
        </div>
      )}

      <div className="grid grid-cols-2 gap-4">
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-start`}>{t`Start Time`}</Label>
          <NativeSelect
            id={`${id}-start`}
            value={startTime}
            onChange={(event) => {
              setStartTime(event.target.value);
              setErrors(({ time: _, ...rest }) => rest);
            }}
            aria-invalid={errors.time ? true : undefined}
          >
            {TIME_CHOICES.map((time) => (
              <option key={time} value={time}>
                {formatTimeChoice(time)}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-end`}>{t`End Time`}</Label>
          <NativeSelect
            id={`${id}-end`}
            value={endTime}
            onChange={(event) => {
              setEndTime(event.target.value);
              setErrors(({ time: _, ...rest }) => rest);
            }}
            aria-invalid={errors.time ? true : undefined}
          >
            {TIME_CHOICES.map((time) => (
              <option key={time} value={time}>
                {formatTimeChoice(time)}
              </option>
            ))}
          </NativeSelect>
        </div>
        {errors.time && (
          <p role="alert" className="col-span-2 text-sm font-medium text-destructive">
            {errors.time}
          </p>
        )}
      </div>

      <div className="flex items-center justify-between gap-4">
        <Label htmlFor={`${id}-blocked`}>{t`Block Time (unavailable)`}</Label>
        <Switch id={`${id}-blocked`} checked={isBlocked} onCheckedChange={setIsBlocked} />
      </div>

      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          {t`Cancel`}
        </Button>
        <Button type="submit" disabled={mutation.isPending}>
          {mutation.isPending ? t`Saving...` : t`Save`}
        </Button>
      </DialogFooter>
    </form>
  );
}
