import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ZodMiniType } from 'zod/mini';
import { DEFAULT_PAGE_SIZE, PRICE_FILTER_MAX } from '@shared/api/catalog-options';
import type { Service } from '@shared/api/catalog-responses';
import type { WhenWord } from '@shared/domain/query-intent';
import { apiRequest } from '@/lib/api';
import { withPreloads } from '@/lib/preload-modules';

/**
 * The response schemas (zod/mini), imported when the first catalog answer arrives rather than with
 * the first chunk: pages rendered on the server come with their data, and zod's runtime would cost
 * the first load several kB gzip more (decision 012). Loaded in parallel with the request.
 */
type Schemas = typeof import('@shared/api/catalog-responses');
const loadSchemas = () =>
  withPreloads('../shared/api/catalog-responses.ts', () => import('@shared/api/catalog-responses'));

/**
 * The catalog calls of docs/product.md. Query keys are the request paths (the generic fetcher's
 * convention), so any screen asking for the same path shares the cache entry.
 */
async function getParsed<T>(
  url: string,
  schemaOf: (schemas: Schemas) => ZodMiniType<T>,
  signal?: AbortSignal,
): Promise<T> {
  const [schemas, res] = await Promise.all([loadSchemas(), apiRequest('GET', url, undefined, { signal })]);
  return schemaOf(schemas).parse(await res.json());
}

export const categoriesQuery = queryOptions({
  queryKey: ['/api/categories'],
  queryFn: ({ signal }) => getParsed('/api/categories', (s) => s.categoryListSchema, signal),
});

export const featuredServicesQuery = queryOptions({
  queryKey: ['/api/services/featured'],
  queryFn: ({ signal }) => getParsed('/api/services/featured', (s) => s.serviceListSchema, signal),
});

/**
 * GET /api/cities/suggest: the cities served that match a typed place (decision 016); without
 * text, every city served.
 */
export const citySuggestionsQuery = (q: string) =>
  queryOptions({
    queryKey: ['/api/cities/suggest', q.trim()],
    queryFn: ({ signal }) =>
      getParsed(
        q.trim() ? `/api/cities/suggest?${new URLSearchParams({ q: q.trim() })}` : '/api/cities/suggest',
        (s) => s.citySuggestionListSchema,
        signal,
      ),
  });

export const serviceQuery = (id: string) =>
  queryOptions({
    queryKey: ['/api/services', id],
    queryFn: ({ signal }) => getParsed(`/api/services/${encodeURIComponent(id)}`, (s) => s.serviceDetailSchema, signal),
  });

export const providerQuery = (userId: string) =>
  queryOptions({
    queryKey: ['/api/providers', userId],
    queryFn: ({ signal }) =>
      getParsed(`/api/providers/${encodeURIComponent(userId)}`, (s) => s.publicProviderSchema, signal),
  });

export const providerReviewsQuery = (userId: string) =>
  queryOptions({
    queryKey: ['/api/providers', userId, 'reviews'],
    queryFn: ({ signal }) =>
      getParsed(`/api/providers/${encodeURIComponent(userId)}/reviews`, (s) => s.publicReviewListSchema, signal),
  });

/** What the browse page asks GET /api/services for (its address holds the same fields). */
export interface ServiceFilters {
  q: string;
  city: string;
  /** "Available on…" (yyyy-MM-dd), or '' for any day. */
  date: string;
  category: string;
  minRating: number;
  sortBy: string;
  page: number;
}

export interface ServicePage {
  services: Service[];
  /** All matches (the X-Total-Count header), not only this page. */
  total: number;
  /** The server stopped counting (X-Total-Count-Capped): there are at least `total` matches. */
  isTotalCapped: boolean;
  /** The text says "near me" and no city is chosen (X-Search-Needs-City): ask for one. */
  needsCity: boolean;
  /** The city the text named, for an empty city box (X-Search-City). */
  queryCity: string | null;
  /** The time word the text held, which kept only services with a free start then (X-Search-When). */
  when?: WhenWord | null;
}

/** The query string of a search; the price range is always the full 0-500 (docs/product.md). */
export function serviceSearchQuery(filters: ServiceFilters, pageSize = DEFAULT_PAGE_SIZE): string {
  const params = new URLSearchParams();
  if (filters.q) params.set('q', filters.q);
  if (filters.city) params.set('city', filters.city);
  if (filters.date) params.set('date', filters.date);
  if (filters.category) params.set('category', filters.category);
  params.set('minPrice', '0');
  params.set('maxPrice', String(PRICE_FILTER_MAX));
  params.set('minRating', String(filters.minRating));
  params.set('sortBy', filters.sortBy);
  params.set('page', String(filters.page));
  params.set('pageSize', String(pageSize));
  return params.toString();
}

/** The time words (shared/domain/query-intent.ts WHEN_WORDS), without loading the parser and its word lists. */
const WHEN_WORDS: Record<WhenWord, true> = { today: true, tonight: true, tomorrow: true, weekend: true };

function whenWord(value: string | null): WhenWord | null {
  return value !== null && Object.hasOwn(WHEN_WORDS, value) ? (value as WhenWord) : null;
}

function decodedHeader(value: string | null): string | null {
  if (!value) return null;
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}

export async function searchServices(filters: ServiceFilters, signal?: AbortSignal): Promise<ServicePage> {
  const [schemas, res] = await Promise.all([
    loadSchemas(),
    apiRequest('GET', `/api/services?${serviceSearchQuery(filters)}`, undefined, { signal }),
  ]);
  const services = schemas.serviceListSchema.parse(await res.json());
  const header = Number(res.headers.get('X-Total-Count'));
  return {
    services,
    // A missing or garbled header (NaN) falls back to the page's own length.
    total: header >= 0 ? header : services.length,
    isTotalCapped: res.headers.get('X-Total-Count-Capped') === 'true',
    needsCity: res.headers.get('X-Search-Needs-City') === 'true',
    queryCity: decodedHeader(res.headers.get('X-Search-City')),
    when: whenWord(res.headers.get('X-Search-When')),
  };
}

export const serviceSearchQueryOptions = (filters: ServiceFilters) =>
  queryOptions({
    queryKey: ['/api/services', filters],
    queryFn: ({ signal }) => searchServices(filters, signal),
    // Keep the previous results on screen (dimmed) while the next search loads.
    placeholderData: keepPreviousData,
  });
