import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from './api';

/*
 * The messaging screen's queries, which live events refresh (realtime-connection.ts). Not in the
 * first chunk: only the messages page, its server loader and the live connection read them.
 */

/** Query keys the messaging screen reads, which events refresh. */
export const conversationsQueryKey = ['/api/bookings/with-messages'] as const;

/**
 * GET /api/bookings/with-messages (the route table names it for /messages). Its schema (full zod)
 * is imported only when the query runs.
 */
export const conversationsQuery = queryOptions({
  queryKey: conversationsQueryKey,
  queryFn: async ({ signal }) => {
    const [{ conversationSchema }, res] = await Promise.all([
      import('@shared/api/conversations'),
      apiRequest('GET', '/api/bookings/with-messages', undefined, { signal }),
    ]);
    return conversationSchema.array().parse(await res.json());
  },
});
export const threadQueryKey = (bookingId: string) => ['/api/bookings', bookingId, 'messages'] as const;
