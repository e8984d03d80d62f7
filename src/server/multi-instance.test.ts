import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from './app.ts';
import type { Config } from './config.ts';
import { MIGRATION_LOCK_KEY, migrationsFolder, openPostgres, queryRows, type Database } from './db/open.ts';
import { providers } from './db/schema.ts';
import { createBooking, createCategory, createService } from './db/seed/factories.ts';
import { FORGOT_PASSWORD_PER_EMAIL_PER_HOUR } from './features/auth/email-links.ts';
import { AUTH_FAILURE_LIMIT } from '../shared/domain/constants.ts';
import { MESSAGES_PER_USER_PER_MINUTE } from './features/messages/messages.ts';
import { multipart } from './test/multipart.ts';
import { startS3Server, type S3Server } from './test/s3-server.ts';
import { openSse } from './test/sse-client.ts';
import { signUp, testConfig, uniqueEmail, uniqueIp } from './test/test-app.ts';
import { png } from './storage/test-images.ts';

/**
 * Two app instances on one PostgreSQL database and one S3-compatible store, each with a DATA_DIR
 * of its own (as on two machines): what one does, the other sees. Runs on PostgreSQL only
 * (TEST_DATABASE_URL): the embedded database is one process's by design.
 */
const url = process.env.TEST_DATABASE_URL;

const journalEntries = () =>
  (
    JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
      entries: unknown[];
    }
  ).entries.length;

describe.skipIf(!url)('several instances on one PostgreSQL and one object store', () => {
  let admin: pg.Client;
  const made: string[] = [];
  let s3: S3Server;
  let dbA: Database;
  let dbB: Database;
  let a: App;
  let b: App;
  let baseB: string;
  let configA: Config;

  /** A new, empty database (no template: nothing migrated yet), dropped at the end. */
  async function emptyDatabase(): Promise<string> {
    const name = `locora_multi_${randomBytes(6).toString('hex')}`;
    await admin.query(`create database ${name}`);
    made.push(name);
    const u = new URL(url!);
    u.pathname = `/${name}`;
    return u.toString();
  }

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
    s3 = await startS3Server();
    const dbUrl = await emptyDatabase();
    dbA = await openPostgres(dbUrl, 5, { connectionTimeoutMs: 60_000 });
    dbB = await openPostgres(dbUrl, 5, { connectionTimeoutMs: 60_000 });
    // Both start at the same moment: one migrates, the other waits and finds nothing to do.
    await Promise.all([dbA.migrate(), dbB.migrate()]);

    const shared: Partial<Config> = {
      s3: {
        bucket: 'locora',
        endpoint: s3.endpoint,
        region: s3.region,
        accessKeyId: s3.accessKeyId,
        secretAccessKey: s3.secretAccessKey,
      },
      publicUrl: 'http://locora.test',
    };
    // testConfig gives each its own temporary DATA_DIR.
    configA = testConfig(shared);
    const configB = testConfig(shared);
    expect(configA.dataDir).not.toBe(configB.dataDir);
    a = await buildApp({ db: dbA.db, config: configA, logger: false, listen: dbA.listen });
    b = await buildApp({ db: dbB.db, config: configB, logger: false, listen: dbB.listen });
    baseB = await b.listen({ host: '127.0.0.1', port: 0 });
  });

  afterAll(async () => {
    await a?.close();
    await b?.close();
    await dbA?.close();
    await dbB?.close();
    await s3?.close();
    for (const name of made) await admin?.query(`drop database if exists ${name} with (force)`);
    await admin?.end();
  });

  it('two instances started at once migrate once', async () => {
    const rows = await queryRows<{ n: number }>(
      dbA.db,
      sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
    );
    expect(rows[0]!.n).toBe(journalEntries());
  });

  it('an instance waits for the migration lock before migrating', async () => {
    const dbUrl = await emptyDatabase();
    const holder = new pg.Client({ connectionString: dbUrl });
    await holder.connect();
    const late = await openPostgres(dbUrl, 2);
    try {
      await holder.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
      let done = false;
      const migrating = late.migrate().then(() => {
        done = true;
      });
      // Wait until its session is blocked on the lock (no clock: the server says so).
      for (;;) {
        const waiting = await holder.query(
          `select count(*)::int as n from pg_locks where locktype = 'advisory' and not granted and database = (select oid from pg_database where datname = current_database())`,
        );
        if (waiting.rows[0].n > 0) break;
        await new Promise((r) => setTimeout(r, 20));
      }
      expect(done).toBe(false);
      const before = await holder.query(`select to_regclass('drizzle.__drizzle_migrations') is not null as present`);
      expect(before.rows[0].present).toBe(false);
      await holder.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
      await migrating;
      const after = await holder.query('select count(*)::int as n from drizzle.__drizzle_migrations');
      expect(after.rows[0].n).toBe(journalEntries());
    } finally {
      await holder.end();
      await late.close();
    }
  });

  it('a photo uploaded through A is served by B, from the shared store', async () => {
    const { cookies } = await signUp(a);
    const res = await a.inject({
      method: 'POST',
      url: '/api/uploads',
      cookies,
      ...multipart('file', 'a.png', 'image/png', await png(320, 240)),
    });
    expect(res.statusCode, res.body).toBe(201);
    const photo = res.json<{ upload: { url: string } }>().upload.url;
    const served = await b.inject({ url: photo });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.rawPayload.equals(s3.objects().get(`uploads/${photo.slice('/uploads/'.length)}`)!.body)).toBe(true);
  });

  it('an identity document sent through A is read by an admin through B', async () => {
    const provider = await signUp(a, { role: 'PROVIDER' });
    const boss = await signUp(b);
    await dbB.db.execute(sql`update users set role = 'ADMIN' where id = ${boss.user.id}`);
    const sent = await a.inject({
      method: 'POST',
      url: '/api/provider/id-document',
      cookies: provider.cookies,
      ...multipart('file', 'id.png', 'image/png', await png()),
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const [row] = await dbB.db
      .select({ id: providers.id, key: providers.idDocumentKey })
      .from(providers)
      .where(eq(providers.userId, provider.user.id));
    const read = await b.inject({ url: `/api/admin/providers/${row!.id}/id-document`, cookies: boss.cookies });
    expect(read.statusCode).toBe(200);
    expect(read.rawPayload.equals(s3.objects().get(`id-documents/${row!.key}`)!.body)).toBe(true);
  });

  it('a session made on A works on B, and signing out on B ends it on A', async () => {
    const { cookies, user } = await signUp(a);
    const me = await b.inject({ url: '/api/auth/me', cookies });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ user: { id: user.id } });
    expect((await b.inject({ method: 'POST', url: '/api/auth/logout', cookies })).statusCode).toBeLessThan(300);
    expect((await a.inject({ url: '/api/auth/me', cookies })).statusCode).toBe(401);
  });

  async function booking() {
    const traveler = await signUp(a);
    const provider = await signUp(a, { role: 'PROVIDER' });
    const [p] = await dbA.db.select().from(providers).where(eq(providers.userId, provider.user.id));
    const category = await createCategory(dbA.db);
    const service = await createService(dbA.db, { providerId: p!.id, categoryId: category.id });
    return { traveler, provider, booking: await createBooking(dbA.db, { service, userId: traveler.user.id }) };
  }

  it('a message posted on A reaches an event stream open on B', async () => {
    const f = await booking();
    const stream = await openSse(baseB, { cookies: f.provider.cookies });
    try {
      expect(stream.status).toBe(200);
      expect(JSON.parse((await stream.next('unread')).data)).toEqual({ count: 0 });
      const posted = await a.inject({
        method: 'POST',
        url: `/api/bookings/${f.booking.id}/messages`,
        payload: { body: 'Posted on A' },
        cookies: f.traveler.cookies,
      });
      expect(posted.statusCode).toBe(201);
      const message = await stream.next('message');
      expect(JSON.parse(message.data)).toMatchObject({
        bookingId: f.booking.id,
        message: { body: 'Posted on A', senderId: f.traveler.user.id },
      });
      expect(JSON.parse((await stream.next('unread')).data)).toEqual({ count: 1 });
    } finally {
      stream.close();
    }
  });

  describe('limits kept in PostgreSQL count across both instances', () => {
    const apps = () => [a, b];

    it('sign-ups per address', async () => {
      const ip = uniqueIp();
      const signup = (app: App) =>
        app.inject({
          method: 'POST',
          url: '/api/auth/signup',
          remoteAddress: ip,
          payload: { email: uniqueEmail(), password: 'correct horse battery', name: 'Multi', role: 'TRAVELER' },
        });
      const limit = configA.signupsPerIpPerHour;
      for (let i = 0; i < limit; i++) expect((await signup(apps()[i % 2]!)).statusCode).toBe(201);
      expect((await signup(a)).statusCode).toBe(429);
      expect((await signup(b)).statusCode).toBe(429);
    });

    it('failed sign-ins per address', async () => {
      const { email } = await signUp(a);
      const ip = uniqueIp();
      const login = (app: App) =>
        app.inject({
          method: 'POST',
          url: '/api/auth/login',
          remoteAddress: ip,
          payload: { email, password: 'wrong guess' },
        });
      for (let i = 0; i < AUTH_FAILURE_LIMIT; i++) expect((await login(apps()[i % 2]!)).statusCode).toBe(401);
      expect((await login(a)).statusCode).toBe(429);
      expect((await login(b)).statusCode).toBe(429);
    });

    it('password reset requests per address', async () => {
      const { email } = await signUp(a);
      const forgot = (app: App) =>
        app.inject({ method: 'POST', url: '/api/auth/forgot-password', remoteAddress: uniqueIp(), payload: { email } });
      for (let i = 0; i < FORGOT_PASSWORD_PER_EMAIL_PER_HOUR; i++) {
        expect((await forgot(apps()[i % 2]!)).statusCode).toBe(200);
      }
      expect((await forgot(a)).statusCode).toBe(429);
      expect((await forgot(b)).statusCode).toBe(429);
    });

    it('messages per sender', async () => {
      const f = await booking();
      const send = (app: App, i: number) =>
        app.inject({
          method: 'POST',
          url: `/api/bookings/${f.booking.id}/messages`,
          payload: { body: `Message ${i}` },
          cookies: f.traveler.cookies,
        });
      for (let i = 0; i < MESSAGES_PER_USER_PER_MINUTE; i++)
        expect((await send(apps()[i % 2]!, i)).statusCode).toBe(201);
      expect((await send(a, -1)).statusCode).toBe(429);
      expect((await send(b, -2)).statusCode).toBe(429);
    });
  });
});
