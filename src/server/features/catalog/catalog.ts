import { and, asc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Category, Service, ServiceDetail, ServiceSearch } from '../../../shared/api/catalog.ts';
import { PRICE_FILTER_MAX } from '../../../shared/api/catalog.ts';
import type { CurrencyCode } from '../../../shared/domain/currency.ts';
import { FALLBACK_FILTER_CURRENCY } from '../../../shared/domain/display-currency.ts';
import { normalisedFilterBounds } from '../../../shared/domain/exchange-rates.ts';
import type { User } from '../../../shared/api/auth.ts';
import type { Executor } from '../../db/open.ts';
import { queryRows } from '../../db/open.ts';
import { categories, isVisibleService, providers, services } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import { payableProviderSql, type ConnectOptions } from '../../payments/connect-accounts.ts';
import { latestRatePerCurrency } from '../../read-models/exchange-rates.ts';
import { providerResponseTime } from '../../read-models/response-time.ts';
import { listServiceReviews } from '../../read-models/reviews.ts';
import { selectServiceCards, serviceCardColumns, toServiceCard } from '../../read-models/service-cards.ts';
import { capPerProvider, FEATURED_PER_PROVIDER, interleaveProviders } from './diversity.ts';
import { cityKeysOf } from './places.ts';
import { intersectCities, MAX_PLACE_TOKENS, MAX_PLACE_WORDS, splitPlaces, type PlaceMatch } from './query-places.ts';
import { buildCountTsQuery, buildTsQuery, MAX_COUNT_COMPLETIONS, type ResolvedWord } from './search-query.ts';
import { providersWithFreeStart } from './free-starts.ts';
import { parseQueryIntent, type WhenWord } from '../../../shared/domain/query-intent.ts';

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
  currency: Service['currency'];
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
  s.id, s.title, s.description, s.category_id, s.city, s.photos, s.price_cents, s.currency, s.pricing_unit,
  s.min_hours, s.location_type, s.location_area, s.rating, s.rating_count, s.is_active, s.created_at,
  c.name as c_name, c.slug as c_slug, c.icon as c_icon,
  p.id as p_id, p.user_id as p_user_id, p.display_name as p_display_name, p.avatar as p_avatar,
  p.gov_id_status as p_gov_id_status, p.rating as p_rating, p.rating_count as p_rating_count,
  (select count(*)::int from reviews r where r.service_id = s.id and r.published_at is not null and r.hidden_at is null) as review_count`;

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
    price: Number(r.price_cents),
    currency: r.currency,
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

/**
 * What a search must know before its plan is chosen: the text's words that are left to search
 * for, with what the lexicon says about them, and the city keys the search is narrowed to (by the
 * city box, by places named in the text, or both; null when neither names one).
 */
type SearchInputs = { words: ResolvedWord[]; cities: string[] | null; textCities: string[] | null };

/**
 * A query word as the look-up statement returns it (ResolvedWord, plus whether a place holds it,
 * and up to MAX_COUNT_COMPLETIONS + 1 of the terms it completes to).
 */
type LookedUpWord = ResolvedWord & { inPlace: boolean; completions: string[] };

/** How many distinct words of the text the lexicon looks up, and how many the search requires. */
const MAX_LOOKED_UP_WORDS = 12;
const MAX_SEARCH_WORDS = 8;

/**
 * One round trip for everything a search must know before its plan can be chosen: the query's
 * words, which runs of them name a place (a city, another name of one, or an area: "in Lisbon",
 * "NYC", "Ubud"; decision 041), each word looked up in the lexicon (known as a prefix, or its
 * closest terms; not for a word inside a place), and the known cities the typed city stands for
 * (places.ts: "lisb" -> lisbon, "NYC" -> new york, "Ubud" -> bali, "Barcelna" -> barcelona).
 * Words are split on anything that is not a letter or digit, so they hold no LIKE wildcards; the
 * city's wildcards are escaped. Skipped when the search has neither text nor city.
 */
async function resolveSearchInputs(
  db: Executor,
  q: string | undefined,
  city: string | undefined,
): Promise<SearchInputs> {
  if (!q && !city) return { words: [], cities: null, textCities: null };
  // The query's words in order (duplicates kept, so that positions are those splitPlaces sees),
  // every run of 1..MAX_PLACE_WORDS of them that names a place exactly (city_key, or an alias's
  // key: both lower case without accents, words one space apart), and the distinct words with
  // their lexicon entries.
  const text = q
    ? sql`(with toks as (
              select t.w, row_number() over (order by t.i)::int - 1 as i
              from unnest(regexp_split_to_array(locora_unaccent(lower(${q})), '[^[:alnum:]]+')) with ordinality as t(w, i)
              where t.w <> ''
            ),
            firsts as (select w, i from toks where i < ${MAX_PLACE_TOKENS}),
            grams as (
              select a.i as start, n.n as length,
                (select string_agg(b.w, ' ' order by b.i) from firsts b where b.i >= a.i and b.i < a.i + n.n) as phrase
              from firsts a cross join generate_series(1, ${MAX_PLACE_WORDS}) as n(n)
              where a.i + n.n <= (select count(*) from firsts)
            ),
            places as (
              select g.start, g.length, g.phrase, p.cities,
                exists (select 1 from search_cities c where c.city_key = g.phrase)
                  or exists (select 1 from place_aliases a where a.alias_key = g.phrase and a.kind = 'alias') as is_city,
                (select bool_and(exists (select 1 from search_terms t where t.term = x))
                 from unnest(string_to_array(g.phrase, ' ')) as x) as is_text
              from grams g
              cross join lateral (
                select array(
                  select c.city_key from search_cities c where c.city_key = g.phrase
                  union
                  select locora_unaccent(lower(a.city)) from place_aliases a where a.alias_key = g.phrase
                ) as cities
              ) p
              where cardinality(p.cities) > 0
            ),
            words as (
              select d.w as word, d.i as ord,
                exists (select 1 from places p where d.w = any (string_to_array(p.phrase, ' '))) as in_place,
                -- The terms the word is a prefix of (any one makes it known): all of them when
                -- they are a handful, for the count's exact look-up.
                array(select t.term from search_terms t where t.term like d.w || '%' limit ${MAX_COUNT_COMPLETIONS + 1}) as completions
              from (select distinct on (w) w, i from toks order by w, i) d
              order by d.i
              limit ${MAX_LOOKED_UP_WORDS}
            )
            select json_build_object(
              'tokens', (select coalesce(json_agg(w order by i), '[]'::json) from firsts),
              'places', (select coalesce(json_agg(json_build_object('start', start, 'length', length, 'cities', cities,
                           'isCity', is_city, 'isText', coalesce(is_text, false))), '[]'::json) from places),
              'words', (select coalesce(json_agg(json_build_object('word', k.word, 'known', cardinality(k.completions) > 0,
                  'inPlace', k.in_place, 'completions', k.completions,
                  -- The closest terms are looked up only for a word the lexicon does not know.
                  'alternatives', case when cardinality(k.completions) > 0 or k.in_place then '{}' else coalesce((select array_agg(x.term) from (
                      select t.term from search_terms t
                      where t.term % k.word
                      order by similarity(t.term, k.word) desc, t.term
                      limit 3) x), '{}') end) order by k.ord), '[]'::json)
                from words k)))`
    : sql`null::json`;
  const cities = city ? cityKeysOf(city, MAX_CITY_MATCHES) : sql`null::text[]`;
  const [row] = await queryRows<{ text: LookedUpText | string | null; cities: string[] | null }>(
    db,
    sql`select ${text} as text, ${cities} as cities`,
  );
  const looked: LookedUpText | null =
    typeof row?.text === 'string' ? (JSON.parse(row.text) as LookedUpText) : (row?.text ?? null);
  const boxCities = row?.cities ?? null;
  if (!looked) return { words: [], cities: boxCities, textCities: null };
  const split = splitPlaces(looked.tokens, looked.places);
  const left = new Set(split.words);
  const words = looked.words
    .filter((w) => left.has(w.word))
    .slice(0, MAX_SEARCH_WORDS)
    .map(({ word, known, alternatives, completions }) => ({
      word,
      known,
      alternatives,
      completions: completions.length <= MAX_COUNT_COMPLETIONS ? completions : undefined,
    }));
  return { words, cities: intersectCities(boxCities, split.cities), textCities: split.cities };
}

type LookedUpText = { tokens: string[]; places: PlaceMatch[]; words: LookedUpWord[] };

/** services as `s` in the hand-written search SQL. */
const s = alias(services, 's');

/**
 * How many of the first matches `recommended` re-ranks by text relevance (decision 010): with
 * text, the first SEARCH_WINDOW matches in recommend-score order are the candidates; matches past
 * them follow in recommend-score order.
 */
export const SEARCH_WINDOW = 100;
/**
 * How far a search counts (decision 041): the walk that finds the page goes on to
 * SEARCH_COUNT_LIMIT matches (more when the page asked for lies deeper), so the total is exact up
 * to it, and "at least" beyond (X-Total-Count-Capped; browse shows "1,000+").
 */
export const SEARCH_COUNT_LIMIT = 1000;
/** A typed city prefix matches at most this many known cities. */
const MAX_CITY_MATCHES = 100;

export type SearchResult = {
  services: Service[];
  total: number;
  isTotalCapped: boolean;
  page: number;
  pageSize: number;
  /** The text says "near me" and no city was chosen: the traveler is asked for one (nothing is searched). */
  needsCity: boolean;
  /** The one city the text named ("massage in Lisbon") when the city box was empty, as services write it. */
  queryCity: string | null;
  /** The time word the text held ("tomorrow"), which narrowed the search to free starts then. */
  when: WhenWord | null;
};

/**
 * A search is two statements and no transaction: the lexicon and city look-up, then one
 * statement that walks an index in its sort order for the first matches, cuts the page from
 * them, joins the page's category and provider, and counts what it walked. With text the
 * full-text index finds, the walk stops after the window and, when there are more matches, a
 * third statement counts them on that index (decision 041). The walk's cost follows the window
 * (or the count limit) and the page, not the size of the catalogue (decision 010); the count's
 * follows how many services hold the words, which the text index reads as one bitmap.
 */
export async function searchServices(
  db: Executor,
  params: ServiceSearch,
  opts: {
    displayCurrency?: CurrencyCode | null | undefined;
    /** Payments are configured: only services whose provider can be paid now are listed. */
    connect?: ConnectOptions | undefined;
    /** The clock free starts are read against. */
    now?: Date | undefined;
  } = {},
): Promise<SearchResult> {
  const now = opts.now ?? new Date();
  // Time words, "near me" and category words in other languages (shared/domain/query-intent.ts).
  const intent = params.q ? parseQueryIntent(params.q) : null;
  const text = intent?.text || undefined;
  const when = intent?.when ?? null;
  const base = { services: [], total: 0, isTotalCapped: false, page: params.page, pageSize: params.pageSize };
  const empty = { ...base, needsCity: false, queryCity: null, when };
  // "near me" means the city the traveler chose; without one there is nothing to search yet.
  if (intent?.isNearMe && !params.city) return { ...empty, needsCity: true };
  const where: SQL[] = [isVisibleService(s)];
  if (opts.connect) where.push(payableProviderSql(sql`s.provider_id`, opts.connect));
  const inputs = await resolveSearchInputs(db, text, params.city);
  const queryCity =
    !params.city && inputs.textCities?.length === 1 ? await cityName(db, inputs.textCities[0] as string) : null;
  const tsq = text ? buildTsQuery(inputs.words) : undefined;
  // A free start on the day asked ("Available on…"), else at the time the text says: each
  // service's provider must have one for the service's minimum hours (decision 062).
  const ask = params.date ? { date: params.date } : when ? { when } : null;
  if (ask) {
    const free = await providersWithFreeStart(db, ask, now);
    if (free.length === 0) return { ...empty, queryCity };
    // One list of providers per longest free start: a filter on the row (PostgreSQL hashes a long
    // `= any` list), so the walk keeps the sort's index and stops after its window. A join with the
    // list as a table made the planner read and sort every match of the text instead.
    const byHours = new Map<number, string[]>();
    for (const f of free) {
      const ids = byHours.get(f.hours);
      if (ids) ids.push(f.providerId);
      else byHours.set(f.hours, [f.providerId]);
    }
    where.push(
      sql`(${sql.join(
        [...byHours].map(
          ([hours, ids]) => sql`(s.min_hours <= ${hours} and s.provider_id = any (${`{${ids.join(',')}}`}::uuid[]))`,
        ),
        sql` or `,
      )})`,
    );
  }
  // With a category and a city, the (category, city, sort) indexes hold every candidate in the
  // page's order, and walking them while checking the text stops after the window. Left to itself
  // the planner would intersect them with the full-text index, whose cost follows every match of
  // the word in the whole catalogue (56 ms for "massage" at 1M services). The operator's
  // function, unlike the operator, is not matched to an index: it keeps the walk.
  const textInWalk = !!tsq && !!params.category && !!inputs.cities;
  // Where the text stands among the conditions: the count (below) asks for it differently.
  const textAt = where.length;
  if (tsq) {
    where.push(
      textInWalk
        ? sql`ts_match_vq(s.search, to_tsquery('simple', ${tsq}))`
        : sql`s.search @@ to_tsquery('simple', ${tsq})`,
    );
  }
  if (inputs.cities) {
    // The search compares city_key for equality, which the (category, city, sort) indexes can
    // walk in order; the planner sees the values.
    if (inputs.cities.length === 0) return { ...empty, queryCity };
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
  // The price range is in the traveler's currency; services in every currency are compared through
  // their normalised price, at the same latest rates (decision 049). Without an explicit currency
  // the top of the slider (PRICE_FILTER_MAX) means "and up", as it always has.
  const isOpenEnded = params.currency === undefined && (params.maxPrice ?? PRICE_FILTER_MAX) >= PRICE_FILTER_MAX;
  const min = params.minPrice !== undefined && params.minPrice > 0 ? params.minPrice : undefined;
  const max = isOpenEnded ? undefined : params.maxPrice;
  if (min !== undefined || max !== undefined) {
    const filterCurrency = params.currency ?? opts.displayCurrency ?? FALLBACK_FILTER_CURRENCY;
    const rates = (await latestRatePerCurrency(db)) ?? { date: '', perEuro: {} };
    const { lowest, highest } = normalisedFilterBounds({ min, max }, filterCurrency, rates);
    if (lowest !== undefined) where.push(sql`s.price_normalised >= ${lowest}`);
    if (highest !== undefined) where.push(sql`s.price_normalised <= ${highest}`);
  }
  // The service's own rating, the number its card shows (decision 019); an unrated service has
  // rating 0 and never passes.
  if (params.minRating) where.push(sql`s.rating >= ${params.minRating}`);

  // The order an index gives ("nulls last" matches the indexes' order, as drizzle's .desc()
  // builds them), with the id as the tie-break.
  const indexOrder = {
    recommended: sql`s.recommend_score desc nulls last, s.id`,
    // In every traveler's currency at once: the normalised price (decision 049).
    'price-low': sql`s.price_normalised asc, s.id`,
    'price-high': sql`s.price_normalised desc, s.id`,
    // 'Highest Rated': the shown rating, more reviews first among equals; unrated (0) last.
    rating: sql`s.rating desc nulls last, s.rating_count desc nulls last, s.id`,
  }[params.sortBy];
  // The sort keys the walk keeps (with the id): those of the index it walks, so that without a
  // condition outside that index the walk reads the index alone.
  const sortKeys = {
    recommended: sql`s.recommend_score`,
    'price-low': sql`s.price_normalised`,
    'price-high': sql`s.price_normalised`,
    rating: sql`s.rating, s.rating_count`,
  }[params.sortBy];
  // With text, `recommended` re-ranks the first SEARCH_WINDOW matches (in recommend-score order)
  // by text relevance (title > category > description > city) blended with the Bayesian rating
  // and verification; matches past them keep recommend-score order. Other sorts are the index order.
  const offset = (params.page - 1) * params.pageSize;
  // The total is exact up to countLimit matches (decision 041).
  const countLimit = Math.max(SEARCH_COUNT_LIMIT, offset + params.pageSize);
  // Text that the full-text index finds is counted there, apart (below), so the walk stops after
  // the window, or after the page asked for when that lies deeper: walking the sort's index on to
  // a thousand matches of a broad word read the heap row of every service it passed (7,600 rows
  // for "yoga" at 100k services). Otherwise the walk itself counts, as far as countLimit.
  const countsApart = !!tsq && !textInWalk;
  const walkLimit = countsApart ? Math.max(SEARCH_WINDOW, offset + params.pageSize) : countLimit;
  // The walk stops after walkLimit + 1 matches: one more than it can count exactly. It keeps only
  // the ids and sort keys (and, to score them, the text vectors it passes on), so counting to a
  // thousand holds a thousand small rows, not the services. `recommended` with text scores its
  // first SEARCH_WINDOW matches from the rows the walk read, and the page is cut in the order:
  // scored candidates by score, then the rest.
  const ranked = !!tsq && params.sortBy === 'recommended';
  const score = ranked
    ? sql`case when row_number() over (order by ${indexOrder}) <= ${SEARCH_WINDOW}
            then least(ts_rank(s.search, to_tsquery('simple', ${tsq})), 1.0) * 0.6 + s.recommend_score / 5.3 * 0.4 end`
    : sql`null::float8`;
  const rows = await queryRows<ServiceRow & { matched: number }>(
    db,
    sql`with m as materialized (
          select s.id, row_number() over (order by ${indexOrder}) as rn, ${score} as score
          from (select s.id, ${sortKeys}${ranked ? sql`, s.search` : sql``} from services s
                where ${sql.join(where, sql` and `)} order by ${indexOrder} limit ${walkLimit + 1}) s
        ),
        page as (
          select m.id, m.rn, m.score from m
          order by m.rn > ${SEARCH_WINDOW}, m.score desc nulls last, m.rn
          offset ${offset} limit ${params.pageSize}
        )
        select k.matched, ${serviceColumns}
        from (select count(*)::int as matched from m) k
        left join (page g join services s on s.id = g.id join categories c on c.id = s.category_id join providers p on p.id = s.provider_id) on true
        order by g.rn > ${SEARCH_WINDOW}, g.score desc nulls last, g.rn`,
  );
  const walked = rows[0]?.matched ?? 0;
  let matched = walked;
  if (countsApart && walked > walkLimit && walkLimit < countLimit) {
    // More matches than the walk took: count them on the full-text index, up to countLimit + 1,
    // in no order (a bitmap of the word's matches, then the rows of at most that many for the
    // other conditions), with every other condition as the walk had it. The text is given as a
    // scalar subquery, so the planner sees no value and reckons the word rare: it takes the text
    // index instead of a sequential scan, which a known broad word would make look cheaper
    // (stopping early) and which reads the whole table for a rare one. As exact lexemes when the
    // words have few completions (buildCountTsQuery), else the walk's own prefix query.
    const exact = buildCountTsQuery(inputs.words);
    const text = exact
      ? sql`s.search @@ (select ${exact}::tsquery)`
      : sql`s.search @@ (select to_tsquery('simple', ${tsq}))`;
    const conditions = where.map((condition, i) => (i === textAt ? text : condition));
    const [counted] = await queryRows<{ total: number }>(
      db,
      sql`select count(*)::int as total from (select 1 from services s
          where ${sql.join(conditions, sql` and `)} limit ${countLimit + 1}) c`,
    );
    // Two statements, two snapshots: never fewer than the walk saw.
    matched = Math.max(counted?.total ?? 0, walked);
  }
  const found = rows.filter((r) => r.id !== null).map(toService);
  return {
    // The first page of `recommended` interleaves a provider's services with the others' (same
    // services, same order otherwise; decision 016), so one provider does not fill the first screen.
    services:
      params.sortBy === 'recommended' && params.page === 1 ? interleaveProviders(found, (x) => x.provider.id) : found,
    total: Math.min(matched, countLimit),
    isTotalCapped: matched > countLimit,
    page: params.page,
    pageSize: params.pageSize,
    needsCity: false,
    queryCity,
    when,
  };
}

/** How the services of a city key write its name ("são paulo" -> "São Paulo"); null when none does. */
async function cityName(db: Executor, cityKey: string): Promise<string | null> {
  const [row] = await queryRows<{ city: string }>(
    db,
    sql`select s.city from services s where s.city_key = ${cityKey} and ${isVisibleService(s)} order by s.created_at, s.id limit 1`,
  );
  return row?.city ?? null;
}

/** How many of the best-recommended services the featured block chooses from. */
const FEATURED_CANDIDATES = 60;

/**
 * Visible services, best first: verified, well and often rated, at most FEATURED_PER_PROVIDER
 * of one provider (decision 016).
 */
export async function listFeaturedServices(
  db: Executor,
  limit: number,
  connect?: ConnectOptions | undefined,
): Promise<Service[]> {
  // "desc nulls last" is the order of services_visible_recommend_idx, which the planner walks.
  const rows = await selectServiceCards(db)
    .where(and(isVisibleService(services), connect ? payableProviderSql(services.providerId, connect) : undefined))
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
  const [serviceReviews, providerResponse] = await Promise.all([
    listServiceReviews(db, id),
    providerResponseTime(db, service.provider.id, new Date()),
  ]);
  return { ...service, reviews: serviceReviews, providerResponse };
}

/** Visible services for the sitemap, newest first (with payments configured, of providers who can be paid). */
export async function listSitemapServices(
  db: Executor,
  limit: number,
  connect?: ConnectOptions | undefined,
): Promise<{ id: string; createdAt: Date }[]> {
  return db
    .select({ id: services.id, createdAt: services.createdAt })
    .from(services)
    .where(and(isVisibleService(services), connect ? payableProviderSql(services.providerId, connect) : undefined))
    .orderBy(sql`${services.createdAt} desc`)
    .limit(limit);
}
