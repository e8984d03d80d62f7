import { msg } from '@lingui/core/macro';
import type { BookingStatus } from '../../../shared/domain/booking-status.ts';
import type { Locale } from '../../../shared/domain/locales.ts';
import { sql, type SQL } from 'drizzle-orm';
import type { Conversation, Message } from '../../../shared/api/conversations.ts';
import { queryRows, type Db, type Executor } from '../../db/open.ts';
import { AppError } from '../../http/errors.ts';
import { reserve, type Limit } from '../../http/rate-limit.ts';
import { cancelPendingEmail, enqueueEmail } from '../../email/outbox.ts';
import { newMessageEmail } from '../../email/templates.ts';
import { publishUserEvent } from '../../realtime/events.ts';
import { MESSAGE_MAX_LENGTH } from '../../../shared/api/conversations.ts';
import { maskContactDetails, type HiddenDetail } from './contact-details.ts';

/** SQL: what a message shows (alias m): its body, or an admin's note in place of a hidden one. */
export const MESSAGE_BODY_SQL = sql.raw(`case when m.hidden_at is not null then m.hidden_note else m.body end`);

/** A message's columns as both parties read them (alias m): never what was typed before masking. */
export const MESSAGE_COLUMNS = sql.raw(
  `m.id, m.booking_id, m.sender_id, case when m.hidden_at is not null then '' else m.body end as body,
   m.created_at, m.read_at, m.original_body is not null as masked, m.hidden_note`,
);

/** A message its recipient has not read this long after it was sent is emailed to them. */
export const MESSAGE_EMAIL_DELAY_MS = 5 * 60 * 1000;

/**
 * One pending message email per conversation and recipient; a conversation is a booking's thread
 * (its id) or an inquiry (the conversation's id, decision 025).
 */
export const messageEmailKey = (threadId: string, recipientId: string) => `message:${threadId}:${recipientId}`;

export const iso = (v: Date | string) => (v instanceof Date ? v : new Date(v)).toISOString();

/** Conversations shown at most (newest activity first). */
export const CONVERSATION_LIST_LIMIT = 200;

type Party = { bookingId: string; travelerId: string; providerUserId: string; serviceId: string };

/**
 * The booking's two parties, when the caller is one of them; anyone else (another traveler,
 * another provider, an admin) gets the same 404 as for a booking that does not exist.
 */
export async function requireParty(db: Executor, userId: string, bookingId: string): Promise<Party> {
  const [row] = await queryRows<Party>(
    db,
    sql`select b.id as "bookingId", b.user_id as "travelerId", p.user_id as "providerUserId",
          b.service_id as "serviceId"
        from bookings b join providers p on p.id = b.provider_id
        where b.id = ${bookingId} and (b.user_id = ${userId} or p.user_id = ${userId})`,
  );
  if (!row) throw new AppError('NOT_FOUND', 'Booking not found.');
  return row;
}

/**
 * What a row of either list of threads (booking threads and inquiries) carries besides its own
 * columns: who the other party is for the caller, the last message, the caller's unread count.
 */
export type ThreadSummaryRow = {
  service_id: string;
  title: string;
  is_provider: boolean;
  cp_name: string | null;
  cp_image: string | null;
  lm_id: string | null;
  lm_sender_id: string | null;
  lm_body: string | null;
  lm_created_at: Date | string | null;
  unread: number;
  last_activity: Date | string;
};

/**
 * The shared columns and joins of a thread list, for a thread whose provider is `p`, traveler `u`,
 * service `s`, messages those matching `ofThread` (on `m`) and start `createdAt`.
 */
export function threadSummarySql(userId: string, ofThread: SQL, createdAt: SQL) {
  return {
    columns: sql`s.id as service_id, s.title,
          (p.user_id = ${userId}) as is_provider,
          case when p.user_id = ${userId} then u.name else p.display_name end as cp_name,
          case when p.user_id = ${userId} then u.image else p.avatar end as cp_image,
          lm.id as lm_id, lm.sender_id as lm_sender_id, lm.body as lm_body, lm.created_at as lm_created_at,
          (select count(*) from messages m
            where ${ofThread} and m.read_at is null and m.sender_id <> ${userId})::int as unread,
          coalesce(lm.created_at, ${createdAt}) as last_activity`,
    lastMessage: sql`left join lateral (
          select m.id, m.sender_id, ${MESSAGE_BODY_SQL} as body, m.created_at from messages m
          where ${ofThread} order by m.created_at desc, m.id desc limit 1
        ) lm on true`,
  };
}

export function threadSummary(r: ThreadSummaryRow) {
  return {
    service: { id: r.service_id, title: r.title },
    counterpart: { name: r.cp_name, image: r.cp_image },
    isProvider: r.is_provider,
    lastMessage:
      r.lm_id && r.lm_sender_id && r.lm_body !== null && r.lm_created_at
        ? { id: r.lm_id, senderId: r.lm_sender_id, body: r.lm_body, createdAt: iso(r.lm_created_at) }
        : null,
    unreadCount: r.unread,
    lastActivityAt: iso(r.last_activity),
  };
}

type ConversationRow = ThreadSummaryRow & {
  id: string;
  status: BookingStatus;
  start_at: Date | string;
  hours: number;
  time_zone: string;
  service_city: string;
  base_city: string | null;
  where_text: string | null;
  notes: string | null;
};

/** The caller's conversations (every booking they are a party to), newest activity first. */
export async function listConversations(db: Executor, userId: string): Promise<Conversation[]> {
  const thread = threadSummarySql(userId, sql`m.booking_id = b.id`, sql`b.created_at`);
  const rows = await queryRows<ConversationRow>(
    db,
    sql`select b.id, b.status, b.start_at, b.hours, p.time_zone, b.notes,
          s.city as service_city, p.base_city,
          -- Where: the traveler's address; a place or meeting point for its provider, and for the
          -- traveler once the booking is confirmed (before, the area and the city).
          case when s.location_type = 'traveler_address' then b.address
               when p.user_id = ${userId} or b.status in ('CONFIRMED', 'PAID', 'COMPLETED')
                 then coalesce(s.location_address, nullif(concat_ws(', ', s.location_area, s.city), ''))
               else nullif(concat_ws(', ', s.location_area, s.city), '') end as where_text,
          ${thread.columns}
        from bookings b
        join providers p on p.id = b.provider_id
        join services s on s.id = b.service_id
        join users u on u.id = b.user_id
        ${thread.lastMessage}
        where b.user_id = ${userId} or p.user_id = ${userId}
        order by last_activity desc, b.id
        limit ${CONVERSATION_LIST_LIMIT}`,
  );
  return rows.map((r) => ({
    id: r.id,
    booking: {
      id: r.id,
      status: r.status,
      start: iso(r.start_at),
      hours: r.hours,
      timeZone: r.time_zone,
      places: [r.service_city, r.base_city].filter((c): c is string => !!c),
      where: r.where_text,
      notes: r.notes,
    },
    ...threadSummary(r),
  }));
}

export type MessageRow = {
  id: string;
  booking_id: string;
  sender_id: string;
  name: string | null;
  image: string | null;
  body: string;
  created_at: Date | string;
  read_at: Date | string | null;
  masked: boolean;
  hidden_note: string | null;
};

export const toMessage = (r: MessageRow): Message => ({
  id: r.id,
  bookingId: r.booking_id,
  senderId: r.sender_id,
  sender: { name: r.name, image: r.image },
  body: r.body,
  createdAt: iso(r.created_at),
  readAt: r.read_at ? iso(r.read_at) : null,
  masked: r.masked,
  hiddenNote: r.hidden_note,
});

/**
 * Marks the other party's unread messages of a thread read, and tells both parties (a read
 * receipt for the sender, a new unread total for the reader's other tabs). One transaction.
 */
export async function markThreadRead(db: Db, userId: string, party: Party): Promise<number> {
  return db.transaction(async (tx) => {
    const read = await queryRows<{ read_at: Date | string }>(
      tx,
      sql`update messages set read_at = now()
          where booking_id = ${party.bookingId} and sender_id <> ${userId} and read_at is null
          returning read_at`,
    );
    if (read.length > 0) {
      // Read in time: the email about them is no longer needed.
      await cancelPendingEmail(tx, messageEmailKey(party.bookingId, userId), 'read before it was sent');
      // ... and so is one about the inquiry this booking's thread began as (decision 025).
      await tx.execute(
        sql`update email_outbox set canceled_at = now(), last_error = 'read before it was sent'
            where sent_at is null and canceled_at is null
              and dedupe_key in (select 'message:' || c.id || ':' || ${userId}::text
                                 from conversations c where c.booking_id = ${party.bookingId})`,
      );
      await publishUserEvent(tx, [party.travelerId, party.providerUserId], 'read', {
        bookingId: party.bookingId,
        readerId: userId,
        readAt: iso(read[0]!.read_at),
      });
    }
    return read.length;
  });
}

/**
 * A page of a thread, oldest first: the newest `limit` messages, or those older than `before`.
 * Reading marks the other party's messages read.
 */
export async function listThread(
  db: Db,
  userId: string,
  bookingId: string,
  page: { before?: string; limit: number },
): Promise<Message[]> {
  const party = await requireParty(db, userId, bookingId);
  await markThreadRead(db, userId, party);
  const older = page.before
    ? sql`and (m.created_at, m.id) < (select c.created_at, c.id from messages c
            where c.id = ${page.before} and c.booking_id = ${bookingId})`
    : sql``;
  const rows = await queryRows<MessageRow>(
    db,
    sql`select ${MESSAGE_COLUMNS}, u.name, u.image
        from messages m join users u on u.id = m.sender_id
        where m.booking_id = ${bookingId} ${older}
        order by m.created_at desc, m.id desc
        limit ${page.limit}`,
  );
  return rows.reverse().map(toMessage);
}

type Recipient = {
  id: string;
  email: string;
  name: string | null;
  message_emails: boolean;
  language: Locale;
  sender_name: string | null;
  title: string;
};

/** The two people of a conversation, the service it is about, and where its thread is. */
export type Participants = {
  thread: { bookingId: string } | { conversationId: string };
  travelerId: string;
  providerUserId: string;
  serviceId: string;
};

const threadIdOf = (thread: Participants['thread']) =>
  'bookingId' in thread ? thread.bookingId : thread.conversationId;

/**
 * Schedules the "you have a message" email for the recipient (unless they turned message emails
 * off, or one is already pending for this conversation): sent after MESSAGE_EMAIL_DELAY_MS unless
 * they read the thread first (markThreadRead cancels it).
 */
export async function scheduleMessageEmail(
  tx: Executor,
  appUrl: string,
  party: Participants,
  senderId: string,
  message: { body: string },
) {
  const recipientId = senderId === party.travelerId ? party.providerUserId : party.travelerId;
  const [r] = await queryRows<Recipient>(
    tx,
    sql`select u.id, u.email, u.name, u.message_emails, u.language,
          case when p.user_id = ${senderId} then p.display_name else su.name end as sender_name, s.title
        from services s
        join providers p on p.id = s.provider_id
        join users u on u.id = ${recipientId}
        join users su on su.id = ${senderId}
        where s.id = ${party.serviceId} and u.deactivated_at is null`,
  );
  if (!r || !r.message_emails) return;
  const email = newMessageEmail({
    locale: r.language,
    appUrl,
    recipientName: r.name,
    senderName: r.sender_name ?? 'Someone',
    serviceTitle: r.title,
    thread: party.thread,
    body: message.body,
  });
  await enqueueEmail(tx, {
    to: r.email,
    ...email,
    kind: 'message',
    dedupeKey: messageEmailKey(threadIdOf(party.thread), recipientId),
    runAt: new Date(Date.now() + MESSAGE_EMAIL_DELAY_MS),
  });
}

/** Messages one user may send per minute, over all their conversations (no spamming, decision 022). */
export const MESSAGES_PER_USER_PER_MINUTE = 30;

export const messagesPerUser = (userId: string): Limit => ({
  key: `messages:user:${userId}`,
  max: MESSAGES_PER_USER_PER_MINUTE,
  windowSeconds: 60,
  message: (i18n) => i18n._(msg`You are sending messages too quickly. Please wait a minute and try again.`),
});

/**
 * Whether a traveler and a provider (by the provider's user id) have a booking that the provider
 * accepted (CONFIRMED, PAID or COMPLETED): until then, contact details in their messages are
 * masked (decision 051).
 */
export async function hasConfirmedBooking(tx: Executor, travelerId: string, providerUserId: string): Promise<boolean> {
  const [row] = await queryRows<{ yes: boolean }>(
    tx,
    sql`select exists (select 1 from bookings b join providers p on p.id = b.provider_id
          where b.user_id = ${travelerId} and p.user_id = ${providerUserId}
            and b.status in ('CONFIRMED', 'PAID', 'COMPLETED')) as yes`,
  );
  return !!row?.yes;
}

/**
 * What is stored of a message between these two people: masked until a booking between them is
 * confirmed (then as typed), with what was typed kept only when something was masked.
 */
export async function messageToStore(
  tx: Executor,
  parties: { travelerId: string; providerUserId: string },
  typed: string,
): Promise<{ body: string; original: string | null; hidden: HiddenDetail[] }> {
  if (await hasConfirmedBooking(tx, parties.travelerId, parties.providerUserId))
    return { body: typed, original: null, hidden: [] };
  const { text, hidden } = maskContactDetails(typed);
  // The placeholder can make a long message longer than the limit: cut to fit.
  const body = text.length > MESSAGE_MAX_LENGTH ? `${text.slice(0, MESSAGE_MAX_LENGTH - 1)}…` : text;
  return { body, original: hidden.length ? typed : null, hidden };
}

/** Posts a message to a booking's thread and tells both parties, in one transaction. */
export async function postMessage(
  db: Db,
  userId: string,
  bookingId: string,
  body: string,
  appUrl: string,
): Promise<Message> {
  // Counted per sender before any work (the shared counters of rate-limit.ts: every instance sees them).
  await reserve(db, [messagesPerUser(userId)]);
  return db.transaction((tx) => insertBookingMessage(tx, userId, bookingId, body, appUrl));
}

/**
 * The work of postMessage inside the caller's transaction, WITHOUT taking from the sender's rate
 * limit: the caller has taken exactly one attempt already (a message is counted once).
 */
export async function insertBookingMessage(
  tx: Executor,
  userId: string,
  bookingId: string,
  body: string,
  appUrl: string,
): Promise<Message> {
  const party = await requireParty(tx, userId, bookingId);
  const stored = await messageToStore(tx, party, body);
  const [row] = await queryRows<MessageRow>(
    tx,
    sql`with m as (
          insert into messages (booking_id, sender_id, body, original_body)
          values (${bookingId}, ${userId}, ${stored.body}, ${stored.original})
          returning *
        )
        select ${MESSAGE_COLUMNS}, u.name, u.image from m join users u on u.id = m.sender_id`,
  );
  const message = toMessage(row!);
  await publishUserEvent(tx, [party.travelerId, party.providerUserId], 'message', { bookingId, message });
  await scheduleMessageEmail(tx, appUrl, { ...party, thread: { bookingId } }, userId, message);
  // The sender alone hears what was hidden of what they typed.
  return { ...message, hidden: stored.hidden };
}

/**
 * Messages sent to the caller (in any of their conversations: booking threads and open
 * inquiries) that they have not read. Only what the caller can open counts: a message of a
 * conversation that became a booking is counted with the booking's thread, never as an inquiry's.
 */
export async function countUnread(db: Executor, userId: string): Promise<number> {
  const [row] = await queryRows<{ count: number }>(
    db,
    sql`select
          (select count(*)
             from messages m
             join bookings b on b.id = m.booking_id
             join providers p on p.id = b.provider_id
             where m.read_at is null and m.sender_id <> ${userId}
               and (b.user_id = ${userId} or p.user_id = ${userId}))::int
          + (select count(*)
             from messages m
             join conversations c on c.id = m.conversation_id
             join providers p on p.id = c.provider_id
             where m.booking_id is null and c.booking_id is null
               and m.read_at is null and m.sender_id <> ${userId}
               and (c.traveler_id = ${userId} or p.user_id = ${userId}))::int as count`,
  );
  return row?.count ?? 0;
}

/** Whether the user gets emails about messages they have not read. */
export async function getMessagePreferences(db: Executor, userId: string) {
  const [row] = await queryRows<{ message_emails: boolean }>(
    db,
    sql`select message_emails from users where id = ${userId}`,
  );
  return { messageEmails: row?.message_emails ?? true };
}

/** Turns message emails on or off; turning them off also drops the ones still waiting. */
export async function setMessagePreferences(db: Db, userId: string, messageEmails: boolean) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`update users set message_emails = ${messageEmails} where id = ${userId}`);
    if (!messageEmails) {
      await tx.execute(
        sql`update email_outbox set canceled_at = now(), last_error = 'message emails turned off'
            where kind = 'message' and sent_at is null and canceled_at is null
              and dedupe_key like ${`message:%:${userId}`}`,
      );
    }
  });
  return { messageEmails };
}
