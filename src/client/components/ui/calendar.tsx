import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
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
import { ChevronLeft, ChevronRight } from '@/components/icons';
import { useLingui } from '@lingui/react/macro';
import { intlLocale, type Locale } from '@shared/domain/locales';
import { Button } from '@/components/ui/button';
import { useLocale } from '@/lib/locale';
import { cn } from '@/lib/utils';

/**
 * The calendar's few labels ('March 2026', 'Sunday', 'Su', 'Sunday, March 8, 2026' in English) in
 * the reader's language through Intl: date-fns' `format` and its locales were most of the service
 * page's own JavaScript.
 */
function dateLabels(locale: Locale) {
  const tag = intlLocale(locale);
  const month = new Intl.DateTimeFormat(tag, { month: 'long', year: 'numeric' });
  const weekday = new Intl.DateTimeFormat(tag, { weekday: 'long' });
  const short = new Intl.DateTimeFormat(tag, { weekday: 'short' });
  const day = new Intl.DateTimeFormat(tag, { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' });
  return {
    monthTitle: (date: Date) => month.format(date),
    weekdayName: (date: Date) => weekday.format(date),
    // Two letters in English ('Su', 'Mo'); elsewhere the language's own short weekday ('日', 'dom').
    weekdayShort: (date: Date) => (locale === 'en' ? weekday.format(date).slice(0, 2) : short.format(date)),
    dayLabel: (date: Date) => day.format(date),
  };
}

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
  const { t } = useLingui();
  const locale = useLocale();
  const { monthTitle, weekdayName, weekdayShort, dayLabel } = useMemo(() => dateLabels(locale), [locale]);
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
          aria-label={t`Previous month`}
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
          aria-label={t`Next month`}
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
                {weekdayShort(day)}
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
                const name = dayLabel(day);
                return (
                  <td key={day.toISOString()} role="gridcell" className="p-0.5 text-center" aria-selected={isSelected}>
                    <button
                      type="button"
                      tabIndex={isSameDay(day, tabbableDay) ? 0 : -1}
                      aria-label={today ? t`${name}, today` : name}
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
