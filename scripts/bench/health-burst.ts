/**
 * Does a burst of searches stall the server? (a measurement, not a test)
 *
 * Starts the real app on the demo data, once on the embedded database (PGlite, a fresh DATA_DIR,
 * as `npm start` runs it) and once on PostgreSQL (a throwaway database on DATABASE_URL's server),
 * and measures `GET /healthz`, which does not touch the database:
 * - at rest: one probe at a time;
 * - during a burst: autocannon keeps C connections (default 200) of searches going while the
 *   same prober keeps asking for /healthz.
 * The prober runs in its own thread with one keep-alive connection, so its numbers are the
 * server's and not this process's (autocannon's 200 connections share this process's loop).
 *
 * Run alone with `npm run bench:health -- [--connections=200] [--duration=10] [--engines=pglite,postgres]`;
 * `npm run bench:search` prints it after its own tables, and `--smoke` runs it briefly.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import autocannon from 'autocannon';
import { dropDatabase } from './fill.ts';
import { dbName, fmtInt, fmtMs, safeLocation, sleep, table, withDbName } from './format.ts';
import { summarize, type Measured } from './measure.ts';
import { DEFAULT_URL } from './options.ts';
import { children, startChild } from './servers.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export type Engine = 'pglite' | 'postgres';
export const ENGINES: readonly Engine[] = ['pglite', 'postgres'];
/**
 * The throwaway database on DATABASE_URL's server: named after DATABASE_URL's own (`<db>_health`,
 * locora_bench_health by default), so that benchmarks of other checkouts on the same server, each
 * with its own DATABASE_URL, never drop each other's.
 */
export const healthDbName = (databaseUrl: string) => `${dbName(databaseUrl)}_health`;

export type HealthBurstOptions = {
  engines: Engine[];
  connections: number;
  /** Seconds of burst. */
  duration: number;
  /** PostgreSQL server to use (its database name is replaced by healthDbName's). */
  databaseUrl: string;
  /** Briefly, to check that it runs (CI). */
  smoke: boolean;
  tmp: string;
  /** The checkout whose src/server/main.ts runs (default: this one); e.g. a baseline to compare. */
  root: string;
};

export type HealthBurstRow = {
  engine: Engine;
  rest: Measured;
  burst: Measured;
  /** The longest /healthz during the burst, in ms. */
  burstMax: number;
  search: Measured;
  /** Search responses that were not 2xx (429s are counted apart). */
  searchErrors: number;
  rateLimited: number;
  startSeconds: number;
};

/** Searches over the demo data: broad and narrow, a typo, accents, sorts and filters. */
export const BURST_PATHS = [
  '/api/services?q=yoga&sortBy=recommended',
  '/api/services?q=massage&city=lisbon&category=massage&minRating=4&sortBy=rating',
  '/api/services?q=masage',
  '/api/services?q=sao%20paulo&sortBy=price-low',
  '/api/services?category=tours&sortBy=rating',
  '/api/services?q=private%20chef&page=2&pageSize=12',
  '/api/services?minRating=4.5&sortBy=price-high',
  '/api/services?q=tour&city=tokyo',
];

/** The prober: plain JavaScript evaluated in its own thread (CommonJS, node: modules only). */
const PROBE_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
let stopped = false;
parentPort.on('message', (m) => { if (m === 'stop') stopped = true; });
const latencies = [];
let errors = 0;
const once = () => new Promise((resolve) => {
  const t = process.hrtime.bigint();
  const req = http.get(workerData.url, { agent }, (res) => {
    res.resume();
    res.on('end', () => {
      if (res.statusCode === 200) latencies.push(Number(process.hrtime.bigint() - t) / 1e6);
      else errors++;
      resolve();
    });
  });
  req.setTimeout(60000, () => req.destroy(new Error('timeout')));
  req.on('error', () => { errors++; resolve(); });
});
(async () => {
  const start = Date.now();
  while (!stopped && latencies.length + errors < workerData.max && Date.now() - start < workerData.maxMs) {
    await once();
    await new Promise((r) => setTimeout(r, workerData.gapMs));
  }
  agent.destroy();
  parentPort.postMessage({ latencies, errors, seconds: (Date.now() - start) / 1000 });
})();
`;

type ProbeResult = { latencies: number[]; errors: number; seconds: number };

/** Probes `url` one request at a time, `gapMs` apart, until `max` probes, `maxMs`, or stop(). */
function startProbe(url: string, opts: { max: number; maxMs: number; gapMs: number }) {
  const worker = new Worker(PROBE_SOURCE, { eval: true, workerData: { url, ...opts } });
  const result = new Promise<ProbeResult>((resolve, reject) => {
    worker.once('message', (m: ProbeResult) => resolve(m));
    worker.once('error', reject);
  });
  return {
    result,
    async stop(): Promise<ProbeResult> {
      worker.postMessage('stop');
      const r = await result;
      await worker.terminate();
      return r;
    },
  };
}

function burst(base: string, connections: number, duration: number) {
  return new Promise<{ m: Measured; errors: number; limited: number }>((resolve, reject) => {
    const latencies: number[] = [];
    let errors = 0;
    let limited = 0;
    const t0 = performance.now();
    const instance = autocannon(
      {
        url: base,
        connections,
        duration,
        timeout: 30,
        requests: BURST_PATHS.map((p) => ({ method: 'GET', path: p })),
      },
      (err: unknown, result: autocannon.Result) => {
        if (err) return reject(err instanceof Error ? err : new Error(String(err)));
        errors += result.errors + result.timeouts;
        resolve({ m: summarize(latencies, (performance.now() - t0) / 1000, errors + limited), errors, limited });
      },
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
      else if (statusCode === 429) limited++;
      else errors++;
    });
  });
}

/** Starts src/server/main.ts (waiting up to 3 minutes: a fresh PGlite is created and seeded first). */
function startApp(root: string, env: Record<string, string>) {
  return startChild('the app', ['src/server/main.ts'], env, root, 180_000);
}

async function measureEngine(engine: Engine, o: HealthBurstOptions): Promise<HealthBurstRow> {
  const pgUrl = withDbName(o.databaseUrl, healthDbName(o.databaseUrl));
  const dataDir = fs.mkdtempSync(path.join(o.tmp, `health-${engine}-`));
  if (engine === 'postgres') await dropDatabase(pgUrl);
  if (engine === 'postgres') await createDatabase(pgUrl);
  const t0 = performance.now();
  const app = await startApp(o.root, {
    // An empty value counts as unset: PGlite in DATA_DIR.
    DATABASE_URL: engine === 'postgres' ? pgUrl : '',
    DATA_DIR: dataDir,
    SEED_DEMO: 'true',
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    // The burst comes from one address (127.0.0.1): the per-IP search limit is lifted here.
    SEARCHES_PER_IP_PER_MINUTE: '100000000',
  });
  const startSeconds = (performance.now() - t0) / 1000;
  try {
    // Warm up (JIT, plans, caches), then rest, then the burst.
    await burst(app.base, 8, o.smoke ? 1 : 2);
    const restProbe = startProbe(`${app.base}/healthz`, { max: o.smoke ? 20 : 200, maxMs: 60_000, gapMs: 10 });
    const rest = await restProbe.result;
    const probe = startProbe(`${app.base}/healthz`, { max: Number.MAX_SAFE_INTEGER, maxMs: 600_000, gapMs: 20 });
    await sleep(50);
    const searched = await burst(app.base, o.connections, o.duration);
    const during = await probe.stop();
    return {
      engine,
      rest: summarize(rest.latencies, rest.seconds, rest.errors),
      burst: summarize(during.latencies, during.seconds, during.errors),
      burstMax: during.latencies.length ? Math.max(...during.latencies) : NaN,
      search: searched.m,
      searchErrors: searched.errors,
      rateLimited: searched.limited,
      startSeconds,
    };
  } catch (err) {
    throw new Error(`${engine}: ${err instanceof Error ? err.message : String(err)}\n${app.output()}`, { cause: err });
  } finally {
    await app.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (engine === 'postgres') await dropDatabase(pgUrl).catch(() => {});
  }
}

async function createDatabase(url: string) {
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: withDbName(url, 'postgres') });
  await admin.connect();
  try {
    await admin.query(`create database "${dbName(url)}"`);
  } finally {
    await admin.end();
  }
}

export async function runHealthBurst(o: HealthBurstOptions): Promise<HealthBurstRow[]> {
  console.log(
    `\n== /healthz during a burst of searches: ${o.connections} connections for ${o.duration} s, demo data, on ${o.engines.join(' and ')}${o.root === ROOT ? '' : `, the app of ${o.root}`} ==`,
  );
  const rows: HealthBurstRow[] = [];
  for (const engine of o.engines) {
    const row = await measureEngine(engine, o);
    console.log(
      `  ${engine.padEnd(8)} /healthz at rest p50 ${fmtMs(row.rest.p50)} ms, p99 ${fmtMs(row.rest.p99)} ms; during the burst p50 ${fmtMs(row.burst.p50)} ms, p99 ${fmtMs(row.burst.p99)} ms, max ${fmtMs(row.burstMax)} ms (${fmtInt(row.burst.count)} probes); searches ${fmtInt(row.search.rps)} req/s, p50 ${fmtMs(row.search.p50)} ms${row.searchErrors ? `, ${row.searchErrors} ERRORS` : ''}${row.rateLimited ? `, ${row.rateLimited} rate-limited` : ''}`,
    );
    rows.push(row);
  }
  return rows;
}

export function printHealthBurst(o: HealthBurstOptions, rows: HealthBurstRow[]) {
  const label = {
    pglite: 'PGlite (embedded)',
    postgres: `PostgreSQL (${safeLocation(withDbName(o.databaseUrl, healthDbName(o.databaseUrl)))})`,
  };
  console.log(
    `\n== /healthz latency (ms), at rest and during ${o.connections} connections of searches (${o.duration} s), demo data ==\n`,
  );
  console.log(
    table(
      [
        'database',
        'rest p50',
        'rest p99',
        'burst p50',
        'burst p99',
        'burst max',
        'probes',
        'search req/s',
        'search p50',
      ],
      rows.map((r) => [
        label[r.engine],
        fmtMs(r.rest.p50),
        fmtMs(r.rest.p99),
        fmtMs(r.burst.p50),
        fmtMs(r.burst.p99),
        fmtMs(r.burstMax),
        fmtInt(r.burst.count),
        fmtInt(r.search.rps),
        fmtMs(r.search.p50),
      ]),
      [false, true, true, true, true, true, true, true, true],
    ),
  );
  const cores = os.cpus().length;
  console.log(
    `  load average ${(os.loadavg()[0] ?? 0).toFixed(1)} on ${cores} cores at the end; the server, its database and the load generator share them`,
  );
}

/** What makes a --smoke run fail: any error, never the speed. */
export function healthBurstProblems(rows: HealthBurstRow[]): string[] {
  const problems: string[] = [];
  for (const r of rows) {
    if (r.rest.errors || r.burst.errors)
      problems.push(`${r.engine}: ${r.rest.errors + r.burst.errors} /healthz probes failed`);
    if (r.burst.count === 0) problems.push(`${r.engine}: no /healthz probe completed during the burst`);
    if (r.searchErrors || r.rateLimited)
      problems.push(`${r.engine}: ${r.searchErrors} searches failed, ${r.rateLimited} were rate-limited`);
    if (r.search.count === 0) problems.push(`${r.engine}: no search answered during the burst`);
  }
  return problems;
}

export const HEALTH_USAGE = `Usage: npm run bench:health -- [--connections=200] [--duration=10] [--engines=pglite,postgres] [--root=DIR] [--smoke]
  Starts the app on the demo data (PGlite in a fresh DATA_DIR; PostgreSQL in a throwaway database
  <db>_health (locora_bench_health) on DATABASE_URL's server, default ${safeLocation(DEFAULT_URL).replace(/\/.*/, '')}), and prints /healthz p50/p99
  at rest and during a burst of searches. --root runs the app of another checkout (e.g. a baseline
  commit, with node_modules) to compare.`;

export function parseHealthArgs(argv: string[], tmp: string): HealthBurstOptions {
  const o: HealthBurstOptions = {
    engines: [...ENGINES],
    connections: 200,
    duration: 10,
    databaseUrl: process.env.DATABASE_URL || DEFAULT_URL,
    smoke: false,
    tmp,
    root: ROOT,
  };
  for (const arg of argv) {
    const [flag, value = ''] = arg.split('=', 2) as [string, string?];
    const int = (min: number, max: number) => {
      const v = Number(value);
      if (!/^\d+$/.test(value) || v < min || v > max)
        throw new Error(`${flag} must be a whole number from ${min} to ${max}`);
      return v;
    };
    if (flag === '--connections') o.connections = int(1, 2000);
    else if (flag === '--duration') o.duration = int(1, 300);
    else if (flag === '--engines') {
      const list = value.split(',').map((s) => s.trim());
      if (!list.length || list.some((e) => !ENGINES.includes(e as Engine)))
        throw new Error(`--engines takes a list of ${ENGINES.join(', ')}`);
      o.engines = list as Engine[];
    } else if (flag === '--root') {
      if (!fs.existsSync(path.join(value, 'src/server/main.ts')))
        throw new Error(`--root: no src/server/main.ts in ${value}`);
      o.root = path.resolve(value);
    } else if (flag === '--smoke') Object.assign(o, HEALTH_SMOKE, { smoke: true });
    else if (flag === '--help' || flag === '-h') {
      console.log(HEALTH_USAGE);
      process.exit(0);
    } else throw new Error(`unknown option: ${arg}\n\n${HEALTH_USAGE}`);
  }
  return o;
}

/** What --smoke runs: a short burst on both engines. */
export const HEALTH_SMOKE = { connections: 20, duration: 1 } as const;

/**
 * The section `npm run bench:search` prints after its own tables: both engines, 200 connections
 * for its --duration (the --smoke sizes with --smoke), PostgreSQL on the server of its database.
 */
export async function runHealthSection(
  search: { smoke: boolean; duration: number; url: string },
  tmp: string,
): Promise<HealthBurstRow[]> {
  const o: HealthBurstOptions = {
    engines: [...ENGINES],
    connections: 200,
    duration: search.duration,
    databaseUrl: search.url,
    smoke: search.smoke,
    tmp,
    root: ROOT,
    ...(search.smoke ? HEALTH_SMOKE : {}),
  };
  const rows = await runHealthBurst(o);
  printHealthBurst(o, rows);
  return rows;
}

async function main(): Promise<number> {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'locora-bench-health-'));
  const cleanup = () => {
    for (const c of children) c.kill('SIGKILL');
    fs.rmSync(tmp, { recursive: true, force: true });
  };
  process.on('exit', cleanup);
  for (const sig of ['SIGINT', 'SIGTERM'] as const) process.on(sig, () => process.exit(130));
  let o: HealthBurstOptions;
  try {
    o = parseHealthArgs(process.argv.slice(2), tmp);
  } catch (err) {
    console.error(`bench:health: ${err instanceof Error ? err.message : String(err)}`);
    return 2;
  }
  console.log(
    `Locora /healthz under a search burst${o.smoke ? ' (--smoke: checks that it runs; the numbers mean nothing)' : ''}; load average ${(os.loadavg()[0] ?? 0).toFixed(1)} on ${os.cpus().length} cores before start, Node ${process.version}`,
  );
  const rows = await runHealthBurst(o);
  printHealthBurst(o, rows);
  if (!o.smoke) return 0;
  const problems = healthBurstProblems(rows);
  for (const p of problems) console.error(`  smoke FAILED: ${p}`);
  return problems.length ? 1 : 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main()
    .then((code) => process.exit(code))
    .catch((err: unknown) => {
      console.error(`\nbench:health failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
      process.exit(1);
    });
}
