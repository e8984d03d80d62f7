/**
 * A calendar date's month and day, and its weekday, in the reader's locale, as the availability
 * week heads its columns. Apart from calendar-date.ts (re-exported by time.ts too), whose other
 * exports the client's first chunk uses: a module is bundled whole where it is first needed.
 */

import {
  calendarDateInstant,
  EN_MONTHS,
  localeDateFormat,
  requireDate,
  weekdayOf,
  type CalendarDate,
} from './calendar-date.ts';
import { DEFAULT_LOCALE, type Locale } from './locales.ts';

const EN_WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/**
 * A calendar date's month and day in the reader's locale, as a day column heads it: 'Mar 8' in
 * English, '3月8日' in Japanese, '8 de mar.' in Portuguese, '8 มี.ค.' in Thai.
 */
export function formatCalendarMonthDay(date: CalendarDate, locale: Locale): string {
  if (locale !== DEFAULT_LOCALE)
    return localeDateFormat(locale, { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(
      calendarDateInstant(date),
    );
  const { month, day } = requireDate(date);
  return `${EN_MONTHS[month - 1]} ${day}`;
}

/**
 * A calendar date's weekday in the reader's locale: 'Sunday' or 'Sun' in English, '日曜日' or '日'
 * in Japanese, 'วันอาทิตย์' or 'อา.' in Thai.
 */
export function formatCalendarWeekday(date: CalendarDate, locale: Locale, width: 'long' | 'short' = 'long'): string {
  if (locale !== DEFAULT_LOCALE)
    return localeDateFormat(locale, { weekday: width, timeZone: 'UTC' }).format(calendarDateInstant(date));
  const name = EN_WEEKDAYS[weekdayOf(date)] as string;
  return width === 'long' ? name : name.slice(0, 3);
}
