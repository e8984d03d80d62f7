import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import {
  addDays,
  addMonths,
  addWeeks,
  addYears,
  differenceInCalendarMonths,
  eachDayOfInterval,
  endOfMonth,
  endOfWeek,
  isBefore,
  isSameDay,
  startOfDay,
  isSameMonth,
  startOfMonth,
  startOfWeek,
} from 'date-fns';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

// The calendar's few labels by hand ('MMMM yyyy', 'EEEE', 'EEEEEE', 'EEEE, MMMM d, yyyy'): date-fns'
// `format` and its locale were most of the service page's own JavaScript.
const monthTitle = (date: Date) => `${MONTH_NAMES[date.getMonth()]} ${date.getFullYear()}`;
const weekdayName = (date: Date) => WEEKDAY_NAMES[date.getDay()]!;
const dayLabel = (date: Date) =>
  `${weekdayName(date)}, ${MONTH_NAMES[date.getMonth()]} ${date.getDate()}, ${date.getFullYear()}`;

export interface CalendarProps {
  /** The chosen day, if any. */
  selected: Date | undefined;
  /** Called with the day clicked or chosen with Enter/Space. */
  onSelect: (date: Date) => void;
  /** Days that cannot be chosen (they stay focusable, marked aria-disabled). */
  isDateDisabled?: (date: Date) => boolean;
  /** The earliest month the previous-month button goes back to. */
  fromMonth?: Date;
  /**
   * The viewer's today (local midnight). Server-rendered pages pass the day the page was rendered
   * for until the browser has hydrated (useViewerClock), so both render the same grid.
   */
  today?: Date;
  /** Names the grid for assistive technology, e.g. 'Choose a date'. */
  label?: string;
  /** Called with the first day of the month on screen whenever it changes (to load that month's data). */
  onMonthChange?: (month: Date) => void;
  className?: string;
}

const WEEK_OPTIONS = { weekStartsOn: 0 } as const;

/**
 * A single-date month calendar (the grid pattern of WAI-ARIA's date picker): one day is in the tab
 * order; arrows move by day and week, Home/End to the week's ends, PageUp/PageDown by month
 * (with Shift by year); Enter or Space chooses.
 */
export function Calendar({
  selected,
  onSelect,
  isDateDisabled,
  fromMonth,
  today: givenToday,
  label,
  onMonthChange,
  className,
}: CalendarProps) {
  const headingId = useId();
  const todayTime = (givenToday ?? startOfDay(new Date())).getTime();
  const [initialDay] = useState(() => selected ?? new Date(todayTime));
  const [focusedDay, setFocusedDay] = useState<Date>(initialDay);
  const [month, setMonth] = useState<Date>(() => startOfMonth(initialDay));
  // The viewer's own today arrived after hydration (another day than the server's): show its month.
  const [shownToday, setShownToday] = useState(todayTime);
  if (shownToday !== todayTime) {
    setShownToday(todayTime);
    if (!selected) {
      setFocusedDay(new Date(todayTime));
      setMonth(startOfMonth(new Date(todayTime)));
    }
  }
  // A day chosen from outside (e.g. 'next free day') in another month: show that month.
  const selectedTime = selected?.getTime();
  const [shownSelected, setShownSelected] = useState(selectedTime);
  if (shownSelected !== selectedTime) {
    setShownSelected(selectedTime);
    if (selected && !isSameMonth(selected, month)) {
      setFocusedDay(selected);
      setMonth(startOfMonth(selected));
    }
  }
  const gridRef = useRef<HTMLTableElement>(null);
  const shouldFocus = useRef(false);
  const monthTime = month.getTime();
  const onMonthChangeRef = useRef(onMonthChange);
  useEffect(() => {
    onMonthChangeRef.current = onMonthChange;
  });
  useEffect(() => {
    onMonthChangeRef.current?.(new Date(monthTime));
  }, [monthTime]);

  useEffect(() => {
    if (!shouldFocus.current) return;
    shouldFocus.current = false;
    gridRef.current?.querySelector<HTMLButtonElement>('button[tabindex="0"]')?.focus();
  });

  const earliest = fromMonth ? startOfMonth(fromMonth) : undefined;
  const canGoBack = !earliest || isBefore(earliest, month);
  const days = eachDayOfInterval({
    start: startOfWeek(month, WEEK_OPTIONS),
    end: endOfWeek(endOfMonth(month), WEEK_OPTIONS),
  });
  const weeks: Date[][] = [];
  for (let i = 0; i < days.length; i += 7) weeks.push(days.slice(i, i + 7));
  const weekdays = weeks[0] ?? [];
  // The focusable day is always in the month on screen.
  const tabbableDay = isSameMonth(focusedDay, month) ? focusedDay : month;

  function showMonth(next: Date) {
    const target = startOfMonth(next);
    if (earliest && isBefore(target, earliest)) return;
    setMonth(target);
    // Keep the day of the month (addMonths clamps the 31st to the month's last day).
    setFocusedDay((day) => addMonths(day, differenceInCalendarMonths(target, day)));
  }

  function moveFocus(next: Date) {
    if (earliest && isBefore(startOfMonth(next), earliest)) return;
    shouldFocus.current = true;
    setFocusedDay(next);
    if (!isSameMonth(next, month)) setMonth(startOfMonth(next));
  }

  function handleKeyDown(event: KeyboardEvent<HTMLButtonElement>, day: Date) {
    const moves: Record<string, () => Date> = {
      ArrowLeft: () => addDays(day, -1),
      ArrowRight: () => addDays(day, 1),
      ArrowUp: () => addWeeks(day, -1),
      ArrowDown: () => addWeeks(day, 1),
      Home: () => startOfWeek(day, WEEK_OPTIONS),
      End: () => endOfWeek(day, WEEK_OPTIONS),
      PageUp: () => (event.shiftKey ? addYears(day, -1) : addMonths(day, -1)),
      PageDown: () => (event.shiftKey ? addYears(day, 1) : addMonths(day, 1)),
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    moveFocus(move());
  }

  return (
    <div data-slot="calendar" className={cn('w-full', className)}>
      <div className="mb-2 flex items-center justify-between gap-2">
        <Button
          variant="ghost"
          size="icon"
          className="size-9"
          aria-label="Previous month"
          disabled={!canGoBack}
          onClick={() => showMonth(addMonths(month, -1))}
        >
          <ChevronLeft aria-hidden="true" />
        </Button>
        <h3 id={headingId} className="text-sm font-semibold" aria-live="polite">
          {monthTitle(month)}
        </h3>
        <Button
          variant="ghost"
          size="icon"
          className="size-9"
          aria-label="Next month"
          onClick={() => showMonth(addMonths(month, 1))}
        >
          <ChevronRight aria-hidden="true" />
        </Button>
      </div>
      <table
        ref={gridRef}
        role="grid"
        aria-labelledby={label ? undefined : headingId}
        aria-label={label ? `${label}, ${monthTitle(month)}` : undefined}
        className="w-full border-collapse"
      >
        <thead>
          <tr>
            {weekdays.map((day) => (
              <th
                key={day.getDay()}
                scope="col"
                abbr={weekdayName(day)}
                className="pb-1 text-center text-xs font-medium text-muted-foreground"
              >
                {weekdayName(day).slice(0, 2)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week[0]?.toISOString()}>
              {week.map((day) => {
                if (!isSameMonth(day, month)) return <td key={day.toISOString()} role="gridcell" className="p-0.5" />;
                const isDisabled = isDateDisabled?.(day) ?? false;
                const isSelected = selected !== undefined && isSameDay(day, selected);
                const today = isSameDay(day, new Date(todayTime));
                return (
                  <td key={day.toISOString()} role="gridcell" className="p-0.5 text-center" aria-selected={isSelected}>
                    <button
                      type="button"
                      tabIndex={isSameDay(day, tabbableDay) ? 0 : -1}
                      aria-label={`${dayLabel(day)}${today ? ', today' : ''}`}
                      aria-disabled={isDisabled || undefined}
                      aria-current={today ? 'date' : undefined}
                      data-selected={isSelected || undefined}
                      onClick={() => {
                        setFocusedDay(day);
                        if (!isDisabled) onSelect(day);
                      }}
                      onKeyDown={(event) => handleKeyDown(event, day)}
                      className={cn(
                        'relative mx-auto flex aspect-square w-full max-w-10 cursor-pointer items-center justify-center rounded-md text-sm tabular-nums transition-colors outline-none',
                        'hover:bg-accent hover:text-accent-foreground focus-visible:ring-[3px] focus-visible:ring-ring/60',
                        today && !isSelected && 'font-bold text-primary',
                        today &&
                          "after:absolute after:bottom-1 after:size-1 after:rounded-full after:bg-current after:content-['']",
                        // The selected day keeps its full colour under the pointer: lightened (primary/90)
                        // its number fell to 4.28:1 against the background.
                        isSelected &&
                          'bg-primary font-semibold text-primary-foreground hover:bg-primary hover:text-primary-foreground',
                        isDisabled &&
                          'cursor-not-allowed text-muted-foreground line-through opacity-60 hover:bg-transparent hover:text-muted-foreground',
                      )}
                    >
                      {day.getDate()}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
