import { eq, sql } from 'drizzle-orm';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { openPostgres, type Database, type Db } from '../db/open.ts';
import { bookings, categories, sessions, users } from '../db/schema.ts';
import {
  buildBooking,
  createBooking,
  createCategory,
  createProvider,
  createService,
  createUser,
} from '../db/seed/factories.ts';
import { testConfig } from '../test/test-app.ts';
import { openTestDatabase, resetDatabase } from '../test/test-db.ts';
import { DATABASE_RETRY_AFTER_SECONDS, mapDatabaseError, registerErrorHandler } from './errors.ts';

/**
 * Real refusals of the real schema, each behind a tiny route on an app that uses the one error
 * handler: every constraint class must become a 409 that names the conflict, never a 500.
 */
const scenarios: Record<string, (db: Db) => Promise<unknown>> = {
  // 23P01: exclusion (two live bookings of one provider at the same time)
  async overlap(db) {
    const service = await createService(db);
    const traveler = await createUser(db);
    const startAt = new Date(Date.UTC(2030, 0, 7, 10));
    await createBooking(db, { service, userId: traveler.id, startAt, hours: 2 });
    await db.insert(bookings).values(buildBooking(service, { userId: traveler.id, startAt, hours: 1 }));
  },
  // 23505: unique
  async duplicateSlug(db) {
    await createCategory(db, { slug: 'massage' });
    await createCategory(db, { slug: 'massage' });
  },
  // 23505 on a constraint we have no words for
  async duplicateSession(db) {
    const user = await createUser(db);
    const row = { id: 'same', userId: user.id, expiresAt: new Date(Date.now() + 60_000) };
    await db.insert(sessions).values(row);
    await db.insert(sessions).values(row);
  },
  // 23503: a row referring to a parent that does not fit
  async wrongProvider(db) {
    const service = await createService(db);
    const other = await createProvider(db);
    const traveler = await createUser(db);
    await db.insert(bookings).values(buildBooking(service, { userId: traveler.id, providerId: other.provider.id }));
  },
  // 23001 (PostgreSQL 18) / 23503 (15): deleting a parent that has history
  async deleteCategoryInUse(db) {
    const service = await createService(db);
    await db.delete(categories).where(eq(categories.id, service.categoryId));
  },
  async deleteTravelerWithBookings(db) {
    const booking = await createBooking(db);
    await db.delete(users).where(eq(users.id, booking.userId));
  },
  // 23514: a check constraint (a booking that ends before it starts)
  async endBeforeStart(db) {
    const service = await createService(db);
    const traveler = await createUser(db);
    const row = buildBooking(service, { userId: traveler.id });
    await db.insert(bookings).values({ ...row, endAt: new Date(row.startAt.getTime() - 3_600_000) });
  },
  // 23502: a required value missing
  async missingName(db) {
    await db.execute(sql`insert into categories (name, slug) values (null, 'x')`);
  },
  // A feature that knows the constraint better gives its own words.
  async overlapWithFeatureWords(db) {
    try {
      await scenarios.overlap!(db);
    } catch (err) {
      throw mapDatabaseError(err, { bookings_no_overlap: 'That time was just booked by someone else.' }) ?? err;
    }
  },
};

let database: Database;
let app: FastifyInstance;

beforeAll(async () => {
  database = await openTestDatabase();
  app = Fastify({ logger: false });
  registerErrorHandler(app);
  app.post<{ Params: { name: string } }>('/t/:name', async (request) => {
    await scenarios[request.params.name]!(database.db);
    return { ok: true };
  });
});
beforeEach(() => resetDatabase(database));
afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe('mapDatabaseError through the one error handler', () => {
  it.each([
    ['overlap', 'The provider already has a booking at that time.'],
    ['duplicateSlug', 'A category with this slug already exists.'],
    ['duplicateSession', 'This already exists.'],
    ['wrongProvider', 'A booking must be with the provider of its service.'],
    ['deleteCategoryInUse', 'This category still has services, so it cannot be deleted.'],
    ['deleteTravelerWithBookings', 'This user has bookings, so the account cannot be deleted. Deactivate it instead.'],
    ['overlapWithFeatureWords', 'That time was just booked by someone else.'],
    ['endBeforeStart', 'This breaks a rule of the data (bookings_end_after_start).'],
    ['missingName', 'A required value is missing.'],
  ])('%s is a 409 naming the conflict', async (name, message) => {
    const res = await app.inject({ method: 'POST', url: `/t/${name}` });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ statusCode: 409, code: 'CONFLICT', message, requestId: expect.any(String) });
  });

  it('unwraps Drizzle’s DrizzleQueryError and leaves other errors alone', () => {
    const pgError = Object.assign(new Error('duplicate key value violates unique constraint'), {
      code: '23505',
      constraint: 'reviews_booking_id_unique',
    });
    const wrapped = new DrizzleQueryError('insert into reviews ...', [], pgError);
    expect(mapDatabaseError(wrapped)?.message).toBe('You have already reviewed this booking');
    expect(mapDatabaseError(wrapped)?.statusCode).toBe(409);
    expect(mapDatabaseError(new Error('boom'))).toBeUndefined();
    expect(mapDatabaseError(Object.assign(new Error('syntax'), { code: '42601' }))).toBeUndefined();
    expect(
      mapDatabaseError(new DrizzleQueryError('select 1', [], Object.assign(new Error('x'), { code: '57P01' })))
        ?.statusCode,
    ).toBe(503);
    expect(mapDatabaseError(Object.assign(new Error('connection failure'), { code: '08006' }))?.statusCode).toBe(503);
    // A socket error is the database's only when a query failed with it (not an aborted upload).
    const reset = Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' });
    expect(mapDatabaseError(reset)).toBeUndefined();
    expect(mapDatabaseError(new DrizzleQueryError('select 1', [], reset))?.statusCode).toBe(503);
  });
});

describe('while the database is unreachable', () => {
  const expectUnavailable = (res: { statusCode: number; headers: Record<string, unknown>; json(): unknown }) => {
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
    expect(res.json()).toMatchObject({ statusCode: 503, code: 'UNAVAILABLE' });
  };

  it('answers 503 with Retry-After when the database is closed', async () => {
    const closed = await openTestDatabase();
    const closedApp = await buildApp({ db: closed.db, config: testConfig(), logger: false });
    await closedApp.ready();
    await closed.close();
    try {
      expectUnavailable(await closedApp.inject({ url: '/api/categories' }));
      expectUnavailable(await closedApp.inject({ url: '/api/services?q=massage' }));
      expect((await closedApp.inject({ url: '/readyz' })).statusCode).toBe(503);
    } finally {
      await closedApp.close();
    }
  });

  it('answers 503 with Retry-After when the server refuses connections', async () => {
    // Nothing listens on port 1: every connection attempt is refused (ECONNREFUSED).
    const nowhere = await openPostgres('postgres://postgres@127.0.0.1:1/nowhere', 1);
    const nowhereApp = await buildApp({ db: nowhere.db, config: testConfig(), logger: false });
    try {
      expectUnavailable(await nowhereApp.inject({ url: '/api/categories' }));
      expectUnavailable(await nowhereApp.inject({ url: '/api/services/featured' }));
    } finally {
      await nowhereApp.close();
      await nowhere.close();
    }
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    'answers 503 when the server ends the connection mid-query (a restart), then recovers by itself',
    async () => {
      const u = new URL(process.env.TEST_DATABASE_URL!);
      const admin = await openPostgres(u.toString(), 1);
      const slowApp = Fastify({ logger: false });
      registerErrorHandler(slowApp);
      slowApp.get('/slow', async () => {
        await database.db.execute(sql`select pg_sleep(60) /* locora-slow-query */`);
        return { ok: true };
      });
      slowApp.get('/fast', async () => {
        await database.db.execute(sql`select 1`);
        return { ok: true };
      });
      try {
        const pending = slowApp.inject({ url: '/slow' });
        // Wait until the query runs on the server, then end its backend as a restart would.
        let terminated = false;
        for (let i = 0; i < 200 && !terminated; i++) {
          const result = (await admin.db.execute(
            sql`select pg_terminate_backend(pid) as ok from pg_stat_activity
                where query like '%locora-slow-query%' and pid <> pg_backend_pid() and query not like '%pg_stat_activity%'`,
          )) as unknown as { rows: { ok: boolean }[] };
          terminated = result.rows.some((r) => r.ok);
          if (!terminated) await new Promise((r) => setTimeout(r, 50));
        }
        expect(terminated).toBe(true);
        expectUnavailable(await pending);
        // The pool replaces the dead connection: the next request is answered.
        expect((await slowApp.inject({ url: '/fast' })).statusCode).toBe(200);
      } finally {
        await slowApp.close();
        await admin.close();
      }
    },
  );
});
