import type { QueryClient } from '@tanstack/react-query';
import type { Message, RealtimeEvent } from '@shared/api/conversations-responses';
import { conversationsQueryKey, threadQueryKey } from './conversation-keys';
import { unreadCountQuery } from './realtime';

/** The events as this module reads them: those of booking threads. */
type BookingThreadEvent =
  | Exclude<RealtimeEvent, { type: 'message' | 'read' }>
  | {
      type: 'message';
      data: { bookingId: string; message: Message };
    }
  | { type: 'read'; data: { bookingId: string; readerId: string; readAt: string } };

const EVENT_TYPES = ['message', 'read', 'booking', 'unread'] as const;

/**
 * Opens GET /api/events and keeps the query cache in step with it: the unread total, the
 * conversation list, and an open thread. Returns a function that closes the connection.
 */
export function connectEvents(queryClient: QueryClient, onEvent: (event: RealtimeEvent) => void): () => void {
  const source = new EventSource('/api/events', { withCredentials: true });
  const handlers = EVENT_TYPES.map((type) => {
    const handler = (e: MessageEvent<string>) => {
      let data: unknown;
      try {
        data = JSON.parse(e.data);
      } catch {
        return;
      }
      // An inquiry's events (conversationId, no bookingId) name no booking thread: the cache calls
      // below find nothing to touch, and the messages page handles them (decision 025).
      const event = { type, data } as BookingThreadEvent;
      if (event.type === 'unread') {
        queryClient.setQueryData(unreadCountQuery.queryKey, event.data);
      } else {
        void queryClient.invalidateQueries({ queryKey: conversationsQueryKey });
        if (event.type === 'message') {
          // The open thread shows it at once (a refetch then marks it read).
          const key = threadQueryKey(event.data.bookingId);
          queryClient.setQueryData<Message[]>(key, (old) =>
            old && !old.some((m) => m.id === event.data.message.id) ? [...old, event.data.message] : old,
          );
          void queryClient.invalidateQueries({ queryKey: key });
        }
        if (event.type === 'read')
          void queryClient.invalidateQueries({ queryKey: threadQueryKey(event.data.bookingId) });
      }
      onEvent(event);
    };
    source.addEventListener(type, handler);
    return [type, handler] as const;
  });
  return () => {
    for (const [type, handler] of handlers) source.removeEventListener(type, handler);
    source.close();
  };
}
