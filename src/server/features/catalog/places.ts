import { sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { CitySuggestion } from '../../../shared/api/catalog.ts';
import type { Executor } from '../../db/open.ts';
import { queryRows } from '../../db/open.ts';
import { isVisibleService, services } from '../../db/schema.ts';
import { payableProviderSql, type ConnectOptions } from '../../payments/connect-accounts.ts';

/**
 * Places (decision 016): a typed place resolves to the cities that serve it through the city
 * names themselves (by prefix), place_aliases (other names and areas, exactly), and, when neither
 * knows it, the closest city or alias by trigram similarity (typo tolerance).
 */

/** How alike a typo must be to a city or alias for a search to take it as that place. */
export const SEARCH_TYPO_SIMILARITY = 0.4;
/** How many places the city box suggests. */
export const MAX_CITY_SUGGESTIONS = 8;
/** How many cities the "all cities" list shows. */
export const MAX_CITY_LIST = 50;

/** A LIKE pattern matching what starts with `text` (its wildcards escaped). */
const startsWith = (text: SQL) => sql`replace(replace(replace(${text}, '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%'`;

/**
 * The city keys (services.city_key) a typed city stands for, as one scalar SQL expression (a
 * text[]): known cities it is a prefix of ("lisb" -> lisbon), the city of an alias or area it
 * names exactly ("NYC", "Ubud"), and only when those find nothing, the one closest city or
 * alias within SEARCH_TYPO_SIMILARITY ("Barcelna"). Each part is an index look-up on a small table.
 */
export function cityKeysOf(city: string, maxCities: number): SQL {
  // The typed text's forms are written out (not a CTE) so that the planner folds them into
  // constants and walks the prefix and trigram indexes.
  const raw = sql`locora_unaccent(lower(${city}))`;
  const key = sql`locora_place_key(${city})`;
  return sql`(with known as (
        (select c.city_key as k from search_cities c
         where c.city_key like ${startsWith(raw)} order by c.city_key limit ${maxCities})
        union
        (select locora_unaccent(lower(a.city)) from place_aliases a
         where a.alias_key = ${key} and ${key} <> '')
      ),
      near as (
        select n.k from (
          select c.city_key as k, similarity(c.city_key, ${key}) as sim from search_cities c
          where c.city_key % ${key}
          union all
          select locora_unaccent(lower(a.city)), similarity(a.alias_key, ${key}) from place_aliases a
          where a.alias_key % ${key}
        ) n
        where not exists (select 1 from known) and n.sim >= ${SEARCH_TYPO_SIMILARITY}
        order by n.sim desc, n.k limit 1
      )
      select coalesce(array_agg(x.k order by x.k), '{}') from (select k from known union select k from near) x)`;
}

const s = alias(services, 's');

type SuggestionRow = { city: string | null; service_count: number; alias: string | null };

/**
 * Known cities for the city box and the empty state, best match first, each with its visible
 * services: cities the text is a prefix of, then aliases and areas it is a prefix of ("ubu" ->
 * Bali via Ubud), then the closest by trigram similarity ("Lisbn" -> Lisbon). Accents, case and
 * punctuation do not matter. Cities without a visible service are left out. Without text, every
 * city served, busiest first.
 */
export async function suggestCities(
  db: Executor,
  q: string | undefined,
  connect?: ConnectOptions | undefined,
): Promise<CitySuggestion[]> {
  // With payments configured, only services that can be booked count (as search lists them).
  const listed = connect
    ? sql`${isVisibleService(s)} and ${payableProviderSql(sql`s.provider_id`, connect)}`
    : isVisibleService(s);
  const counted = (candidates: SQL) => sql`
    select b.k, b.alias, b.score,
      (select count(*)::int from services s where s.city_key = b.k and ${listed}) as service_count,
      (select s.city from services s where s.city_key = b.k and ${listed} order by s.created_at, s.id limit 1) as city
    from (${candidates}) b`;
  const raw = sql`locora_unaccent(lower(${q ?? ''}))`;
  const key = sql`locora_place_key(${q ?? ''})`;
  const rows = q
    ? await queryRows<SuggestionRow>(
        db,
        sql`with cand as (
              select c.city_key as k, null::text as alias,
                case when c.city_key like ${startsWith(raw)} then 3 else similarity(c.city_key, ${key}) end as score
              from search_cities c
              where c.city_key like ${startsWith(raw)} or c.city_key % ${key}
              union all
              select locora_unaccent(lower(a.city)), a.alias,
                case when a.alias_key = ${key} then 2.5 when a.alias_key like ${startsWith(key)} then 2 else similarity(a.alias_key, ${key}) end
              from place_aliases a
              where ${key} <> '' and ((length(${key}) >= 2 and a.alias_key like ${startsWith(key)}) or a.alias_key % ${key})
            ),
            best as (
              select distinct on (k) k, alias, score from cand order by k, score desc, alias nulls first
            )
            select city, service_count, alias from (${counted(sql`select * from best`)}) r
            where service_count > 0
            order by score desc, service_count desc, city
            limit ${MAX_CITY_SUGGESTIONS}`,
      )
    : await queryRows<SuggestionRow>(
        db,
        sql`select city, service_count, alias from (${counted(
          sql`select city_key as k, null::text as alias, 0 as score from search_cities`,
        )}) r
            where service_count > 0
            order by service_count desc, city
            limit ${MAX_CITY_LIST}`,
      );
  return rows
    .filter((r): r is SuggestionRow & { city: string } => r.city !== null)
    .map((r) => ({
      city: r.city,
      serviceCount: r.service_count,
      ...(r.alias && r.alias.toLowerCase() !== r.city.toLowerCase() ? { matchedAlias: r.alias } : {}),
    }));
}

/** How many known places the service form's City offers. */
export const MAX_PLACE_SUGGESTIONS = 8;

/**
 * Known places for the service form's City, as the provider types (decision 052): every city of
 * the place lexicon whose name, other name or area starts with the text, or is close to it ("東",
 * "Tóquio", "Ciudad de México", "Sao Paulo" without the accent), whether or not it is served yet,
 * best match first, each with the name that matched when it is not the city's own.
 */
export async function suggestPlaces(db: Executor, q: string): Promise<CitySuggestion[]> {
  const key = sql`locora_place_key(${q})`;
  const rows = await queryRows<{ city: string; alias: string | null }>(
    db,
    sql`with cities as (select distinct city from place_aliases),
        cand as (
          select c.city, null::text as alias,
            case when locora_place_key(c.city) = ${key} then 4
                 when locora_place_key(c.city) like ${startsWith(key)} then 3.5
                 else similarity(locora_place_key(c.city), ${key}) end as score
          from cities c
          where locora_place_key(c.city) like ${startsWith(key)} or locora_place_key(c.city) % ${key}
          union all
          select a.city, a.alias,
            case when a.alias_key = ${key} then 3 when a.alias_key like ${startsWith(key)} then 2
                 else similarity(a.alias_key, ${key}) end
          from place_aliases a
          where (a.alias_key like ${startsWith(key)} or a.alias_key % ${key})
        ),
        best as (select distinct on (city) city, alias, score from cand order by city, score desc, alias nulls first)
        select city, alias from best
        where ${key} <> '' and score >= ${SEARCH_TYPO_SIMILARITY}
        order by score desc, city
        limit ${MAX_PLACE_SUGGESTIONS}`,
  );
  return rows.map((r) => ({
    city: r.city,
    serviceCount: 0,
    ...(r.alias && r.alias.toLowerCase() !== r.city.toLowerCase() ? { matchedAlias: r.alias } : {}),
  }));
}

/**
 * The city a service is stored under (decision 052): the lexicon's canonical city when the typed
 * text is one of its names exactly (accents, case and punctuation aside: "東京", "Lisboa",
 * "sao paulo", "NYC"), or its city when the text names an area of one ("Ubud" -> Bali, with
 * `area` "Ubud"), else the text as typed (`isKnown` false: a new place for an admin to map).
 */
export async function canonicalPlace(
  db: Executor,
  typed: string,
): Promise<{ city: string; isKnown: boolean; area?: string }> {
  const key = sql`locora_place_key(${typed})`;
  const [row] = await queryRows<{ city: string; area: string | null }>(
    db,
    sql`select city, area from (
          select distinct a.city, null::text as area, 1 as rank from place_aliases a where locora_place_key(a.city) = ${key}
          union all
          select a.city, null, 2 from place_aliases a where a.alias_key = ${key} and a.kind = 'alias'
          union all
          select a.city, a.alias, 3 from place_aliases a where a.alias_key = ${key} and a.kind = 'area'
        ) x order by rank, city limit 1`,
  );
  if (!row) return { city: typed, isKnown: false };
  return { city: row.city, isKnown: true, ...(row.area ? { area: row.area } : {}) };
}

/**
 * Flags a city the lexicon does not know for an admin (once per place key; a place already
 * decided is not asked again). Inside the caller's transaction.
 */
export async function flagUnmappedPlace(tx: Executor, city: string, serviceId: string): Promise<void> {
  await tx.execute(
    sql`insert into unmapped_places (place_key, city, first_service_id)
        select locora_place_key(${city}), ${city}, ${serviceId}
        where locora_place_key(${city}) <> ''
        on conflict (place_key) do nothing`,
  );
}
