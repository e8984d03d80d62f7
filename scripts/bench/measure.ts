/** Measurements: autocannon over HTTP, and a worker loop straight on the database. */
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import type { Db } from '../../src/server/db/open.ts';
import { fmtInt, fmtMs } from './format.ts';
import type { Options } from './options.ts';
import type { Shape } from './shapes.ts';

export type Measured = { rps: number; p50: number; p99: number; count: number; errors: number; seconds: number };

export function summarize(latencies: number[], seconds: number, errors: number): Measured {
  const sorted = Float64Array.from(latencies).sort();
  const at = (p: number) =>
    sorted.length
      ? (sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0)
      : NaN;
  return { rps: latencies.length / seconds, p50: at(50), p99: at(99), count: latencies.length, errors, seconds };
}

export function cannonOnce(base: string, paths: string[], connections: number, duration: number): Promise<Measured> {
  return new Promise((resolve, reject) => {
    const latencies: number[] = [];
    let bad = 0;
    const t0 = performance.now();
    const instance = autocannon(
      {
        url: base,
        connections,
        duration,
        timeout: 10,
        requests: paths.map((p) => ({ method: 'GET', path: p })),
      },
      (err: unknown, result: autocannon.Result) => {
        if (err) return reject(err instanceof Error ? err : new Error(String(err)));
        const seconds = (performance.now() - t0) / 1000;
        resolve(summarize(latencies, seconds, bad + result.errors + result.timeouts));
      },
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
      else bad++;
    });
  });
}

export async function measureHttp(base: string, paths: string[], o: Options): Promise<Measured> {
  if (warmupSeconds(o) > 0) await cannonOnce(base, paths, o.connections, warmupSeconds(o));
  return cannonOnce(base, paths, o.connections, o.duration);
}

export async function dbLoop(
  db: Db,
  shape: Pick<Shape, 'run'>,
  connections: number,
  seconds: number,
): Promise<Measured> {
  const latencies: number[] = [];
  let errors = 0;
  let next = 0;
  let firstError: unknown;
  const start = performance.now();
  const deadline = start + seconds * 1000;
  const worker = async () => {
    while (performance.now() < deadline) {
      const t = performance.now();
      try {
        await shape.run(db, next++);
        latencies.push(performance.now() - t);
      } catch (err) {
        errors++;
        firstError ??= err;
        if (errors > 100) throw err;
      }
    }
  };
  await Promise.all(Array.from({ length: connections }, worker));
  if (firstError)
    console.log(
      `    ! ${errors} errors, first: ${firstError instanceof Error ? firstError.message : String(firstError)}`,
    );
  return summarize(latencies, (performance.now() - start) / 1000, errors);
}

export async function measureDb(db: Db, shape: Shape, o: Options): Promise<Measured> {
  if (warmupSeconds(o) > 0) await dbLoop(db, shape, o.connections, warmupSeconds(o));
  return dbLoop(db, shape, o.connections, o.duration);
}

/** Seconds of warm-up before each measurement (none in --smoke, which measures nothing worth warming). */
export const warmupSeconds = (o: Options) => (o.smoke ? 0 : Math.min(3, Math.max(1, Math.round(o.duration / 4))));

export function describe(m: Measured): string {
  return `${fmtInt(m.rps)} req/s, p50 ${fmtMs(m.p50)} ms, p99 ${fmtMs(m.p99)} ms (${fmtInt(m.count)} ok${m.errors ? `, ${m.errors} ERRORS/non-2xx` : ''})`;
}
