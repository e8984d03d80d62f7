import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { conversationsQueryKey } from '@/lib/conversation-keys';
import { withPreloads } from '@/lib/preload-modules';

/*
 * The messaging screen's conversation list, which live events refresh (lib/realtime-connection.ts).
 * Not in the first chunk: only the messages page and its server loader read it.
 */

/**
 * GET /api/bookings/with-messages (the route table names it for /messages). Its schema is imported
 * only when the query runs.
 */
export const conversationsQuery = queryOptions({
  queryKey: conversationsQueryKey,
  queryFn: async ({ signal }) => {
    const [{ conversationListSchema }, res] = await Promise.all([
      withPreloads('../shared/api/conversations-responses.ts', () => import('@shared/api/conversations-responses')),
      apiRequest('GET', '/api/bookings/with-messages', undefined, { signal }),
    ]);
    return conversationListSchema.parse(await res.json());
  },
});
