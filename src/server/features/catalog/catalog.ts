import { and, asc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Category, Service, ServiceDetail, ServiceSearch } from '../../../shared/api/catalog.ts';
import { PRICE_FILTER_MAX } from '../../../shared/api/catalog.ts';
import type { User } from '../../../shared/api/auth.ts';
import type { Executor } from '../../db/open.ts';
import { queryRows } from '../../db/open.ts';
import { categories, isVisibleService, providers, services } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import { listServiceReviews } from '../../read-models/reviews.ts';
import { selectServiceCards, serviceCardColumns, toServiceCard } from '../../read-models/service-cards.ts';
import { capPerProvider, FEATURED_PER_PROVIDER, interleaveProviders } from './diversity.ts';
import { cityKeysOf } from './places.ts';
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
  location_type: Service['locationType'];
  location_area: string | null;
  rating: string | number;
  rating_count: number;
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
  s.min_hours, s.location_type, s.location_area, s.rating, s.rating_count, s.is_active, s.created_at,
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
    locationType: r.location_type,
    locationArea: r.location_area,
    rating: Number(r.rating),
    ratingCount: r.rating_count,
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

/** What the lexicon says about the query's words, and the known cities the typed city starts with. */
type SearchInputs = { words: ResolvedWord[]; cities: string[] | null };

/**
 * One round trip for everything a search must know before its plan can be chosen: each query
 * word looked up in the lexicon (known as a prefix, or its closest terms), and the known cities
 * the typed city stands for (places.ts: "lisb" -> lisbon, "NYC" -> new york, "Ubud" -> bali,
 * "Barcelna" -> barcelona). Words are split on anything that is not a letter or digit, so they
 * hold no LIKE wildcards; the city's wildcards are escaped. Skipped when
 * the search has neither text nor city.
 */
async function resolveSearchInputs(
  db: Executor,
  q: string | undefined,
  city: string | undefined,
): Promise<SearchInputs> {
  if (!q && !city) return { words: [], cities: null };
  const words = q
    ? sql`(select coalesce(json_agg(json_build_object('word', w.word, 'known', w.known, 'alternatives', w.alternatives) order by w.ord), '[]'::json)
           from (select k.word, k.ord, k.known,
                   -- The closest terms are looked up only for a word the lexicon does not know.
                   case when k.known then '{}' else coalesce((select array_agg(x.term) from (
                      select t.term from search_terms t
                      where t.term % k.word
                      order by similarity(t.term, k.word) desc, t.term
                      limit 3) x), '{}') end as alternatives
                 from (select w.word, w.ord, exists (select 1 from search_terms t where t.term like w.word || '%') as known
                       from unnest((select array_agg(distinct x) from unnest(regexp_split_to_array(locora_unaccent(lower(${q})), '[^[:alnum:]]+')) as x where x <> '')) with ordinality as w(word, ord)
                       where w.word is not null
                       order by w.ord
                       limit 8) k) w)`
    : sql`'[]'::json`;
  const cities = city ? cityKeysOf(city, MAX_CITY_MATCHES) : sql`null::text[]`;
  const [row] = await queryRows<{ words: ResolvedWord[] | string; cities: string[] | null }>(
    db,
    sql`select ${words} as words, ${cities} as cities`,
  );
  const parsed = typeof row?.words === 'string' ? (JSON.parse(row.words) as ResolvedWord[]) : (row?.words ?? []);
  return { words: parsed, cities: row?.cities ?? null };
}

/** services as `s` in the hand-written search SQL. */
const s = alias(services, 's');

/**
 * How far a search looks (decision 010). A search takes the first SEARCH_WINDOW matches (more
 * when the page asked for lies deeper) in the order of an index, in one walk that also counts
 * them: the total is exact up to SEARCH_WINDOW matches, and "at least" beyond
 * (X-Total-Count-Capped). With text and `recommended`, those first matches in recommend-score
 * order are the candidates that text relevance re-ranks; matches past them follow in
 * recommend-score order.
 */
export const SEARCH_WINDOW = 100;
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
 * A search is two statements and no transaction: the lexicon and city look-up, then one
 * statement that walks an index in its sort order for the first matches, cuts the page from
 * them, joins the page's category and provider, and counts what it walked. Its cost follows the
 * window and the page, not the number of matches or the size of the catalogue (decision 010).
 */
export async function searchServices(db: Executor, params: ServiceSearch): Promise<SearchResult> {
  const empty = { services: [], total: 0, isTotalCapped: false, page: params.page, pageSize: params.pageSize };
  const where: SQL[] = [isVisibleService(s)];
  const inputs = await resolveSearchInputs(db, params.q, params.city);
  const tsq = params.q ? buildTsQuery(inputs.words) : undefined;
  if (tsq) {
    // With a category and a city, the (category, city, sort) indexes hold every candidate in the
    // page's order, and walking them while checking the text stops after the window. Left to
    // itself the planner would intersect them with the full-text index, whose cost follows every
    // match of the word in the whole catalogue (56 ms for "massage" at 1M services). The
    // operator's function, unlike the operator, is not matched to an index: it keeps the walk.
    where.push(
      params.category && params.city
        ? sql`ts_match_vq(s.search, to_tsquery('simple', ${tsq}))`
        : sql`s.search @@ to_tsquery('simple', ${tsq})`,
    );
  }
  if (inputs.cities) {
    // The search compares city_key for equality, which the (category, city, sort) indexes can
    // walk in order; the planner sees the values.
    if (inputs.cities.length === 0) return empty;
    where.push(
      sql`s.city_key in (${sql.join(
        inputs.cities.map((c) => sql`${c}`),
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
  // The service's own rating, the number its card shows (decision 019); an unrated service has
  // rating 0 and never passes.
  if (params.minRating) where.push(sql`s.rating >= ${params.minRating}`);

  // The order an index gives ("nulls last" matches the indexes' order, as drizzle's .desc()
  // builds them), with the id as the tie-break.
  const indexOrder = {
    recommended: sql`s.recommend_score desc nulls last, s.id`,
    'price-low': sql`s.price_cents asc, s.id`,
    'price-high': sql`s.price_cents desc, s.id`,
    // 'Highest Rated': the shown rating, more reviews first among equals; unrated (0) last.
    rating: sql`s.rating desc nulls last, s.rating_count desc nulls last, s.id`,
  }[params.sortBy];
  // With text, `recommended` re-ranks the first SEARCH_WINDOW matches (in recommend-score order)
  // by text relevance (title > category > description > city) blended with the Bayesian rating
  // and verification; matches past them keep recommend-score order. Other sorts are the index order.
  const score =
    tsq && params.sortBy === 'recommended'
      ? sql`case when m.rn <= ${SEARCH_WINDOW} then least(ts_rank(m.search, to_tsquery('simple', ${tsq})), 1.0) * 0.6 + m.recommend_score / 5.3 * 0.4 end`
      : sql`null::float8`;

  const offset = (params.page - 1) * params.pageSize;
  const window = Math.max(SEARCH_WINDOW, offset + params.pageSize);
  // The walk stops after window + 1 matches: one more than it can count exactly.
  const rows = await queryRows<ServiceRow & { matched: number }>(
    db,
    sql`with m as materialized (
          select s.*, row_number() over (order by ${indexOrder}) as rn
          from (select s.* from services s where ${sql.join(where, sql` and `)} order by ${indexOrder} limit ${window + 1}) s
        ),
        page as (
          select m.*, ${score} as score from m
          order by m.rn > ${SEARCH_WINDOW}, score desc nulls last, m.rn
          offset ${offset} limit ${params.pageSize}
        )
        select k.matched, ${serviceColumns}
        from (select count(*)::int as matched from m) k
        left join (page s join categories c on c.id = s.category_id join providers p on p.id = s.provider_id) on true
        order by s.rn > ${SEARCH_WINDOW}, s.score desc nulls last, s.rn`,
  );
  const matched = rows[0]?.matched ?? 0;
  const found = rows.filter((r) => r.id !== null).map(toService);
  return {
    // The first page of `recommended` interleaves a provider's services with the others' (same
    // services, same order otherwise; decision 016), so one provider does not fill the first screen.
    services:
      params.sortBy === 'recommended' && params.page === 1 ? interleaveProviders(found, (x) => x.provider.id) : found,
    total: Math.min(matched, window),
    isTotalCapped: matched > window,
    page: params.page,
    pageSize: params.pageSize,
  };
}

/** How many of the best-recommended services the featured block chooses from. */
const FEATURED_CANDIDATES = 60;

/**
 * Visible services, best first: verified, well and often rated, at most FEATURED_PER_PROVIDER
 * of one provider (decision 016).
 */
export async function listFeaturedServices(db: Executor, limit: number): Promise<Service[]> {
  // "desc nulls last" is the order of services_visible_recommend_idx, which the planner walks.
  const rows = await selectServiceCards(db)
    .where(isVisibleService(services))
    .orderBy(sql`${services.recommendScore} desc nulls last`, services.id)
    .limit(Math.max(limit * 10, FEATURED_CANDIDATES));
  return capPerProvider(rows.map(toServiceCard), (x) => x.provider.id, FEATURED_PER_PROVIDER, limit);
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
