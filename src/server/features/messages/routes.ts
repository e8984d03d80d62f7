import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bookingParamsSchema,
  conversationParamsSchema,
  conversationRefSchema,
  conversationSchema,
  inquiryConversationSchema,
  inquiryMessageSchema,
  serviceInquiryParamsSchema,
  startInquiryResponseSchema,
  startInquirySchema,
  messagePreferencesSchema,
  messageSchema,
  sendMessageSchema,
  threadQuerySchema,
  unreadCountSchema,
} from '../../../shared/api/conversations.ts';
import { errorBodySchema } from '../../../shared/api/errors.ts';
import type { Db } from '../../db/open.ts';
import { requireUser } from '../../http/session.ts';
import {
  countUnread,
  getMessagePreferences,
  listConversations,
  listThread,
  postMessage,
  setMessagePreferences,
} from './messages.ts';
import {
  getConversationRef,
  listConversationThread,
  listInquiries,
  postConversationMessage,
  startInquiry,
} from './inquiries.ts';

export const messageRoutes: FastifyPluginAsyncZod<{ db: Db; appUrl: string }> = async (app, { db, appUrl }) => {
  // Every route here is for a signed-in user: an anonymous caller gets 401 before any validation.
  app.addHook('preValidation', async (request) => {
    requireUser(request);
  });

  app.get(
    '/api/bookings/with-messages',
    {
      schema: {
        tags: ['messages'],
        summary: 'Your conversations, newest activity first',
        response: { 200: z.array(conversationSchema), 401: errorBodySchema },
      },
    },
    async (request) => listConversations(db, requireUser(request).id),
  );

  app.get(
    '/api/bookings/:id/messages',
    {
      schema: {
        tags: ['messages'],
        summary: "A booking's messages, oldest first (the newest page; older with `before`). Marks them read.",
        params: bookingParamsSchema,
        querystring: threadQuerySchema,
        response: { 200: z.array(messageSchema), 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => listThread(db, requireUser(request).id, request.params.id, request.query),
  );

  app.post(
    '/api/bookings/:id/messages',
    {
      schema: {
        tags: ['messages'],
        summary: "Send a message in a booking's thread (its traveler or provider only)",
        params: bookingParamsSchema,
        body: sendMessageSchema,
        response: {
          201: messageSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          404: errorBodySchema,
          429: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const message = await postMessage(db, requireUser(request).id, request.params.id, request.body.body, appUrl);
      return reply.code(201).send(message);
    },
  );

  app.get(
    '/api/messages/unread-count',
    {
      schema: {
        tags: ['messages'],
        summary: 'Messages sent to you that you have not read',
        response: { 200: unreadCountSchema, 401: errorBodySchema },
      },
    },
    async (request) => ({ count: await countUnread(db, requireUser(request).id) }),
  );

  app.get(
    '/api/messages/preferences',
    {
      schema: {
        tags: ['messages'],
        summary: 'Whether you get an email about messages you have not read',
        response: { 200: messagePreferencesSchema, 401: errorBodySchema },
      },
    },
    async (request) => getMessagePreferences(db, requireUser(request).id),
  );

  app.put(
    '/api/messages/preferences',
    {
      schema: {
        tags: ['messages'],
        summary: 'Turn message emails on or off',
        body: messagePreferencesSchema,
        response: { 200: messagePreferencesSchema, 400: errorBodySchema, 401: errorBodySchema },
      },
    },
    async (request) => setMessagePreferences(db, requireUser(request).id, request.body.messageEmails),
  );

  // Inquiries: conversations about a service before any booking (decision 025).
  app.post(
    '/api/services/:id/inquiry',
    {
      schema: {
        tags: ['messages'],
        summary:
          "Ask a service's provider a question before booking (travelers only): opens the inquiry, or continues the open one",
        params: serviceInquiryParamsSchema,
        body: startInquirySchema,
        response: {
          200: startInquiryResponseSchema,
          201: startInquiryResponseSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          403: errorBodySchema,
          404: errorBodySchema,
          429: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const { created, ...result } = await startInquiry(
        db,
        requireUser(request),
        request.params.id,
        request.body.body,
        appUrl,
      );
      return reply.code(created ? 201 : 200).send(result);
    },
  );

  app.get(
    '/api/inquiries',
    {
      schema: {
        tags: ['messages'],
        summary: 'Your open inquiries (not yet booked), newest activity first',
        response: { 200: z.array(inquiryConversationSchema), 401: errorBodySchema },
      },
    },
    async (request) => listInquiries(db, requireUser(request).id),
  );

  app.get(
    '/api/conversations/:id',
    {
      schema: {
        tags: ['messages'],
        summary: 'Where a conversation is now: the booking it became, if the traveler booked',
        params: conversationParamsSchema,
        response: { 200: conversationRefSchema, 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => getConversationRef(db, requireUser(request).id, request.params.id),
  );

  app.get(
    '/api/conversations/:id/messages',
    {
      schema: {
        tags: ['messages'],
        summary: "A conversation's messages, oldest first (once booked, the booking's thread). Marks them read.",
        params: conversationParamsSchema,
        querystring: threadQuerySchema,
        response: {
          200: z.array(inquiryMessageSchema),
          400: errorBodySchema,
          401: errorBodySchema,
          404: errorBodySchema,
        },
      },
    },
    async (request) => listConversationThread(db, requireUser(request).id, request.params.id, request.query),
  );

  app.post(
    '/api/conversations/:id/messages',
    {
      schema: {
        tags: ['messages'],
        summary: 'Send a message in a conversation (its traveler or provider only)',
        params: conversationParamsSchema,
        body: sendMessageSchema,
        response: {
          201: inquiryMessageSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          404: errorBodySchema,
          429: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const message = await postConversationMessage(
        db,
        requireUser(request).id,
        request.params.id,
        request.body.body,
        appUrl,
      );
      return reply.code(201).send(message);
    },
  );
};
