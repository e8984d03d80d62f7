import path from 'node:path';
import { lockDataDir } from './lock.ts';
import { PgliteThread } from './pglite-thread.ts';

/**
 * The first step of opening the embedded database: take the data directory's lock and start
 * PGlite in its thread (decision 011). Kept apart from open.ts, with only the lock and the thread's
 * client as imports, so that main.ts can call it before it loads the rest of the server: PGlite's
 * start (WebAssembly, its file bundle, the data directory) then runs on its own thread while this
 * one loads and builds the app (decision 011, addendum of 2026-11-25).
 */

export const RANDOM_PAGE_COST = 1.1;

/** `@electric-sql/pglite/contrib/<name>` extensions the schema uses (each module exports `name`). */
export const PGLITE_EXTENSION_NAMES = ['btree_gist', 'pg_trgm', 'unaccent'];

/** What runs once on every PGlite connection before use. */
export const PGLITE_SETUP = [`SET random_page_cost = ${RANDOM_PAGE_COST}`];

/**
 * Server settings PGlite starts with (`-c name=value`, after PGlite's own start parameters).
 *
 * shared_buffers: PostgreSQL's default pool, 128MB, is zeroed inside WebAssembly (memset) at every
 * open, ~6 ms per MB: 0.7-0.9 s of each start on a 2-core VM, the largest single cost of
 * `npm start`. PGlite has one connection and its files sit in the OS page cache, so a page outside
 * the pool is one read away, not a disk seek. 32MB holds the demo database (12 MB) with room.
 * Decision 029.
 */
export const PGLITE_START_SETTINGS: Readonly<Record<string, string>> = { shared_buffers: '32MB' };

/** PGlite's start parameters: its own defaults, then PGLITE_START_SETTINGS. */
export function pgliteStartParams(defaults: readonly string[]): string[] {
  return [...defaults, ...Object.entries(PGLITE_START_SETTINGS).flatMap(([name, value]) => ['-c', `${name}=${value}`])];
}

/** An embedded database whose thread is starting: the lock is held from the call on. */
export type PgliteStart = {
  /** The DATA_DIR it was started for (undefined: in memory). */
  dir: string | undefined;
  /** The thread's client; requests made before `ready` wait in its queue. */
  thread: PgliteThread;
  /** Resolves once PGlite is open in its thread; rejects with the reason if it could not open. */
  ready: Promise<void>;
  /** Releases the lock (the database must be closed first, or never have opened). */
  release: () => void;
};

/**
 * Locks `dir` (throws DataDirLockedError at once when another live process holds it) and starts
 * the thread. The caller hands the result to openPglite().
 */
export function startPgliteThread(dir: string | undefined): PgliteStart {
  const release = dir ? lockDataDir(dir) : () => {};
  try {
    const { thread, ready } = PgliteThread.launch({
      dataDir: dir ? path.join(dir, 'pglite') : undefined,
      extensions: PGLITE_EXTENSION_NAMES,
      setup: PGLITE_SETUP,
      settings: { ...PGLITE_START_SETTINGS },
    });
    // A failure is reported where `ready` is awaited; until then it is not an unhandled rejection.
    ready.catch(() => {});
    return { dir, thread, ready, release };
  } catch (err) {
    release();
    throw err;
  }
}
