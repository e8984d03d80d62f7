import { useId, type ReactNode } from 'react';
import type { ThreadMessage } from '@shared/api/conversations-responses';
import type { CalendarDate } from '@shared/domain/calendar-date';
import { groupMessagesByDay, messageDayLabel } from '@shared/domain/message-days';
import { formatTimeIn } from '@shared/domain/time';
import { cn } from '@/lib/utils';
import { useLocale } from '@/lib/locale';
import { useHiddenNoteWords } from '@/lib/moderation-words';

/** What offers to report a message received (the thread gives it; a list rendered alone has none). */
export type ReportSlot = (messageId: string) => ReactNode;

/**
 * One message. The bubble is focusable; its time (the reader's clock) shows beside it on hover or
 * keyboard focus (a tap focuses it on a phone), and is always in the accessible text as a <time>.
 */
function Bubble({
  message,
  isOwn,
  timeZone,
  report,
}: {
  message: ThreadMessage;
  isOwn: boolean;
  timeZone: string;
  report?: ReportSlot;
}) {
  const locale = useLocale();
  const noteWords = useHiddenNoteWords();
  return (
    <li className={cn('flex', isOwn ? 'justify-end' : 'justify-start')}>
      <div
        tabIndex={0}
        className={cn('group flex max-w-[85%] min-w-0 items-end gap-2 outline-none', isOwn && 'flex-row-reverse')}
        data-testid="message"
      >
        <div
          className={cn(
            'min-w-0 rounded-2xl px-3.5 py-2 shadow-xs group-focus-visible:ring-[3px] group-focus-visible:ring-ring/60',
            isOwn ? 'rounded-br-sm bg-primary text-primary-foreground' : 'rounded-bl-sm bg-muted text-foreground',
          )}
          data-own={isOwn ? 'true' : 'false'}
        >
          {message.hiddenNote ? (
            <p className="text-sm text-muted-foreground italic wrap-anywhere">{noteWords(message.hiddenNote)}</p>
          ) : (
            <p className="text-sm wrap-anywhere whitespace-pre-wrap">{message.body}</p>
          )}
        </div>
        {/* A message received can be reported (decision 051); one's own cannot. */}
        {!isOwn && !message.hiddenNote && report?.(message.id)}
        <time
          dateTime={message.createdAt}
          className="shrink-0 pb-1 text-xs whitespace-nowrap text-muted-foreground tabular-nums opacity-0 transition-opacity group-hover:opacity-100 group-focus:opacity-100"
        >
          {formatTimeIn(new Date(message.createdAt), timeZone, locale)}
        </time>
      </div>
    </li>
  );
}

/** The messages of one day under its separator ('Today', 'Yesterday', 'Mon, Nov 23'). */
function Day({ day, today, children }: { day: CalendarDate; today: CalendarDate; children: ReactNode }) {
  const headingId = useId();
  const locale = useLocale();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2" data-testid="message-day">
      <h3
        id={headingId}
        className="my-2 flex items-center gap-3 text-xs font-medium text-muted-foreground before:h-px before:flex-1 before:bg-border after:h-px after:flex-1 after:bg-border"
      >
        <time dateTime={day} className="rounded-full border bg-background px-2.5 py-0.5">
          {messageDayLabel(day, today, locale)}
        </time>
      </h3>
      <ol className="flex flex-col gap-2">{children}</ol>
    </section>
  );
}

/**
 * A thread's messages, oldest first, in days of the reader's zone with a separator between
 * messages of different days; the reader's own on the right.
 */
export function MessageList({
  messages,
  ownId,
  timeZone,
  today,
  report,
}: {
  messages: readonly ThreadMessage[];
  /** The reader's user id. */
  ownId: string | undefined;
  /** The reader's zone: days and times are on their clock. */
  timeZone: string;
  /** The reader's today in that zone. */
  today: CalendarDate;
  /** Offers to report each message received. */
  report?: ReportSlot;
}) {
  return (
    <div className="flex flex-col gap-2">
      {groupMessagesByDay(messages, timeZone).map(({ day, messages: ofDay }) => (
        <Day key={day} day={day} today={today}>
          {ofDay.map((m) => (
            <Bubble key={m.id} message={m} isOwn={m.senderId === ownId} timeZone={timeZone} report={report} />
          ))}
        </Day>
      ))}
    </div>
  );
}
