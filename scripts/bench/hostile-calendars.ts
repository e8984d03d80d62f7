/**
 * bench:booking's hostile-calendar section (decision 045): a provider adds each of the six hostile
 * calendars (src/server/test/hostile-calendars.ts, served from this process) to the running app,
 * and while the app's job runner fetches and reads it, two loops ask /healthz again and again. The
 * table gives each calendar's outcome, how long its sync took, and /healthz's p50, p99 and worst
 * latency meanwhile, against the 50 ms p99 ceiling: the server's event loop runs no calendar code.
 */
import { performance } from 'node:perf_hooks';
import type pg from 'pg';
import type { Db } from '../../src/server/db/open.ts';
import { createSession, SESSION_COOKIE } from '../../src/server/http/session.ts';
import { HOSTILE_PATHS, startHostileCalendarServer } from '../../src/server/test/hostile-calendars.ts';
import { fmtInt, fmtMs, fmtSecs, table } from './format.ts';
import { summarize, type Measured } from './measure.ts';
import { pf } from './report.ts';

/** /healthz answers within this, judged on p99, while a hostile calendar syncs. */
export const HEALTH_CEILING_MS = 50;
/** A sync that has not ended by then is reported as such (the parser's own budget is 10 s). */
const SYNC_WAIT_MS = 60_000;

export type HostileRow = {
  path: string;
  outcome: string;
  syncSeconds: number;
  health: Measured;
  worst: number;
};

/** Asks /healthz from `loops` loops until `stop` resolves; latencies in ms. */
async function hammerHealth(base: string, loops: number, stop: Promise<void>) {
  const latencies: number[] = [];
  let errors = 0;
  let done = false;
  void stop.then(() => {
    done = true;
  });
  const started = performance.now();
  await Promise.all(
    Array.from({ length: loops }, async () => {
      while (!done) {
        const t = performance.now();
        try {
          const res = await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(10_000) });
          await res.arrayBuffer();
          if (res.ok) latencies.push(performance.now() - t);
          else errors++;
        } catch {
          errors++;
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return { health: summarize(latencies, seconds, errors), worst: latencies.length ? Math.max(...latencies) : NaN };
}

export async function measureHostileCalendars(base: string, rawPool: pg.Pool, db: Db, email: (tag: string) => string) {
  const calendars = await startHostileCalendarServer(new Date());
  const rows: HostileRow[] = [];
  try {
    const { rows: users } = await rawPool.query<{ id: string }>(
      `insert into users (email, name, role) values ($1, 'Hostile', 'PROVIDER') returning id`,
      [email('hostile-calendars')],
    );
    const userId = users[0]!.id;
    await rawPool.query(`insert into providers (user_id, display_name, time_zone) values ($1, 'Hostile', $2)`, [
      userId,
      'America/New_York',
    ]);
    const cookie = `${SESSION_COOKIE}=${(await createSession(db, userId, 'bench:booking')).token}`;
    const headers = { cookie, 'content-type': 'application/json' };
    // What /healthz does on this machine with no calendar syncing, for comparison.
    const t0 = performance.now();
    const quiet = await hammerHealth(base, 2, new Promise((r) => setTimeout(r, 3000)));
    rows.push({ path: '(none: no sync)', outcome: '-', syncSeconds: (performance.now() - t0) / 1000, ...quiet });

    for (const path of HOSTILE_PATHS) {
      const t0 = performance.now();
      const added = await fetch(`${base}/api/provider/calendars`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ name: path, url: calendars.url(path) }),
      });
      if (added.status !== 201) throw new Error(`adding ${path}: ${added.status} ${await added.text()}`);
      const { id } = (await added.json()) as { id: string };
      // The sync ends when the row records a good sync or an error.
      let outcome = 'did not end';
      const ended = (async () => {
        while (performance.now() - t0 < SYNC_WAIT_MS) {
          const { rows: state } = await rawPool.query<{
            last_synced_at: Date | null;
            last_error: string | null;
            busy_count: number;
            unreadable_count: number;
          }>(`select last_synced_at, last_error, busy_count, unreadable_count from calendar_imports where id = $1`, [
            id,
          ]);
          const row = state[0];
          if (row?.last_error) {
            outcome = `error: ${row.last_error}`;
            return;
          }
          if (row?.last_synced_at) {
            const busy = `${fmtInt(row.busy_count)} busy ${row.busy_count === 1 ? 'time' : 'times'}`;
            outcome = `${busy}${row.unreadable_count ? `, ${row.unreadable_count} unreadable` : ''}`;
            return;
          }
          await new Promise((r) => setTimeout(r, 50));
        }
      })();
      const { health, worst } = await hammerHealth(base, 2, ended);
      rows.push({ path, outcome, syncSeconds: (performance.now() - t0) / 1000, health, worst });
      const removed = await fetch(`${base}/api/provider/calendars/${id}`, { method: 'DELETE', headers: { cookie } });
      await removed.arrayBuffer();
    }
  } finally {
    await calendars.close();
  }
  return rows;
}

export function printHostileCalendars(rows: HostileRow[], smoke: boolean) {
  console.log(`\n  Hostile calendars: /healthz (2 loops) while each syncs, p99 ceiling ${HEALTH_CEILING_MS} ms\n`);
  console.log(
    table(
      ['calendar', 'outcome', 'sync s', 'healthz', 'p50 ms', 'p99 ms', 'max ms', 'ceiling'],
      rows.map((r) => [
        r.path,
        r.outcome,
        fmtSecs(r.syncSeconds),
        fmtInt(r.health.count),
        fmtMs(r.health.p50),
        fmtMs(r.health.p99),
        fmtMs(r.worst),
        `p99 ≤ ${HEALTH_CEILING_MS} ms ${smoke ? '(not judged)' : pf(r.health.p99 <= HEALTH_CEILING_MS && r.health.errors === 0)}`,
      ]),
      [false, false, true, true, true, true, true, false],
    )
      .split('\n')
      .map((l) => `  ${l}`)
      .join('\n'),
  );
}
