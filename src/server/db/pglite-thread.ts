import { Worker } from 'node:worker_threads';
import type { QueryOptions, Results, Transaction } from '@electric-sql/pglite';

/**
 * PGlite in a worker thread, behind the part of PGlite's API that drizzle's PGlite driver and
 * open.ts use: query, exec, transaction, listen, close, closed (decision 011).
 *
 * PGlite executes PostgreSQL synchronously on the thread that calls it, so in the server's own
 * thread every query stalls every request, even `/healthz`. Here the database lives in
 * pglite-worker.mjs and this side only posts requests and receives results (structured clone).
 *
 * The protocol (one MessagePort, messages in order both ways):
 * - requests `{ id, op, ... }`, each answered by `{ id, ok: true, value }` or `{ id, ok: false, error }`:
 *   `query { sql, params, rowMode, rawOids, txId? }`, `exec { sql, txId? }`,
 *   `begin { txId }` (resolves once BEGIN ran), `end { txId, commit }` (COMMIT or ROLLBACK),
 *   `listen { subId, channel }`, `unlisten { subId }`, `close`;
 * - from the worker unasked: `{ op: 'ready' }` or `{ op: 'failed', error }` once at start, and
 *   `{ op: 'notification', subId, payload }`.
 *
 * Transactions keep PGlite's guarantee across the boundary: the worker opens them with PGlite's own
 * `transaction()`, which holds its transaction mutex until `end`, so statements without a `txId`
 * (other requests) wait and never interleave with the transaction's; statements with the `txId`
 * run on its `tx`. As on one thread, using the outer handle inside a transaction callback waits
 * forever: always use `tx`.
 *
 * Errors keep their PostgreSQL fields (code, constraint, table, detail, ...) so mapDatabaseError
 * maps them as before. A closed database, or a worker that died, answers every request with
 * "PGlite is closed..." (mapped to 503 like PGlite's own message).
 *
 * The worker is unref'd while nothing is pending, so like an in-process PGlite it never keeps the
 * process alive by itself.
 */

export type PgliteThreadOptions = {
  /** The PGlite data directory; in memory when undefined. */
  dataDir: string | undefined;
  /** Names of `@electric-sql/pglite/contrib/<name>` extensions (each module exports `name`). */
  extensions: string[];
  /** Statements run once at start (e.g. planner settings). */
  setup: string[];
  /** Server settings given at PGlite's start (`-c name=value`), e.g. shared_buffers. */
  settings: Record<string, string>;
};

type Pending = { resolve: (value: unknown) => void; reject: (err: Error) => void };
type WireError = { name?: string; message?: string; stack?: string } & Record<string, unknown>;
type Parsers = NonNullable<QueryOptions['parsers']>;

const WORKER_URL = new URL('./pglite-worker.mjs', import.meta.url);

/** An error from the database thread, with the PostgreSQL fields it had there. */
export class PgliteThreadError extends Error {
  code?: string;
  constraint?: string;
  table?: string;
  constructor(wire: WireError) {
    super(wire.message ?? 'Unknown database error');
    this.name = wire.name && wire.name !== 'Error' ? wire.name : 'PgliteThreadError';
    for (const [k, v] of Object.entries(wire)) {
      if (k !== 'name' && k !== 'message' && k !== 'stack') (this as Record<string, unknown>)[k] = v;
    }
    if (wire.stack) this.stack = `${this.stack ?? ''}\n    -- in the database thread --\n${wire.stack}`;
  }
}

function closedError(reason?: string) {
  return new Error(`PGlite is closed${reason ? `: ${reason}` : ''}`);
}

/** Applies parsers given for column types (kept as raw text by the worker) on this side. */
function applyParsers(result: Results, parsers: Parsers, rowMode: QueryOptions['rowMode']) {
  result.fields.forEach((field, i) => {
    const parse = parsers[field.dataTypeID];
    if (!parse) return;
    for (const row of result.rows as unknown[]) {
      if (rowMode === 'array') {
        const r = row as unknown[];
        if (r[i] !== null && r[i] !== undefined) r[i] = parse(r[i] as string);
      } else {
        const r = row as Record<string, unknown>;
        const v = r[field.name];
        if (v !== null && v !== undefined) r[field.name] = parse(v as string);
      }
    }
  });
}

export class PgliteThread {
  readonly #worker: Worker;
  readonly #pending = new Map<number, Pending>();
  readonly #subscriptions = new Map<number, (payload: string) => void>();
  #nextId = 1;
  #closed = false;
  #closeReason: string | undefined;
  #closing: Promise<void> | undefined;

  private constructor(worker: Worker) {
    this.#worker = worker;
  }

  /** Requests sent to the thread and not answered yet (running or queued). */
  get pendingCount(): number {
    return this.#pending.size;
  }

  /** Starts the thread and waits until PGlite is open (extensions loaded, setup run). */
  static async start(options: PgliteThreadOptions): Promise<PgliteThread> {
    const { thread, ready } = PgliteThread.launch(options);
    await ready;
    return thread;
  }

  /**
   * Starts the thread and returns at once: `ready` resolves once PGlite is open, or rejects with
   * why it could not open. Requests made before wait in the thread's queue and run after it opened
   * (if it does not, they fail with "PGlite is closed"; await `ready` for the reason).
   */
  static launch(options: PgliteThreadOptions): { thread: PgliteThread; ready: Promise<void> } {
    const worker = new Worker(WORKER_URL, { workerData: options });
    const thread = new PgliteThread(worker);
    const ready = new Promise<void>((resolve, reject) => {
      let started = false;
      worker.on('message', (m: { op?: string; id?: number; ok?: boolean; value?: unknown; error?: WireError }) => {
        if (m.op === 'ready') {
          started = true;
          if (thread.#pending.size === 0) worker.unref();
          resolve();
        } else if (m.op === 'failed') {
          void worker.terminate();
          reject(new PgliteThreadError(m.error ?? {}));
        } else if (m.op === 'notification') {
          const sub = (m as { subId: number }).subId;
          thread.#subscriptions.get(sub)?.((m as { payload: string }).payload);
        } else if (m.id !== undefined) {
          thread.#settle(m.id, m.ok === true, m.value, m.error);
        }
      });
      worker.on('error', (err) => {
        if (!started) reject(new Error(`The database thread (pglite-worker.mjs) failed to start: ${err.message}`));
        thread.#stopped(`the database thread failed: ${err.message}`);
      });
      worker.on('exit', (code) => {
        if (!started)
          reject(new Error(`The database thread (pglite-worker.mjs) exited with code ${code} during start.`));
        thread.#stopped(code === 0 ? undefined : `the database thread exited with code ${code}`);
      });
    });
    return { thread, ready };
  }

  get closed(): boolean {
    return this.#closed;
  }

  #stopped(reason: string | undefined) {
    if (this.#closed) return; // e.g. the exit that follows close()
    this.#closed = true;
    this.#closeReason = reason;
    const error = closedError(this.#closeReason);
    for (const p of this.#pending.values()) p.reject(error);
    this.#pending.clear();
    this.#subscriptions.clear();
  }

  #settle(id: number, ok: boolean, value: unknown, error: WireError | undefined) {
    const p = this.#pending.get(id);
    if (!p) return;
    this.#pending.delete(id);
    if (this.#pending.size === 0) this.#worker.unref();
    if (ok) p.resolve(value);
    else p.reject(new PgliteThreadError(error ?? {}));
  }

  /**
   * Posts one request. Once close() has begun, only an open transaction's statements and its end
   * still go through (as on PGlite, close waits for the open transaction); others are refused.
   */
  #request<T>(message: Record<string, unknown>, evenWhenClosing = message.txId !== undefined): Promise<T> {
    if (this.#closed || (this.#closing && !evenWhenClosing)) return Promise.reject(closedError(this.#closeReason));
    const id = this.#nextId++;
    return new Promise<T>((resolve, reject) => {
      if (this.#pending.size === 0) this.#worker.ref();
      this.#pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      try {
        this.#worker.postMessage({ ...message, id });
      } catch (err) {
        // e.g. a parameter that cannot be cloned (a function)
        this.#pending.delete(id);
        if (this.#pending.size === 0) this.#worker.unref();
        reject(err instanceof Error ? err : new Error(String(err)));
      }
    });
  }

  async #query<T>(sql: string, params: unknown[] = [], options: QueryOptions = {}, txId?: number) {
    const { rowMode, parsers, serializers, blob, paramTypes, onNotice } = options;
    if (serializers || blob || paramTypes || onNotice) {
      throw new Error('serializers, blob, paramTypes and onNotice are not supported on the database thread');
    }
    const rawOids = parsers ? Object.keys(parsers).map(Number) : [];
    const result = await this.#request<Results<T>>({ op: 'query', sql, params, rowMode, rawOids, txId });
    if (parsers && rawOids.length) applyParsers(result as Results, parsers, rowMode);
    return result;
  }

  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.#query<T>(sql, params, options);
  }

  exec(sql: string, options?: QueryOptions): Promise<Results[]> {
    if (options && Object.keys(options).length)
      throw new Error('exec options are not supported on the database thread');
    return this.#request<Results[]>({ op: 'exec', sql });
  }

  /** PGlite's `transaction()`: BEGIN, the callback with its `tx`, then COMMIT (or ROLLBACK if it throws). */
  async transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    const txId = this.#nextId++;
    await this.#request({ op: 'begin', txId }, false);
    let closed = false;
    const check = () => {
      if (closed) throw new Error('Transaction is closed');
    };
    const tx = {
      query: <R>(sql: string, params?: unknown[], options?: QueryOptions) => {
        check();
        return this.#query<R>(sql, params, options, txId);
      },
      exec: (sql: string) => {
        check();
        return this.#request<Results[]>({ op: 'exec', sql, txId });
      },
      rollback: async () => {
        check();
        closed = true;
        await this.#request({ op: 'end', txId, commit: false }, true);
      },
      listen: () => Promise.reject(new Error('listen inside a transaction is not supported on the database thread')),
      sql: () => Promise.reject(new Error('tx.sql is not supported on the database thread; use tx.query')),
      get closed() {
        return closed;
      },
    } as unknown as Transaction;

    let result: T;
    try {
      result = await callback(tx);
    } catch (err) {
      if (!closed) {
        closed = true;
        // The transaction's own error is the one to report; a failed ROLLBACK (the database just
        // closed) changes nothing for the caller.
        await this.#request({ op: 'end', txId, commit: false }, true).catch(() => {});
      }
      throw err;
    }
    if (!closed) {
      closed = true;
      await this.#request({ op: 'end', txId, commit: true }, true);
    }
    return result;
  }

  /** Subscribes to `channel`; resolves once LISTEN ran, with a function that ends the subscription. */
  /** A gzipped tar of the data directory, as PGlite's dumpDataDir makes it, taken between queries. */
  async dumpDataDir(): Promise<Uint8Array> {
    return this.#request<Uint8Array>({ op: 'dumpDataDir' });
  }

  async listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>> {
    const subId = this.#nextId++;
    this.#subscriptions.set(subId, callback);
    try {
      await this.#request({ op: 'listen', subId, channel });
    } catch (err) {
      this.#subscriptions.delete(subId);
      throw err;
    }
    return async () => {
      if (!this.#subscriptions.delete(subId) || this.#closed) return;
      await this.#request({ op: 'unlisten', subId }, true);
    };
  }

  /** Lets queued statements finish, closes PGlite (flushing its files) and ends the thread. */
  close(): Promise<void> {
    this.#closing ??= (async () => {
      try {
        if (!this.#closed) await this.#request({ op: 'close' }, true);
      } finally {
        this.#stopped(undefined);
        await this.#worker.terminate();
      }
    })();
    return this.#closing;
  }
}
