import { z } from 'zod';
import { BOOKING_STATUSES } from '../domain/booking-status.ts';

/** POST /api/bookings/{id}/messages. The body is trimmed, 1-4,000 characters. */
export const MESSAGE_MAX_LENGTH = 4000;
/** Messages per page of a thread (the newest page first; older ones with `before`). */
export const MESSAGE_PAGE_SIZE = 50;

export const sendMessageSchema = z.object({
  body: z
    .string({ error: 'body is required' })
    .trim()
    .min(1, 'A message cannot be empty')
    .max(MESSAGE_MAX_LENGTH, `A message is at most ${MESSAGE_MAX_LENGTH} characters`),
});
export type SendMessageInput = z.infer<typeof sendMessageSchema>;

export const bookingParamsSchema = z.object({ id: z.string().uuid('Not a valid booking id') });

export const threadQuerySchema = z.object({
  /** A message id: return the page of messages older than it. */
  before: z.string().uuid('before must be a message id').optional(),
  limit: z.coerce.number().int().min(1).max(200).default(MESSAGE_PAGE_SIZE),
});

const personSchema = z.object({ name: z.string().nullable(), image: z.string().nullable() });

/** A message (plus readAt for read receipts). */
export const messageSchema = z.object({
  id: z.string(),
  bookingId: z.string(),
  senderId: z.string(),
  sender: personSchema,
  body: z.string(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
  /** Contact details in it were hidden: no booking between the two was confirmed yet (decision 051). */
  masked: z.boolean().optional(),
  /** An admin hid it after a report: this note is shown in its place (the body is empty). */
  hiddenNote: z.string().nullable().optional(),
  /** To its sender only, in the answer to sending it: what was hidden of what they typed, and why. */
  hidden: z
    .array(z.object({ kind: z.enum(['phone', 'email', 'link', 'handle', 'payment']), text: z.string() }))
    .optional(),
});
export type Message = z.infer<typeof messageSchema>;

/** One conversation of GET /api/bookings/with-messages. */
export const conversationSchema = z.object({
  /** The booking id (the conversation is the booking's thread). */
  id: z.string(),
  booking: z.object({
    id: z.string(),
    status: z.enum(BOOKING_STATUSES),
    start: z.string(),
    hours: z.number().int(),
    /** The provider's IANA zone: the start is shown in it, labelled. */
    timeZone: z.string(),
    /**
     * Cities that may name that zone (the service's city, then the provider's base city): the
     * label names the first that lies in it ('Bali (UTC+8)'). Optional: an older answer has none.
     */
    places: z.array(z.string()).optional(),
    /** Where it happens, as the caller may know it (a place's address for a traveler once confirmed). */
    where: z.string().nullable().optional(),
    /** The traveler's special requests from checkout. */
    notes: z.string().nullable().optional(),
  }),
  service: z.object({ id: z.string(), title: z.string() }),
  /** A provider sees the booking's traveler; a traveler sees the provider's display name and avatar. */
  counterpart: personSchema,
  /** Whether the caller is the booking's provider (else its traveler). */
  isProvider: z.boolean(),
  lastMessage: z.object({ id: z.string(), senderId: z.string(), body: z.string(), createdAt: z.string() }).nullable(),
  unreadCount: z.number().int(),
  lastActivityAt: z.string(),
});
export type Conversation = z.infer<typeof conversationSchema>;

/* ---- Inquiries: a conversation about a service before any booking (decision 025) ---- */

export const serviceInquiryParamsSchema = z.object({ id: z.string().uuid('Not a valid service id') });
export const conversationParamsSchema = z.object({ id: z.string().uuid('Not a valid conversation id') });

/** POST /api/services/{id}/inquiry: the traveler's question (an inquiry starts with one). */
export const startInquirySchema = sendMessageSchema;
export type StartInquiryInput = z.infer<typeof startInquirySchema>;

/**
 * A message of GET/POST /api/conversations/{id}/messages: `bookingId` is set once the inquiry
 * became a booking's thread.
 */
export const inquiryMessageSchema = messageSchema.extend({
  bookingId: z.string().nullable(),
  conversationId: z.string(),
});
export type InquiryMessage = z.infer<typeof inquiryMessageSchema>;
/** What a thread on screen needs of a message of either kind. */
export type ThreadMessage = Omit<Message, 'bookingId'>;

/** One open inquiry of GET /api/inquiries (booked ones are in GET /api/bookings/with-messages). */
export const inquiryConversationSchema = z.object({
  /** The conversation id. */
  id: z.string(),
  kind: z.literal('inquiry'),
  service: z.object({ id: z.string(), title: z.string() }),
  /** A provider sees the traveler; a traveler sees the provider's display name and avatar. */
  counterpart: personSchema,
  /** Whether the caller is the service's provider (else the traveler who asked). */
  isProvider: z.boolean(),
  lastMessage: z.object({ id: z.string(), senderId: z.string(), body: z.string(), createdAt: z.string() }).nullable(),
  unreadCount: z.number().int(),
  lastActivityAt: z.string(),
});
export type InquiryConversation = z.infer<typeof inquiryConversationSchema>;

/** GET /api/conversations/{id}: where a conversation's thread is now (the booking it became, if any). */
export const conversationRefSchema = z.object({ id: z.string(), bookingId: z.string().nullable() });
export type ConversationRef = z.infer<typeof conversationRefSchema>;

/** POST /api/services/{id}/inquiry: the (new or already open) inquiry and the message just sent. */
export const startInquiryResponseSchema = z.object({
  conversation: inquiryConversationSchema,
  message: inquiryMessageSchema,
});
export type StartInquiryResponse = z.infer<typeof startInquiryResponseSchema>;

export const unreadCountSchema = z.object({ count: z.number().int() });
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
