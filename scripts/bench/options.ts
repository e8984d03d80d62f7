/** Command-line options of `npm run bench:search`. */
import fs from 'node:fs';
import path from 'node:path';
import { dbName, withDbName } from './format.ts';

export const DEFAULT_URL = 'postgres://postgres@127.0.0.1:5432/locora_bench';
export const BENCH_EMAIL_DOMAIN = '@bench.locora.test';
/** main.ts opens the database with openDatabase() -> openPostgres(url), whose pool holds 10. */
export const APP_POOL_SIZE = 10;

/** What --smoke runs: every step of a full run, on a few hundred rows for about a second each. */
export const SMOKE = { n: 300, duration: 1, connections: 4, scaleSizes: [200, 300] } as const;
/**
 * The smoke's throwaway database: named after DATABASE_URL's (`<db>_smoke`, locora_bench_smoke by
 * default), so that smokes of other checkouts on the same server, each with its own
 * DATABASE_URL, never drop each other's.
 */
export const smokeDbName = (url: string) => `${dbName(url) || dbName(DEFAULT_URL)}_smoke`;

export const USAGE = `Usage: npm run bench:search -- [N] [--duration=10] [--connections=32] [--scale] [--scale-sizes=10000,1000000] [--refill] [--pool=${APP_POOL_SIZE}] [--baseline=DIR] [--explain] [--runs=5]
  N                 services to generate (default 100000; 10k / 1m suffixes accepted)
  --duration=S      seconds per measurement (1-300, default 10; each is preceded by a short warm-up)
  --connections=C   concurrent connections / workers (1-1000, default 32)
  --scale           also measure shape (a) on databases of --scale-sizes services (<db>_10k, <db>_1m)
  --scale-sizes=L   comma-separated sizes for --scale (default 10000,1000000)
  --refill          wipe and refill the benchmark database(s) even if they already hold N services
  --pool=P          pg pool size of the database ceiling (default ${APP_POOL_SIZE}, the app's own pool size)
  --baseline=DIR    also measure the app and the catalog functions of another checkout (e.g. a git worktree of
                    the commit before a change, with its node_modules) on the same database, interleaved with
                    this one's (baseline, this, this, baseline), and print both runs with their ceilings and
                    the speed-up. The two checkouts must have the same migrations.
  --explain         only fill (when needed) and print EXPLAIN (ANALYZE) of every statement of every shape, with
                    its database time; no load is generated (a quick before/after of the SQL on a shared machine)
  --runs=R          EXPLAIN (ANALYZE) each statement R times and print the least execution and planning time
                    (1-100, default 5; 15 with --explain; 1 with --smoke)
  --smoke           a quick check that the benchmark still runs (CI): ${SMOKE.n} services, ${SMOKE.duration} s per
                    measurement and no warm-up, --scale at ${SMOKE.scaleSizes.join(' and ')}, in a throwaway database
                    <db>_smoke (and <db>_smoke_${SMOKE.scaleSizes[0]}, <db>_smoke_health; <db> is DATABASE_URL's,
                    locora_bench by default) on DATABASE_URL's server, dropped
                    afterwards. Exits non-zero if the run fails or any request errs, never because of speed.
  DATABASE_URL      PostgreSQL to fill (default ${DEFAULT_URL}); created if missing`;

export type Options = {
  n: number;
  duration: number;
  connections: number;
  scale: boolean;
  scaleSizes: number[];
  refill: boolean;
  pool: number;
  url: string;
  /** --smoke: tiny sizes, no warm-up, a throwaway database, and errors fail the run. */
  smoke: boolean;
  /** --baseline: another checkout whose app is measured first, for a before/after comparison. */
  baseline?: string;
  /** --explain: the plans and their database time only, no measurements. */
  explainOnly: boolean;
  /** How many times each statement is explained (the least time is printed). */
  runs: number;
};

export class UsageError extends Error {}

export function parseCount(text: string, what: string): number {
  const m = /^(\d+(?:\.\d+)?)([km]?)$/i.exec(text.replace(/[_,]/g, ''));
  if (!m) throw new UsageError(`${what}: not a number: ${text}`);
  const mult = { '': 1, k: 1_000, m: 1_000_000 }[(m[2] ?? '').toLowerCase() as '' | 'k' | 'm'];
  const v = Math.round(Number(m[1]) * mult);
  if (!Number.isFinite(v) || v < 100 || v > 5_000_000)
    throw new UsageError(`${what} must be between 100 and 5,000,000: ${text}`);
  return v;
}

export function parseInteger(text: string, what: string, min: number, max: number): number {
  if (!/^\d+$/.test(text)) throw new UsageError(`${what}: not a whole number: ${text}`);
  const v = Number(text);
  if (v < min || v > max) throw new UsageError(`${what} must be between ${min} and ${max}: ${text}`);
  return v;
}

export function parseArgs(argv: string[]): Options {
  const o: Options = {
    n: 100_000,
    duration: 10,
    connections: 32,
    scale: false,
    scaleSizes: [10_000, 1_000_000],
    refill: false,
    pool: APP_POOL_SIZE,
    url: process.env.DATABASE_URL || DEFAULT_URL,
    smoke: false,
    explainOnly: false,
    runs: 5,
  };
  let sawRuns = false;
  let sawN = false;
  for (const arg of argv) {
    const [flag, value] = arg.startsWith('--')
      ? [arg.split('=')[0], arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : undefined]
      : [undefined, arg];
    const need = () => {
      if (value === undefined || value === '') throw new UsageError(`${flag} needs a value (${flag}=...)`);
      return value;
    };
    switch (flag) {
      case undefined:
        if (sawN) throw new UsageError(`unexpected argument: ${arg}`);
        o.n = parseCount(arg, 'N');
        sawN = true;
        break;
      case '--duration':
        o.duration = parseInteger(need(), '--duration', 1, 300);
        break;
      case '--connections':
        o.connections = parseInteger(need(), '--connections', 1, 1000);
        break;
      case '--pool':
        o.pool = parseInteger(need(), '--pool', 1, 90);
        break;
      case '--scale':
        if (value !== undefined) throw new UsageError('--scale takes no value (use --scale-sizes=...)');
        o.scale = true;
        break;
      case '--scale-sizes':
        o.scaleSizes = need()
          .split(',')
          .map((s) => parseCount(s.trim(), '--scale-sizes'));
        if (o.scaleSizes.length < 2) throw new UsageError('--scale-sizes needs at least two sizes');
        o.scale = true;
        break;
      case '--refill':
        if (value !== undefined) throw new UsageError('--refill takes no value');
        o.refill = true;
        break;
      case '--baseline':
        o.baseline = path.resolve(need());
        if (!fs.existsSync(path.join(o.baseline, 'src/server/main.ts')))
          throw new UsageError(`--baseline: no src/server/main.ts in ${o.baseline}`);
        if (!fs.existsSync(path.join(o.baseline, 'node_modules')))
          throw new UsageError(`--baseline: ${o.baseline} has no node_modules (copy or install them)`);
        break;
      case '--explain':
        if (value !== undefined) throw new UsageError('--explain takes no value');
        o.explainOnly = true;
        break;
      case '--runs':
        o.runs = parseInteger(need(), '--runs', 1, 100);
        sawRuns = true;
        break;
      case '--smoke':
        if (value !== undefined) throw new UsageError('--smoke takes no value');
        o.smoke = true;
        break;
      case '--help':
      case '-h':
        console.log(USAGE);
        process.exit(0);
        break;
      default:
        throw new UsageError(`unknown option: ${arg}`);
    }
  }
  let u: URL;
  try {
    u = new URL(o.url);
  } catch {
    throw new UsageError(`DATABASE_URL is not a URL: ${o.url}`);
  }
  if (!/^postgres(ql)?:$/.test(u.protocol)) throw new UsageError('DATABASE_URL must be a postgres:// URL');
  if (o.smoke) {
    if (argv.length > 1) throw new UsageError('--smoke takes no other options');
    if (!/^[A-Za-z0-9_]{1,40}$/.test(smokeDbName(o.url).replace(/_smoke$/, '')))
      throw new UsageError('DATABASE_URL must name a database (letters, digits, _; at most 40)');
    // Never the database DATABASE_URL names: the smoke drops what it fills.
    return {
      ...o,
      ...SMOKE,
      runs: 1,
      scaleSizes: [...SMOKE.scaleSizes],
      scale: true,
      refill: true,
      url: withDbName(o.url, smokeDbName(o.url)),
    };
  }
  if (o.explainOnly && !sawRuns) o.runs = 15;
  if (o.explainOnly && (o.scale || o.baseline)) throw new UsageError('--explain takes no --scale or --baseline');
  if (!/^[A-Za-z0-9_]{1,50}$/.test(dbName(o.url)))
    throw new UsageError('DATABASE_URL must name a database (letters, digits, _)');
  return o;
}
