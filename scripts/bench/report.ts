/** The results tables and the targets, printed after the measurements. */
import os from 'node:os';
import { fmtInt, fmtMs, fmtRatio, fmtSecs, sizeLabel, table } from './format.ts';
import type { Measured } from './measure.ts';
import type { Options } from './options.ts';
import type { Row, ScaleRow } from './run.ts';

export const pf = (ok: boolean) => (ok ? 'PASS' : 'FAIL');
/** Marks a measurement with too few responses for a meaningful p99. */
export const fewSamples = (m: Measured) => (m.count < 200 ? '*' : '');

/** The load average, and whether other work makes the numbers noisy. */
export function loadNote(): string {
  const cores = os.cpus().length;
  const load = os.loadavg()[0] ?? 0;
  return `load average ${load.toFixed(1)} on ${cores} cores${load > cores * 0.75 ? ' (other work is using this machine: numbers are noisy)' : ''}`;
}

export type Prepared = { filledNow: boolean; fillSeconds: number };

export function printReport(o: Options, prep: Prepared, rows: Row[], scaleRows: ScaleRow[]) {
  const cpus = os.cpus();
  const a = rows.find((r) => r.shape.key === 'a');
  console.log(
    `\n== Results: ${fmtInt(o.n)} services, ${o.connections} connections, ${o.duration} s each, ${cpus.length} cores shared by PostgreSQL + server + load generator ==\n`,
  );
  const targetText = (r: Row) => {
    const parts: string[] = [];
    if (r.shape.key === 'a') {
      parts.push(`≥0.5×db ${pf(r.app.rps / r.db.rps >= 0.5)}`);
      parts.push(`p99≤4×p50 ${pf(r.app.p99 <= 4 * r.app.p50)}`);
    }
    parts.push(`no seq scan ${pf(!r.seqScan)}`);
    return parts.join(', ');
  };
  console.log(
    table(
      [
        'shape',
        'req/s',
        'p50 ms',
        'p99 ms',
        'p99/p50',
        'db ceil req/s',
        'ratio db',
        'http ceil req/s',
        'ratio http',
        'targets',
      ],
      rows.map((r) => [
        r.shape.label,
        fmtInt(r.app.rps) + fewSamples(r.app),
        fmtMs(r.app.p50),
        fmtMs(r.app.p99),
        fmtRatio(r.app.p99 / r.app.p50),
        fmtInt(r.db.rps) + fewSamples(r.db),
        fmtRatio(r.app.rps / r.db.rps),
        fmtInt(r.bare.rps),
        fmtRatio(r.app.rps / r.bare.rps),
        targetText(r),
      ]),
      [false, true, true, true, true, true, true, true, true, false],
    ),
  );
  console.log(
    '\n  ceilings p50/p99 ms:  ' +
      rows
        .map(
          (r) =>
            `${r.shape.key}: db ${fmtMs(r.db.p50)}/${fmtMs(r.db.p99)}, http ${fmtMs(r.bare.p50)}/${fmtMs(r.bare.p99)}`,
        )
        .join(';  '),
  );
  const errs = rows.flatMap((r) => [r.app, r.db, r.bare]).reduce((s, m) => s + m.errors, 0);
  if (rows.some((r) => fewSamples(r.app) || fewSamples(r.db))) {
    console.log('  * fewer than 200 responses in the measurement: p99 is rough (raise --duration)');
  }
  if (errs) console.log(`  ! ${errs} errors or non-2xx responses during the measurements (not counted in req/s)`);
  console.log(`  ${loadNote()} at the end of the measurements (includes this benchmark's own load)`);
  console.log(
    `  fill: ${prep.filledNow ? `${fmtSecs(prep.fillSeconds)} (this run)` : `reused (filled earlier in ${fmtSecs(prep.fillSeconds)})`}`,
  );

  let scaleOk: boolean | undefined;
  if (scaleRows.length && a) {
    const all: { size: number; app: Measured; db: Measured; total: string | null; seqScan: boolean; fill: string }[] = [
      ...scaleRows.map((s) => ({
        ...s,
        fill: s.filledNow ? fmtSecs(s.fillSeconds) : `reused (${fmtSecs(s.fillSeconds)})`,
      })),
      {
        size: o.n,
        app: a.app,
        db: a.db,
        total: a.total,
        seqScan: a.seqScan,
        fill: prep.filledNow ? fmtSecs(prep.fillSeconds) : `reused (${fmtSecs(prep.fillSeconds)})`,
      },
    ].sort((x, y) => x.size - y.size);
    const smallest = all[0];
    const largest = all[all.length - 1];
    console.log(`\n== --scale: shape (a) by database size ==\n`);
    console.log(
      table(
        [
          'services',
          'matches',
          'req/s',
          'p50 ms',
          'p99 ms',
          'p99/p50',
          'db ceil req/s',
          'ratio db',
          'seq scan',
          'fill time',
        ],
        all.map((s) => [
          fmtInt(s.size),
          s.total === null ? '?' : fmtInt(Number(s.total)),
          fmtInt(s.app.rps) + fewSamples(s.app),
          fmtMs(s.app.p50),
          fmtMs(s.app.p99),
          fmtRatio(s.app.p99 / s.app.p50),
          fmtInt(s.db.rps) + fewSamples(s.db),
          fmtRatio(s.app.rps / s.db.rps),
          s.seqScan ? 'YES (FAIL)' : 'no',
          s.fill,
        ]),
        [true, true, true, true, true, true, true, true, false, false],
      ),
    );
    if (all.some((s) => fewSamples(s.app) || fewSamples(s.db))) {
      console.log('  * fewer than 200 responses in the measurement: p99 is rough (raise --duration)');
    }
    if (smallest && largest && smallest !== largest) {
      const slower = smallest.app.rps / largest.app.rps;
      const p50x = largest.app.p50 / smallest.app.p50;
      scaleOk = slower <= 2;
      console.log(
        `\n  ${fmtInt(largest.size)} vs ${fmtInt(smallest.size)} services: ${fmtRatio(slower)}× slower in req/s (p50 ${fmtRatio(p50x)}×); target ≤ 2×: ${pf(scaleOk)}`,
      );
    }
  }

  console.log(
    `\n== Targets ==${o.smoke ? ' (not judged by --smoke: a few hundred rows say nothing about speed)' : ''}`,
  );
  if (a) {
    console.log(
      `  ${pf(a.app.rps / a.db.rps >= 0.5)}  (a) at least 0.5 of the database ceiling: ${fmtRatio(a.app.rps / a.db.rps)}`,
    );
    console.log(
      `  ${pf(a.app.p99 <= 4 * a.app.p50)}  (a) p99 no more than 4× p50: ${fmtRatio(a.app.p99 / a.app.p50)}×`,
    );
  }
  const seqShapes = rows.filter((r) => r.seqScan).map((r) => r.shape.key);
  const scaleSeq = scaleRows.filter((s) => s.seqScan).map((s) => `(a)@${sizeLabel(s.size)}`);
  console.log(
    `  ${pf(seqShapes.length === 0 && scaleSeq.length === 0)}  every shape uses indexes (no Seq Scan on services)${seqShapes.length || scaleSeq.length ? `: seq scan in ${[...seqShapes.map((k) => `(${k})`), ...scaleSeq].join(', ')}` : ''}`,
  );
  if (scaleOk !== undefined)
    console.log(`  ${pf(scaleOk)}  (a) largest size no more than 2× slower than smallest (see above)`);
  else console.log('  ----  (a) 1M no more than 2× slower than 10k: not measured (run with --scale)');
  console.log('');
}

/** --baseline: both runs with their ceilings, and this checkout's speed-up over the baseline. */
export function printComparison(o: Options, base: Row[], now: Row[]) {
  console.log(
    `\n== Baseline (${o.baseline}) vs this checkout, ${fmtInt(o.n)} services, ${o.connections} connections ==\n`,
  );
  const cells = (m: Measured) => [fmtInt(m.rps) + fewSamples(m), fmtMs(m.p50), fmtMs(m.p99)];
  const rows = now.flatMap((r) => {
    const b = base.find((x) => x.shape.key === r.shape.key);
    if (!b) return [];
    return [
      [r.shape.label, 'baseline', ...cells(b.app), fmtInt(b.db.rps), fmtInt(b.bare.rps), ''],
      ['', 'this', ...cells(r.app), fmtInt(r.db.rps), fmtInt(r.bare.rps), `${fmtRatio(r.app.rps / b.app.rps)}×`],
    ];
  });
  console.log(
    table(['shape', 'run', 'req/s', 'p50 ms', 'p99 ms', 'db ceil req/s', 'http ceil req/s', 'vs baseline'], rows, [
      false,
      false,
      true,
      true,
      true,
      true,
      true,
      true,
    ]),
  );
  const speedup = (key: string) => {
    const b = base.find((x) => x.shape.key === key);
    const r = now.find((x) => x.shape.key === key);
    return b && r ? r.app.rps / b.app.rps : NaN;
  };
  console.log('');
  console.log(`  ${pf(speedup('b') >= 7)}  (b) at least 7× the baseline's req/s: ${fmtRatio(speedup('b'))}×`);
  console.log(`  ${pf(speedup('a') >= 2)}  (a) at least 2× the baseline's req/s: ${fmtRatio(speedup('a'))}×`);
  console.log(`  ${loadNote()} now`);
  console.log('');
}

/**
 * What makes a --smoke run fail: a measurement with errors or non-2xx answers, or none at all.
 * Speed never does.
 */
export function smokeProblems(rows: Row[], scaleRows: ScaleRow[]): string[] {
  const measured: [string, Measured][] = [
    ...rows.flatMap((r): [string, Measured][] => [
      [`app ${r.shape.key}`, r.app],
      [`http ceiling ${r.shape.key}`, r.bare],
      [`db ceiling ${r.shape.key}`, r.db],
    ]),
    ...scaleRows.flatMap((s): [string, Measured][] => [
      [`--scale app a at ${sizeLabel(s.size)}`, s.app],
      [`--scale db a at ${sizeLabel(s.size)}`, s.db],
    ]),
  ];
  return measured.flatMap(([label, m]) => [
    ...(m.errors > 0 ? [`${label}: ${m.errors} errors or non-2xx responses`] : []),
    ...(m.count === 0 ? [`${label}: no successful response`] : []),
  ]);
}
