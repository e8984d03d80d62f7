/**
 * The query keys of the messaging screen that live events refresh (realtime-connection.ts). The
 * queries themselves belong to the messages feature (features/messages/conversation-queries.ts).
 */
export const conversationsQueryKey = ['/api/bookings/with-messages'] as const;
export const threadQueryKey = (bookingId: string) => ['/api/bookings', bookingId, 'messages'] as const;
