import { msg } from '@lingui/core/macro';
import { sql } from 'drizzle-orm';
import type {
  InquiryConversation,
  InquiryMessage,
  Message,
  StartInquiryResponse,
} from '../../../shared/api/conversations.ts';
import { queryRows, type Db, type Executor } from '../../db/open.ts';
import { AppError } from '../../http/errors.ts';
import { reserve, type Limit } from '../../http/rate-limit.ts';
import { cancelPendingEmail } from '../../email/outbox.ts';
import { publishUserEvent } from '../../realtime/events.ts';
import {
  CONVERSATION_LIST_LIMIT,
  insertBookingMessage,
  iso,
  listThread,
  MESSAGE_COLUMNS,
  messageEmailKey,
  messageToStore,
  messagesPerUser,
  scheduleMessageEmail,
  type MessageRow,
  threadSummary,
  threadSummarySql,
  type ThreadSummaryRow,
  toMessage,
} from './messages.ts';

/*
 * Inquiries (decision 025): a traveler asks a provider about a service before
 * booking it. The conversation is a `conversations` row; its messages carry `conversation_id`.
 * When the traveler books the service, a database trigger (migration 0017) sets the
 * conversation's `booking_id` and gives its messages that booking, so from then on they are the
 * booking's thread and every booking-thread call shows them.
 */

export const SERVICE_NOT_FOUND = 'Service not found.';
export const CONVERSATION_NOT_FOUND = 'Conversation not found.';
export const ONLY_TRAVELERS_MESSAGE = 'Only travelers can message a provider about a service.';
export const OWN_SERVICE_MESSAGE = 'You cannot message yourself about your own service.';
export const SERVICE_UNAVAILABLE_MESSAGE = 'This service is not available right now.';

/**
 * New inquiries (conversations opened, not messages) one traveler may start per 24 hours, over all
 * providers: each schedules an email to a provider, so without it one account could write to
 * every provider on the site while staying under the per-minute message limit. Continuing an
 * open inquiry is not counted here.
 */
export const NEW_INQUIRIES_PER_USER_PER_DAY = 10;

export const newInquiriesPerUser = (userId: string): Limit => ({
  key: `inquiries:user:${userId}`,
  max: NEW_INQUIRIES_PER_USER_PER_DAY,
  windowSeconds: 24 * 3600,
  message: (i18n, wait) =>
    i18n._(
      msg`You can start at most ${NEW_INQUIRIES_PER_USER_PER_DAY} new conversations with providers a day. Please wait ${wait}, or continue a conversation you have already started.`,
    ),
});

type ConversationParty = {
  conversationId: string;
  bookingId: string | null;
  travelerId: string;
  providerUserId: string;
  serviceId: string;
};

/**
 * The conversation's two parties, when the caller is one of them; anyone else (another traveler,
 * another provider, an admin) gets the same 404 as for a conversation that does not exist.
 */
async function requireConversationParty(
  db: Executor,
  userId: string,
  conversationId: string,
): Promise<ConversationParty> {
  const [row] = await queryRows<ConversationParty>(
    db,
    sql`select c.id as "conversationId", c.booking_id as "bookingId", c.traveler_id as "travelerId",
          p.user_id as "providerUserId", c.service_id as "serviceId"
        from conversations c join providers p on p.id = c.provider_id
        where c.id = ${conversationId} and (c.traveler_id = ${userId} or p.user_id = ${userId})`,
  );
  if (!row) throw new AppError('NOT_FOUND', CONVERSATION_NOT_FOUND);
  return row;
}

type InquiryRow = ThreadSummaryRow & { id: string };

/**
 * The caller's open inquiries (not yet booked), newest activity first, or one of them. A
 * provider sees only inquiries with at least one message (an inquiry starts with one, but this
 * keeps an empty row from ever reaching them).
 */
async function queryInquiries(db: Executor, userId: string, onlyId?: string): Promise<InquiryConversation[]> {
  const only = onlyId ? sql`and c.id = ${onlyId}` : sql``;
  const thread = threadSummarySql(userId, sql`m.conversation_id = c.id`, sql`c.created_at`);
  const rows = await queryRows<InquiryRow>(
    db,
    sql`select c.id, ${thread.columns}
        from conversations c
        join providers p on p.id = c.provider_id
        join services s on s.id = c.service_id
        join users u on u.id = c.traveler_id
        ${thread.lastMessage}
        where c.booking_id is null ${only}
          and (c.traveler_id = ${userId} or (p.user_id = ${userId} and lm.id is not null))
        order by last_activity desc, c.id
        limit ${CONVERSATION_LIST_LIMIT}`,
  );
  return rows.map((r) => ({ id: r.id, kind: 'inquiry' as const, ...threadSummary(r) }));
}

/** GET /api/inquiries: the caller's open inquiries, newest activity first. */
export function listInquiries(db: Executor, userId: string): Promise<InquiryConversation[]> {
  return queryInquiries(db, userId);
}

/**
 * GET /api/conversations/{id}: the conversation's booking once it became one (so an old link to
 * the inquiry finds the booking's thread); its parties only.
 */
export async function getConversationRef(db: Executor, userId: string, conversationId: string) {
  const party = await requireConversationParty(db, userId, conversationId);
  return { id: party.conversationId, bookingId: party.bookingId };
}

const withConversation = (conversationId: string, m: Message): InquiryMessage => ({ ...m, conversationId });

async function insertInquiryMessage(
  tx: Executor,
  appUrl: string,
  party: ConversationParty,
  senderId: string,
  body: string,
): Promise<InquiryMessage> {
  // Contact details are masked until a booking between the two is confirmed (decision 051).
  const stored = await messageToStore(tx, party, body);
  const [row] = await queryRows<MessageRow & { conversation_id: string }>(
    tx,
    sql`with m as (
          insert into messages (conversation_id, sender_id, body, original_body)
          values (${party.conversationId}, ${senderId}, ${stored.body}, ${stored.original})
          returning *
        )
        select ${MESSAGE_COLUMNS}, m.conversation_id, u.name, u.image from m join users u on u.id = m.sender_id`,
  );
  const message = withConversation(party.conversationId, toMessage(row!));
  await publishUserEvent(tx, [party.travelerId, party.providerUserId], 'message', {
    conversationId: party.conversationId,
    message,
  });
  await scheduleMessageEmail(
    tx,
    appUrl,
    { ...party, thread: { conversationId: party.conversationId } },
    senderId,
    message,
  );
  // The sender alone hears what was hidden of what they typed.
  return { ...message, hidden: stored.hidden };
}

/**
 * POST /api/services/{id}/inquiry: a signed-in traveler asks the service's provider a question.
 * Opens the inquiry (or continues the one already open about this service) and posts the
 * message, in one transaction; counted against the sender's message rate limit.
 */
export async function startInquiry(
  db: Db,
  user: { id: string; role: string },
  serviceId: string,
  body: string,
  appUrl: string,
): Promise<StartInquiryResponse & { created: boolean }> {
  if (user.role !== 'TRAVELER') throw new AppError('FORBIDDEN', ONLY_TRAVELERS_MESSAGE);
  await reserve(db, [messagesPerUser(user.id)]);
  return db.transaction(async (tx) => {
    const [service] = await queryRows<{
      provider_id: string;
      provider_user_id: string;
      is_visible: boolean;
      provider_active: boolean;
    }>(
      tx,
      sql`select s.provider_id, p.user_id as provider_user_id,
            (s.is_active and not s.is_paused) as is_visible, (pu.deactivated_at is null) as provider_active
          from services s join providers p on p.id = s.provider_id join users pu on pu.id = p.user_id
          where s.id = ${serviceId} and s.deleted_at is null`,
    );
    if (!service) throw new AppError('NOT_FOUND', SERVICE_NOT_FOUND);
    if (service.provider_user_id === user.id) throw new AppError('FORBIDDEN', OWN_SERVICE_MESSAGE);
    if (!service.is_visible || !service.provider_active) throw new AppError('NOT_FOUND', SERVICE_NOT_FOUND);
    // One open inquiry per traveler and service: a second question continues the first, which is
    // read under a lock. A booking of the service made meanwhile waits for this message (its
    // trigger then takes the message into the booking's thread); one committed in between leaves
    // no open inquiry, and the question opens a new one, as any question after a booking does
    // (decision 025). Without the lock the message could be stored in a conversation that had
    // just become a booking, with no booking: in neither list, and unread forever.
    let open: string | undefined;
    let created = false;
    for (let attempt = 0; attempt < 3 && !open; attempt += 1) {
      const [inserted] = await queryRows<{ id: string }>(
        tx,
        sql`insert into conversations (traveler_id, service_id, provider_id)
            values (${user.id}, ${serviceId}, ${service.provider_id})
            on conflict (traveler_id, service_id) where booking_id is null do nothing
            returning id`,
      );
      if (inserted) {
        open = inserted.id;
        created = true;
        break;
      }
      const [locked] = await queryRows<{ id: string }>(
        tx,
        sql`select id from conversations
            where traveler_id = ${user.id} and service_id = ${serviceId} and booking_id is null
            for update`,
      );
      open = locked?.id;
    }
    if (!open) throw new AppError('CONFLICT', 'This conversation changed meanwhile. Please send your message again.');
    // A new conversation counts against the daily cap (given back with everything else if refused).
    if (created) await reserve(tx, [newInquiriesPerUser(user.id)]);
    const party: ConversationParty = {
      conversationId: open,
      bookingId: null,
      travelerId: user.id,
      providerUserId: service.provider_user_id,
      serviceId,
    };
    const message = await insertInquiryMessage(tx, appUrl, party, user.id, body);
    const [conversation] = await queryInquiries(tx, user.id, party.conversationId);
    return { conversation: conversation!, message, created };
  });
}

/**
 * Marks the other party's unread messages of an open inquiry read and tells both parties, in one
 * transaction (the inquiry version of markThreadRead).
 */
async function markInquiryRead(db: Db, userId: string, party: ConversationParty) {
  await db.transaction(async (tx) => {
    const read = await queryRows<{ read_at: Date | string }>(
      tx,
      sql`update messages set read_at = now()
          where conversation_id = ${party.conversationId} and booking_id is null
            and sender_id <> ${userId} and read_at is null
          returning read_at`,
    );
    if (read.length > 0) {
      await cancelPendingEmail(tx, messageEmailKey(party.conversationId, userId), 'read before it was sent');
      await publishUserEvent(tx, [party.travelerId, party.providerUserId], 'read', {
        conversationId: party.conversationId,
        readerId: userId,
        readAt: iso(read[0]!.read_at),
      });
    }
  });
}

/**
 * GET /api/conversations/{id}/messages: a page of the conversation, oldest first (as the booking
 * thread). Once the inquiry became a booking, this is the booking's whole thread.
 */
export async function listConversationThread(
  db: Db,
  userId: string,
  conversationId: string,
  page: { before?: string; limit: number },
): Promise<InquiryMessage[]> {
  const party = await requireConversationParty(db, userId, conversationId);
  if (party.bookingId) {
    const messages = await listThread(db, userId, party.bookingId, page);
    return messages.map((m) => withConversation(conversationId, m));
  }
  await markInquiryRead(db, userId, party);
  const older = page.before
    ? sql`and (m.created_at, m.id) < (select c.created_at, c.id from messages c
            where c.id = ${page.before} and c.conversation_id = ${conversationId})`
    : sql``;
  const rows = await queryRows<MessageRow>(
    db,
    sql`select ${MESSAGE_COLUMNS}, u.name, u.image
        from messages m join users u on u.id = m.sender_id
        where m.conversation_id = ${conversationId} ${older}
        order by m.created_at desc, m.id desc
        limit ${page.limit}`,
  );
  return rows.reverse().map((r) => withConversation(conversationId, toMessage(r)));
}

/**
 * POST /api/conversations/{id}/messages: either party writes in the conversation (the provider
 * replies to an inquiry); once it became a booking, the message goes to the booking's thread.
 */
export async function postConversationMessage(
  db: Db,
  userId: string,
  conversationId: string,
  body: string,
  appUrl: string,
): Promise<InquiryMessage> {
  // Its parties only (404 before anything is counted); then one attempt from the sender's limit,
  // whichever thread the message goes to.
  await requireConversationParty(db, userId, conversationId);
  await reserve(db, [messagesPerUser(userId)]);
  return db.transaction(async (tx) => {
    // Read again under a lock: a booking made meanwhile takes the message into its thread.
    const [party] = await queryRows<ConversationParty>(
      tx,
      sql`select c.id as "conversationId", c.booking_id as "bookingId", c.traveler_id as "travelerId",
            p.user_id as "providerUserId", c.service_id as "serviceId"
          from conversations c join providers p on p.id = c.provider_id
          where c.id = ${conversationId} for update of c`,
    );
    if (!party) throw new AppError('NOT_FOUND', CONVERSATION_NOT_FOUND);
    if (party.bookingId) {
      return withConversation(conversationId, await insertBookingMessage(tx, userId, party.bookingId, body, appUrl));
    }
    return insertInquiryMessage(tx, appUrl, party, userId, body);
  });
}
