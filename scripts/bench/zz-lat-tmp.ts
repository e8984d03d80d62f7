import { performance } from 'node:perf_hooks';
import { openPostgres } from '../../src/server/db/open.ts';
import { loadCatalog, searchParams } from './shapes.ts';
async function main() {
  const database = await openPostgres('postgres://postgres@127.0.0.1:5432/search_base', 1);
  const base = await loadCatalog('/work/wt-search-base');
  const now = await loadCatalog();
  for (const qs of ['q=yoga&sortBy=recommended', 'q=massage&city=lisbon&category=massage&minRating=4&sortBy=rating']) {
    for (const [name, c] of [
      ['base', base],
      ['this', now],
      ['base', base],
      ['this', now],
    ] as const) {
      const p = searchParams(qs);
      for (let i = 0; i < 5; i++) await c.searchServices(database.db, p);
      const t0 = performance.now();
      let n = 0;
      while (performance.now() - t0 < 3000) {
        await c.searchServices(database.db, p);
        n++;
      }
      console.log(qs.slice(0, 30).padEnd(30), name, ((performance.now() - t0) / n).toFixed(2), 'ms/search at c=1', n);
    }
  }
  await database.close();
}
main().then(
  () => process.exit(0),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
