import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { inject } from 'vitest';
import { buildApp } from '../app.ts';
import { mapDatabaseError } from '../http/errors.ts';
import { testConfig } from '../test/test-app.ts';
import { openPglite, queryRows, type Database } from './open.ts';
import { categories } from './schema.ts';

/**
 * The embedded database in its worker thread (decision 011), end to end, next to the same checks
 * on PGlite in the calling thread: what the app sees must not depend on where PGlite runs.
 * PGlite only (the PostgreSQL run has no PGlite template).
 */
const onPglite = !process.env.TEST_DATABASE_URL;

async function openCopy(inProcess: boolean) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'locora-thread-'));
  fs.cpSync(inject('pgliteTemplateDir'), dir, { recursive: true });
  const database = await openPglite(dir, { inProcess });
  return { database, dir };
}

const eventually = (assertion: () => void) => vi.waitFor(assertion, { timeout: 15_000, interval: 20 });

describe.skipIf(!onPglite).each([
  { where: 'in its worker thread', inProcess: false },
  { where: 'in the calling thread', inProcess: true },
])('PGlite $where', ({ inProcess }) => {
  let database: Database;
  let dir: string;
  beforeAll(async () => {
    ({ database, dir } = await openCopy(inProcess));
  });
  afterAll(async () => {
    await database?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('answers queries with the same values as before (timestamps as text, numbers, arrays, json)', async () => {
    const [row] = await database.db
      .insert(categories)
      .values({ name: 'Surf', slug: `surf-${inProcess}` })
      .returning();
    expect(row).toMatchObject({ name: 'Surf', slug: `surf-${inProcess}`, icon: null });
    expect(row?.createdAt).toBeInstanceOf(Date);
    const [raw] = await queryRows<Record<string, unknown>>(
      database.db,
      sql`select 1::int as i, 2.5::numeric as n, array[1, 2] as a, '{"k": [1]}'::jsonb as j,
                 '2026-01-02 03:04:05+00'::timestamptz as t, null::text as z, ${'é ✓'}::text as p`,
    );
    expect(raw).toEqual({ i: 1, n: '2.5', a: [1, 2], j: { k: [1] }, t: '2026-01-02 03:04:05+00', z: null, p: 'é ✓' });
  });

  it('commits a transaction, and rolls back one that throws, nested savepoints included', async () => {
    const slug = `tx-${inProcess}`;
    await expect(
      database.db.transaction(async (tx) => {
        await tx.insert(categories).values({ name: 'Gone', slug });
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await database.db.select().from(categories).where(eq(categories.slug, slug))).toEqual([]);

    await database.db.transaction(async (tx) => {
      await tx.insert(categories).values({ name: 'Kept', slug });
      await expect(
        tx.transaction(async (inner) => {
          await inner.insert(categories).values({ name: 'Inner', slug: `${slug}-inner` });
          inner.rollback();
        }),
      ).rejects.toThrow();
    });
    const rows = await database.db
      .select({ slug: categories.slug })
      .from(categories)
      .where(eq(categories.name, 'Kept'));
    expect(rows).toEqual([{ slug }]);
    expect(
      await database.db
        .select()
        .from(categories)
        .where(eq(categories.slug, `${slug}-inner`)),
    ).toEqual([]);
  });

  it('never runs another request inside an open transaction: it waits for the commit', async () => {
    const slug = `iso-${inProcess}`;
    const order: string[] = [];
    let outside: Promise<unknown> | undefined;
    await database.db.transaction(async (tx) => {
      await tx.insert(categories).values({ name: 'Isolated', slug });
      outside = database.db
        .select({ slug: categories.slug })
        .from(categories)
        .where(eq(categories.slug, slug))
        .then((rows) => {
          order.push(`outside saw ${rows.length}`);
        });
      // Give the outside query every chance to slip in before the commit.
      await new Promise((r) => setTimeout(r, 100));
      await tx.execute(sql`select 1`);
      order.push('commit');
    });
    await outside;
    expect(order).toEqual(['commit', 'outside saw 1']);
  });

  it('keeps the PostgreSQL error code, so a unique violation is a 409 with our words', async () => {
    const slug = `dup-${inProcess}`;
    await database.db.insert(categories).values({ name: 'One', slug });
    const err = await database.db
      .insert(categories)
      .values({ name: 'Two', slug })
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    const cause = (err as { cause?: { code?: string; constraint?: string; table?: string } }).cause;
    expect(cause).toMatchObject({ code: '23505', constraint: 'categories_slug_unique', table: 'categories' });
    const mapped = mapDatabaseError(err);
    expect(mapped).toMatchObject({ statusCode: 409, message: 'A category with this slug already exists.' });
    // A failed statement inside a transaction aborts it; the next request is not affected.
    await expect(
      database.db.transaction(async (tx) => {
        await tx.insert(categories).values({ name: 'Three', slug });
      }),
    ).rejects.toMatchObject({ cause: { code: '23505' } });
    expect(await queryRows(database.db, sql`select 1 as ok`)).toEqual([{ ok: 1 }]);
  });

  it('delivers notifications sent in a committed transaction, never from a rolled-back one', async () => {
    const got: string[] = [];
    const stop = await database.listen('thread_test', (p) => void got.push(p));
    await expect(
      database.db.transaction(async (tx) => {
        await database.notify('thread_test', 'rolled back', tx);
        tx.rollback();
      }),
    ).rejects.toThrow();
    await database.db.transaction((tx) => database.notify('thread_test', 'committed', tx));
    await database.notify('thread_test', 'after');
    await eventually(() => expect(got).toEqual(['committed', 'after']));
    await stop();
    await database.notify('thread_test', 'unheard');
    await database.listen('thread_marker', (p) => void got.push(p));
    await database.notify('thread_marker', 'marker');
    await eventually(() => expect(got).toEqual(['committed', 'after', 'marker']));
  });
});

describe.skipIf(!onPglite)('the app on PGlite in its thread', () => {
  let database: Database;
  let dir: string;
  beforeAll(async () => {
    ({ database, dir } = await openCopy(false));
  });
  afterAll(async () => {
    await database?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('answers /healthz while a long query runs (PGlite no longer holds the event loop)', async () => {
    const app = await buildApp({ db: database.db, config: testConfig(), logger: false });
    try {
      const order: string[] = [];
      const slow = database.db.execute(sql`select pg_sleep(2)`).then(() => void order.push('query'));
      const health = await app.inject({ method: 'GET', url: '/healthz' });
      order.push('healthz');
      expect(health.statusCode).toBe(200);
      await slow;
      expect(order).toEqual(['healthz', 'query']);
    } finally {
      await app.close();
    }
  });

  it('answers 503 with Retry-After once the database is closed', async () => {
    const app = await buildApp({ db: database.db, config: testConfig(), logger: false });
    try {
      const before = await app.inject({ method: 'GET', url: '/api/categories' });
      expect(before.statusCode).toBe(200);
      await database.close();
      const after = await app.inject({ method: 'GET', url: '/api/categories' });
      expect(after.statusCode).toBe(503);
      expect(after.headers['retry-after']).toBe('5');
      expect(after.json()).toMatchObject({ code: 'UNAVAILABLE' });
      const ready = await app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
    } finally {
      await app.close();
    }
  });
});
