import { useLayoutEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, Send } from '@/components/icons';
import type { ThreadMessage } from '@shared/api/conversations-responses';
import { calendarDateOfLocalDate } from '@shared/domain/calendar-date';
import { BookingStatusBadge } from '@/components/booking-status-badge';
import { Badge } from '@/components/ui/badge';
import { PersonAvatar } from '@/components/person-avatar';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { InlineLoadFailed } from '@/components/load-failed';
import { ReportButton } from '@/components/trust/report-button';
import { useAuth } from '@/lib/auth-context';
import { cn } from '@/lib/utils';
import { bookingWhen } from '@/lib/booking-time';
import { useKeepTypedValue } from '@/lib/keep-typed-value';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useViewerTimeZone, useViewerToday } from '@/lib/viewer-clock';
import type { ConversationItem } from './conversation-list';
import { MaskedNotice } from './masked-notice';
import { MessageList } from './message-list';
import { fetchOlderMessages, mayHaveOlder, threadQuery, useSendMessage, type ThreadRef } from './messages-api';
import { useLocale } from '@/lib/locale';

/**
 * Header: counterpart, service title, booking status, start date and time (provider's zone,
 * labelled: 'Bali (UTC+8)'), hours, and the viewer's own time when their clock reads differently. An inquiry (no booking yet) says 'Inquiry' instead of a status and time.
 */
function ThreadHeader({
  conversation,
  viewerPlaces,
}: {
  conversation: ConversationItem;
  viewerPlaces: readonly string[];
}) {
  const { booking, counterpart, service } = conversation;
  const { t } = useLingui();
  const name = counterpart.name ?? t`Unknown`;
  const viewerTimeZone = useViewerTimeZone();
  const locale = useLocale();
  const when = booking
    ? bookingWhen(booking.start, booking.timeZone, locale, booking.places, {
        timeZone: viewerTimeZone,
        places: viewerPlaces,
      })
    : undefined;
  // On a phone the header stays one compact block; the rest of the booking opens on demand.
  const [showsDetails, setShowsDetails] = useState(false);
  const hasDetails = Boolean(when?.viewer || booking?.where || booking?.notes);
  return (
    <div className="flex items-center gap-3 border-b px-3 py-2 md:px-4 md:py-3" data-testid="thread-header">
      <Button asChild variant="ghost" size="icon" className="md:hidden">
        <Link to="/messages" aria-label={t`Back to conversations`}>
          <ArrowLeft className="size-5" aria-hidden="true" />
        </Link>
      </Button>
      <PersonAvatar name={name} image={counterpart.image} className="size-8 md:size-10" />
      <div className="flex min-w-0 flex-1 flex-col gap-0.5">
        <h2 className="truncate font-semibold">{name}</h2>
        <p className="truncate text-sm text-muted-foreground">{service.title}</p>
        {booking && when ? (
          <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted-foreground">
            <BookingStatusBadge status={booking.status} />
            <span>
              <Trans>
                {when.date} at {when.time} {when.zone}
              </Trans>
            </span>
            <span aria-hidden="true">·</span>
            <span>{t`${plural(booking.hours, { one: '# hour', other: '# hours' })}`}</span>
          </p>
        ) : null}
        {hasDetails && (
          <button
            type="button"
            className="w-fit text-left text-sm text-primary underline-offset-4 hover:underline md:hidden"
            aria-expanded={showsDetails}
            aria-controls={`thread-details-${service.id}`}
            onClick={() => setShowsDetails((open) => !open)}
          >
            {showsDetails ? <Trans>Hide booking details</Trans> : <Trans>Booking details</Trans>}
          </button>
        )}
        <div
          id={`thread-details-${service.id}`}
          className={cn('flex-col gap-0.5', showsDetails ? 'flex' : 'hidden md:flex')}
        >
          {when?.viewer ? (
            <p className="text-sm text-muted-foreground" data-testid="thread-viewer-time">
              <Trans>
                {when.viewer.time} your time, {when.viewer.zone}
              </Trans>
            </p>
          ) : null}
          {booking && (booking.where || booking.notes) ? (
            <div className="flex flex-col text-sm text-muted-foreground" data-testid="thread-booking-details">
              {booking.where && (
                <p className="break-words">
                  <Trans>Where: {booking.where}</Trans>
                </p>
              )}
              {booking.notes && (
                <p className="break-words whitespace-pre-line">
                  <Trans>Special requests: {booking.notes}</Trans>
                </p>
              )}
            </div>
          ) : null}
        </div>
        {booking ? null : (
          <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted-foreground">
            <Badge variant="outline">
              <Trans>Inquiry</Trans>
            </Badge>
            <span>
              <Trans>No booking yet</Trans>
            </span>
          </p>
        )}
      </div>
    </div>
  );
}

function Composer({ thread }: { thread: ThreadRef }) {
  const [text, setText] = useState('');
  const { t } = useLingui();
  const keepTyped = useKeepTypedValue<HTMLTextAreaElement>(text, (typed) => setText(typed));
  const send = useSendMessage(thread);
  const inputId = `composer-${thread.kind}-${thread.id}`;
  const isBlank = text.trim().length === 0;

  // What the server hid of the last message sent (contact details before a confirmed booking).
  const [hidden, setHidden] = useState<NonNullable<ThreadMessage['hidden']>>([]);

  const submit = () => {
    if (isBlank || send.isPending) return;
    send.mutate(text.trim(), {
      onSuccess: (sent) => {
        setText('');
        setHidden(sent.hidden ?? []);
      },
      // A failed send keeps the text (docs/product.md, Texts shown to users).
      onError: () =>
        toast({ variant: 'destructive', title: t`Failed to send message`, description: t`Please try again.` }),
    });
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      submit();
    }
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    submit();
  };
  return (
    <>
      {hidden.length > 0 && <MaskedNotice hidden={hidden} onDismiss={() => setHidden([])} />}
      <form onSubmit={onSubmit} className="flex items-end gap-2 border-t p-3">
        <label htmlFor={inputId} className="sr-only">
          <Trans>Message</Trans>
        </label>
        <textarea
          ref={keepTyped}
          id={inputId}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          rows={1}
          maxLength={4000}
          placeholder={t`Type a message...`}
          className="max-h-40 min-h-10 flex-1 resize-none rounded-md border border-input bg-background px-3 py-2 text-base shadow-xs outline-none placeholder:text-muted-foreground focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/40 md:text-sm dark:bg-input/20"
        />
        <Button type="submit" disabled={isBlank || send.isPending} aria-label={t`Send`}>
          <Send className="size-4" aria-hidden="true" />
          <span className="hidden sm:inline">
            <Trans>Send</Trans>
          </span>
        </Button>
      </form>
    </>
  );
}

/** The selected conversation: header, messages (own on the right), composer. */
export function ThreadView({
  conversation,
  viewerPlaces = [],
}: {
  conversation: ConversationItem;
  /** Cities of the viewer's conversations: one in the viewer's zone names it ('Lisbon (UTC)'). */
  viewerPlaces?: readonly string[];
}) {
  const { user } = useAuth();
  const { t } = useLingui();
  const timeZone = useViewerTimeZone();
  // The viewer's today (the clock the page was rendered with, then the browser's) as a calendar date.
  const today = calendarDateOfLocalDate(useViewerToday());
  const { data, isPending, isError, refetch } = useQuery(threadQuery(conversation.ref));
  const [older, setOlder] = useState<{ messages: ThreadMessage[]; more: boolean }>({ messages: [], more: true });
  const [loadingOlder, setLoadingOlder] = useState(false);
  const scroller = useRef<HTMLDivElement>(null);
  const lastId = data?.at(-1)?.id;

  // (The page keys this view by conversation: another conversation starts with no earlier pages.)
  // The thread scrolls to the newest message (on open and when one arrives).
  useLayoutEffect(() => {
    const el = scroller.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [lastId, conversation.ref.id]);

  const counterpartName = conversation.counterpart.name ?? t`Unknown`;
  const all = [...older.messages, ...(data ?? [])];
  const canLoadOlder = data !== undefined && older.more && mayHaveOlder(older.messages.length ? older.messages : data);

  const loadOlder = async () => {
    const first = all[0];
    if (!first) return;
    setLoadingOlder(true);
    try {
      const page = await fetchOlderMessages(conversation.ref, first.id);
      setOlder((o) => ({ messages: [...page, ...o.messages], more: mayHaveOlder(page) }));
    } catch {
      toast({ variant: 'destructive', title: t`Could not load earlier messages`, description: t`Please try again.` });
    } finally {
      setLoadingOlder(false);
    }
  };

  return (
    <section aria-label={t`Conversation with ${counterpartName}`} className="flex min-h-0 flex-1 flex-col">
      <ThreadHeader conversation={conversation} viewerPlaces={viewerPlaces} />
      <div ref={scroller} className="min-h-0 flex-1 overflow-y-auto px-4 py-4" tabIndex={0} aria-label={t`Messages`}>
        {isPending ? (
          <div className="flex justify-center py-10">
            <Spinner className="size-6 text-primary" label={t`Loading messages`} />
          </div>
        ) : isError ? (
          <InlineLoadFailed what={t`the messages`} onRetry={() => void refetch()} />
        ) : all.length === 0 ? (
          <p className="py-10 text-center text-muted-foreground">
            <Trans>No messages yet. Start the conversation!</Trans>
          </p>
        ) : (
          <>
            {canLoadOlder && (
              <div className="mb-3 flex justify-center">
                <Button variant="outline" size="sm" onClick={() => void loadOlder()} disabled={loadingOlder}>
                  <Trans>Load earlier messages</Trans>
                </Button>
              </div>
            )}
            <MessageList
              messages={all}
              ownId={user?.id}
              timeZone={timeZone}
              today={today}
              report={(id) => (
                <ReportButton
                  targetType="message"
                  targetId={id}
                  size="icon"
                  className="size-7 shrink-0 opacity-60 group-hover:opacity-100 group-focus-within:opacity-100 focus-visible:opacity-100"
                />
              )}
            />
          </>
        )}
      </div>
      <Composer key={`${conversation.ref.kind}:${conversation.ref.id}`} thread={conversation.ref} />
    </section>
  );
}
