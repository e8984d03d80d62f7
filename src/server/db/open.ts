import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Extensions, PGlite } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import * as schema from './schema.ts';
import {
  PGLITE_EXTENSION_NAMES,
  PGLITE_SETUP,
  pgliteStartParams,
  RANDOM_PAGE_COST,
  startPgliteThread,
  type PgliteStart,
} from './pglite-start.ts';
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
  /**
   * The connections this instance holds, for metrics: PostgreSQL's pool (open, idle, and queries
   * waiting for one); PGlite is one connection, busy while requests are queued on its thread.
   */
  poolStats(): PoolStats;
  /** The embedded database only: its data directory as a gzipped tar, for backups (db/backup.ts). */
  dumpDataDir?(): Promise<Uint8Array>;
  close(): Promise<void>;
};

export type PoolStats = { total: number; idle: number; waiting: number };

async function sendNotification(executor: Executor, channel: string, payload: string) {
  requireChannel(channel);
  requirePayload(channel, payload);
  await executor.execute(sql`select pg_notify(${channel}, ${payload})`);
}

/**
 * The PostgreSQL advisory lock taken around migrations (openPostgres), so that instances started
 * at the same moment migrate once. Any fixed 64-bit number; this one spells "locora:m".
 */
export const MIGRATION_LOCK_KEY = '7813573208822594157';

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

const PLANNER_OPTIONS = `-c random_page_cost=${RANDOM_PAGE_COST}`;

/** The `when` of the newest migration in the journal drizzle-kit writes (meta/_journal.json). */
function newestMigrationMillis(folder: string): number {
  const journal = JSON.parse(fs.readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  return Math.max(0, ...journal.entries.map((e) => e.when));
}

/**
 * Whether drizzle's migrator would run nothing: it runs every migration whose journal `when` is
 * later than the `created_at` of the row it reads with this same query (none: all of them). A
 * build with a newer migration is therefore never skipped. Saves the migrator's statements
 * (creating its schema and table if missing, then a transaction) on every start.
 */
export async function migrationsAreCurrent(db: Db, folder: string): Promise<boolean> {
  const present = await queryRows<{ present: boolean }>(
    db,
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  );
  if (!present[0]?.present) return false;
  const last = await queryRows<{ created_at: string | number | null }>(
    db,
    sql`select created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
  );
  return last.length > 0 && Number(last[0]!.created_at) >= newestMigrationMillis(folder);
}

async function migrateUnlessCurrent(db: Db, run: () => Promise<void>) {
  if (await migrationsAreCurrent(db, migrationsFolder)) return;
  await run();
}

export type OpenPgliteOptions = {
  /** With inProcess: create the database from a data directory PGlite dumped (a restore). */
  loadDataDir?: Blob;
  /**
   * Run PGlite on the calling thread instead of its own worker thread (decision 011). Only for
   * short-lived tools and tests that want to skip the thread: on the server's thread every query
   * blocks every request, so the app never does this.
   */
  inProcess?: boolean;
  /**
   * The thread main.ts started (startPgliteThread) before loading the rest of the server, with
   * the lock already held on `dir`. Then openPglite does not wait for PGlite to open: it returns
   * at once, statements queue until the thread is ready, and `migrate()` (which the server calls
   * before anything else queries) waits for it and throws why it could not open.
   */
  started?: PgliteStart;
};

/** The part of PGlite's API that open.ts and drizzle's PGlite driver use (PGlite or PgliteThread). */
type PgliteClient = Pick<PGlite, 'query' | 'exec' | 'transaction' | 'close' | 'closed'> & {
  listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>>;
  dumpDataDir(compression: 'gzip'): Promise<Uint8Array | Blob>;
};

/** PGlite on the calling thread (OpenPgliteOptions.inProcess), holding the lock on `dir`. */
async function startPgliteInProcess(
  dir: string | undefined,
  loadDataDir?: Blob,
): Promise<{ client: PgliteClient; release: () => void }> {
  const { lockDataDir } = await import('./lock.ts');
  const release = dir ? lockDataDir(dir) : () => {};
  try {
    const { PGlite } = await import('@electric-sql/pglite');
    const extensions: Extensions = {};
    for (const name of PGLITE_EXTENSION_NAMES) {
      extensions[name] = ((await import(`@electric-sql/pglite/contrib/${name}`)) as Extensions)[name]!;
    }
    const client = await PGlite.create(dir ? path.join(dir, 'pglite') : undefined, {
      extensions,
      startParams: pgliteStartParams(PGlite.defaultStartParams),
      loadDataDir,
    });
    for (const statement of PGLITE_SETUP) await client.exec(statement);
    return { client, release };
  } catch (err) {
    release();
    throw err;
  }
}

/**
 * Opens embedded PGlite in `dir` (or in memory when `dir` is undefined), holding a lock file.
 * PGlite runs in its own worker thread (pglite-thread.ts) unless `inProcess` is set.
 */
export async function openPglite(dir: string | undefined, opts: OpenPgliteOptions = {}): Promise<Database> {
  if (opts.started && opts.started.dir !== dir) {
    throw new Error(`The database thread was started for ${opts.started.dir ?? 'memory'}, not ${dir ?? 'memory'}.`);
  }
  let client: PgliteClient;
  let release: () => void;
  let ready: Promise<void> | undefined;
  if (opts.inProcess) {
    ({ client, release } = await startPgliteInProcess(dir, opts.loadDataDir));
  } else {
    const started = opts.started ?? startPgliteThread(dir);
    ({ thread: client, release } = started);
    if (opts.started) ready = started.ready;
    else {
      try {
        await started.ready;
      } catch (err) {
        release();
        throw err;
      }
    }
  }
  try {
    const db = drizzlePglite(client as PGlite, { schema });
    return {
      db: db as unknown as Db,
      kind: 'pglite',
      location: dir ? path.join(dir, 'pglite') : 'memory',
      async migrate() {
        await ready;
        await migrateUnlessCurrent(db as unknown as Db, () => migratePglite(db, { migrationsFolder }));
      },
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
      async dumpDataDir() {
        const dump = await client.dumpDataDir('gzip');
        return dump instanceof Uint8Array ? dump : new Uint8Array(await dump.arrayBuffer());
      },
      poolStats() {
        // The thread counts what waits for it; PGlite in this thread runs one query at a time.
        const queued = (client as { pendingCount?: number }).pendingCount ?? 0;
        return { total: 1, idle: queued === 0 ? 1 : 0, waiting: Math.max(0, queued - 1) };
      },
      async close() {
        try {
          // A thread that never opened has nothing to flush: it is only stopped.
          const opened = ready
            ? await ready.then(
                () => true,
                () => false,
              )
            : true;
          if (!opened) await client.close().catch(() => {});
          else if (!client.closed) await client.close();
        } finally {
          release();
        }
      },
    };
  } catch (err) {
    await client.close().catch(() => {});
    release();
    throw err;
  }
}

type ConnectCallback = (err: Error | undefined, client: unknown, done: unknown) => void;
type PoolClient = import('pg').PoolClient;

/**
 * Drizzle's `transaction()` checks a client out and sends `begin` before its try/finally: when
 * `begin` fails (the connection died between checkout and that first statement, as it does
 * when the server restarts), it throws without releasing the client, and the pool has lost that
 * connection for good. After `max` such losses every query waits for a connection that never
 * comes, and `pool.end()` never returns. So for a checkout whose first statement is `begin`, a
 * failure releases the client here, with the error, so the pool discards it.
 */
function releaseIfBeginFails(client: PoolClient): PoolClient {
  const query = client.query;
  const firstQuery = (config: unknown, values?: unknown) => {
    client.query = query;
    const text = typeof config === 'string' ? config : (config as { text?: unknown } | undefined)?.text;
    const result = (query as (c: unknown, v?: unknown) => unknown).call(client, config, values);
    if (typeof text !== 'string' || !/^\s*begin\b/i.test(text) || !(result instanceof Promise)) return result;
    return result.catch((err: unknown) => {
      client.release(err instanceof Error ? err : true);
      // Should a later drizzle release it too, that is a no-op, not pg-pool's double-release throw.
      client.release = () => {};
      throw err;
    });
  };
  client.query = firstQuery as PoolClient['query'];
  return client;
}

/** Text the error handler maps to a 503 with Retry-After (http/errors.ts), with the driver's error as cause. */
export const CONNECT_FAILED_MESSAGE = 'Could not get a database connection';

function unreachable(err: unknown): Error {
  const reason = err instanceof Error ? err.message : String(err);
  return new Error(`${CONNECT_FAILED_MESSAGE}: ${reason}`, { cause: err });
}

export type OpenPostgresOptions = {
  /**
   * Errors of the LISTEN connection (it reconnects by itself) and exceptions thrown by listeners
   * (default: connection errors ignored, listener exceptions to console.error).
   */
  onListenerError?: (err: unknown) => void;
  /**
   * A pooled connection was lost (the server restarted, failed over, or cut it). The pool
   * replaces it by itself; this only reports it (default: ignored).
   */
  onClientError?: (err: Error) => void;
  /**
   * How long a query waits for a free pooled connection before failing (503). 5 s in the app;
   * tests that fire hundreds of requests at a 5-connection pool on a shared CI machine wait longer.
   */
  connectionTimeoutMs?: number;
};

export async function openPostgres(url: string, poolSize = 10, opts: OpenPostgresOptions = {}): Promise<Database> {
  // Loaded here, not at the top: a server on the embedded database never needs them.
  const [{ default: pg }, { drizzle: drizzleNodePg }, { migrate: migrateNodePg }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
  ]);
  // Money is stored as bigint (a day in rupiah outgrows 32 bits): read int8 as the number it is,
  // as PGlite does (a BigInt past 2^53, which no amount of ours reaches), not as text. pg keeps
  // type parsers per process; this one serves every pool and every drizzle query alike.
  pg.types.setTypeParser(pg.types.builtins.INT8, (text: string) => {
    const n = Number(text);
    return Number.isSafeInteger(n) ? n : BigInt(text);
  });
  // Our data lives on SSDs or in RAM: tell the planner random reads are cheap, so it prefers the
  // GIN and btree indexes over sequential scans for selective searches (see decision 005).
  // A host that does not answer fails fast (a 503 with Retry-After) instead of waiting for TCP.
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    options: PLANNER_OPTIONS,
    connectionTimeoutMillis: opts.connectionTimeoutMs ?? 5_000,
  });
  const onClientError = opts.onClientError ?? (() => {});
  pool.on('error', (err) => {
    // An idle client lost its connection (e.g. the server restarted): the pool has dropped it and
    // opens a new one on next use.
    onClientError(err);
  });
  pool.on('connect', (client) => {
    // A client that is checked out (a transaction, or between two statements) emits its
    // connection's loss as an 'error' event, which would end the process with nobody listening.
    // Its query, if any, fails on its own (a 503); the pool discards the client when it is
    // released. This listener stays for the client's life, idle or checked out.
    client.on('error', onClientError);
  });
  // Failing to get a connection (refused, the server starting up or shutting down, the pool's
  // wait timed out) means the database cannot be reached, whatever the driver's error: inside a
  // transaction it is thrown as is, not wrapped as a query's error, so it is marked here.
  const connect = pool.connect.bind(pool) as (cb?: ConnectCallback) => Promise<unknown> | void;
  (pool as { connect: unknown }).connect = (cb?: ConnectCallback) => {
    if (cb) return connect((err, client, done) => cb(err ? unreachable(err) : err, client, done));
    return (connect() as Promise<PoolClient>).then(releaseIfBeginFails, (err: unknown) => {
      throw unreachable(err);
    });
  };
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
    async migrate() {
      if (await migrationsAreCurrent(db as unknown as Db, migrationsFolder)) return;
      // Several instances may start at once: one migrates while the others wait on this lock,
      // then find the schema current. A session lock on a connection of its own, so it is
      // released if that connection dies; the migrator runs on the same connection.
      const client = await pool.connect();
      // A dropped connection then fails the query in progress instead of ending the process.
      const ignore = () => {};
      client.on('error', ignore);
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        try {
          const locked = drizzleNodePg(client, { schema });
          await migrateUnlessCurrent(locked as unknown as Db, () => migrateNodePg(locked, { migrationsFolder }));
        } finally {
          await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
        }
        client.off('error', ignore);
        client.release();
      } catch (err) {
        // The connection may be broken: destroy it rather than return it to the pool.
        client.off('error', ignore);
        client.release(err instanceof Error ? err : true);
        throw err;
      }
    },
    listen: (channel, fn) => listener.listen(channel, fn),
    notify: (channel, payload, executor = db as unknown as Db) => sendNotification(executor, channel, payload),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    async close() {
      await listener.close();
      await pool.end();
    },
  };
}

/**
 * PostgreSQL when `databaseUrl` is set, else embedded PGlite in `dataDir`. `started`: the embedded
 * database's thread, when the caller started it early (main.ts); it must be for `dataDir`.
 * `postgres`: options used only on PostgreSQL.
 */
export function openDatabase(
  opts: { databaseUrl: string | undefined; dataDir: string },
  started?: PgliteStart,
  postgres: OpenPostgresOptions = {},
): Promise<Database> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl, 10, postgres) : openPglite(opts.dataDir, { started });
}

/** Runs raw SQL and returns its rows, on either driver. */
export async function queryRows<T>(db: Executor, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
