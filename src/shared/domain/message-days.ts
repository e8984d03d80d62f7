/**
 * The days of a conversation as its reader sees them: messages grouped by the calendar day they
 * were sent on in the reader's zone, each day named 'Today', 'Yesterday', 'Mon, Nov 23' (with the
 * year when it is not the current one: 'Mon, Nov 23, 2025'). Pure, tested with TZ=UTC.
 */
import { addCalendarDays, requireDate, weekdayOf, type CalendarDate } from './calendar-date.ts';
import { calendarDateIn } from './zones.ts';

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** The separator's text for `day` when the reader's today is `today`. */
export function messageDayLabel(day: CalendarDate, today: CalendarDate): string {
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
