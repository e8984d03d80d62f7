import { formatCalendarDateForDisplay, formatDateIn, formatTimeIn, type CalendarDate } from '@shared/domain/time';
import type { Locale } from '@shared/domain/locales';
import { browserTimeZone } from './time-zone';

/*
 * The product's date and time formats in the reader's locale ('MMM d, yyyy' and 'h:mm a' in English). Apart from format.ts so the cards
 * on the first screen do not pull date-fns into the entry chunk.
 */

/** An instant's date as the viewer's clock shows it, or as `timeZone`'s (a provider's) does. */
export function formatDate(instant: string | Date, locale: Locale, timeZone: string = browserTimeZone()): string {
  return formatDateIn(typeof instant === 'string' ? new Date(instant) : instant, timeZone, locale);
}

/** An instant's time, 'h:mm a', in the viewer's zone or the given one. */
export function formatTime(instant: string | Date, locale: Locale, timeZone: string = browserTimeZone()): string {
  return formatTimeIn(typeof instant === 'string' ? new Date(instant) : instant, timeZone, locale);
}

/** A calendar date ('2026-03-08') as 'Mar 8, 2026', the same in every zone. */
export function formatCalendarDate(date: CalendarDate, locale: Locale): string {
  return formatCalendarDateForDisplay(date, locale);
}
