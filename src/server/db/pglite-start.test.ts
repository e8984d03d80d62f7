import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationsAreCurrent, migrationsFolder, openPglite, queryRows } from './open.ts';
import { startPgliteThread } from './pglite-start.ts';

/**
 * How `npm start` opens the embedded database (decision 011, addendum of 2026-11-25): the thread
 * starts before the rest of the server loads, and the migrator is skipped when it would run nothing.
 * PGlite only (the PostgreSQL run has no data directory).
 */
const onPglite = !process.env.TEST_DATABASE_URL;
const dirs: string[] = [];
function tempDir(prefix: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  dirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** A copy of the migrations folder with one more migration, dated after every other. */
function migrationsWithOneMore(): string {
  const dir = tempDir('locora-migrations-');
  fs.cpSync(migrationsFolder, dir, { recursive: true });
  const journalFile = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as {
    entries: { idx: number; version: string; when: number; tag: string; breakpoints: boolean }[];
  };
  const last = journal.entries.at(-1)!;
  journal.entries.push({ ...last, idx: last.idx + 1, when: last.when + 1000, tag: '9999_later' });
  fs.writeFileSync(journalFile, JSON.stringify(journal));
  fs.writeFileSync(path.join(dir, '9999_later.sql'), 'CREATE TABLE "later_release" ("id" integer PRIMARY KEY);');
  return dir;
}

describe.skipIf(!onPglite)('starting the embedded database', () => {
  it('skips the migrator only when it would run nothing: a later migration still runs', async () => {
    const database = await openPglite(undefined);
    try {
      expect(await migrationsAreCurrent(database.db, migrationsFolder)).toBe(false);
      await database.migrate();
      expect(await migrationsAreCurrent(database.db, migrationsFolder)).toBe(true);
      // A second start on the same data: nothing to do, and nothing fails.
      await database.migrate();

      const later = migrationsWithOneMore();
      expect(await migrationsAreCurrent(database.db, later)).toBe(false);
      await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder: later });
      expect(await migrationsAreCurrent(database.db, later)).toBe(true);
      const rows = await queryRows<{ present: boolean }>(
        database.db,
        sql`select to_regclass('public.later_release') is not null as present`,
      );
      expect(rows).toEqual([{ present: true }]);
    } finally {
      await database.close();
    }
  });

  it('takes statements while the thread still opens, and releases the lock at close', async () => {
    const dir = tempDir('locora-start-');
    const started = startPgliteThread(dir);
    expect(fs.existsSync(path.join(dir, 'locora.lock'))).toBe(true);
    const database = await openPglite(dir, { started });
    // Sent before PGlite is open: it waits in the thread's queue.
    const early = queryRows<{ one: number }>(database.db, sql`select 1 as one`);
    await database.migrate();
    expect(await early).toEqual([{ one: 1 }]);
    const tables = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from pg_tables where schemaname = 'public' and tablename = 'users'`,
    );
    expect(tables).toEqual([{ n: 1 }]);
    await database.close();
    expect(fs.existsSync(path.join(dir, 'locora.lock'))).toBe(false);
  });

  it('reports why the database could not open, from migrate(), and still releases the lock', async () => {
    const dir = tempDir('locora-start-');
    // PGlite's data directory is a file: PGlite cannot open it.
    fs.writeFileSync(path.join(dir, 'pglite'), 'not a directory');
    const database = await openPglite(dir, { started: startPgliteThread(dir) });
    const error = await database.migrate().then(
      () => undefined,
      (err: unknown) => err as Error,
    );
    expect(error).toBeInstanceOf(Error);
    expect(error!.message).not.toMatch(/^PGlite is closed/);
    // Where, and PGlite's own reason (an Emscripten file-system error is not an Error object).
    expect(error!.message).toContain(`Could not open the embedded database in ${path.join(dir, 'pglite')}: `);
    expect(error!.message).not.toContain('[object Object]');
    await database.close();
    expect(fs.existsSync(path.join(dir, 'locora.lock'))).toBe(false);
  });

  it('refuses a thread started for another directory', async () => {
    const dir = tempDir('locora-start-');
    const started = startPgliteThread(dir);
    await expect(openPglite(tempDir('locora-other-'), { started })).rejects.toThrow(/was started for/);
    await started.ready;
    await started.thread.close();
    started.release();
  });
});
