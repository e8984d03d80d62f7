import { useId, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import type { AvailabilityInput } from '@shared/api/availability';
import {
  AvailabilityRuleError,
  DEFAULT_END_HOUR,
  DEFAULT_START_HOUR,
  END_AFTER_START_MESSAGE,
  formatHourChoice,
  formatMonthDay,
  HOUR_CHOICES,
  oneOffSlot,
  RECURRENCE_WEEKS,
  SELECT_DAY_MESSAGE,
  WEEKDAY_NAMES,
  weekDates,
} from '@shared/domain/availability';
import { formatCalendarDateForDisplay, weekdayOf, type CalendarDate } from '@shared/domain/time';
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
import { addAvailability, availabilityKey } from './availability-api';

export const PAST_DAY_MESSAGE = 'Choose a day that has not passed';

const hourTime = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

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
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button>
          <Plus aria-hidden="true" />
          Add Availability
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Add Availability</DialogTitle>
          <DialogDescription>Times in {props.zoneText}</DialogDescription>
        </DialogHeader>
        <AvailabilityForm {...props} onDone={() => setOpen(false)} />
      </DialogContent>
    </Dialog>
  );
}

function AvailabilityForm({ providerId, timeZone, weekStart, today, onDone }: Props & { onDone: () => void }) {
  const id = useId();
  const queryClient = useQueryClient();
  const days = weekDates(weekStart);
  const [isRecurring, setIsRecurring] = useState(false);
  const [date, setDate] = useState<CalendarDate>(() => days.find((d) => d >= today) ?? weekStart);
  const [recurrenceDays, setRecurrenceDays] = useState<number[]>([]);
  const [startHour, setStartHour] = useState(DEFAULT_START_HOUR);
  const [endHour, setEndHour] = useState(DEFAULT_END_HOUR);
  const [isBlocked, setIsBlocked] = useState(false);
  const [errors, setErrors] = useState<{ date?: string; days?: string; time?: string }>({});
  // A schedule starts on the first day of the week on screen, or today when that day has passed.
  const firstDay = weekStart < today ? today : weekStart;

  const mutation = useMutation({
    mutationFn: addAvailability,
    onSuccess: async () => {
      toast({ title: 'Availability added successfully' });
      onDone();
      await queryClient.invalidateQueries({ queryKey: availabilityKey(providerId) });
    },
    onError: (error) => {
      toast({
        variant: 'destructive',
        title: 'Failed to add availability',
        description: errorMessage(error, 'Please try again.'),
      });
    },
  });

  function save() {
    const found: typeof errors = {};
    if (!(endHour > startHour)) found.time = END_AFTER_START_MESSAGE;
    if (isRecurring && recurrenceDays.length === 0) found.days = SELECT_DAY_MESSAGE;
    if (!isRecurring && date < today) found.date = PAST_DAY_MESSAGE;
    let input: AvailabilityInput | AvailabilityInput[] | undefined;
    if (!found.time && !found.date && !isRecurring) {
      try {
        const slot = oneOffSlot(date, startHour, endHour, timeZone);
        input = { start: slot.start.toISOString(), end: slot.end.toISOString(), isBlocked, isRecurring: false };
      } catch (err) {
        if (!(err instanceof AvailabilityRuleError)) throw err;
        found.time = err.message;
      }
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    if (isRecurring) {
      // More than one slot (12 a day): /bulk, as docs/product.md says. The times are on the provider's
      // wall clock (no offset), so every occurrence keeps them across DST changes.
      input = [
        {
          start: `${firstDay}T${hourTime(startHour)}`,
          end: `${firstDay}T${hourTime(endHour)}`,
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
        <Label htmlFor={`${id}-recurring`}>Recurring Schedule</Label>
        <Switch id={`${id}-recurring`} checked={isRecurring} onCheckedChange={setIsRecurring} />
      </div>

      {isRecurring ? (
        <fieldset className="flex flex-col gap-3" aria-describedby={`${id}-days-hint`}>
          <legend className="mb-2 text-sm font-medium">Days</legend>
          <div className="grid grid-cols-2 gap-x-4 gap-y-3 sm:grid-cols-4">
            {WEEKDAY_NAMES.map((name, day) => (
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
            Every week for {RECURRENCE_WEEKS} weeks from {formatCalendarDateForDisplay(firstDay)}.
          </p>
          {errors.days && (
            <p role="alert" className="text-sm font-medium text-destructive">
              {errors.days}
            </p>
          )}
        </fieldset>
      ) : (
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-date`}>Date</Label>
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
                {WEEKDAY_NAMES[weekdayOf(d)]}, {formatMonthDay(d)}
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
          <Label htmlFor={`${id}-start`}>Start Time</Label>
          <NativeSelect
            id={`${id}-start`}
            value={startHour}
            onChange={(event) => {
              setStartHour(Number(event.target.value));
              setErrors(({ time: _, ...rest }) => rest);
            }}
            aria-invalid={errors.time ? true : undefined}
          >
            {HOUR_CHOICES.map((h) => (
              <option key={h} value={h}>
                {formatHourChoice(h)}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-end`}>End Time</Label>
          <NativeSelect
            id={`${id}-end`}
            value={endHour}
            onChange={(event) => {
              setEndHour(Number(event.target.value));
              setErrors(({ time: _, ...rest }) => rest);
            }}
            aria-invalid={errors.time ? true : undefined}
          >
            {HOUR_CHOICES.map((h) => (
              <option key={h} value={h}>
                {formatHourChoice(h)}
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
        <Label htmlFor={`${id}-blocked`}>Block Time (unavailable)</Label>
        <Switch id={`${id}-blocked`} checked={isBlocked} onCheckedChange={setIsBlocked} />
      </div>

      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={mutation.isPending}>
          {mutation.isPending ? 'Saving...' : 'Save'}
        </Button>
      </DialogFooter>
    </form>
  );
}
