import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { inject } from 'vitest';
import { openPglite, openPostgres, queryRows, type Database } from '../db/open.ts';

/**
 * A fresh, migrated database for one test file: a copy of the PGlite template directory, or a
 * clone of the PostgreSQL template database when TEST_DATABASE_URL is set. `close()` removes it.
 */
export async function openTestDatabase(): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const template = inject('pgTemplateDb');
    const name = `locora_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name} template ${template}`);
    const u = new URL(url);
    u.pathname = `/${name}`;
    const database = await openPostgres(u.toString(), 5, { connectionTimeoutMs: 60_000 });
    return {
      ...database,
      async close() {
        await database.close();
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      },
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'locora-test-'));
  fs.cpSync(inject('pgliteTemplateDir'), dir, { recursive: true });
  const database = await openPglite(dir);
  return {
    ...database,
    async close() {
      await database.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Empties every table of the public schema (between tests), found from the catalog so that a new
 * table can never leak state from one test to the next. Drizzle's migration bookkeeping lives in
 * its own schema and is kept (it is excluded by name too, should it ever move to public).
 */
export async function resetDatabase(database: Database) {
  const tables = await queryRows<{ tablename: string }>(
    database.db,
    sql`select tablename from pg_tables
        where schemaname = 'public' and tablename <> '__drizzle_migrations'
        order by tablename`,
  );
  if (tables.length === 0) return;
  const list = tables.map((t) => `"public"."${t.tablename.replace(/"/g, '""')}"`).join(', ');
  await database.db.execute(sql.raw(`truncate table ${list} restart identity cascade`));
}
