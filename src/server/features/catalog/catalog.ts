import { and, asc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { alias, PgTransaction } from 'drizzle-orm/pg-core';
import type { Category, Service, ServiceDetail, ServiceSearch } from '../../../shared/api/catalog.ts';
import { PRICE_FILTER_MAX } from '../../../shared/api/catalog.ts';
import type { User } from '../../../shared/api/auth.ts';
import type { Executor, Tx } from '../../db/open.ts';
import { queryRows } from '../../db/open.ts';
import { categories, isVisibleService, providers, services } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import { listServiceReviews } from '../../read-models/reviews.ts';
import { selectServiceCards, serviceCardColumns, toServiceCard } from '../../read-models/service-cards.ts';
import { buildTsQuery, type ResolvedWord } from './search-query.ts';

export async function listCategories(db: Executor): Promise<Category[]> {
  return db
    .select({ id: categories.id, name: categories.name, slug: categories.slug, icon: categories.icon })
    .from(categories)
    .orderBy(asc(categories.name));
}

// ------------------------------------------------------------------------------------- search

/** A row of the hand-written search query (measured: see decision 005). */
type ServiceRow = {
  id: string;
  title: string;
  description: string;
  category_id: string;
  city: string;
  photos: string[];
  price_cents: number;
  pricing_unit: Service['pricingUnit'];
  min_hours: number;
  is_active: boolean;
  created_at: Date | string;
  c_name: string;
  c_slug: string;
  c_icon: string | null;
  p_id: string;
  p_user_id: string;
  p_display_name: string;
  p_avatar: string | null;
  p_gov_id_status: Service['provider']['govIdStatus'];
  p_rating: string | number;
  p_rating_count: number;
  review_count: number;
};

/** The columns every service response needs (services s, categories c, providers p). */
const serviceColumns = sql`
  s.id, s.title, s.description, s.category_id, s.city, s.photos, s.price_cents, s.pricing_unit,
  s.min_hours, s.is_active, s.created_at,
  c.name as c_name, c.slug as c_slug, c.icon as c_icon,
  p.id as p_id, p.user_id as p_user_id, p.display_name as p_display_name, p.avatar as p_avatar,
  p.gov_id_status as p_gov_id_status, p.rating as p_rating, p.rating_count as p_rating_count,
  (select count(*)::int from reviews r where r.service_id = s.id) as review_count`;

function toIso(d: Date | string): string {
  return (d instanceof Date ? d : new Date(d)).toISOString();
}

function toService(r: ServiceRow): Service {
  return {
    id: r.id,
    title: r.title,
    description: r.description,
    categoryId: r.category_id,
    category: { id: r.category_id, name: r.c_name, slug: r.c_slug, icon: r.c_icon },
    city: r.city,
    photos: r.photos ?? [],
    price: r.price_cents,
    pricingUnit: r.pricing_unit,
    minHours: r.min_hours,
    isActive: r.is_active,
    createdAt: toIso(r.created_at),
    provider: {
      id: r.p_id,
      userId: r.p_user_id,
      displayName: r.p_display_name,
      avatar: r.p_avatar,
      govIdStatus: r.p_gov_id_status,
      rating: Number(r.p_rating),
      ratingCount: r.p_rating_count,
    },
    _count: { reviews: r.review_count },
  };
}

/**
 * Looks each query word up in the lexicon: known as a prefix, or its closest terms. Words are
 * split on anything that is not a letter or digit, so they hold no LIKE wildcards.
 */
async function resolveWords(db: Executor, q: string): Promise<ResolvedWord[]> {
  return queryRows<ResolvedWord>(
    db,
    sql`select w.word,
          exists (select 1 from search_terms t where t.term like w.word || '%') as known,
          coalesce((select array_agg(x.term) from (
             select t.term from search_terms t
             where t.term % w.word
             order by similarity(t.term, w.word) desc, t.term
             limit 3) x), '{}') as alternatives
        from unnest((select array_agg(distinct x) from unnest(regexp_split_to_array(locora_unaccent(lower(${q})), '[^[:alnum:]]+')) as x where x <> '')) with ordinality as w(word, ord)
        where w.word is not null
        order by w.ord
        limit 8`,
  );
}

/** Totals are exact up to this many matches; beyond it the API says "1000+" (see decision 005). */
export const SEARCH_COUNT_CAP = 1000;
/** A typed city prefix matches at most this many known cities. */
const MAX_CITY_MATCHES = 100;

export type SearchResult = {
  services: Service[];
  total: number;
  isTotalCapped: boolean;
  page: number;
  pageSize: number;
};

/**
 * One read-only transaction in which the planner may not scan services sequentially: every
 * search is answered from the indexes (GIN on the text, btree on city, category and sort keys),
 * so its cost follows the matches, not the size of the catalogue (decision 005).
 */
export async function searchServices(db: Executor, params: ServiceSearch): Promise<SearchResult> {
  if (db instanceof PgTransaction) {
    // Inside a caller's transaction: a SET LOCAL would outlive the search, so restore it after.
    const [was] = await queryRows<{ v: string }>(db, sql`select current_setting('enable_seqscan') as v`);
    await db.execute(sql`select set_config('enable_seqscan', 'off', true)`);
    try {
      return await searchInTransaction(db as Tx, params);
    } finally {
      await db.execute(sql`select set_config('enable_seqscan', ${was?.v ?? 'on'}, true)`);
    }
  }
  return db.transaction(
    async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      return searchInTransaction(tx, params);
    },
    { accessMode: 'read only' },
  );
}

/** services as `s` in the hand-written search SQL. */
const s = alias(services, 's');

async function searchInTransaction(db: Tx, params: ServiceSearch): Promise<SearchResult> {
  const where: SQL[] = [isVisibleService(s)];
  let tsq: string | undefined;
  if (params.q) {
    const words = await resolveWords(db, params.q);
    tsq = buildTsQuery(words);
    if (tsq) where.push(sql`s.search @@ to_tsquery('simple', ${tsq})`);
  }
  if (params.city) {
    // The typed city is a prefix of known cities ("lisb" -> lisbon); the search then compares
    // city_key for equality, which the (category, city, sort) indexes can walk in order.
    const cities = await queryRows<{ city_key: string }>(
      db,
      sql`select city_key from search_cities
          where city_key like replace(replace(replace(locora_unaccent(lower(${params.city})), '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%'
          order by city_key limit ${MAX_CITY_MATCHES}`,
    );
    if (cities.length === 0)
      return { services: [], total: 0, isTotalCapped: false, page: params.page, pageSize: params.pageSize };
    where.push(
      sql`s.city_key in (${sql.join(
        cities.map((c) => sql`${c.city_key}`),
        sql`, `,
      )})`,
    );
  }
  if (params.category) {
    where.push(sql`s.category_id = (select id from categories where slug = ${params.category})`);
  }
  if (params.minPrice !== undefined && params.minPrice > 0) {
    where.push(sql`s.price_cents >= ${Math.round(params.minPrice * 100)}`);
  }
  if (params.maxPrice !== undefined && params.maxPrice < PRICE_FILTER_MAX) {
    where.push(sql`s.price_cents <= ${Math.round(params.maxPrice * 100)}`);
  }
  if (params.minRating) where.push(sql`s.provider_rating >= ${params.minRating}`);

  const whereSql = sql.join(where, sql` and `);
  const relevance = tsq ? sql`ts_rank(s.search, to_tsquery('simple', ${tsq}))` : sql`0`;
  // "nulls last" matches the indexes' order (drizzle's .desc() builds DESC NULLS LAST), so the
  // planner can walk them instead of sorting.
  const orderBy = {
    // Text relevance (title > category > description > city) blended with the Bayesian rating
    // and verification; without text it is the rating-and-verification score alone.
    recommended: tsq
      ? sql`(least(${relevance}, 1.0) * 0.6 + s.recommend_score / 5.3 * 0.4) desc, s.id`
      : sql`s.recommend_score desc nulls last, s.id`,
    'price-low': sql`s.price_cents asc, s.id`,
    'price-high': sql`s.price_cents desc, s.id`,
    rating: sql`s.rating_score desc nulls last, s.id`,
  }[params.sortBy];

  const offset = (params.page - 1) * params.pageSize;
  // Sort and cut the page on services alone (indexes on services serve it), then join the few
  // rows' category and provider. The count stops at SEARCH_COUNT_CAP + 1 matches. (One
  // transaction is one connection, so the two queries run one after the other.)
  const rows = await queryRows<ServiceRow>(
    db,
    sql`select ${serviceColumns}
        from (select s.* from services s where ${whereSql} order by ${orderBy} limit ${params.pageSize} offset ${offset}) s
        join categories c on c.id = s.category_id join providers p on p.id = s.provider_id
        order by ${orderBy}`,
  );
  const countRows = await queryRows<{ total: number }>(
    db,
    sql`select count(*)::int as total from (select 1 from services s where ${whereSql} limit ${SEARCH_COUNT_CAP + 1}) x`,
  );
  const counted = countRows[0]?.total ?? 0;
  return {
    services: rows.map(toService),
    total: Math.min(counted, SEARCH_COUNT_CAP),
    isTotalCapped: counted > SEARCH_COUNT_CAP,
    page: params.page,
    pageSize: params.pageSize,
  };
}

/** Visible services, best first: verified, well and often rated. */
export async function listFeaturedServices(db: Executor, limit: number): Promise<Service[]> {
  // "desc nulls last" is the order of services_visible_recommend_idx, which the planner walks.
  const rows = await selectServiceCards(db)
    .where(isVisibleService(services))
    .orderBy(sql`${services.recommendScore} desc nulls last`, services.id)
    .limit(limit);
  return rows.map(toServiceCard);
}

/**
 * A service with its reviews. A deleted service is a 404 to everyone; an inactive or paused one
 * is visible only to its provider and admins.
 */
export async function getServiceDetail(db: Executor, id: string, viewer: User | null): Promise<ServiceDetail> {
  const [row] = await db
    .select({ ...serviceCardColumns(db), isVisible: sql<boolean>`${isVisibleService(services)}` })
    .from(services)
    .innerJoin(categories, eq(categories.id, services.categoryId))
    .innerJoin(providers, eq(providers.id, services.providerId))
    .where(and(eq(services.id, id), isNull(services.deletedAt)));
  if (!row) throw new AppError('NOT_FOUND', 'Service not found.');
  const { isVisible, ...card } = row;
  const service = toServiceCard(card);
  const mayViewHidden = viewer && (viewer.role === 'ADMIN' || viewer.id === service.provider.userId);
  if (!isVisible && !mayViewHidden) throw new AppError('NOT_FOUND', 'Service not found.');
  const serviceReviews = await listServiceReviews(db, id);
  return { ...service, reviews: serviceReviews };
}

/** Visible services for the sitemap, newest first. */
export async function listSitemapServices(db: Executor, limit: number): Promise<{ id: string; createdAt: Date }[]> {
  return db
    .select({ id: services.id, createdAt: services.createdAt })
    .from(services)
    .where(isVisibleService(services))
    .orderBy(sql`${services.createdAt} desc`)
    .limit(limit);
}
