import { z } from 'zod';
import { MESSAGE_MAX_LENGTH, MESSAGE_PAGE_SIZE } from './conversations-responses.ts';

// The answers' schemas are zod/mini, in their own module so the browser checks them without the
// full zod runtime; the server's routes take them from here with the request schemas.
export * from './conversations-responses.ts';

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

/* ---- Inquiries: a conversation about a service before any booking (decision 025) ---- */

export const serviceInquiryParamsSchema = z.object({ id: z.string().uuid('Not a valid service id') });
export const conversationParamsSchema = z.object({ id: z.string().uuid('Not a valid conversation id') });

/** POST /api/services/{id}/inquiry: the traveler's question (an inquiry starts with one). */
export const startInquirySchema = sendMessageSchema;
export type StartInquiryInput = z.infer<typeof startInquirySchema>;
