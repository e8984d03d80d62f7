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

/** The public schema's tables and sequences, read once per database (migrations ran before). */
type Catalog = { tables: string[]; sequences: string[] };
const catalogs = new WeakMap<Database['db'], Catalog>();

const quoted = (name: string) => `"public"."${name.replace(/"/g, '""')}"`;
const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;

async function catalogOf(database: Database): Promise<Catalog> {
  let catalog = catalogs.get(database.db);
  if (!catalog) {
    const tables = await queryRows<{ name: string }>(
      database.db,
      sql`select tablename as name from pg_tables
          where schemaname = 'public' and tablename <> '__drizzle_migrations'
          order by tablename`,
    );
    const sequences = await queryRows<{ name: string }>(
      database.db,
      sql`select sequencename as name from pg_sequences where schemaname = 'public' order by sequencename`,
    );
    catalog = { tables: tables.map((t) => t.name), sequences: sequences.map((q) => q.name) };
    catalogs.set(database.db, catalog);
  }
  return catalog;
}

/**
 * Empties every table of the public schema and restarts its sequences (between tests), found from
 * the catalog so that a new table can never leak state from one test to the next. Drizzle's
 * migration bookkeeping lives in its own schema and is kept (it is excluded by name too, should it
 * ever move to public).
 *
 * Only the tables that hold rows are truncated: TRUNCATE gives every table and index new files,
 * which for all ~30 tables cost ~210 ms per test on PGlite and ~130 ms on PostgreSQL, a quarter of
 * the suite's time, while most tests write to a few tables.
 */
export async function resetDatabase(database: Database) {
  const { tables, sequences } = await catalogOf(database);
  if (tables.length > 0) {
    const probes = tables.map((t) => `select ${literal(t)} as name where exists (select 1 from ${quoted(t)})`);
    const filled = await queryRows<{ name: string }>(database.db, sql.raw(probes.join(' union all ')));
    if (filled.length > 0) {
      const list = filled.map((t) => quoted(t.name)).join(', ');
      await database.db.execute(sql.raw(`truncate table ${list} cascade`));
    }
  }
  if (sequences.length > 0) {
    const restarts = sequences.map((q) => `setval(${literal(quoted(q))}, 1, false)`).join(', ');
    await database.db.execute(sql.raw(`select ${restarts}`));
  }
}
