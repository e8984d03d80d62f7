import http from 'node:http';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildApp, type App } from '../../app.ts';
import { openPostgres, queryRows, type Database } from '../../db/open.ts';
import { providers } from '../../db/schema.ts';
import { createBooking, createCategory, createService } from '../../db/seed/factories.ts';
import { openSse } from '../../test/sse-client.ts';
import { MAX_STREAMS_PER_USER } from './events-routes.ts';
import { signUp, testConfig, useTestApp } from '../../test/test-app.ts';

const t = useTestApp();
let baseA: string;

beforeAll(async () => {
  baseA = await t.app.listen({ host: '127.0.0.1', port: 0 });
});

async function buildFixture() {
  const traveler = await signUp(t.app, { name: 'Tess Traveler' });
  const provider = await signUp(t.app, { role: 'PROVIDER', name: 'Paul Provider' });
  const stranger = await signUp(t.app, { role: 'PROVIDER', name: 'Sam Stranger' });
  const [p] = await t.db.select().from(providers).where(eq(providers.userId, provider.user.id));
  const category = await createCategory(t.db);
  const service = await createService(t.db, { providerId: p!.id, categoryId: category.id, title: 'Old town walk' });
  const booking = await createBooking(t.db, { service, userId: traveler.user.id });
  return { traveler, provider, stranger, booking };
}
let f: Awaited<ReturnType<typeof buildFixture>>;
beforeEach(async () => {
  f = await buildFixture();
});

const send = (app: App, cookies: Record<string, string>, body: string) =>
  app.inject({ method: 'POST', url: `/api/bookings/${f.booking.id}/messages`, payload: { body }, cookies });

describe('GET /api/events', () => {
  it('needs a signed-in user', async () => {
    const res = await t.app.inject({ url: '/api/events' });
    expect(res.statusCode).toBe(401);
  });

  it('pushes new messages, read receipts and unread totals to the parties only', async () => {
    const providerStream = await openSse(baseA, { cookies: f.provider.cookies });
    const travelerStream = await openSse(baseA, { cookies: f.traveler.cookies });
    const strangerStream = await openSse(baseA, { cookies: f.stranger.cookies });
    try {
      expect(providerStream.status).toBe(200);
      expect(providerStream.headers['content-type']).toContain('text/event-stream');
      expect(JSON.parse((await providerStream.next('unread')).data)).toEqual({ count: 0 });
      expect(JSON.parse((await strangerStream.next('unread')).data)).toEqual({ count: 0 });

      expect((await send(t.app, f.traveler.cookies, 'Are you free at ten?')).statusCode).toBe(201);
      const message = await providerStream.next('message');
      expect(message.id).toMatch(/^\d+$/);
      expect(JSON.parse(message.data)).toMatchObject({
        bookingId: f.booking.id,
        message: { body: 'Are you free at ten?', senderId: f.traveler.user.id },
      });
      expect(JSON.parse((await providerStream.next('unread')).data)).toEqual({ count: 1 });
      // The sender's other tabs see their own message too.
      expect(JSON.parse((await travelerStream.next('message')).data).message.body).toBe('Are you free at ten?');

      await t.app.inject({ url: `/api/bookings/${f.booking.id}/messages`, cookies: f.provider.cookies });
      const receipt = JSON.parse((await travelerStream.next('read')).data);
      expect(receipt).toMatchObject({ bookingId: f.booking.id, readerId: f.provider.user.id });
      expect(JSON.parse((await providerStream.next('unread')).data)).toEqual({ count: 0 });
      // The stranger got nothing but its first total.
      expect(strangerStream.events.map((e) => e.event)).toEqual(['unread']);
    } finally {
      providerStream.close();
      travelerStream.close();
      strangerStream.close();
    }
  });

  it('replays exactly what a reconnecting client missed (Last-Event-ID), no duplicates', async () => {
    const first = await openSse(baseA, { cookies: f.provider.cookies });
    await send(t.app, f.traveler.cookies, 'one');
    const seen = await first.next('message');
    first.close();
    await send(t.app, f.traveler.cookies, 'two');
    await send(t.app, f.traveler.cookies, 'three');

    const again = await openSse(baseA, { cookies: f.provider.cookies, lastEventId: seen.id });
    try {
      const bodies = async (n: number) => {
        const out: string[] = [];
        for (let i = 0; i < n; i++) out.push(JSON.parse((await again.next('message')).data).message.body);
        return out;
      };
      expect(await bodies(2)).toEqual(['two', 'three']);
      expect(JSON.parse((await again.next('unread')).data)).toEqual({ count: 3 });
      await send(t.app, f.traveler.cookies, 'four');
      expect(await bodies(1)).toEqual(['four']);
      const ids = again.events.filter((e) => e.event === 'message').map((e) => Number(e.id));
      expect(ids.every((id) => id > Number(seen.id))).toBe(true);
      expect(new Set(ids).size).toBe(ids.length);
    } finally {
      again.close();
    }
  });

  it('sends heartbeats on an idle stream', async () => {
    const app = await buildApp({ db: t.db, config: testConfig(), logger: false, eventHeartbeatMs: 100 });
    try {
      const stream = await openSse(await app.listen({ host: '127.0.0.1', port: 0 }), { cookies: f.provider.cookies });
      await vi.waitFor(() => expect(stream.comments).toContain('ping'), { timeout: 10_000 });
      stream.close();
    } finally {
      await app.close();
    }
  });

  it('frees the listener when the tab closes', async () => {
    const stream = await openSse(baseA, { cookies: f.provider.cookies });
    await stream.next('unread');
    expect(t.app.eventHub.countFor(f.provider.user.id)).toBe(1);
    stream.close();
    await vi.waitFor(() => expect(t.app.eventHub.countFor(f.provider.user.id)).toBe(0), { timeout: 10_000 });
  });

  it('frees the slot of a client that leaves while its stream is starting', async () => {
    // The instance's LISTEN is slow to start: the clients leave while their streams wait for it.
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const listen: Database['listen'] = async (channel, onNotify) => {
      await gate;
      return t.database.listen(channel, onNotify);
    };
    const app = await buildApp({ db: t.db, config: testConfig(), logger: false, listen });
    try {
      const base = await app.listen({ host: '127.0.0.1', port: 0 });
      const cookie = Object.entries(f.provider.cookies)
        .map(([k, v]) => `${k}=${v}`)
        .join('; ');
      const requests = Array.from({ length: 5 }, () => {
        const req = http.get(`${base}/api/events`, { headers: { cookie, accept: 'text/event-stream' } });
        req.on('error', () => {});
        return req;
      });
      await vi.waitFor(() => expect(app.eventHub.countFor(f.provider.user.id)).toBe(5), { timeout: 10_000 });
      for (const req of requests) req.destroy();
      release();
      await vi.waitFor(() => expect(app.eventHub.countFor(f.provider.user.id)).toBe(0), { timeout: 10_000 });
      // And the user can still open a stream there.
      const stream = await openSse(base, { cookies: f.provider.cookies });
      await stream.next('unread');
      stream.close();
    } finally {
      release();
      await app.close();
    }
  });

  it('holds the per-user cap under parallel requests', async () => {
    const attempts = MAX_STREAMS_PER_USER + 10;
    const results = await Promise.allSettled(
      Array.from({ length: attempts }, () => openSse(baseA, { cookies: f.provider.cookies })),
    );
    const opened = results.flatMap((r) => (r.status === 'fulfilled' && r.value.status === 200 ? [r.value] : []));
    try {
      expect(opened).toHaveLength(MAX_STREAMS_PER_USER);
      expect(t.app.eventHub.countFor(f.provider.user.id)).toBe(MAX_STREAMS_PER_USER);
    } finally {
      for (const r of results) if (r.status === 'fulfilled') r.value.close();
    }
    await vi.waitFor(() => expect(t.app.eventHub.countFor(f.provider.user.id)).toBe(0), { timeout: 10_000 });
  });
});

describe('two app instances on one database', () => {
  let second: Database | undefined;
  let appB: App;
  let baseB: string;

  beforeAll(async () => {
    // On PostgreSQL, instance B has its own pool and its own LISTEN connection; on PGlite (one
    // process can open the directory once) it shares the database but has its own fan-out.
    if (process.env.TEST_DATABASE_URL) {
      const [row] = await queryRows<{ name: string }>(t.db, sql`select current_database() as name`);
      const url = new URL(process.env.TEST_DATABASE_URL);
      url.pathname = `/${row!.name}`;
      second = await openPostgres(url.toString(), 3);
    }
    const database = second ?? t.database;
    appB = await buildApp({
      db: database.db,
      config: testConfig(),
      logger: false,
      listen: database.listen,
      // No heartbeat during the test: what B delivers came through LISTEN/NOTIFY, not a re-read.
      eventHeartbeatMs: 3_600_000,
    });
    baseB = await appB.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await appB?.close();
    await second?.close();
  });

  it('a message posted through A reaches a client connected to B', async () => {
    const onB = await openSse(baseB, { cookies: f.provider.cookies });
    try {
      await onB.next('unread');
      expect((await send(t.app, f.traveler.cookies, 'Through instance A')).statusCode).toBe(201);
      const got = await onB.next('message', 5_000);
      expect(JSON.parse(got.data).message.body).toBe('Through instance A');
    } finally {
      onB.close();
    }
  });

  it('a client that drops from A and reconnects to B gets exactly what it missed', async () => {
    const onA = await openSse(baseA, { cookies: f.provider.cookies });
    await send(appB, f.traveler.cookies, 'first');
    const seen = await onA.next('message');
    onA.close();
    await send(t.app, f.traveler.cookies, 'second');
    await send(appB, f.traveler.cookies, 'third');
    const onB = await openSse(baseB, { cookies: f.provider.cookies, lastEventId: seen.id });
    try {
      expect(JSON.parse((await onB.next('message')).data).message.body).toBe('second');
      expect(JSON.parse((await onB.next('message')).data).message.body).toBe('third');
      await send(t.app, f.traveler.cookies, 'fourth');
      expect(JSON.parse((await onB.next('message')).data).message.body).toBe('fourth');
      expect(onB.events.filter((e) => e.event === 'message')).toHaveLength(3);
    } finally {
      onB.close();
    }
  });
});
