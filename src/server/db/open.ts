import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { sql, type SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema.ts';
import { lockDataDir } from './lock.ts';
import { PgliteThread } from './pglite-thread.ts';
import {
  createPgListener,
  deliver,
  reportListenerError,
  requireChannel,
  requirePayload,
  type NotificationHandler,
  type Unsubscribe,
} from './notify.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/**
 * What every query function takes: the database or an open transaction, so features compose
 * inside one transaction. Inside `db.transaction(async (tx) => ...)` always pass `tx`: on PGlite
 * (one connection) a query on the outer handle waits for the transaction and hangs forever.
 */
export type Executor = Db | Tx;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Human-readable location, for logs (never includes a password). */
  location: string;
  migrate(): Promise<void>;
  /**
   * Subscribes to a channel (a lower-case identifier); resolves once the subscription is active,
   * with a function that ends it. Delivery is at most once: after a lost connection (PostgreSQL)
   * notifications sent in the gap are gone, so treat one as a hint to re-read the database.
   * On PGlite, never call it inside a transaction callback (one connection: it would wait forever).
   */
  listen(channel: string, fn: NotificationHandler): Promise<Unsubscribe>;
  /**
   * Sends a notification to every listener on the database, in every app instance. Pass the
   * transaction as `executor` to send it with its cause: it is delivered only if that commits.
   * The payload must be under 8000 bytes (UTF-8).
   */
  notify(channel: string, payload: string, executor?: Executor): Promise<void>;
  close(): Promise<void>;
};

async function sendNotification(executor: Executor, channel: string, payload: string) {
  requireChannel(channel);
  requirePayload(channel, payload);
  await executor.execute(sql`select pg_notify(${channel}, ${payload})`);
}

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

const RANDOM_PAGE_COST = 1.1;
const PLANNER_OPTIONS = `-c random_page_cost=${RANDOM_PAGE_COST}`;

export const pgliteExtensions = { btree_gist, pg_trgm, unaccent };

/** What runs once on every PGlite connection before use. */
const PGLITE_SETUP = [`SET random_page_cost = ${RANDOM_PAGE_COST}`];

export type OpenPgliteOptions = {
  /**
   * Run PGlite on the calling thread instead of its own worker thread (decision 011). Only for
   * short-lived tools and tests that want to skip the thread: on the server's thread every query
   * blocks every request, so the app never does this.
   */
  inProcess?: boolean;
};

/** The part of PGlite's API that open.ts and drizzle's PGlite driver use (PGlite or PgliteThread). */
type PgliteClient = Pick<PGlite, 'query' | 'exec' | 'transaction' | 'close' | 'closed'> & {
  listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>>;
};

async function startPglite(dataDir: string | undefined, inProcess: boolean): Promise<PgliteClient> {
  if (!inProcess) {
    return PgliteThread.start({ dataDir, extensions: Object.keys(pgliteExtensions), setup: PGLITE_SETUP });
  }
  const client = await PGlite.create(dataDir, { extensions: pgliteExtensions });
  for (const statement of PGLITE_SETUP) await client.exec(statement);
  return client;
}

/**
 * Opens embedded PGlite in `dir` (or in memory when `dir` is undefined), holding a lock file.
 * PGlite runs in its own worker thread (pglite-thread.ts) unless `inProcess` is set.
 */
export async function openPglite(dir: string | undefined, opts: OpenPgliteOptions = {}): Promise<Database> {
  const release = dir ? lockDataDir(dir) : () => {};
  try {
    const client = await startPglite(dir ? path.join(dir, 'pglite') : undefined, opts.inProcess ?? false);
    const db = drizzlePglite(client as PGlite, { schema });
    return {
      db: db as unknown as Db,
      kind: 'pglite',
      location: dir ? path.join(dir, 'pglite') : 'memory',
      migrate: () => migratePglite(db, { migrationsFolder }),
      async listen(channel, fn) {
        requireChannel(channel);
        let active = true;
        const unlisten = await client.listen(channel, (payload) =>
          deliver((p) => active && fn(p), payload, reportListenerError),
        );
        return async () => {
          if (!active) return;
          active = false;
          if (!client.closed) await unlisten();
        };
      },
      notify: (channel, payload, executor = db as unknown as Db) => sendNotification(executor, channel, payload),
      async close() {
        try {
          if (!client.closed) await client.close();
        } finally {
          release();
        }
      },
    };
  } catch (err) {
    release();
    throw err;
  }
}

export type OpenPostgresOptions = {
  /**
   * Errors of the LISTEN connection (it reconnects by itself) and exceptions thrown by listeners
   * (default: connection errors ignored, listener exceptions to console.error).
   */
  onListenerError?: (err: unknown) => void;
  /**
   * How long a query waits for a free pooled connection before failing (503). 5 s in the app;
   * tests that fire hundreds of requests at a 5-connection pool on a shared CI machine wait longer.
   */
  connectionTimeoutMs?: number;
};

export async function openPostgres(url: string, poolSize = 10, opts: OpenPostgresOptions = {}): Promise<Database> {
  // Our data lives on SSDs or in RAM: tell the planner random reads are cheap, so it prefers the
  // GIN and btree indexes over sequential scans for selective searches (see decision 005).
  // A host that does not answer fails fast (a 503 with Retry-After) instead of waiting for TCP.
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    options: PLANNER_OPTIONS,
    connectionTimeoutMillis: opts.connectionTimeoutMs ?? 5_000,
  });
  pool.on('error', () => {
    // idle client errors (e.g. server restart) are retried by the pool on next use
  });
  const db = drizzleNodePg(pool, { schema });
  const listener = createPgListener(url, {
    onError: opts.onListenerError,
    onHandlerError: opts.onListenerError ?? reportListenerError,
  });
  const u = new URL(url);
  return {
    db: db as unknown as Db,
    kind: 'postgres',
    location: `${u.hostname}:${u.port || 5432}${u.pathname}`,
    migrate: () => migrateNodePg(db, { migrationsFolder }),
    listen: (channel, fn) => listener.listen(channel, fn),
    notify: (channel, payload, executor = db as unknown as Db) => sendNotification(executor, channel, payload),
    async close() {
      await listener.close();
      await pool.end();
    },
  };
}

export function openDatabase(opts: { databaseUrl: string | undefined; dataDir: string }): Promise<Database> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl) : openPglite(opts.dataDir);
}

/** Runs raw SQL and returns its rows, on either driver. */
export async function queryRows<T>(db: Executor, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
