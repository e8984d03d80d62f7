import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { conversationSchema, MESSAGE_PAGE_SIZE, messageSchema, type Message } from '@shared/api/conversations';
import { apiRequest } from '@/lib/api';
import { conversationsQueryKey, threadQueryKey } from '@/lib/realtime';

const conversationListSchema = conversationSchema.array();
const messageListSchema = messageSchema.array();

/** GET /api/bookings/with-messages: the caller's conversations, newest activity first. */
export const conversationsQuery = queryOptions({
  queryKey: conversationsQueryKey,
  queryFn: async ({ signal }) =>
    conversationListSchema.parse(
      await (await apiRequest('GET', '/api/bookings/with-messages', undefined, { signal })).json(),
    ),
});

/** GET /api/bookings/{id}/messages: the newest page of a thread (reading it marks it read). */
export const threadQuery = (bookingId: string) =>
  queryOptions({
    queryKey: threadQueryKey(bookingId),
    queryFn: async ({ signal }) =>
      messageListSchema.parse(
        await (await apiRequest('GET', `/api/bookings/${bookingId}/messages`, undefined, { signal })).json(),
      ),
  });

/** The page of a thread before its oldest message shown. */
export async function fetchOlderMessages(bookingId: string, beforeId: string): Promise<Message[]> {
  const res = await apiRequest('GET', `/api/bookings/${bookingId}/messages?before=${encodeURIComponent(beforeId)}`);
  return messageListSchema.parse(await res.json());
}

/** Whether a page this long may have more before it. */
export const mayHaveOlder = (page: readonly Message[]) => page.length >= MESSAGE_PAGE_SIZE;

/** POST /api/bookings/{id}/messages; the thread shows the message at once on success. */
export function useSendMessage(bookingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: string) =>
      messageSchema.parse(await (await apiRequest('POST', `/api/bookings/${bookingId}/messages`, { body })).json()),
    onSuccess: (message) => {
      queryClient.setQueryData<Message[]>(threadQueryKey(bookingId), (old) =>
        old ? (old.some((m) => m.id === message.id) ? old : [...old, message]) : [message],
      );
      void queryClient.invalidateQueries({ queryKey: conversationsQueryKey });
    },
  });
}
