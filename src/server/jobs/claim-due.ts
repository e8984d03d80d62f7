/**
 * Claiming due work that lives in a table, safely across instances (decision 032).
 *
 * A queue is a table with an `id`, a due column and a `lease_token`. A row is owed work while
 * `pending` holds, and due once its due column is at or before the database's `now()`. Claiming
 * takes due rows `FOR UPDATE SKIP LOCKED` (two instances never take the same row) and, in the
 * same statement, moves the due column to `now() + lease` and stamps a fresh token: the lease is
 * counted from the claim, on the database's clock, never from the start of a round or from an
 * instance's own clock. While the job runs, `holdLease` renews the lease; the job's result is
 * written only `where` the token is still its own (`held`), so a claim that was lost (taken over
 * after its lease ran out) can never record anything. Finishing a job clears the token; `release`
 * hands an unfinished claim back (due now) at shutdown.
 */
import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../db/open.ts';

export type LeasedQueue = {
  /** The table (`payments`, `email_outbox`). */
  table: string;
  /** Its due column, which is also the lease's end while a row is claimed. */
  due: string;
  /** Which rows are owed work at all (e.g. `pending_action is not null`). */
  pending: SQL;
  /** Extra assignments made by a claim (e.g. counting an attempt). */
  onClaim?: SQL;
  /** What a claim returns besides the id (e.g. `pending_action, status`). */
  returning?: SQL;
  /** The lease token's column (default `lease_token`), for a second queue on the same table. */
  token?: string;
};

/** A claimed row: its id, the lease token, what the claim returned (and the token's column, when not `lease_token`). */
export type Claim<T> = { id: string; token: string; row: T; tokenColumn?: string };

const tokenOf = (column: string | undefined) => sql.identifier(column ?? 'lease_token');

const secs = (ms: number) => sql`make_interval(secs => ${ms / 1000})`;

/** The wait after `attempts` failed tries of a job: 30 s, 1 min, 2 min, ... at most an hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 60 * 60 * 1000);
}

/** SQL: `now()` plus the wait after `attempts` failed tries (backoff on the database's clock). */
export const retryAt = (attempts: number) => sql`now() + ${secs(retryDelayMs(attempts))}`;

/**
 * Claims up to `limit` (default 1) due rows, oldest due first, or only the row `id` if it is due.
 * Returns what was claimed; nothing when every due row is taken.
 */
export async function claimDue<T = Record<string, unknown>>(
  db: Executor,
  q: LeasedQueue,
  opts: { leaseMs: number; limit?: number; id?: string },
): Promise<Claim<T>[]> {
  const token = randomUUID();
  const table = sql.identifier(q.table);
  const due = sql.identifier(q.due);
  const rows = await queryRows<T & { id: string }>(
    db,
    sql`update ${table} as q set ${due} = now() + ${secs(opts.leaseMs)}, ${tokenOf(q.token)} = ${token}
          ${q.onClaim ? sql`, ${q.onClaim}` : sql``}
        where q.id in (
          select id from ${table}
          where ${q.pending} and ${due} <= now() ${opts.id ? sql`and id = ${opts.id}` : sql``}
          order by ${due}, id
          limit ${opts.limit ?? 1}
          for update skip locked
        )
        returning q.id ${q.returning ? sql`, ${q.returning}` : sql``}`,
  );
  return rows.map((row) => ({ id: row.id, token, row, ...(q.token ? { tokenColumn: q.token } : {}) }));
}

/** SQL: the row is still held by this claim (guard every write of the job's result with it). */
export function held(claim: Pick<Claim<unknown>, 'id' | 'token' | 'tokenColumn'>): SQL {
  return sql`id = ${claim.id} and ${tokenOf(claim.tokenColumn)} = ${claim.token}`;
}

/** Extends the lease to `now() + leaseMs`. False when the claim was lost (or finished). */
export async function renewLease(db: Executor, q: LeasedQueue, claim: Claim<unknown>, leaseMs: number) {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`update ${sql.identifier(q.table)} set ${sql.identifier(q.due)} = now() + ${secs(leaseMs)}
        where ${held(claim)} and ${q.pending} returning id`,
  );
  return rows.length > 0;
}

/** Hands an unfinished claim back: due at once, for any instance. False when it was not held. */
export async function releaseLease(db: Executor, q: LeasedQueue, claim: Claim<unknown>) {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`update ${sql.identifier(q.table)} set ${sql.identifier(q.due)} = now(), ${tokenOf(q.token)} = null
        where ${held(claim)} and ${q.pending} returning id`,
  );
  return rows.length > 0;
}

/**
 * Runs `job` on a claim, renewing its lease every third of `leaseMs` while it runs, for at most
 * `maxRunMs` (the worst case of one job: past it the job is taken for hung, `signal` is aborted
 * and the lease is left to run out). When a renewal finds the claim lost, `signal` is aborted too;
 * the job's own writes are refused anyway (they are guarded by `held`).
 */
export async function holdLease<R>(
  db: Executor,
  q: LeasedQueue,
  claim: Claim<unknown>,
  opts: { leaseMs: number; maxRunMs: number; signal?: AbortSignal; onLost?: () => void },
  job: (signal: AbortSignal) => Promise<R>,
): Promise<R> {
  const abort = new AbortController();
  const onOuterAbort = () => abort.abort(opts.signal?.reason);
  opts.signal?.addEventListener('abort', onOuterAbort, { once: true });
  const started = Date.now();
  let renewing: Promise<unknown> = Promise.resolve();
  const beat = setInterval(
    () => {
      if (Date.now() - started >= opts.maxRunMs) {
        clearInterval(beat);
        abort.abort(new Error(`The job ran longer than its worst case (${opts.maxRunMs} ms).`));
        return;
      }
      renewing = renewing
        .then(() => renewLease(db, q, claim, opts.leaseMs))
        .then((still) => {
          if (still || abort.signal.aborted) return;
          clearInterval(beat);
          opts.onLost?.();
          abort.abort(new Error('The job lost its lease.'));
        })
        // A renewal that fails (database away) is tried again at the next beat.
        .catch(() => {});
    },
    Math.max(10, Math.floor(opts.leaseMs / 3)),
  );
  beat.unref();
  try {
    return await job(abort.signal);
  } finally {
    clearInterval(beat);
    opts.signal?.removeEventListener('abort', onOuterAbort);
    await renewing;
  }
}

export type QueueStats = {
  /** Rows owed work (due, leased or waiting for a retry). */
  depth: number;
  /** Rows due now and not leased. */
  due: number;
  /** How long the oldest due row has been due, in seconds (0 when none is). */
  oldestDueSeconds: number;
};

/** Depth and age of a queue, on the database's clock. */
export async function queueStats(db: Executor, q: LeasedQueue): Promise<QueueStats> {
  const due = sql.identifier(q.due);
  const [row] = await queryRows<{ depth: number; due: number; oldest: number | null }>(
    db,
    sql`select count(*)::int as depth, (count(*) filter (where ${due} <= now()))::int as due,
               extract(epoch from now() - min(${due}) filter (where ${due} <= now()))::float8 as oldest
        from ${sql.identifier(q.table)} where ${q.pending}`,
  );
  return { depth: row?.depth ?? 0, due: row?.due ?? 0, oldestDueSeconds: Math.max(0, Number(row?.oldest ?? 0)) };
}
