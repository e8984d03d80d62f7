/**
 * Busy times imported from the provider's own calendars, greyed in a day of the availability week
 * and labelled with the calendar's name (never an event's title). One query per week, shared by the
 * seven days. Loaded with the Availability tab, after its first paint.
 */
import type { JSX } from 'react';
import { useQuery } from '@tanstack/react-query';
import { CalendarX2 } from 'lucide-react';
import { addCalendarDays, utcToZoned, zonedToUtc, type CalendarDate } from '@shared/domain/time';
import { importedBusyQuery } from './calendar-sync-api';

export function ImportedBusyChips({
  date,
  weekStart,
  timeZone,
}: {
  date: CalendarDate;
  weekStart: CalendarDate;
  timeZone: string;
}): JSX.Element | null {
  const from = zonedToUtc(weekStart, '00:00', timeZone).toISOString();
  const to = zonedToUtc(addCalendarDays(weekStart, 7), '00:00', timeZone).toISOString();
  const query = useQuery(importedBusyQuery(from, to));
  const dayStart = zonedToUtc(date, '00:00', timeZone).getTime();
  const dayEnd = zonedToUtc(addCalendarDays(date, 1), '00:00', timeZone).getTime();
  const busy = (query.data ?? []).filter((b) => Date.parse(b.start) < dayEnd && Date.parse(b.end) > dayStart);
  if (busy.length === 0) return null;
  const hhmm = (ms: number, edge: number) => (ms === edge ? null : utcToZoned(new Date(ms), timeZone).time);
  return (
    <ul className="flex flex-col gap-1" aria-label={`Busy in your calendars on ${date}`}>
      {busy.map((b) => {
        const start = Math.max(Date.parse(b.start), dayStart);
        const end = Math.min(Date.parse(b.end), dayEnd);
        const label =
          start === dayStart && end === dayEnd ? 'All day' : `${hhmm(start, -1)}-${hhmm(end, dayEnd) ?? '24:00'}`;
        return (
          <li
            key={`${b.calendarId}-${b.start}-${b.end}`}
            data-imported-busy
            className="flex flex-col rounded-md border border-dashed bg-muted px-2 py-1 text-sm text-muted-foreground"
          >
            <span className="font-medium tabular-nums">{label}</span>
            <span className="flex items-center gap-1 text-xs">
              <CalendarX2 aria-hidden="true" className="size-3" />
              Busy · {b.calendarName}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
