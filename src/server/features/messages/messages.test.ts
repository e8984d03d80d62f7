import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { messages, providers, userEvents } from '../../db/schema.ts';
import { createBooking, createCategory, createMessage, createService } from '../../db/seed/factories.ts';
import { signUp, useTestApp } from '../../test/test-app.ts';

const t = useTestApp();

type Cookies = Record<string, string>;
type Actor = Awaited<ReturnType<typeof signUp>>;

async function providerOf(actor: Actor) {
  const [row] = await t.db.select().from(providers).where(eq(providers.userId, actor.user.id));
  return row!;
}

async function buildFixture() {
  const traveler = await signUp(t.app, { name: 'Tess Traveler' });
  const provider = await signUp(t.app, { role: 'PROVIDER', name: 'Paul Provider' });
  const otherTraveler = await signUp(t.app, { name: 'Olga Other' });
  const otherProvider = await signUp(t.app, { role: 'PROVIDER', name: 'Pedro Other' });
  const admin = await signUp(t.app, { name: 'Ada Admin' });
  await t.db.execute(sql`update users set role = 'ADMIN' where id = ${admin.user.id}`);
  const category = await createCategory(t.db);
  const p = await providerOf(provider);
  await t.db
    .update(providers)
    .set({ displayName: 'Paul’s Tours', avatar: '/a.png', baseCity: 'Alfama' })
    .where(eq(providers.id, p.id));
  const service = await createService(t.db, { providerId: p.id, categoryId: category.id, title: 'Old town walk' });
  const booking = await createBooking(t.db, { service, userId: traveler.user.id, hours: 2 });
  const other = await createService(t.db, {
    providerId: (await providerOf(otherProvider)).id,
    categoryId: category.id,
    title: 'Kayak',
  });
  const otherBooking = await createBooking(t.db, { service: other, userId: otherTraveler.user.id });
  return { traveler, provider, otherTraveler, otherProvider, admin, service, booking, otherBooking };
}

let f: Awaited<ReturnType<typeof buildFixture>>;
beforeEach(async () => {
  f = await buildFixture();
});

const get = (url: string, cookies?: Cookies) => t.app.inject({ url, cookies });
const post = (url: string, payload: unknown, cookies?: Cookies) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, cookies });

describe('who may use a booking thread', () => {
  it('is its traveler and its provider; anyone else gets 404, anonymous 401', async () => {
    const url = `/api/bookings/${f.booking.id}/messages`;
    expect((await get(url)).statusCode).toBe(401);
    expect((await post(url, { body: 'hi' })).statusCode).toBe(401);
    expect((await post(url, {})).statusCode).toBe(401);
    for (const a of [f.otherTraveler, f.otherProvider, f.admin]) {
      const read = await get(url, a.cookies);
      expect(read.statusCode, a.user.name ?? '').toBe(404);
      expect(read.json().message).toBe('Booking not found.');
      expect((await post(url, { body: 'hi' }, a.cookies)).statusCode, a.user.name ?? '').toBe(404);
    }
    const sent = await post(url, { body: '  Hello there  ' }, f.traveler.cookies);
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toMatchObject({
      bookingId: f.booking.id,
      senderId: f.traveler.user.id,
      sender: { name: 'Tess Traveler' },
      body: 'Hello there',
      readAt: null,
    });
    const reply = await post(url, { body: 'Hi Tess' }, f.provider.cookies);
    expect(reply.statusCode).toBe(201);
    const thread = await get(url, f.traveler.cookies);
    expect(thread.statusCode).toBe(200);
    expect(thread.json().map((m: { body: string }) => m.body)).toEqual(['Hello there', 'Hi Tess']);
    // Nothing reached the database from the refused calls.
    expect(await t.db.select().from(messages)).toHaveLength(2);
  });

  it('refuses bad bodies and ids with a useful 400', async () => {
    const url = `/api/bookings/${f.booking.id}/messages`;
    for (const payload of [{}, { body: '' }, { body: '   \n ' }, { body: 42 }, { body: 'x'.repeat(4001) }]) {
      const res = await post(url, payload, f.traveler.cookies);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 40)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
    expect((await post(url, { body: 'x'.repeat(4000) }, f.traveler.cookies)).statusCode).toBe(201);
    expect((await get('/api/bookings/not-a-uuid/messages', f.traveler.cookies)).statusCode).toBe(400);
    expect((await get(`${url}?limit=0`, f.traveler.cookies)).statusCode).toBe(400);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await get(`/api/bookings/${unknown}/messages`, f.traveler.cookies)).statusCode).toBe(404);
    expect((await post(`/api/bookings/${unknown}/messages`, { body: 'hi' }, f.traveler.cookies)).statusCode).toBe(404);
  });
});

describe('conversations', () => {
  it('lists each party’s bookings with the counterpart by the product’s rule, newest activity first', async () => {
    expect((await get('/api/bookings/with-messages')).statusCode).toBe(401);
    const second = await createBooking(t.db, {
      service: f.service,
      userId: f.traveler.user.id,
      startAt: new Date(Date.now() + 30 * 24 * 3600 * 1000),
    });
    await createMessage(t.db, {
      bookingId: f.booking.id,
      senderId: f.provider.user.id,
      body: 'Welcome!',
      createdAt: new Date(Date.now() - 60_000),
    });
    const mine = (await get('/api/bookings/with-messages', f.traveler.cookies)).json();
    // The thread with a message is the newest activity; the new booking without one follows.
    expect(mine.map((c: { id: string }) => c.id)).toEqual([second.id, f.booking.id]);
    const first = mine.find((c: { id: string }) => c.id === f.booking.id);
    expect(first).toMatchObject({
      // The service's city, then the provider's base city, to name the zone ('Lisbon (UTC)').
      booking: {
        id: f.booking.id,
        status: 'PENDING',
        hours: 2,
        timeZone: 'Europe/Lisbon',
        places: ['Lisbon', 'Alfama'],
      },
      service: { id: f.service.id, title: 'Old town walk' },
      counterpart: { name: 'Paul’s Tours', image: '/a.png' },
      isProvider: false,
      lastMessage: { body: 'Welcome!', senderId: f.provider.user.id },
      unreadCount: 1,
    });
    expect(first.booking.start).toBe(f.booking.startAt.toISOString());
    const theirs = (await get('/api/bookings/with-messages', f.provider.cookies)).json();
    expect(theirs.find((c: { id: string }) => c.id === f.booking.id)).toMatchObject({
      counterpart: { name: 'Tess Traveler' },
      isProvider: true,
      unreadCount: 0,
    });
    for (const a of [f.otherProvider, f.admin]) {
      const list = (await get('/api/bookings/with-messages', a.cookies)).json();
      expect(list.map((c: { id: string }) => c.id)).not.toContain(f.booking.id);
    }
    expect((await get('/api/bookings/with-messages', f.admin.cookies)).json()).toEqual([]);
    // A new message moves its conversation to the top.
    await post(`/api/bookings/${second.id}/messages`, { body: 'About the second one' }, f.traveler.cookies);
    const after = (await get('/api/bookings/with-messages', f.traveler.cookies)).json();
    expect(after.map((c: { id: string }) => c.id)).toEqual([second.id, f.booking.id]);
  });
});

describe('unread counts', () => {
  it('count the other party’s unread messages until the thread is read', async () => {
    const url = `/api/bookings/${f.booking.id}/messages`;
    const unread = async (a: Actor) => (await get('/api/messages/unread-count', a.cookies)).json().count;
    expect((await get('/api/messages/unread-count')).statusCode).toBe(401);
    await post(url, { body: 'one' }, f.traveler.cookies);
    await post(url, { body: 'two' }, f.traveler.cookies);
    expect(await unread(f.provider)).toBe(2);
    expect(await unread(f.traveler)).toBe(0);
    expect(await unread(f.otherProvider)).toBe(0);
    expect(await unread(f.admin)).toBe(0);
    // Another user's attempt to read does not mark anything read.
    await get(url, f.otherProvider.cookies);
    expect(await unread(f.provider)).toBe(2);
    // The sender reading their own thread does not mark their messages read either.
    await get(url, f.traveler.cookies);
    expect(await unread(f.provider)).toBe(2);
    const thread = (await get(url, f.provider.cookies)).json();
    expect(thread.every((m: { readAt: string | null }) => m.readAt !== null)).toBe(true);
    expect(await unread(f.provider)).toBe(0);
    await post(url, { body: 'three' }, f.provider.cookies);
    expect(await unread(f.traveler)).toBe(1);
    // Read receipts and new messages were recorded for both parties' event streams.
    const events = await t.db.select().from(userEvents);
    const of = (userId: string) => events.filter((e) => e.userId === userId).map((e) => e.type);
    expect(of(f.traveler.user.id)).toEqual(['message', 'message', 'read', 'message']);
    expect(of(f.provider.user.id)).toEqual(['message', 'message', 'read', 'message']);
    expect(of(f.otherProvider.user.id)).toEqual([]);
  });
});

describe('long threads', () => {
  it('come in pages, newest page first, each oldest first', async () => {
    const base = Date.now() - 3600_000;
    for (let i = 0; i < 120; i++) {
      await createMessage(t.db, {
        bookingId: f.booking.id,
        senderId: i % 2 ? f.traveler.user.id : f.provider.user.id,
        body: `m${i}`,
        createdAt: new Date(base + i * 1000),
      });
    }
    const url = `/api/bookings/${f.booking.id}/messages`;
    const page1 = (await get(url, f.traveler.cookies)).json();
    expect(page1).toHaveLength(50);
    expect(page1[0].body).toBe('m70');
    expect(page1[49].body).toBe('m119');
    const page2 = (await get(`${url}?before=${page1[0].id}`, f.traveler.cookies)).json();
    expect(page2.map((m: { body: string }) => m.body)).toEqual(Array.from({ length: 50 }, (_, i) => `m${20 + i}`));
    const page3 = (await get(`${url}?before=${page2[0].id}&limit=100`, f.traveler.cookies)).json();
    expect(page3).toHaveLength(20);
    expect(page3[0].body).toBe('m0');
    // A cursor from another thread gives nothing, never that thread's messages.
    const foreign = await createMessage(t.db, { bookingId: f.otherBooking.id, senderId: f.otherTraveler.user.id });
    expect((await get(`${url}?before=${foreign.id}`, f.traveler.cookies)).json()).toEqual([]);
  });
});
