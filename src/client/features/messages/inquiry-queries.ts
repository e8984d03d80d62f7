import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { conversationRefSchema, inquiryListSchema, type ThreadMessage } from '@shared/api/conversations-responses';
import { apiRequest } from '@/lib/api';
import { useRealtimeEvents } from '@/lib/realtime-events';

/*
 * Inquiry reads of /messages (decision 025). Not in lib/realtime (the first chunk): the messages
 * page keeps them in step with the live events while it is open (useInquiryEvents), and reads
 * them again each time it opens (the app's data otherwise never goes stale).
 */

export const inquiriesQueryKey = ['/api/inquiries'] as const;
export const inquiryThreadQueryKey = (conversationId: string) =>
  ['/api/conversations', conversationId, 'messages'] as const;

/** Inquiries read this recently (the page's HTML was rendered with them) are not asked for again on opening. */
const JUST_READ_MS = 10_000;

function justReadOrAlways(query: { state: { dataUpdatedAt: number } }): boolean | 'always' {
  return Math.abs(Date.now() - query.state.dataUpdatedAt) < JUST_READ_MS ? false : 'always';
}

/** GET /api/inquiries: open inquiries (conversations about a service before booking). */
export const inquiriesQuery = queryOptions({
  queryKey: inquiriesQueryKey,
  refetchOnMount: justReadOrAlways,
  queryFn: async ({ signal }) =>
    inquiryListSchema.parse(await (await apiRequest('GET', '/api/inquiries', undefined, { signal })).json()),
});

/** GET /api/conversations/{id}: the booking an inquiry became (an old link finds its thread). */
export const conversationRefQuery = (conversationId: string) =>
  queryOptions({
    queryKey: ['/api/conversations', conversationId] as const,
    queryFn: async ({ signal }) =>
      conversationRefSchema.parse(
        await (await apiRequest('GET', `/api/conversations/${conversationId}`, undefined, { signal })).json(),
      ),
  });

/**
 * While /messages is open: a live event refreshes the open inquiries (a new question, or a
 * booking that took one into its thread) and keeps an inquiry's open thread in step.
 */
export function useInquiryEvents() {
  const queryClient = useQueryClient();
  useRealtimeEvents((event) => {
    if (event.type === 'unread') return;
    void queryClient.invalidateQueries({ queryKey: inquiriesQueryKey });
    if (event.type === 'booking' || !('conversationId' in event.data)) return;
    const key = inquiryThreadQueryKey(event.data.conversationId);
    if (event.type === 'message') {
      const { message } = event.data;
      queryClient.setQueryData<ThreadMessage[]>(key, (old) =>
        old && !old.some((m) => m.id === message.id) ? [...old, message] : old,
      );
    }
    void queryClient.invalidateQueries({ queryKey: key });
  });
}
