import { useSyncExternalStore } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { MessageSquare } from '@/components/icons';
import { LoadFailed } from '@/components/load-failed-page';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { ConversationList, mergeConversations } from '@/features/messages/conversation-list';
import { conversationsQuery } from '@/features/messages/conversation-queries';
import { conversationRefQuery, inquiriesQuery, useInquiryEvents } from '@/features/messages/inquiry-queries';
import { ThreadView } from '@/features/messages/thread-view';
import { useAuth } from '@/lib/auth-context';
import { useDocumentTitle } from '@/lib/document-title';
import { useCurrentPath } from '@/lib/sign-in-address';
import { signInPath } from '@shared/domain/return-path';
import { cn } from '@/lib/utils';
import { Trans, useLingui } from '@lingui/react/macro';

const WIDE = '(min-width: 768px)';

function subscribeToWidth(onChange: () => void) {
  const query = window.matchMedia(WIDE);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** Whether the screen is wide enough for list and thread side by side (false on the server). */
function useIsWide(): boolean {
  return useSyncExternalStore(
    subscribeToWidth,
    () => window.matchMedia(WIDE).matches,
    () => false,
  );
}

/**
 * Messages (/messages, docs/product.md): conversation list on the left, the selected thread on
 * the right; `?booking=` selects one (`?conversation=` an inquiry, decision 025), else the first
 * is selected. On a phone the list and the thread are two screens: the list without a selection
 * in the address, the thread (with a back button) with one.
 */
export function MessagesPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Messages`);
  const { user, isLoading } = useAuth();
  const currentPath = useCurrentPath();
  const [params] = useSearchParams();
  const bookingThreads = useQuery({ ...conversationsQuery, enabled: Boolean(user) });
  const inquiries = useQuery({ ...inquiriesQuery, enabled: Boolean(user) });
  useInquiryEvents();
  const isPending = bookingThreads.isPending || inquiries.isPending;
  const isError = bookingThreads.isError || inquiries.isError;
  const refetch = () => {
    void bookingThreads.refetch();
    void inquiries.refetch();
  };
  const data =
    bookingThreads.data && inquiries.data ? mergeConversations(bookingThreads.data, inquiries.data) : undefined;
  // `?conversation=` of an inquiry that is no longer open (the traveler booked, or an emailed
  // link): ask where it is now, and go to the booking's thread (decision 025).
  const askedInquiry = params.get('conversation');
  const isOpenInquiry = Boolean(askedInquiry && inquiries.data?.some((c) => c.id === askedInquiry));
  const moved = useQuery({
    ...conversationRefQuery(askedInquiry ?? ''),
    enabled: Boolean(user && askedInquiry && inquiries.data && !isOpenInquiry),
    retry: false,
  });
  // Auto-selecting on a phone would open (and mark read) a thread nobody chose to look at, so
  // the first conversation is selected only once the browser says the screen is wide.
  const isWide = useIsWide();

  if (isLoading || (user && isPending)) {
    return (
      <div className="flex flex-1 items-center justify-center py-24">
        <Spinner className="size-8 text-primary" label={t`Loading your messages`} />
      </div>
    );
  }
  // Signed out (a session ended in another tab): to sign in, and back here (decision 016).
  if (!user) return <Navigate to={signInPath(currentPath)} replace />;
  if (moved.data?.bookingId && !isOpenInquiry)
    return <Navigate to={`/messages?booking=${moved.data.bookingId}`} replace />;
  if (isError || !data) return <LoadFailed what={t`your messages`} onRetry={refetch} />;

  const title = (
    <h1 className="px-4 py-4 text-2xl font-bold tracking-tight">
      <Trans>Messages</Trans>
    </h1>
  );

  if (data.length === 0) {
    return (
      <div className="mx-auto flex w-full max-w-7xl flex-1 flex-col sm:px-2 lg:px-4">
        {title}
        <div className="flex flex-1 flex-col items-center justify-center gap-4 px-4 py-20 text-center">
          <div className="flex size-14 items-center justify-center rounded-full bg-accent text-accent-foreground">
            <MessageSquare className="size-7" aria-hidden="true" />
          </div>
          <p className="text-lg font-medium">
            <Trans>No conversations yet</Trans>
          </p>
          <Button asChild>
            <Link to="/browse">
              <Trans>Browse Services</Trans>
            </Link>
          </Button>
        </div>
      </div>
    );
  }

  const askedBooking = params.get('booking');
  const asked =
    askedBooking !== null
      ? { kind: 'booking' as const, id: askedBooking }
      : askedInquiry !== null
        ? { kind: 'inquiry' as const, id: askedInquiry }
        : undefined;
  const wanted = asked ?? (isWide ? data[0]?.ref : undefined);
  const selected = wanted && data.find((c) => c.ref.kind === wanted.kind && c.ref.id === wanted.id);
  const showsThread = asked !== undefined;

  return (
    <div className="mx-auto flex w-full max-w-7xl flex-1 flex-col sm:px-2 lg:px-4">
      <div className={cn(showsThread && 'hidden md:block')}>{title}</div>
      {/* A thread on a phone takes the whole screen, over the site's header and footer (its own header has Back). */}
      <div
        data-testid="messages-frame"
        className={cn(
          'mb-4 grid h-[calc(100dvh-9rem)] grid-cols-1 min-h-96 overflow-hidden border-y md:grid-cols-[20rem_minmax(0,1fr)] md:rounded-lg md:border',
          showsThread &&
            'max-md:fixed max-md:inset-0 max-md:z-40 max-md:mb-0 max-md:h-dvh max-md:min-h-0 max-md:border-0 max-md:bg-background',
        )}
      >
        <nav
          aria-label={t`Conversations`}
          className={cn('min-h-0 overflow-y-auto md:border-r', showsThread ? 'hidden md:block' : 'block')}
        >
          <ConversationList conversations={data} selected={selected?.ref} />
        </nav>
        <div className={cn('min-h-0 min-w-0 flex-col', showsThread ? 'flex' : 'hidden md:flex')}>
          {selected ? (
            <ThreadView
              key={`${selected.ref.kind}:${selected.ref.id}`}
              conversation={selected}
              viewerPlaces={data.flatMap((c) => c.booking?.places ?? [])}
            />
          ) : (
            <div className="flex flex-1 items-center justify-center p-8 text-center text-muted-foreground">
              <p>
                <Trans>Select a conversation to start messaging</Trans>
              </p>
            </div>
          )}
        </div>
      </div>
    </div>
  );
}
