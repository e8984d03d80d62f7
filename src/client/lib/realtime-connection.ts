import type { QueryClient } from '@tanstack/react-query';
import type { RealtimeEvent, ThreadMessage } from '@shared/api/conversations';
import {
  conversationsQueryKey,
  inquiriesQueryKey,
  inquiryThreadQueryKey,
  threadQueryKey,
  unreadCountQuery,
} from './realtime';

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
      const event = { type, data } as RealtimeEvent;
      if (event.type === 'unread') {
        queryClient.setQueryData(unreadCountQuery.queryKey, event.data);
      } else {
        void queryClient.invalidateQueries({ queryKey: conversationsQueryKey });
        // A new booking may have taken an inquiry into its thread (decision 025).
        void queryClient.invalidateQueries({ queryKey: inquiriesQueryKey });
        if (event.type === 'message') {
          // The open thread shows it at once (a refetch then marks it read).
          const data = event.data;
          const key =
            'conversationId' in data ? inquiryThreadQueryKey(data.conversationId) : threadQueryKey(data.bookingId);
          queryClient.setQueryData<ThreadMessage[]>(key, (old) =>
            old && !old.some((m) => m.id === data.message.id) ? [...old, data.message] : old,
          );
          void queryClient.invalidateQueries({ queryKey: key });
        }
        if (event.type === 'read') {
          const data = event.data;
          void queryClient.invalidateQueries({
            queryKey:
              'conversationId' in data ? inquiryThreadQueryKey(data.conversationId) : threadQueryKey(data.bookingId),
          });
        }
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
