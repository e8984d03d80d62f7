/** The request shapes the benchmark measures, and what each one runs in the app (minus HTTP). */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import type { Db } from '../../src/server/db/open.ts';
import { addCalendarDays } from '../../src/shared/domain/calendar-date.ts';
import * as thisCatalog from '../../src/server/features/catalog/catalog.ts';
import { serviceSearchSchema, type ServiceSearch } from '../../src/shared/api/catalog.ts';

export type ShapeKey = 'a' | 'b' | 'c' | 'd';
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
 * "Available on…" (decision 062): the day three days from now (UTC), inside the availability the
 * fill keeps ahead of today (fill.ts, ensureAvailability).
 */
export const benchDate = (now = new Date()) => addCalendarDays(now.toISOString().slice(0, 10), 3);
export const qsD = (now = new Date()) => `q=yoga&date=${benchDate(now)}&sortBy=recommended`;
/** A time word in the text (decision 062): each provider's tomorrow in its own zone. Explained only. */
export const QS_TIME_WORD = 'q=massage%20tomorrow&sortBy=recommended';
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

/** The time word as the app runs it (EXPLAIN only: not one of the measured shapes). */
export function timeWordShape({ searchServices }: Catalog = thisCatalog): Pick<Shape, 'label' | 'run'> {
  const params = searchParams(QS_TIME_WORD);
  return {
    label: `(time word) ${decodeURIComponent(QS_TIME_WORD)}`,
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
  const QS_D = qsD();
  const pd = searchParams(QS_D);
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
      key: 'd',
      label: '(d) q + date (Available on), sortBy=recommended',
      paths: [`/api/services?${QS_D}`],
      barePaths: [`/ceiling/d?${QS_D}`],
      run: (db) => searchServices(db, pd),
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
