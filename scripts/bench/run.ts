/** One benchmark run: EXPLAIN, then the app, the HTTP ceiling and the database ceiling per shape. */
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { openPostgres, type Database } from '../../src/server/db/open.ts';
import { startBareServer, type BareBodies } from './ceilings.ts';
import { explainShape, printExplain } from './explain.ts';
import { prepareDatabase } from './fill.ts';
import { dbName, fmtInt, fmtMs, safeLocation, sizeLabel, withDbName } from './format.ts';
import { describe, measureDb, measureHttp, warmupSeconds, type Measured } from './measure.ts';
import type { Options } from './options.ts';
import { capture, startApp } from './servers.ts';
import {
  convertedSortShape,
  makeShapes,
  pickIds,
  timeWordShape,
  type Catalog,
  type Shape,
  type ShapeKey,
} from './shapes.ts';

export type Row = { shape: Shape; app: Measured; db: Measured; bare: Measured; seqScan: boolean; total: string | null };

/** --baseline: another checkout whose app and catalog functions are measured beside this one's. */
export type Baseline = { root: string; catalog: Catalog };

/** Two measurements of the same thing, as one: mean throughput and latencies. */
function mean(x: Measured, y: Measured): Measured {
  return {
    rps: (x.rps + y.rps) / 2,
    p50: (x.p50 + y.p50) / 2,
    p99: (x.p99 + y.p99) / 2,
    count: x.count + y.count,
    errors: x.errors + y.errors,
    seconds: x.seconds + y.seconds,
  };
}

/**
 * A measurement of this checkout and, with a baseline, of the baseline too, interleaved
 * (baseline, this, this, baseline; each figure the mean of its two) so that the load of a shared
 * machine, which drifts over minutes, weighs on both alike.
 */
async function pair(
  label: string,
  measure: (which: 'this' | 'base') => Promise<Measured>,
  baseline: boolean,
): Promise<{ now: Measured; base?: Measured }> {
  if (!baseline) {
    const now = await measure('this');
    console.log(`  ${label}: ${describe(now)}`);
    return { now };
  }
  const b1 = await measure('base');
  const n1 = await measure('this');
  const n2 = await measure('this');
  const b2 = await measure('base');
  const now = mean(n1, n2);
  const base = mean(b1, b2);
  console.log(`  ${label}: ${describe(now)}   baseline: ${describe(base)}`);
  return { now, base };
}

/**
 * One run of every shape: EXPLAIN, then the app, the HTTP ceiling and the database ceiling. With
 * a baseline, its app and its catalog functions are measured interleaved with this checkout's,
 * on the same database, and returned as `baseRows`.
 */
export async function benchmarkMain(
  o: Options,
  tmp: string,
  baseline?: Baseline,
): Promise<{ rows: Row[]; baseRows?: Row[]; shapes: Shape[] }> {
  const ids = await pickIds(o.url, 64);
  if (ids.length === 0) throw new Error('no active services to benchmark');
  const shapes = makeShapes(ids);
  const baseShapes = baseline ? makeShapes(ids, baseline.catalog) : undefined;

  if (baseShapes) {
    console.log(`\n== EXPLAIN (ANALYZE) of every query each shape of the BASELINE runs, at ${fmtInt(o.n)} services ==`);
    const explainPool = new pg.Pool({ connectionString: o.url, max: 2, options: '-c random_page_cost=1.1' });
    try {
      for (const shape of baseShapes)
        printExplain(shape, await explainShape(explainPool, shape, o.runs), ' (baseline)');
    } finally {
      await explainPool.end();
    }
  }
  const seqScan = await explainShapes(o, shapes);

  console.log(
    `\n== Measuring (${o.duration} s each ${warmupSeconds(o) ? `after a ${warmupSeconds(o)} s warm-up` : 'without warm-up'}, ${o.connections} connections) ==`,
  );
  // 1. The real app, in a child process.
  const app = await startApp(o.url, path.join(tmp, 'app-data'));
  const baseApp = baseline ? await startApp(o.url, path.join(tmp, 'base-app-data'), baseline.root) : undefined;
  const appResults = new Map<ShapeKey, Measured>();
  const baseAppResults = new Map<ShapeKey, Measured>();
  const bodies: BareBodies = { a: '', b: '', d: '', c: {} };
  const totals = new Map<ShapeKey, string | null>();
  try {
    for (const shape of shapes) {
      for (const p of shape.paths) {
        const got = await capture(app.base, p);
        if (got.status !== 200) {
          throw new Error(
            `${shape.label}: GET ${p} answered ${got.status}: ${got.body.toString().slice(0, 300)}\n  app output:\n${app.output().slice(-1500)}`,
          );
        }
        if (shape.key === 'c') bodies.c[p.split('/').pop() as string] = got.body.toString('base64');
        else bodies[shape.key] = got.body.toString('base64');
        totals.set(shape.key, got.total);
        if (shape.key !== 'c') {
          const n = (JSON.parse(got.body.toString()) as unknown[]).length;
          console.log(
            `  ${shape.label}: ${n} on the page, X-Total-Count ${got.total}, ${fmtInt(got.body.length)} bytes`,
          );
          if (n === 0) console.log('    ! this shape returns no results: the numbers below measure an empty search');
        }
      }
      if (shape.key === 'c') {
        const sizes = Object.values(bodies.c).map((b) => Buffer.from(b, 'base64').length);
        console.log(`  ${shape.label}: ${fmtInt(Math.min(...sizes))}-${fmtInt(Math.max(...sizes))} bytes per body`);
      }
    }
    if (baseApp) {
      for (const shape of shapes) {
        const got = await capture(baseApp.base, shape.paths[0] as string);
        if (got.status !== 200) throw new Error(`baseline app: ${shape.label} answered ${got.status}`);
      }
    }
    for (const shape of shapes) {
      const m = await pair(
        `app   ${shape.key}`,
        (which) => measureHttp(which === 'base' && baseApp ? baseApp.base : app.base, shape.paths, o),
        !!baseApp,
      );
      appResults.set(shape.key, m.now);
      if (m.base) baseAppResults.set(shape.key, m.base);
    }
  } finally {
    await app.stop();
    await baseApp?.stop();
  }

  // 2. The HTTP ceiling: bare Fastify in a child process, same bytes.
  const specFile = path.join(tmp, 'bare-bodies.json');
  fs.writeFileSync(specFile, JSON.stringify(bodies));
  const bare = await startBareServer(specFile);
  const bareResults = new Map<ShapeKey, Measured>();
  try {
    for (const shape of shapes) {
      const m = await measureHttp(bare.base, shape.barePaths, o);
      bareResults.set(shape.key, m);
      console.log(`  http  ${shape.key}: ${describe(m)}`);
    }
  } finally {
    await bare.stop();
  }

  // 3. The database ceiling: the same functions (same SQL) on a pg pool in this process, no HTTP.
  const dbResults = new Map<ShapeKey, Measured>();
  const baseDbResults = new Map<ShapeKey, Measured>();
  const database: Database = await openPostgres(o.url, o.pool);
  try {
    for (const [i, shape] of shapes.entries()) {
      const baseShape = baseShapes?.[i];
      const m = await pair(
        `db    ${shape.key}`,
        (which) => measureDb(database.db, which === 'base' && baseShape ? baseShape : shape, o),
        !!baseShape,
      );
      dbResults.set(shape.key, m.now);
      if (m.base) baseDbResults.set(shape.key, m.base);
    }
  } finally {
    await database.close();
  }

  const rows = shapes.map((shape) => ({
    shape,
    app: appResults.get(shape.key) as Measured,
    db: dbResults.get(shape.key) as Measured,
    bare: bareResults.get(shape.key) as Measured,
    seqScan: seqScan.get(shape.key) ?? false,
    total: totals.get(shape.key) ?? null,
  }));
  const baseRows = baseline
    ? shapes.map((shape) => ({
        shape,
        app: baseAppResults.get(shape.key) as Measured,
        db: baseDbResults.get(shape.key) as Measured,
        bare: bareResults.get(shape.key) as Measured,
        seqScan: false,
        total: null,
      }))
    : undefined;
  return { rows, baseRows, shapes };
}

/** What (b) must cost the database at most, execution plus planning of its statements (decision 041). */
export const SHAPE_B_DB_MS = 10;

/**
 * EXPLAIN (ANALYZE) of every statement of every shape (and of the shapes only explained: the
 * converted sort, a time word), each the least of `o.runs` runs; returns which shapes read
 * `services` sequentially.
 */
export async function explainShapes(o: Options, shapes: Shape[]): Promise<Map<ShapeKey, boolean>> {
  console.log(`\n== EXPLAIN (ANALYZE) of every query each shape runs, at ${fmtInt(o.n)} services ==`);
  const explainPool = new pg.Pool({ connectionString: o.url, max: 2, options: '-c random_page_cost=1.1' });
  const seqScan = new Map<ShapeKey, boolean>();
  try {
    for (const shape of shapes) {
      const explained = await explainShape(explainPool, shape, o.runs);
      printExplain(shape, explained, '');
      seqScan.set(
        shape.key,
        explained.some((e) => e.seqScanOnServices),
      );
      if (shape.key === 'b') {
        const total = explained.reduce((sum, e) => sum + e.ms + e.planMs, 0);
        console.log(
          `    ${total < SHAPE_B_DB_MS ? 'PASS' : 'FAIL'}  (b) database time under ${SHAPE_B_DB_MS} ms: ${fmtMs(total)} ms${o.smoke ? ' (--smoke: meaningless at this size)' : ''}`,
        );
      }
    }
    // The price sort and filter in a traveler's currency (decision 049), and a time word
    // (decision 062): the plans only.
    for (const extra of [convertedSortShape(), timeWordShape()]) {
      printExplain(extra, await explainShape(explainPool, extra, o.runs), '');
    }
  } finally {
    await explainPool.end();
  }
  return seqScan;
}

/** The database --scale fills with `size` services: `<db>_10k` and so on beside the main one. */
export const scaleDbUrl = (o: Options, size: number) => withDbName(o.url, `${dbName(o.url)}_${sizeLabel(size)}`);

export type ScaleRow = {
  size: number;
  app: Measured;
  db: Measured;
  total: string | null;
  seqScan: boolean;
  fillSeconds: number;
  filledNow: boolean;
};

export async function benchmarkScaleSize(o: Options, size: number, tmp: string): Promise<ScaleRow> {
  const url = scaleDbUrl(o, size);
  console.log(`\n== --scale: ${fmtInt(size)} services (${safeLocation(url)}) ==`);
  const prep = await prepareDatabase(url, size, o.refill);
  const [shape] = makeShapes(['00000000-0000-0000-0000-000000000000']);
  if (!shape) throw new Error('no shape');
  const explainPool = new pg.Pool({ connectionString: url, max: 2, options: '-c random_page_cost=1.1' });
  let seqScan = false;
  try {
    const explained = await explainShape(explainPool, shape, o.runs);
    printExplain(shape, explained, ` at ${fmtInt(size)} services`);
    seqScan = explained.some((e) => e.seqScanOnServices);
  } finally {
    await explainPool.end();
  }
  const app = await startApp(url, path.join(tmp, 'app-data'));
  let appM: Measured;
  let total: string | null;
  try {
    const got = await capture(app.base, shape.paths[0] as string);
    if (got.status !== 200)
      throw new Error(`GET ${shape.paths[0]} answered ${got.status}\n  app output:\n${app.output().slice(-1500)}`);
    total = got.total;
    appM = await measureHttp(app.base, shape.paths, o);
    console.log(`  app   a: ${describe(appM)} (X-Total-Count ${total})`);
  } finally {
    await app.stop();
  }
  const database = await openPostgres(url, o.pool);
  let dbM: Measured;
  try {
    dbM = await measureDb(database.db, shape, o);
    console.log(`  db    a: ${describe(dbM)}`);
  } finally {
    await database.close();
  }
  return { size, app: appM, db: dbM, total, seqScan, fillSeconds: prep.fillSeconds, filledNow: prep.filledNow };
}
