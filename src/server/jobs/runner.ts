/**
 * The one job runner every instance runs (decision 032). It knows two kinds of work:
 *
 * - **Leased** (payment actions, the email outbox): work done outside any transaction (a call to
 *   Stripe, an SMTP conversation). Each worker slot claims ONE due row with `claimDue` (leased
 *   from the claim, on the database's clock), runs it while `holdLease` renews the lease, and
 *   claims the next. A slow job keeps its lease; a job is never run twice at once.
 * - **Rounds** (booking expiry and completion, orphan uploads, old realtime events): work done
 *   inside one short transaction that takes its rows `FOR UPDATE SKIP LOCKED`. The row locks are
 *   the lease: they last exactly as long as the work and end with the transaction (or with the
 *   connection, should the instance die), so nothing can run twice and nothing is left held.
 *
 * A kind that found work goes again at once; one that found none (or failed) waits its interval.
 * `stop()` stops claiming, waits for the jobs running, and releases what is still held.
 */
import type { Executor } from '../db/open.ts';
import {
  claimDue,
  holdLease,
  queueStats,
  releaseLease,
  type Claim,
  type LeasedQueue,
  type QueueStats,
} from './claim-due.ts';

export type LeasedKind<T = Record<string, unknown>> = {
  name: string;
  queue: LeasedQueue;
  /** A claim's lease (renewed every third of it while the job runs). */
  leaseMs: number;
  /** The worst case of one job (e.g. every call at its timeout); must not exceed 10 x leaseMs. */
  maxRunMs: number;
  /** Wait after finding nothing due. */
  intervalMs: number;
  /** Jobs of this kind run at once in this instance (default 1). */
  concurrency?: number;
  run(claim: Claim<T>, signal: AbortSignal): Promise<unknown>;
};

export type RoundKind = {
  name: string;
  intervalMs: number;
  /** A round that handled this many goes again at once. */
  batchSize?: number;
  /** One round (claims its rows FOR UPDATE SKIP LOCKED in its transaction); returns how many it handled. */
  round(): Promise<number>;
  stats?(): Promise<QueueStats>;
};

export type JobKind = ({ leased: LeasedKind<never> } | { round: RoundKind }) & { enabled?: boolean };

export type JobRunner = {
  /** Starts every kind's loop (idempotent). */
  start(): void;
  /**
   * Stops claiming, waits up to `timeoutMs` (default 10 s) for the jobs running, then aborts the
   * ones still running and releases their leases (due at once, for another instance). A second
   * call while stopped (app.close() after a shutdown's stop) joins the first.
   */
  stop(opts?: { timeoutMs?: number }): Promise<void>;
  /** Runs a kind until nothing of it is due (or `limit` jobs); returns how many it handled. */
  runOnce(name: string, opts?: { limit?: number }): Promise<number>;
  /** Wakes a kind's waiting loop (e.g. after enqueueing). */
  nudge(name: string): void;
  /** Queue depth and age of the oldest due job, per kind (for metrics). */
  stats(): Promise<Record<string, QueueStats>>;
  /** The kinds this runner knows. */
  kinds(): string[];
  /** Leased jobs running now in this instance (an aborted one counts until it has returned). */
  inFlight(): number;
};

type Held = { kind: LeasedKind<never>; claim: Claim<unknown>; abort: AbortController; done: Promise<unknown> };

export function createJobRunner(opts: {
  db: Executor;
  kinds: JobKind[];
  onError?: (err: unknown, kind: string) => void;
}): JobRunner {
  const onError = opts.onError ?? ((err, kind) => console.error(`Background job ${kind} failed:`, err));
  const kinds = opts.kinds.filter((k) => k.enabled !== false);
  const byName = new Map<string, JobKind>();
  for (const k of kinds) {
    const name = 'leased' in k ? k.leased.name : k.round.name;
    if ('leased' in k && k.leased.maxRunMs > 10 * k.leased.leaseMs) {
      throw new Error(`Job kind ${name}: a lease of ${k.leased.leaseMs} ms is too short for ${k.leased.maxRunMs} ms.`);
    }
    byName.set(name, k);
  }
  let running = false;
  /** The stop under way or done (a second stop, e.g. app.close() after a shutdown's, joins it). */
  let stopping: Promise<void> | undefined;
  const loops: Promise<void>[] = [];
  const sleepers = new Map<string, Set<() => void>>();
  const held = new Set<Held>();
  /** Rounds of one kind never overlap in this instance (runOnce and the loop included). */
  const roundChains = new Map<string, Promise<unknown>>();

  const sleep = (name: string, ms: number) =>
    new Promise<void>((resolve) => {
      const set = sleepers.get(name) ?? new Set();
      sleepers.set(name, set);
      const done = () => {
        clearTimeout(timer);
        set.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      timer.unref();
      set.add(done);
    });
  const wakeAll = () => {
    for (const set of sleepers.values()) for (const wake of [...set]) wake();
  };

  /** Claims one job of a leased kind and runs it; false when none was due. */
  async function runOneLeased(kind: LeasedKind<never>): Promise<boolean> {
    const [claim] = await claimDue<never>(opts.db, kind.queue, { leaseMs: kind.leaseMs });
    if (!claim) return false;
    const abort = new AbortController();
    const entry: Held = { kind, claim, abort, done: Promise.resolve() };
    held.add(entry);
    try {
      entry.done = holdLease(
        opts.db,
        kind.queue,
        claim,
        { leaseMs: kind.leaseMs, maxRunMs: kind.maxRunMs, signal: abort.signal },
        (signal) => kind.run(claim, signal),
      );
      await entry.done;
    } finally {
      held.delete(entry);
    }
    return true;
  }

  function runRound(kind: RoundKind): Promise<number> {
    const run = (roundChains.get(kind.name) ?? Promise.resolve()).then(() => kind.round());
    roundChains.set(
      kind.name,
      run.catch(() => {}),
    );
    return run;
  }

  async function leasedSlot(kind: LeasedKind<never>) {
    while (running) {
      let found = false;
      try {
        found = await runOneLeased(kind);
      } catch (err) {
        onError(err, kind.name);
      }
      if (running && !found) await sleep(kind.name, kind.intervalMs);
    }
  }

  async function roundLoop(kind: RoundKind) {
    while (running) {
      let handled = 0;
      try {
        handled = await runRound(kind);
      } catch (err) {
        onError(err, kind.name);
      }
      if (running && !(kind.batchSize && handled >= kind.batchSize)) await sleep(kind.name, kind.intervalMs);
    }
  }

  async function stopAll(timeoutMs: number) {
    running = false;
    wakeAll();
    let timer: NodeJS.Timeout | undefined;
    const timedOut = await Promise.race([
      Promise.all(loops).then(() => false),
      new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(true), timeoutMs);
        timer.unref();
      }),
    ]);
    clearTimeout(timer);
    if (!timedOut) return;
    // Still running past the bound: abort them and hand their claims back, so another instance
    // takes them at once instead of after their lease (the process is about to exit).
    await Promise.all(
      [...held].map(async (h) => {
        h.abort.abort(new Error('The job runner is stopping.'));
        await releaseLease(opts.db, h.kind.queue, h.claim).catch((err: unknown) => onError(err, h.kind.name));
      }),
    );
  }

  return {
    start() {
      if (running) return;
      running = true;
      stopping = undefined;
      loops.length = 0;
      for (const k of kinds) {
        if ('leased' in k) {
          for (let i = 0; i < (k.leased.concurrency ?? 1); i++) loops.push(leasedSlot(k.leased));
        } else loops.push(roundLoop(k.round));
      }
    },
    stop({ timeoutMs = 10_000 } = {}) {
      return (stopping ??= stopAll(timeoutMs));
    },
    async runOnce(name, { limit = Infinity } = {}) {
      const k = byName.get(name);
      if (!k) throw new Error(`No job kind ${name}.`);
      let handled = 0;
      if ('round' in k) {
        for (;;) {
          const n = await runRound(k.round);
          handled += n;
          if (!k.round.batchSize || n < k.round.batchSize || handled >= limit) return handled;
        }
      }
      while (handled < limit && (await runOneLeased(k.leased))) handled += 1;
      return handled;
    },
    nudge(name) {
      for (const wake of [...(sleepers.get(name) ?? [])]) wake();
    },
    async stats() {
      const out: Record<string, QueueStats> = {};
      for (const [name, k] of byName) {
        if ('leased' in k) out[name] = await queueStats(opts.db, k.leased.queue);
        else if (k.round.stats) out[name] = await k.round.stats();
      }
      return out;
    },
    kinds: () => [...byName.keys()],
    inFlight: () => held.size,
  };
}
