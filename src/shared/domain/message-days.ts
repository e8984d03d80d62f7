/**
 * The days of a conversation as its reader sees them: messages grouped by the calendar day they
 * were sent on in the reader's zone, each day named 'Today', 'Yesterday', 'Mon, Nov 23' (with the
 * year when it is not the current one: 'Mon, Nov 23, 2025'). Pure, tested with TZ=UTC.
 */
import {
  addCalendarDays,
  calendarDateInstant,
  localeDateFormat,
  requireDate,
  weekdayOf,
  type CalendarDate,
} from './calendar-date.ts';
import { DEFAULT_LOCALE, intlLocale, type Locale } from './locales.ts';
import { calendarDateIn } from './zones.ts';

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const relativeDays = new Map<Locale, Intl.RelativeTimeFormat>();

/** 'Hoy', '今日', 'Kemarin': a relative day in the reader's words, capitalised as a heading. */
function relativeDay(days: number, locale: Locale): string {
  let format = relativeDays.get(locale);
  if (!format) {
    format = new Intl.RelativeTimeFormat(intlLocale(locale), { numeric: 'auto' });
    relativeDays.set(locale, format);
  }
  const text = format.format(days, 'day');
  return text.charAt(0).toLocaleUpperCase(intlLocale(locale)) + text.slice(1);
}

/**
 * The separator's text for `day` when the reader's today is `today`, in the reader's locale
 * ('Hoje', '昨日', '11月23日(月)').
 */
export function messageDayLabel(day: CalendarDate, today: CalendarDate, locale: Locale = DEFAULT_LOCALE): string {
  if (locale !== DEFAULT_LOCALE) {
    if (day === today) return relativeDay(0, locale);
    if (day === addCalendarDays(today, -1)) return relativeDay(-1, locale);
    const sameYear = requireDate(day).year === requireDate(today).year;
    return localeDateFormat(locale, {
      weekday: 'short',
      month: 'short',
      day: 'numeric',
      ...(sameYear ? {} : { year: 'numeric' }),
      timeZone: 'UTC',
    }).format(calendarDateInstant(day));
  }
  if (day === today) return 'Today';
  if (day === addCalendarDays(today, -1)) return 'Yesterday';
  const { year, month, day: dayOfMonth } = requireDate(day);
  const text = `${WEEKDAYS[weekdayOf(day)]}, ${MONTHS[month - 1]} ${dayOfMonth}`;
  return year === requireDate(today).year ? text : `${text}, ${year}`;
}

export interface MessageDay<T> {
  /** 'yyyy-MM-dd' in the reader's zone. */
  day: CalendarDate;
  messages: T[];
}

/**
 * Messages (oldest first) in runs of one calendar day in `timeZone`; a new run starts whenever
 * the day changes, so the thread shows a separator between messages of different days.
 */
export function groupMessagesByDay<T extends { createdAt: string }>(
  messages: readonly T[],
  timeZone: string,
): MessageDay<T>[] {
  const days: MessageDay<T>[] = [];
  for (const message of messages) {
    const day = calendarDateIn(new Date(message.createdAt), timeZone);
    const last = days.at(-1);
    if (last && last.day === day) last.messages.push(message);
    else days.push({ day, messages: [message] });
  }
  return days;
}
