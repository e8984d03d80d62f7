/** The request shapes the benchmark measures, and what each one runs in the app (minus HTTP). */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import type { Db } from '../../src/server/db/open.ts';
import * as thisCatalog from '../../src/server/features/catalog/catalog.ts';
import { serviceSearchSchema, type ServiceSearch } from '../../src/shared/api/catalog.ts';

export type ShapeKey = 'a' | 'b' | 'c';
export type Shape = {
  key: ShapeKey;
  label: string;
  /** Request paths autocannon cycles through (per connection). */
  paths: string[];
  /** Paths on the bare ceiling server. */
  barePaths: string[];
  /** What the app does for request number i, minus HTTP. */
  run(db: Db, i: number): Promise<unknown>;
};

export const QS_A = 'q=massage&city=lisbon&category=massage&minRating=4&sortBy=rating';
export const QS_B = 'q=yoga&sortBy=recommended';
/**
 * The converted sort (decision 049): a price range in a traveler's currency and "Price: Low to
 * High" across services priced in every currency, through the normalised price. Explained only.
 */
export const QS_CONVERTED = 'category=massage&city=lisbon&currency=BRL&minPrice=100&maxPrice=600&sortBy=price-low';

/** The converted sort as the app runs it (EXPLAIN only: not one of the measured shapes). */
export function convertedSortShape({ searchServices }: Catalog = thisCatalog): Pick<Shape, 'label' | 'run'> {
  const params = searchParams(QS_CONVERTED);
  return {
    label: `(converted sort) ${QS_CONVERTED}`,
    run: (db) => searchServices(db, params),
  };
}

export function searchParams(qs: string): ServiceSearch {
  return serviceSearchSchema.parse(Object.fromEntries(new URLSearchParams(qs)));
}

/** The catalog functions a shape runs: this checkout's, or another's (--baseline). */
export type Catalog = Pick<typeof thisCatalog, 'searchServices' | 'getServiceDetail'>;

/** The catalog module of the checkout at `root`, or of this one. */
export async function loadCatalog(root?: string): Promise<Catalog> {
  if (!root) return thisCatalog;
  const file = path.join(root, 'src/server/features/catalog/catalog.ts');
  return (await import(pathToFileURL(file).href)) as Catalog;
}

export function makeShapes(ids: string[], { searchServices, getServiceDetail }: Catalog = thisCatalog): Shape[] {
  const pa = searchParams(QS_A);
  const pb = searchParams(QS_B);
  return [
    {
      key: 'a',
      label: '(a) q+city+category+minRating, sortBy=rating',
      paths: [`/api/services?${QS_A}`],
      barePaths: [`/ceiling/a?${QS_A}`],
      run: (db) => searchServices(db, pa),
    },
    {
      key: 'b',
      label: '(b) q only, sortBy=recommended',
      paths: [`/api/services?${QS_B}`],
      barePaths: [`/ceiling/b?${QS_B}`],
      run: (db) => searchServices(db, pb),
    },
    {
      key: 'c',
      label: `(c) GET /api/services/{id} (${ids.length} ids cycled)`,
      paths: ids.map((id) => `/api/services/${id}`),
      barePaths: ids.map((id) => `/ceiling/c/${id}`),
      run: (db, i) => getServiceDetail(db, ids[i % ids.length] as string, null),
    },
  ];
}

/** Random active services for shape (c), about half of them with reviews. */
export async function pickIds(url: string, count: number): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const r = await client.query<{ id: string }>(
      `(select s.id from services s where s.is_active and exists (select 1 from reviews r where r.service_id = s.id)
          order by md5(s.id::text) limit $1)
       union all
       (select s.id from services s where s.is_active and not exists (select 1 from reviews r where r.service_id = s.id)
          order by md5(s.id::text) limit $1)`,
      [Math.ceil(count / 2)],
    );
    return r.rows.map((row) => row.id).slice(0, count);
  } finally {
    await client.end();
  }
}
