/**
 * Places named in the search text (decision 041): "massage in Lisbon", "NYC yoga", "yoga near
 * Ubud". The database finds which runs of the query's words name a place (a city's name, one of
 * its other names, or an area, as places.ts resolves the city box); this file decides which of
 * them the search narrows by, and which words are left to rank. Pure, so the rule is tested
 * without a database.
 */

/** A word that, just before a place, says "the place follows"; it is not searched for. */
export const PLACE_CONNECTORS: ReadonlySet<string> = new Set([
  'in',
  'near',
  // Portuguese, Spanish, Indonesian: "massagem em Lisboa", "yoga en Bali", "pijat di Ubud" (their
  // "near", "perto de" and the like, the query's reading turns into "near": query-intent.ts).
  'em',
  'no',
  'na',
  'en',
  'di',
]);
/** A word between two places ("Bali or Lisbon"); it is not searched for either. */
const PLACE_JOINERS: ReadonlySet<string> = new Set(['or', 'and']);
/** The longest run of words looked up as one place ("parque das nacoes", "krung thep maha nakhon"). */
export const MAX_PLACE_WORDS = 4;
/** Only the query's first words are looked up as places (the text is at most 100 characters). */
export const MAX_PLACE_TOKENS = 16;

/** A run of the query's words that names a place, as the database found it. */
export type PlaceMatch = {
  /** Index of its first word in the query's words. */
  start: number;
  /** How many words it spans. */
  length: number;
  /** The city keys (services.city_key) it stands for. */
  cities: string[];
  /** It is a city's own name or one of its other names ("NYC"), not an area inside a city. */
  isCity: boolean;
  /** Every word of it is also a word of the catalogue's text (a title, category, description). */
  isText: boolean;
};

export type PlaceSplit = {
  /** The city keys the search is narrowed to (any of them), or null when no place was named. */
  cities: string[] | null;
  /** The words left for the text search, in the query's order. */
  words: string[];
};

const overlaps = (a: PlaceMatch, b: PlaceMatch) => a.start < b.start + b.length && b.start < a.start + a.length;

/**
 * Which named places narrow the search, and the words left to rank:
 * - the longest runs first ("new york city" over "new york"), never two that overlap;
 * - a city's name or other name is a place wherever it stands ("NYC yoga", "massage Lisbon");
 * - an area is a place after "in" or "near" ("tour in Alfama"); without them, an area whose words
 *   the catalogue's text also uses stays a search word ("Alfama walking tour" is found by its
 *   title in every city), and one it does not use is a place ("Ubud yoga");
 * - "in"/"near" just before a place, and "or"/"and" between two places, are dropped;
 * - two places narrow to either of them ("yoga in Bali or Lisbon").
 */
export function splitPlaces(tokens: readonly string[], matches: readonly PlaceMatch[]): PlaceSplit {
  const candidates = matches
    .filter((m) => m.cities.length > 0 && m.length > 0 && m.start >= 0 && m.start + m.length <= tokens.length)
    .sort((a, b) => b.length - a.length || a.start - b.start);
  const chosen: PlaceMatch[] = [];
  for (const m of candidates) {
    if (chosen.some((c) => overlaps(c, m))) continue;
    const before = tokens[m.start - 1];
    const hasConnector = before !== undefined && PLACE_CONNECTORS.has(before);
    if (m.isCity || hasConnector || !m.isText) chosen.push(m);
  }
  if (chosen.length === 0) return { cities: null, words: [...tokens] };

  const dropped = new Set<number>();
  for (const m of chosen) for (let i = m.start; i < m.start + m.length; i++) dropped.add(i);
  const startsPlace = (i: number) => chosen.some((m) => m.start === i);
  const endsPlace = (i: number) => chosen.some((m) => m.start + m.length - 1 === i);
  tokens.forEach((t, i) => {
    if (dropped.has(i)) return;
    // "in Lisbon"; "near Ubud"; "Bali or Lisbon"; "Bali or in Lisbon".
    if (PLACE_CONNECTORS.has(t) && startsPlace(i + 1)) dropped.add(i);
    const next = tokens[i + 1];
    const isBeforePlace =
      startsPlace(i + 1) || (next !== undefined && PLACE_CONNECTORS.has(next) && startsPlace(i + 2));
    if (PLACE_JOINERS.has(t) && endsPlace(i - 1) && isBeforePlace) dropped.add(i);
  });
  const cities = [...new Set(chosen.flatMap((m) => m.cities))].sort();
  return { cities, words: tokens.filter((_, i) => !dropped.has(i)) };
}

/**
 * The city keys a search keeps when both the city box and the text name places: those both
 * allow ("massage in Bangkok" with City Lisbon finds nothing). Either alone is the answer.
 */
export function intersectCities(box: string[] | null, text: string[] | null): string[] | null {
  if (box === null) return text;
  if (text === null) return box;
  const allowed = new Set(text);
  return box.filter((c) => allowed.has(c));
}
