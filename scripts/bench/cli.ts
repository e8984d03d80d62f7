/**
 * Search benchmark (a measurement, not a test): `npm run bench:search -- [N] [options]`.
 *
 * Fills a PostgreSQL database with N generated services (and their providers, travelers,
 * completed bookings and reviews, and the providers' open time for the coming weeks), starts
 * the real app as a child process, and measures with autocannon four request shapes against two
 * ceilings: the same SQL straight through a pg pool (no HTTP) and a bare Fastify route replying
 * with the same JSON bytes. Prints EXPLAIN (ANALYZE) of every query of every shape (the least of
 * --runs runs) and flags a Seq Scan on services; `--explain` prints only that. `--scale` repeats
 * shape (a) on separately filled databases (default 10k and 1M services). `--smoke` runs all of
 * it on a few hundred rows in a throwaway database, so that CI notices when the benchmark stops
 * working. Then health-burst.ts: /healthz at rest and during a 200-connection search burst, on
 * PGlite and PostgreSQL (demo data; briefly with --smoke).
 *
 * Only talks to 127.0.0.1 (plus the PostgreSQL server named by DATABASE_URL).
 *
 * Modules: options (arguments), fill (database), shapes (what is measured), explain, measure,
 * servers (child processes), ceilings (the bare HTTP server), run (one run), report.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { dropDatabase, ensureAvailability, prepareDatabase } from './fill.ts';
import { dbName, fmtInt, safeLocation, sizeLabel, withDbName } from './format.ts';
import { healthBurstProblems, runHealthSection } from './health-burst.ts';
import { APP_POOL_SIZE, parseArgs, USAGE, UsageError, type Options } from './options.ts';
import { loadNote, printComparison, printReport, smokeProblems } from './report.ts';
import { benchmarkMain, benchmarkScaleSize, explainShapes, scaleDbUrl, type ScaleRow } from './run.ts';
import { children, ROOT } from './servers.ts';
import { loadCatalog, makeShapes, pickIds } from './shapes.ts';

/** Runs the benchmark; resolves to the exit code (0, or 1 for a --smoke run with errors). */
async function main(): Promise<number> {
  let o: Options;
  try {
    o = parseArgs(process.argv.slice(2));
  } catch (err) {
    if (err instanceof UsageError) {
      console.error(`bench:search: ${err.message}\n\n${USAGE}`);
      process.exit(2);
    }
    throw err;
  }

  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'locora-bench-'));
  let cleaning = false;
  const cleanup = () => {
    for (const c of children) c.kill('SIGKILL');
    fs.rmSync(tmp, { recursive: true, force: true });
  };
  process.on('exit', cleanup);
  for (const sig of ['SIGINT', 'SIGTERM'] as const) {
    process.on(sig, () => {
      if (cleaning) return;
      cleaning = true;
      console.error(`\n${sig}: stopping (child servers killed)`);
      process.exit(130);
    });
  }

  const cpus = os.cpus();
  const pgVersion = await (async () => {
    try {
      const c = new pg.Client({ connectionString: withDbName(o.url, 'postgres') });
      await c.connect();
      const r = await c.query<{ v: string }>(`select current_setting('server_version') as v`);
      await c.end();
      return r.rows[0]?.v ?? '?';
    } catch (err) {
      throw new Error(
        `cannot reach PostgreSQL at ${safeLocation(o.url)}: ${err instanceof Error ? err.message : String(err)}`,
      );
    }
  })();
  console.log(`Locora search benchmark${o.smoke ? ' (--smoke: checks that it runs; the numbers mean nothing)' : ''}`);
  console.log(`  ${loadNote()} before start`);
  console.log(
    `  machine: ${cpus.length} cores (${cpus[0]?.model.trim() ?? '?'}), ${fmtInt(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, PostgreSQL ${pgVersion} at ${safeLocation(o.url)}`,
  );
  console.log(
    `  ${fmtInt(o.n)} services, ${o.connections} connections, ${o.duration} s per measurement${o.scale ? `, --scale ${o.scaleSizes.map(sizeLabel).join(', ')}` : ''}`,
  );
  console.log(
    `  setup: the app and the bare HTTP ceiling each run as a child process (node --import tsx); autocannon runs in this\n` +
      `  process; the database ceiling runs the app's own searchServices/getServiceDetail on a pg pool of ${o.pool} in this\n` +
      `  process (the app's pool is ${APP_POOL_SIZE}). PostgreSQL, the server under test and the load generator share the same ${cpus.length} cores.`,
  );

  const sizes = o.scale ? [...new Set(o.scaleSizes)].sort((x, y) => x - y).filter((size) => size !== o.n) : [];
  // The smoke's databases are throwaway: gone before (a crashed run's leftovers) and after.
  const throwaway = o.smoke ? [o.url, ...sizes.map((size) => scaleDbUrl(o, size))] : [];
  try {
    for (const url of throwaway) await dropDatabase(url);

    console.log(`\n== Database ${safeLocation(o.url)} ==`);
    const prep = await prepareDatabase(o.url, o.n, o.refill);
    await ensureAvailability(o.url);
    if (o.explainOnly) {
      await explainShapes(o, makeShapes(await pickIds(o.url, 64)));
      console.log(`\n  ${loadNote()} at the end`);
      return 0;
    }
    if (o.baseline)
      console.log(`\n  baseline: the app of ${o.baseline}, measured interleaved with this checkout's (${ROOT})`);
    const { rows, baseRows } = await benchmarkMain(
      o,
      tmp,
      o.baseline ? { root: o.baseline, catalog: await loadCatalog(o.baseline) } : undefined,
    );

    const scaleRows: ScaleRow[] = [];
    for (const size of sizes) scaleRows.push(await benchmarkScaleSize(o, size, tmp));

    printReport(o, prep, rows, scaleRows);
    if (baseRows) printComparison(o, baseRows, rows);
    const healthRows = await runHealthSection(o, tmp);
    if (!o.smoke) return 0;
    const problems = [...smokeProblems(rows, scaleRows), ...healthBurstProblems(healthRows)];
    for (const problem of problems) console.error(`  smoke FAILED: ${problem}`);
    if (problems.length === 0) console.log('  smoke passed: every step ran and every request was answered with 2xx');
    return problems.length === 0 ? 0 : 1;
  } finally {
    for (const url of throwaway) {
      await dropDatabase(url).catch((err: unknown) =>
        console.error(`  could not drop ${dbName(url)}: ${err instanceof Error ? err.message : String(err)}`),
      );
    }
  }
}

main()
  .then((code) => process.exit(code))
  .catch((err: unknown) => {
    console.error(`\nbench:search failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    process.exit(1);
  });
