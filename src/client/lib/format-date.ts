import { formatCalendarDateForDisplay, formatDateIn, formatTimeIn, type CalendarDate } from '@shared/domain/time';
import { browserTimeZone } from './time-zone';

/*
 * The product's date and time formats, 'MMM d, yyyy' and 'h:mm a'. Apart from format.ts so the cards
 * on the first screen do not pull date-fns into the entry chunk.
 */

/** An instant's date as the viewer's clock shows it, or as `timeZone`'s (a provider's) does. */
export function formatDate(instant: string | Date, timeZone: string = browserTimeZone()): string {
  return formatDateIn(typeof instant === 'string' ? new Date(instant) : instant, timeZone);
}

/** An instant's time, 'h:mm a', in the viewer's zone or the given one. */
export function formatTime(instant: string | Date, timeZone: string = browserTimeZone()): string {
  return formatTimeIn(typeof instant === 'string' ? new Date(instant) : instant, timeZone);
}

/** A calendar date ('2026-03-08') as 'Mar 8, 2026', the same in every zone. */
export function formatCalendarDate(date: CalendarDate): string {
  return formatCalendarDateForDisplay(date);
}
