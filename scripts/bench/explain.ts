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

export type Explained = { label: string; ms: number; planMs: number; lines: string[]; seqScanOnServices: boolean };

export function labelQuery(text: string): string {
  if (text.includes('search_terms') || text.includes('search_cities')) return 'words and cities (lexicon)';
  if (text.includes('as matched')) return 'page and count (one walk)';
  if (text.includes('from exchange_rates')) return 'latest rates';
  if (text.includes('count(*)::int as total')) return 'count';
  if (text.includes('from reviews r join users u')) return 'reviews';
  if (text.includes('where s.id =')) return 'detail';
  // bench:booking's queries (slots and available days).
  if (text.includes('from "availability"')) return 'availability';
  if (text.includes('from "bookings"')) return 'live bookings';
  if (text.includes('"services"."min_hours"')) return 'service';
  return 'page';
}

export async function explainShape(pool: pg.Pool, shape: Pick<Shape, 'run'>): Promise<Explained[]> {
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
      const r = await client.query<{
        'QUERY PLAN': [{ Plan: PlanNode; 'Execution Time': number; 'Planning Time': number }];
      }>(`explain (analyze, format json) ${q.sql}`, q.params);
      const plan = r.rows[0]?.['QUERY PLAN'][0];
      if (!plan) continue;
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
        const flag = isSeq && rel === 'services' ? '   <<< SEQ SCAN ON services' : '';
        lines.push(
          `${'  '.repeat(depth)}${sub}${node['Node Type']}${on}${idx}  (rows=${fmtInt(node['Actual Rows'] ?? 0)}${loops})${flag}`,
        );
        for (const child of node.Plans ?? []) walk(child, depth + 1);
      };
      walk(plan.Plan, 0);
      out.push({
        label: labelQuery(q.sql),
        ms: plan['Execution Time'],
        planMs: plan['Planning Time'],
        lines,
        seqScanOnServices: seq,
      });
    }
  } finally {
    await client.query('rollback');
    client.release();
  }
  return out;
}

export function printExplain(shape: Pick<Shape, 'label'>, explained: Explained[], sizeNote: string) {
  console.log(`\n  ${shape.label}${sizeNote}`);
  for (const e of explained) {
    console.log(
      `    ${e.label} query: execution ${fmtMs(e.ms)} ms, planning ${fmtMs(e.planMs)} ms${e.seqScanOnServices ? '  ** FAIL: Seq Scan on services **' : ''}`,
    );
    for (const l of e.lines) console.log(`      ${l}`);
  }
}
