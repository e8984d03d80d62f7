import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  inquiryMessageListSchema,
  inquiryMessageSchema,
  MESSAGE_PAGE_SIZE,
  messageListSchema,
  messageSchema,
  type ThreadMessage,
} from '@shared/api/conversations-responses';
import { apiRequest } from '@/lib/api';
import { conversationsQueryKey, threadQueryKey } from '@/lib/conversation-keys';
import { inquiriesQueryKey, inquiryThreadQueryKey } from './inquiry-queries';

/**
 * A thread on screen: a booking's (GET/POST /api/bookings/{id}/messages, docs/product.md) or
 * an open inquiry's (GET/POST /api/conversations/{id}/messages, decision 025).
 */
export type ThreadRef = { kind: 'booking' | 'inquiry'; id: string };

const threadPath = (ref: ThreadRef) =>
  ref.kind === 'booking' ? `/api/bookings/${ref.id}/messages` : `/api/conversations/${ref.id}/messages`;
const threadKey = (ref: ThreadRef) => (ref.kind === 'booking' ? threadQueryKey(ref.id) : inquiryThreadQueryKey(ref.id));
const listSchema = (ref: ThreadRef) => (ref.kind === 'booking' ? messageListSchema : inquiryMessageListSchema);

/** The newest page of a thread (reading it marks it read). */
export const threadQuery = (ref: ThreadRef) =>
  queryOptions({
    queryKey: threadKey(ref),
    // An inquiry's thread is kept live only while /messages is open: read it again on opening.
    ...(ref.kind === 'inquiry' ? { refetchOnMount: 'always' as const } : {}),
    queryFn: async ({ signal }): Promise<ThreadMessage[]> =>
      listSchema(ref).parse(await (await apiRequest('GET', threadPath(ref), undefined, { signal })).json()),
  });

/** The page of a thread before its oldest message shown. */
export async function fetchOlderMessages(ref: ThreadRef, beforeId: string): Promise<ThreadMessage[]> {
  const res = await apiRequest('GET', `${threadPath(ref)}?before=${encodeURIComponent(beforeId)}`);
  return listSchema(ref).parse(await res.json());
}

/** Whether a page this long may have more before it. */
export const mayHaveOlder = (page: readonly ThreadMessage[]) => page.length >= MESSAGE_PAGE_SIZE;

/** Sends a message in a thread; the thread shows it at once on success. */
export function useSendMessage(ref: ThreadRef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: string): Promise<ThreadMessage> =>
      (ref.kind === 'booking' ? messageSchema : inquiryMessageSchema).parse(
        await (await apiRequest('POST', threadPath(ref), { body })).json(),
      ),
    onSuccess: (message) => {
      queryClient.setQueryData<ThreadMessage[]>(threadKey(ref), (old) =>
        old ? (old.some((m) => m.id === message.id) ? old : [...old, message]) : [message],
      );
      void queryClient.invalidateQueries({
        queryKey: ref.kind === 'booking' ? conversationsQueryKey : inquiriesQueryKey,
      });
    },
  });
}
