import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/open.ts';
import { conversations, emailOutbox, messages } from '../../db/schema.ts';
import { createBooking, createCategory, createService } from '../../db/seed/factories.ts';
import { bookingFixture, count, localAt, type BookingFixture } from '../../test/booking-fixture.ts';
import { useTestApp } from '../../test/test-app.ts';
import { attachInquiryToBooking } from '../../bookings/booking-sql.ts';
import { NEW_INQUIRIES_PER_USER_PER_DAY } from './inquiries.ts';
import { MESSAGES_PER_USER_PER_MINUTE } from './messages.ts';

/*
 * Inquiries (decision 025): a traveler asks a provider about a service before booking;
 * booking it makes the inquiry the booking's thread.
 */

const t = useTestApp();

let f: BookingFixture;

beforeEach(async () => {
  f = await bookingFixture(t.db);
});

type Cookies = Record<string, string>;
const get = (url: string, cookies?: Cookies) => t.app.inject({ url, ...(cookies ? { cookies } : {}) });
const post = (url: string, payload: unknown, cookies?: Cookies) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, ...(cookies ? { cookies } : {}) });

const inquiryUrl = (serviceId = f.service.id) => `/api/services/${serviceId}/inquiry`;
const threadUrl = (conversationId: string) => `/api/conversations/${conversationId}/messages`;

async function ask(body = 'Is Saturday morning possible?', cookies = f.cookies.traveler) {
  const res = await post(inquiryUrl(), { body }, cookies);
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json() as { conversation: { id: string }; message: { id: string } };
}

const unread = async (cookies: Cookies) => (await get('/api/messages/unread-count', cookies)).json().count as number;

describe('POST /api/services/{id}/inquiry', () => {
  it('lets a signed-in traveler ask, and refuses everyone else', async () => {
    expect((await post(inquiryUrl(), { body: 'hi' })).statusCode).toBe(401);
    expect((await post(inquiryUrl(), {})).statusCode).toBe(401);
    for (const [who, cookies] of [
      ['the provider', f.cookies.owner],
      ['another provider', f.cookies.other],
      ['admin', f.cookies.admin],
    ] as const) {
      const res = await post(inquiryUrl(), { body: 'hi' }, cookies);
      expect(res.statusCode, who).toBe(403);
      expect(res.json().message, who).toBe('Only travelers can message a provider about a service.');
    }
    expect(await count(t.db, sql`select count(*) as n from conversations`)).toBe(0);

    const res = await post(inquiryUrl(), { body: '  Is Saturday morning possible?  ' }, f.cookies.traveler);
    expect(res.statusCode).toBe(201);
    const { conversation, message } = res.json();
    expect(conversation).toMatchObject({
      kind: 'inquiry',
      service: { id: f.service.id, title: 'Deep tissue massage' },
      counterpart: { name: 'Ana Lima' },
      isProvider: false,
      unreadCount: 0,
      lastMessage: { body: 'Is Saturday morning possible?', senderId: f.traveler.id },
    });
    expect(message).toMatchObject({
      conversationId: conversation.id,
      bookingId: null,
      senderId: f.traveler.id,
      sender: { name: 'Rita Sousa' },
      body: 'Is Saturday morning possible?',
      readAt: null,
    });
    const [row] = await t.db.select().from(conversations);
    expect(row).toMatchObject({
      travelerId: f.traveler.id,
      serviceId: f.service.id,
      providerId: f.owner.provider.id,
      bookingId: null,
    });
  });

  it('continues the open inquiry about the same service (200), one per traveler and service', async () => {
    const first = await ask('First question');
    const again = await post(inquiryUrl(), { body: 'Second question' }, f.cookies.traveler);
    expect(again.statusCode).toBe(200);
    expect(again.json().conversation.id).toBe(first.conversation.id);
    // Another traveler, or another service, is another conversation.
    const other = await post(inquiryUrl(), { body: 'Me too' }, f.cookies.traveler2);
    expect(other.statusCode).toBe(201);
    const otherService = await post(inquiryUrl(f.service2.id), { body: 'And this one?' }, f.cookies.traveler);
    expect(otherService.statusCode).toBe(201);
    expect(await count(t.db, sql`select count(*) as n from conversations`)).toBe(3);
    expect(await count(t.db, sql`select count(*) as n from messages`)).toBe(4);
  });

  it('refuses a provider asking about their own service while signed in as a traveler', async () => {
    // A provider can switch their account to the traveler role; they still cannot message themselves.
    await t.db.execute(sql`update users set role = 'TRAVELER' where id = ${f.owner.user.id}`);
    const res = await post(inquiryUrl(), { body: 'Hello me' }, f.cookies.owner);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('You cannot message yourself about your own service.');
    expect(await t.db.select().from(messages)).toHaveLength(0);
  });

  it('refuses bad bodies and ids with a useful 400, and unknown or hidden services with 404', async () => {
    for (const payload of [{}, { body: '' }, { body: '  \n ' }, { body: 7 }, { body: 'x'.repeat(4001) }]) {
      const res = await post(inquiryUrl(), payload, f.cookies.traveler);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 30)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
    expect((await post('/api/services/not-a-uuid/inquiry', { body: 'hi' }, f.cookies.traveler)).statusCode).toBe(400);
    const unknown = '00000000-0000-4000-8000-000000000000';
    const missing = await post(inquiryUrl(unknown), { body: 'hi' }, f.cookies.traveler);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Service not found.');
    await t.db.execute(sql`update services set is_active = false where id = ${f.service.id}`);
    expect((await post(inquiryUrl(), { body: 'hi' }, f.cookies.traveler)).statusCode).toBe(404);
    await t.db.execute(sql`update services set is_active = true, deleted_at = now() where id = ${f.service.id}`);
    expect((await post(inquiryUrl(), { body: 'hi' }, f.cookies.traveler)).statusCode).toBe(404);
    expect(await t.db.select().from(conversations)).toHaveLength(0);
  });

  it('counts against the per-user message rate limit', async () => {
    for (let i = 0; i < MESSAGES_PER_USER_PER_MINUTE; i += 1) await ask(`Question ${i}`);
    const res = await post(inquiryUrl(), { body: 'One more' }, f.cookies.traveler);
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBeDefined();
    // The thread calls share the same counter.
    const [c] = await t.db.select().from(conversations);
    expect((await post(threadUrl(c!.id), { body: 'Still here' }, f.cookies.traveler)).statusCode).toBe(429);
    expect(await t.db.select().from(messages)).toHaveLength(MESSAGES_PER_USER_PER_MINUTE);
  });
});

describe('new inquiries per day', () => {
  it(`a traveler opens at most ${NEW_INQUIRIES_PER_USER_PER_DAY} a day (429), and may still continue them`, async () => {
    const category = await createCategory(t.db, { name: 'More', slug: `more-${Date.now().toString(36)}` });
    const services = [f.service, f.service2];
    while (services.length <= NEW_INQUIRIES_PER_USER_PER_DAY) {
      services.push(await createService(t.db, { providerId: f.owner.provider.id, categoryId: category.id }));
    }
    for (const service of services.slice(0, NEW_INQUIRIES_PER_USER_PER_DAY)) {
      expect((await post(inquiryUrl(service.id), { body: 'Free?' }, f.cookies.traveler)).statusCode).toBe(201);
    }
    const refused = await post(inquiryUrl(services.at(-1)!.id), { body: 'And this?' }, f.cookies.traveler);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3600);
    expect(refused.json().message).toMatch(
      new RegExp(
        `^You can start at most ${NEW_INQUIRIES_PER_USER_PER_DAY} new conversations with providers a day\\. Please wait \\d+ hours, or continue a conversation you have already started\\.$`,
      ),
    );
    expect(await count(t.db, sql`select count(*) as n from conversations`)).toBe(NEW_INQUIRIES_PER_USER_PER_DAY);
    // Continuing an open inquiry, in either way, is not a new one; another traveler has their own cap.
    expect((await post(inquiryUrl(f.service.id), { body: 'Still free?' }, f.cookies.traveler)).statusCode).toBe(200);
    const [c] = await t.db
      .select()
      .from(conversations)
      .where(sql`service_id = ${f.service2.id}`);
    expect((await post(threadUrl(c!.id), { body: 'Hello again' }, f.cookies.traveler)).statusCode).toBe(201);
    expect((await post(inquiryUrl(services.at(-1)!.id), { body: 'Me?' }, f.cookies.traveler2)).statusCode).toBe(201);
    expect(await count(t.db, sql`select count(*) as n from conversations`)).toBe(NEW_INQUIRIES_PER_USER_PER_DAY + 1);
  });
});

describe('GET /api/inquiries', () => {
  it('lists open inquiries to their traveler and provider, each with the other party as counterpart', async () => {
    expect((await get('/api/inquiries')).statusCode).toBe(401);
    const { conversation } = await ask();
    const mine = (await get('/api/inquiries', f.cookies.traveler)).json();
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ id: conversation.id, counterpart: { name: 'Ana Lima' }, unreadCount: 0 });
    const theirs = (await get('/api/inquiries', f.cookies.owner)).json();
    expect(theirs).toHaveLength(1);
    expect(theirs[0]).toMatchObject({
      id: conversation.id,
      kind: 'inquiry',
      isProvider: true,
      counterpart: { name: 'Rita Sousa' },
      service: { title: 'Deep tissue massage' },
      unreadCount: 1,
    });
    for (const cookies of [f.cookies.traveler2, f.cookies.other, f.cookies.admin]) {
      expect((await get('/api/inquiries', cookies)).json()).toEqual([]);
    }
    // Booking conversations (/api/bookings/with-messages) stay as they were: no booking, nothing there.
    expect((await get('/api/bookings/with-messages', f.cookies.owner)).json()).toEqual([]);
  });
});

describe('GET and POST /api/conversations/{id}/messages', () => {
  it('is for the traveler and the provider only; anyone else 404, anonymous 401', async () => {
    const { conversation } = await ask('Hello?');
    const url = threadUrl(conversation.id);
    expect((await get(url)).statusCode).toBe(401);
    expect((await post(url, { body: 'hi' })).statusCode).toBe(401);
    for (const cookies of [f.cookies.traveler2, f.cookies.other, f.cookies.admin]) {
      const read = await get(url, cookies);
      expect(read.statusCode).toBe(404);
      expect(read.json().message).toBe('Conversation not found.');
      expect((await post(url, { body: 'hi' }, cookies)).statusCode).toBe(404);
    }
    const reply = await post(url, { body: ' Yes, from 9. ' }, f.cookies.owner);
    expect(reply.statusCode).toBe(201);
    expect(reply.json()).toMatchObject({
      conversationId: conversation.id,
      bookingId: null,
      senderId: f.owner.user.id,
      body: 'Yes, from 9.',
    });
    const thread = await get(url, f.cookies.traveler);
    expect(thread.statusCode).toBe(200);
    expect(thread.json().map((m: { body: string }) => m.body)).toEqual(['Hello?', 'Yes, from 9.']);
    expect(await t.db.select().from(messages)).toHaveLength(2);
  });

  it('refuses bad bodies and ids', async () => {
    const { conversation } = await ask();
    const url = threadUrl(conversation.id);
    for (const payload of [{}, { body: '' }, { body: ' ' }, { body: null }, { body: 'x'.repeat(4001) }]) {
      expect((await post(url, payload, f.cookies.owner)).statusCode, JSON.stringify(payload).slice(0, 30)).toBe(400);
    }
    expect((await get('/api/conversations/nope/messages', f.cookies.owner)).statusCode).toBe(400);
    expect((await get(`${url}?limit=0`, f.cookies.owner)).statusCode).toBe(400);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await get(threadUrl(unknown), f.cookies.owner)).statusCode).toBe(404);
    expect((await post(threadUrl(unknown), { body: 'hi' }, f.cookies.owner)).statusCode).toBe(404);
  });
});

describe('unread counts, read receipts and emails for inquiries', () => {
  it('counts the other party’s unread messages until the thread is read', async () => {
    const { conversation } = await ask('One');
    await post(threadUrl(conversation.id), { body: 'Two' }, f.cookies.traveler);
    expect(await unread(f.cookies.owner)).toBe(2);
    expect(await unread(f.cookies.traveler)).toBe(0);
    expect(await unread(f.cookies.traveler2)).toBe(0);
    expect((await get('/api/inquiries', f.cookies.owner)).json()[0].unreadCount).toBe(2);

    await get(threadUrl(conversation.id), f.cookies.owner);
    expect(await unread(f.cookies.owner)).toBe(0);
    expect((await get('/api/inquiries', f.cookies.owner)).json()[0].unreadCount).toBe(0);
    const read = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from messages where read_at is not null`,
    );
    expect(read[0]!.n).toBe(2);
    // Both parties were told (realtime): the message events and the read receipt.
    const events = await queryRows<{ user_id: string; type: string; data: { conversationId?: string } }>(
      t.db,
      sql`select user_id, type, data from user_events order by id`,
    );
    expect(events.filter((e) => e.type === 'message' && e.user_id === f.owner.user.id)).toHaveLength(2);
    expect(events.filter((e) => e.type === 'read').map((e) => e.data.conversationId)).toEqual([
      conversation.id,
      conversation.id,
    ]);
  });

  it('schedules one email per inquiry and recipient, linking to the inquiry, dropped when read', async () => {
    const { conversation } = await ask('One');
    await post(threadUrl(conversation.id), { body: 'Two' }, f.cookies.traveler);
    const pending = await t.db.select().from(emailOutbox);
    expect(pending).toHaveLength(1);
    expect(pending[0]!.toAddress).toBe(f.owner.user.email);
    expect(pending[0]!.dedupeKey).toBe(`message:${conversation.id}:${f.owner.user.id}`);
    expect(pending[0]!.text).toContain(`/messages?conversation=${conversation.id}`);
    await get(threadUrl(conversation.id), f.cookies.owner);
    expect((await t.db.select().from(emailOutbox))[0]!.canceledAt).not.toBeNull();
  });
});

describe('booking a service asked about', () => {
  it('makes the inquiry the booking’s thread, kept exactly by the booking-thread calls', async () => {
    const { conversation } = await ask('Can you do deep pressure?');
    await post(threadUrl(conversation.id), { body: 'Yes, of course.' }, f.cookies.owner);
    // Another traveler's inquiry about the same service is not theirs to take.
    const others = await ask('Other question', f.cookies.traveler2);

    const booked = await post(
      '/api/bookings',
      { serviceId: f.service.id, start: localAt(3, '10:00', f.timeZone).toISOString(), hours: 2 },
      f.cookies.traveler,
    );
    expect(booked.statusCode, booked.body).toBe(201);
    const bookingId = booked.json().booking.id as string;

    const [row] = await queryRows<{ booking_id: string | null }>(
      t.db,
      sql`select booking_id from conversations where id = ${conversation.id}`,
    );
    expect(row!.booking_id).toBe(bookingId);
    const [theirs] = await queryRows<{ booking_id: string | null }>(
      t.db,
      sql`select booking_id from conversations where id = ${others.conversation.id}`,
    );
    expect(theirs!.booking_id).toBeNull();

    // GET /api/bookings/{id}/messages shows the inquiry's messages, read state kept (the traveler
    // had not read the provider's reply).
    expect(await unread(f.cookies.traveler)).toBe(1);
    const list = (await get('/api/bookings/with-messages', f.cookies.traveler)).json();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      id: bookingId,
      booking: { id: bookingId, status: 'PENDING', hours: 2 },
      lastMessage: { body: 'Yes, of course.' },
      unreadCount: 1,
    });
    const thread = await get(`/api/bookings/${bookingId}/messages`, f.cookies.traveler);
    expect(thread.statusCode).toBe(200);
    expect(thread.json().map((m: { body: string; bookingId: string }) => [m.body, m.bookingId])).toEqual([
      ['Can you do deep pressure?', bookingId],
      ['Yes, of course.', bookingId],
    ]);
    expect(await unread(f.cookies.traveler)).toBe(0);
    // It is no longer an open inquiry; the other traveler's still is.
    expect((await get('/api/inquiries', f.cookies.traveler)).json()).toEqual([]);
    expect((await get('/api/inquiries', f.cookies.owner)).json().map((c: { id: string }) => c.id)).toEqual([
      others.conversation.id,
    ]);

    // The booking thread goes on; the old conversation address reads and writes the same thread.
    expect((await post(`/api/bookings/${bookingId}/messages`, { body: 'See you!' }, f.cookies.owner)).statusCode).toBe(
      201,
    );
    const viaConversation = await post(threadUrl(conversation.id), { body: 'Thanks' }, f.cookies.traveler);
    expect(viaConversation.statusCode).toBe(201);
    expect(viaConversation.json()).toMatchObject({ bookingId, conversationId: conversation.id });
    const all = (await get(threadUrl(conversation.id), f.cookies.owner)).json();
    expect(all.map((m: { body: string }) => m.body)).toEqual([
      'Can you do deep pressure?',
      'Yes, of course.',
      'See you!',
      'Thanks',
    ]);
    // Only the parties: the other traveler still gets 404 on both addresses.
    expect((await get(threadUrl(conversation.id), f.cookies.traveler2)).statusCode).toBe(404);
    expect((await get(`/api/bookings/${bookingId}/messages`, f.cookies.traveler2)).statusCode).toBe(404);

    // GET /api/conversations/{id} tells an old inquiry link where the thread is now.
    expect((await get(`/api/conversations/${conversation.id}`)).statusCode).toBe(401);
    expect((await get(`/api/conversations/${conversation.id}`, f.cookies.owner)).json()).toEqual({
      id: conversation.id,
      bookingId,
    });
    for (const cookies of [f.cookies.traveler2, f.cookies.other, f.cookies.admin]) {
      expect((await get(`/api/conversations/${conversation.id}`, cookies)).statusCode).toBe(404);
    }
    expect((await get(`/api/conversations/${others.conversation.id}`, f.cookies.traveler2)).json()).toEqual({
      id: others.conversation.id,
      bookingId: null,
    });
    expect((await get('/api/conversations/nope', f.cookies.owner)).statusCode).toBe(400);

    // A new question about the same service opens a new inquiry.
    const next = await post(inquiryUrl(), { body: 'Another time?' }, f.cookies.traveler);
    expect(next.statusCode).toBe(201);
    expect(next.json().conversation.id).not.toBe(conversation.id);
  });

  it('a reply through the old conversation address of a booked inquiry counts once against the limit', async () => {
    const { conversation } = await ask('Before booking');
    const booked = await post(
      '/api/bookings',
      { serviceId: f.service.id, start: localAt(3, '10:00', f.timeZone).toISOString(), hours: 2 },
      f.cookies.traveler,
    );
    expect(booked.statusCode, booked.body).toBe(201);
    const used = async () =>
      count(t.db, sql`select count as n from rate_limits where key = ${`messages:user:${f.traveler.id}`}`);
    expect(await used()).toBe(1);
    const res = await post(threadUrl(conversation.id), { body: 'After booking' }, f.cookies.traveler);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ bookingId: booked.json().booking.id, conversationId: conversation.id });
    expect(await used()).toBe(2);
  });

  it('a message left in a conversation that became a booking, without the booking, is not unread forever', async () => {
    const { conversation } = await ask('Before booking');
    const booked = await post(
      '/api/bookings',
      { serviceId: f.service.id, start: localAt(3, '10:00', f.timeZone).toISOString(), hours: 2 },
      f.cookies.traveler,
    );
    expect(booked.statusCode, booked.body).toBe(201);
    expect(await unread(f.cookies.owner)).toBe(1);
    // What an unlocked question racing the booking could store (the composite foreign key is not
    // checked when booking_id is null): the booking's thread never shows it, so it is not counted.
    await t.db.execute(
      sql`insert into messages (conversation_id, sender_id, body) values (${conversation.id}, ${f.traveler.id}, 'Lost')`,
    );
    expect(await unread(f.cookies.owner)).toBe(1);
    await get(`/api/bookings/${booked.json().booking.id}/messages`, f.cookies.owner);
    expect(await unread(f.cookies.owner)).toBe(0);
  });

  it('lets the database refuse a message whose booking is not its conversation’s', async () => {
    const { conversation } = await ask();
    const other = await post(
      '/api/bookings',
      { serviceId: f.service2.id, start: localAt(3, '10:00', f.timeZone).toISOString(), hours: 1 },
      f.cookies.traveler,
    );
    expect(other.statusCode, other.body).toBe(201);
    await expect(
      t.db.execute(
        sql`insert into messages (conversation_id, booking_id, sender_id, body)
            values (${conversation.id}, ${other.json().booking.id}, ${f.traveler.id}, 'x')`,
      ),
    ).rejects.toThrow();
    await expect(
      t.db.execute(sql`insert into messages (sender_id, body) values (${f.traveler.id}, 'nowhere')`),
    ).rejects.toThrow();
  });
});

// Two connections are needed to race a question and a booking: PostgreSQL only (PGlite is one).
describe.skipIf(!process.env.TEST_DATABASE_URL)('a question racing a booking (PostgreSQL)', () => {
  const soon = () => localAt(3, '10:00', f.timeZone);
  const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  /** Where each message is: its booking thread, or an open inquiry. */
  const placed = async () =>
    queryRows<{ body: string; booking_id: string | null; open: boolean }>(
      t.db,
      sql`select m.body, m.booking_id, (c.booking_id is null) as open
          from messages m join conversations c on c.id = m.conversation_id order by m.created_at, m.body`,
    );

  it('a question sent while the booking is being made waits for it, then opens a new inquiry', async () => {
    await ask('First question');
    let question: Promise<Awaited<ReturnType<typeof post>>> | undefined;
    let bookingId = '';
    await t.db.transaction(async (tx) => {
      // The booking's request takes the open inquiry (and holds its row until this commits).
      bookingId = (await createBooking(tx, { service: f.service, userId: f.traveler.id, startAt: soon() })).id;
      await attachInquiryToBooking(tx, { id: bookingId, userId: f.traveler.id, serviceId: f.service.id });
      question = post(inquiryUrl(), { body: 'Second question' }, f.cookies.traveler);
      await wait(300);
    });
    const res = await question!;
    expect(res.statusCode, res.body).toBe(201);
    expect(await placed()).toEqual([
      { body: 'First question', booking_id: bookingId, open: false },
      { body: 'Second question', booking_id: null, open: true },
    ]);
    // Both are unread by the provider, each counted once, and reading both threads clears them.
    expect(await unread(f.cookies.owner)).toBe(2);
    await get(`/api/bookings/${bookingId}/messages`, f.cookies.owner);
    await get(threadUrl(res.json().conversation.id), f.cookies.owner);
    expect(await unread(f.cookies.owner)).toBe(0);
  });

  it('a booking made while a question holds the inquiry waits for it, then takes the question into its thread', async () => {
    const { conversation } = await ask('First question');
    let booking: Promise<Awaited<ReturnType<typeof post>>> | undefined;
    await t.db.transaction(async (tx) => {
      // What a second question does: lock the open inquiry, then store the message in it.
      await tx.execute(sql`select id from conversations where id = ${conversation.id} for update`);
      booking = post(
        '/api/bookings',
        { serviceId: f.service.id, start: soon().toISOString(), hours: 2 },
        f.cookies.traveler,
      );
      await wait(300);
      await tx.execute(
        sql`insert into messages (conversation_id, sender_id, body) values (${conversation.id}, ${f.traveler.id}, 'Second question')`,
      );
    });
    const res = await booking!;
    expect(res.statusCode, res.body).toBe(201);
    const bookingId = res.json().booking.id as string;
    expect(await placed()).toEqual([
      { body: 'First question', booking_id: bookingId, open: false },
      { body: 'Second question', booking_id: bookingId, open: false },
    ]);
    expect(await unread(f.cookies.owner)).toBe(2);
    await get(`/api/bookings/${bookingId}/messages`, f.cookies.owner);
    expect(await unread(f.cookies.owner)).toBe(0);
  });
});
