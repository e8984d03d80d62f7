// What the messages and inquiries API returns, in zod/mini (like catalog-responses.ts), so the
// browser checks these answers without the full zod runtime. Request schemas are in conversations.ts.
import * as z from 'zod/mini';
import { BOOKING_STATUSES } from '../domain/booking-status.ts';

/** POST /api/bookings/{id}/messages. The body is trimmed, 1-4,000 characters. */
export const MESSAGE_MAX_LENGTH = 4000;
/** Messages per page of a thread (the newest page first; older ones with `before`). */
export const MESSAGE_PAGE_SIZE = 50;

const personSchema = z.object({ name: z.nullable(z.string()), image: z.nullable(z.string()) });

/** A message (plus readAt for read receipts). */
export const messageSchema = z.object({
  id: z.string(),
  bookingId: z.string(),
  senderId: z.string(),
  sender: personSchema,
  body: z.string(),
  createdAt: z.string(),
  readAt: z.nullable(z.string()),
  /** Contact details in it were hidden: no booking between the two was confirmed yet (decision 051). */
  masked: z.optional(z.boolean()),
  /** An admin hid it after a report: this note is shown in its place (the body is empty). */
  hiddenNote: z.optional(z.nullable(z.string())),
  /** To its sender only, in the answer to sending it: what was hidden of what they typed, and why. */
  hidden: z.optional(
    z.array(z.object({ kind: z.enum(['phone', 'email', 'link', 'handle', 'payment']), text: z.string() })),
  ),
});
export type Message = z.infer<typeof messageSchema>;

const lastMessageSchema = z.nullable(
  z.object({ id: z.string(), senderId: z.string(), body: z.string(), createdAt: z.string() }),
);

/** What a conversation of either kind shows in the list: its service, the other person, its last message. */
const summaryShape = {
  service: z.object({ id: z.string(), title: z.string() }),
  /**
   * The other person: a provider sees the traveler (of the booking, or who asked); a traveler sees
   * the provider's display name and avatar.
   */
  counterpart: personSchema,
  /** Whether the caller is the provider (of the booking or the service), else the traveler. */
  isProvider: z.boolean(),
  lastMessage: lastMessageSchema,
  unreadCount: z.int(),
  lastActivityAt: z.string(),
};

/** One conversation of GET /api/bookings/with-messages. */
export const conversationSchema = z.object({
  /** The booking id (the conversation is the booking's thread). */
  id: z.string(),
  booking: z.object({
    id: z.string(),
    status: z.enum(BOOKING_STATUSES),
    start: z.string(),
    hours: z.int(),
    /** The provider's IANA zone: the start is shown in it, labelled. */
    timeZone: z.string(),
    /**
     * Cities that may name that zone (the service's city, then the provider's base city): the
     * label names the first that lies in it ('Bali (UTC+8)'). Optional: an older answer has none.
     */
    places: z.optional(z.array(z.string())),
    /** Where it happens, as the caller may know it (a place's address for a traveler once confirmed). */
    where: z.optional(z.nullable(z.string())),
    /** The traveler's special requests from checkout. */
    notes: z.optional(z.nullable(z.string())),
  }),
  ...summaryShape,
});
export type Conversation = z.infer<typeof conversationSchema>;
export const conversationListSchema = z.array(conversationSchema);

/**
 * A message of GET/POST /api/conversations/{id}/messages: `bookingId` is set once the inquiry
 * became a booking's thread.
 */
export const inquiryMessageSchema = z.extend(messageSchema, {
  bookingId: z.nullable(z.string()),
  conversationId: z.string(),
});
export type InquiryMessage = z.infer<typeof inquiryMessageSchema>;
/** A page of a booking's thread, and of an inquiry's. */
export const messageListSchema = z.array(messageSchema);
export const inquiryMessageListSchema = z.array(inquiryMessageSchema);
/** What a thread on screen needs of a message of either kind. */
export type ThreadMessage = Omit<Message, 'bookingId'>;

/** One open inquiry of GET /api/inquiries (booked ones are in GET /api/bookings/with-messages). */
export const inquiryConversationSchema = z.object({
  /** The conversation id. */
  id: z.string(),
  kind: z.literal('inquiry'),
  ...summaryShape,
});
export type InquiryConversation = z.infer<typeof inquiryConversationSchema>;
export const inquiryListSchema = z.array(inquiryConversationSchema);

/** GET /api/conversations/{id}: where a conversation's thread is now (the booking it became, if any). */
export const conversationRefSchema = z.object({ id: z.string(), bookingId: z.nullable(z.string()) });
export type ConversationRef = z.infer<typeof conversationRefSchema>;

/** POST /api/services/{id}/inquiry: the (new or already open) inquiry and the message just sent. */
export const startInquiryResponseSchema = z.object({
  conversation: inquiryConversationSchema,
  message: inquiryMessageSchema,
});
export type StartInquiryResponse = z.infer<typeof startInquiryResponseSchema>;

export const unreadCountSchema = z.object({ count: z.int() });
export type UnreadCount = z.infer<typeof unreadCountSchema>;

/**
 * What GET /api/events sends (Server-Sent Events). `message`, `read` and `booking` carry ids (a
 * reconnect with Last-Event-ID replays them); `unread` is the caller's total after them.
 */
export type RealtimeEvent =
  | {
      type: 'message';
      data: { bookingId: string; message: Message } | { conversationId: string; message: InquiryMessage };
    }
  | {
      type: 'read';
      data: ({ bookingId: string } | { conversationId: string }) & { readerId: string; readAt: string };
    }
  | { type: 'booking'; data: { bookingId: string; status: string } }
  | { type: 'unread'; data: UnreadCount };

/** GET/PUT /api/messages/preferences: whether unread messages are emailed (settings). */
export const messagePreferencesSchema = z.object({ messageEmails: z.boolean() });
export type MessagePreferences = z.infer<typeof messagePreferencesSchema>;
