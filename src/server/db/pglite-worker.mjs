// @ts-check
/**
 * The embedded database's own thread (decision 011). PGlite runs PostgreSQL compiled to
 * WebAssembly synchronously on whichever thread calls it; here, that is this worker, so the
 * server's event loop keeps answering health checks, static files and pages while queries queue.
 *
 * Plain JavaScript on purpose: it must run unchanged in a worker thread under `npm start`, vitest
 * and any compiled build, and a worker does not always get the TypeScript loader its parent has.
 * The main-thread side is pglite-thread.ts, which documents the protocol.
 *
 * Every statement runs through PGlite's own API, so PGlite's guarantees hold as they do in one
 * thread: `query`/`exec` wait for any open transaction (its mutex), a transaction's statements run
 * on its `tx` in the order they arrive, and notifications go to `listen` callbacks.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

/** The fields of a PostgreSQL error (pg-protocol's DatabaseError) that cross the thread. */
const ERROR_FIELDS = [
  'severity',
  'code',
  'detail',
  'hint',
  'position',
  'internalPosition',
  'internalQuery',
  'where',
  'schema',
  'table',
  'column',
  'dataType',
  'constraint',
  'file',
  'line',
  'routine',
  'query',
];

/** @param {unknown} err */
function serializeError(err) {
  if (!(err instanceof Error)) {
    // Emscripten's file-system errors (ErrnoError) are plain objects with a name and an errno.
    const o = /** @type {Record<string, unknown>} */ (err && typeof err === 'object' ? err : {});
    const described =
      typeof o.name === 'string' ? `${o.name}${o.errno !== undefined ? ` (errno ${String(o.errno)})` : ''}` : '';
    return { name: 'Error', message: described || String(err) };
  }
  /** @type {Record<string, unknown>} */
  const out = { name: err.name, message: err.message, stack: err.stack };
  const fields = /** @type {Record<string, unknown>} */ (/** @type {unknown} */ (err));
  for (const key of ERROR_FIELDS) {
    const v = fields[key];
    if (typeof v === 'string' || typeof v === 'number') out[key] = v;
  }
  return out;
}

const port = parentPort;
if (!port) throw new Error('pglite-worker.mjs runs as a worker thread (see pglite-thread.ts).');

/** @param {unknown} message */
const post = (message) => port.postMessage(message);

/** @param {number[]} oids PGlite parsers that keep these types as the text PostgreSQL sent. */
function rawParsers(oids) {
  /** @type {Record<number, (value: string) => string>} */
  const parsers = {};
  for (const oid of oids) parsers[oid] = (value) => value;
  return parsers;
}

/** @param {import('@electric-sql/pglite').Results} r */
const plain = (r) => ({ rows: r.rows, fields: r.fields, affectedRows: r.affectedRows });

/**
 * @typedef {{ tx?: import('@electric-sql/pglite').Transaction, decide: (commit: boolean) => void, done: Promise<void> }} OpenTx
 */

async function main() {
  /** @type {{ dataDir?: string, extensions: string[], setup: string[], settings: Record<string, string> }} */
  const options = workerData;
  /** @type {PGlite} */
  let db;

  /** @type {Map<number, OpenTx>} */
  const transactions = new Map();
  /** @type {Map<number, () => Promise<void>>} */
  const subscriptions = new Map();

  /** @param {number | undefined} txId */
  function target(txId) {
    if (txId === undefined) return db;
    const open = transactions.get(txId);
    if (!open?.tx) throw new Error('Transaction is closed');
    return open.tx;
  }

  /**
   * Opens a transaction with PGlite's own `transaction()`: it holds PGlite's transaction mutex
   * (so no other statement interleaves) until the main thread says commit or roll back.
   * @param {number} txId
   * @returns {Promise<void>} once BEGIN has run
   */
  function begin(txId) {
    return new Promise((began, failed) => {
      /** @type {(commit: boolean) => void} */
      let decide = () => {};
      /** @type {Promise<boolean>} */
      const decision = new Promise((resolve) => {
        decide = resolve;
      });
      /** @type {OpenTx} */
      const open = { decide, done: Promise.resolve() };
      transactions.set(txId, open);
      open.done = db
        .transaction(async (tx) => {
          open.tx = tx;
          began();
          const commit = await decision;
          if (!commit && !tx.closed) await tx.rollback();
        })
        .finally(() => transactions.delete(txId));
      // BEGIN itself failed (e.g. the database is closed): the callback never ran.
      open.done.catch(failed);
    });
  }

  /** @param {number} txId @param {boolean} commit */
  async function end(txId, commit) {
    const open = transactions.get(txId);
    if (!open) throw new Error('Transaction is closed');
    open.decide(commit);
    await open.done;
  }

  /** @param {any} m */
  async function handle(m) {
    switch (m.op) {
      case 'query':
        return plain(
          await target(m.txId).query(m.sql, m.params, { rowMode: m.rowMode, parsers: rawParsers(m.rawOids) }),
        );
      case 'exec':
        return (await target(m.txId).exec(m.sql)).map(plain);
      case 'begin':
        return begin(m.txId);
      case 'end':
        return end(m.txId, m.commit);
      case 'listen': {
        const subId = /** @type {number} */ (m.subId);
        const unlisten = await db.listen(m.channel, (payload) => post({ op: 'notification', subId, payload }));
        subscriptions.set(subId, unlisten);
        return undefined;
      }
      case 'unlisten': {
        const unlisten = subscriptions.get(m.subId);
        subscriptions.delete(m.subId);
        if (unlisten && !db.closed) await unlisten();
        return undefined;
      }
      case 'dumpDataDir': {
        // A gzipped tar of the data directory, taken between queries (PGlite's own lock).
        const dump = await db.dumpDataDir('gzip');
        return new Uint8Array(await dump.arrayBuffer());
      }
      case 'close':
        if (!db.closed) await db.close();
        return undefined;
      default:
        throw new Error(`Unknown request to the database thread: ${String(m.op)}`);
    }
  }

  /** @type {(opened: boolean) => void} */
  let settleOpen = () => {};
  /** True once PGlite is open and set up; false if it could not open (the main thread then stops this thread). */
  const opened = new Promise((resolve) => {
    settleOpen = resolve;
  });
  // Requests are taken from the start and run once PGlite is open, in the order they came. Taking
  // them also keeps this thread's event loop alive while PGlite opens: with no active handle, an
  // await on WebAssembly's compilation leaves the loop empty, and Node then waits (DrainTasks) for
  // every queued background task, V8's optimizing compiles of PGlite's functions included, before
  // it runs anything else. The first query after `ready` waited 0.2-0.45 s for them (decision 029).
  port.on('message', (m) => {
    void opened.then((ok) => {
      if (!ok) return;
      handle(m).then(
        (value) => {
          try {
            post({ id: m.id, ok: true, value });
          } catch (err) {
            post({ id: m.id, ok: false, error: serializeError(err) });
          }
        },
        (err) => post({ id: m.id, ok: false, error: serializeError(err) }),
      );
    });
  });

  try {
    /** @type {Record<string, any>} */
    const extensions = {};
    for (const name of options.extensions) {
      if (!/^[a-z_]+$/.test(name)) throw new Error(`Invalid PGlite extension name: ${name}`);
      extensions[name] = (await import(`@electric-sql/pglite/contrib/${name}`))[name];
    }
    // PGlite's own start parameters, then ours (pglite-start.ts: PGLITE_START_SETTINGS).
    const startParams = [...PGlite.defaultStartParams];
    for (const [name, value] of Object.entries(options.settings)) startParams.push('-c', `${name}=${value}`);
    db = await PGlite.create(options.dataDir, { extensions, startParams });
    for (const statement of options.setup) await db.exec(statement);
  } catch (err) {
    const error = serializeError(err);
    error.message = `Could not open the embedded database in ${options.dataDir}: ${String(error.message)}`;
    post({ op: 'failed', error });
    settleOpen(false);
    return;
  }
  settleOpen(true);
  post({ op: 'ready' });
}

void main();
