/** EXPLAIN (ANALYZE) of every query a shape runs, flagging a Seq Scan on services. */
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Db } from '../../src/server/db/open.ts';
import * as schema from '../../src/server/db/schema.ts';
import { fmtInt, fmtMs } from './format.ts';
import type { Shape } from './shapes.ts';

export type PlanNode = {
  'Node Type': string;
  'Relation Name'?: string;
  Alias?: string;
  'Index Name'?: string;
  'Subplan Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  Plans?: PlanNode[];
};

export type Explained = {
  label: string;
  /** Execution and planning time, each the least of `runs` runs. */
  ms: number;
  planMs: number;
  runs: number;
  lines: string[];
  seqScanOnServices: boolean;
};

export function labelQuery(text: string): string {
  if (text.includes('search_terms') || text.includes('search_cities')) return 'words and cities (lexicon)';
  if (text.includes('as matched')) return 'page (the walk)';
  if (text.includes('from exchange_rates')) return 'latest rates';
  if (text.includes('count(*)::int as total')) return 'count';
  // The free starts of a date or a time word (decision 062: free-starts.ts).
  if (text.includes('from availability a') && text.includes('not a.is_blocked'))
    return 'free starts: open availability';
  if (text.includes('from availability a') && text.includes('a.is_blocked and')) return 'free starts: blocked time';
  if (text.includes('from bookings b') && text.includes('tstzrange(b.start_at')) return 'free starts: live bookings';
  if (text.includes('from calendar_busy c')) return 'free starts: imported busy time';
  if (text.includes('id as provider_id, time_zone from providers')) return 'free starts: zones';
  if (text.includes('from reviews r join users u')) return 'reviews';
  if (text.includes('where s.id =')) return 'detail';
  // bench:booking's queries (slots and available days).
  if (text.includes('from "availability"')) return 'availability';
  if (text.includes('from "bookings"')) return 'live bookings';
  if (text.includes('"services"."min_hours"')) return 'service';
  return 'page';
}

/**
 * Runs the shape once to capture its statements, then EXPLAIN (ANALYZE)s each of them `runs`
 * times and keeps the least execution and the least planning time (on a shared machine the
 * least is the one the fewest other processes interrupted), with the plan of the fastest run.
 */
export async function explainShape(pool: pg.Pool, shape: Pick<Shape, 'run'>, runs = 1): Promise<Explained[]> {
  const captured: { sql: string; params: unknown[] }[] = [];
  const db = drizzle(pool, {
    schema,
    logger: { logQuery: (query: string, params: unknown[]) => void captured.push({ sql: query, params }) },
  }) as unknown as Db;
  await shape.run(db, 0);
  const out: Explained[] = [];
  // Replay in one transaction, as the app runs them: session settings (e.g. `set local
  // enable_seqscan = off`) are executed, every other statement is explained.
  const client = await pool.connect();
  await client.query('begin');
  try {
    for (const q of captured) {
      if (/^\s*(begin|commit|rollback)\b/i.test(q.sql)) continue;
      if (/^\s*set\s/i.test(q.sql)) {
        await client.query(q.sql, q.params);
        continue;
      }
      let best: { plan: PlanNode; ms: number } | undefined;
      let planMs = Infinity;
      for (let run = 0; run < runs; run++) {
        const r = await client.query<{
          'QUERY PLAN': [{ Plan: PlanNode; 'Execution Time': number; 'Planning Time': number }];
        }>(`explain (analyze, format json) ${q.sql}`, q.params);
        const got = r.rows[0]?.['QUERY PLAN'][0];
        if (!got) continue;
        planMs = Math.min(planMs, got['Planning Time']);
        if (!best || got['Execution Time'] < best.ms) best = { plan: got.Plan, ms: got['Execution Time'] };
      }
      if (!best) continue;
      const lines: string[] = [];
      let seq = false;
      const walk = (node: PlanNode, depth: number) => {
        const rel = node['Relation Name'];
        const isSeq = node['Node Type'] === 'Seq Scan';
        if (isSeq && rel === 'services') seq = true;
        const sub = node['Subplan Name'] ? `[${node['Subplan Name']}] ` : '';
        const on = rel ? ` on ${rel}${node.Alias && node.Alias !== rel ? ` ${node.Alias}` : ''}` : '';
        const idx = node['Index Name'] ? ` using ${node['Index Name']}` : '';
        const loops = (node['Actual Loops'] ?? 1) > 1 ? ` x${fmtInt(node['Actual Loops'] ?? 1)} loops` : '';
        const never = node['Actual Loops'] === 0 ? ', never executed' : '';
        const flag = isSeq && rel === 'services' ? '   <<< SEQ SCAN ON services' : '';
        lines.push(
          `${'  '.repeat(depth)}${sub}${node['Node Type']}${on}${idx}  (rows=${fmtInt(node['Actual Rows'] ?? 0)}${loops}${never})${flag}`,
        );
        for (const child of node.Plans ?? []) walk(child, depth + 1);
      };
      walk(best.plan, 0);
      out.push({ label: labelQuery(q.sql), ms: best.ms, planMs, runs, lines, seqScanOnServices: seq });
    }
  } finally {
    await client.query('rollback');
    client.release();
  }
  return out;
}

export function printExplain(shape: Pick<Shape, 'label'>, explained: Explained[], sizeNote: string) {
  const runs = explained[0]?.runs ?? 1;
  const total = explained.reduce((sum, e) => sum + e.ms + e.planMs, 0);
  console.log(
    `\n  ${shape.label}${sizeNote}: database time ${fmtMs(total)} ms (execution + planning of ${explained.length} statement${explained.length === 1 ? '' : 's'}${runs > 1 ? `, each the least of ${runs} runs` : ''})`,
  );
  for (const e of explained) {
    console.log(
      `    ${e.label} query: execution ${fmtMs(e.ms)} ms, planning ${fmtMs(e.planMs)} ms${e.seqScanOnServices ? '  ** FAIL: Seq Scan on services **' : ''}`,
    );
    for (const l of e.lines) console.log(`      ${l}`);
  }
}
