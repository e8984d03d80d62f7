import { RATING_OPTIONS, SEARCH_TEXT_MAX, SORT_OPTIONS } from '@shared/api/catalog-options';
import { isCalendarDate } from '@shared/domain/calendar-date';
import type { ServiceFilters } from './catalog-api';

export type SortOption = (typeof SORT_OPTIONS)[number];

export const DEFAULT_SORT: SortOption = 'recommended';

const isSortOption = (value: string): value is SortOption => (SORT_OPTIONS as readonly string[]).includes(value);

/**
 * The browse filters from the address. Anything the API would refuse (an unknown sort, a rating
 * outside 0/3/4/4.5, a page that is not a positive whole number) falls back to its default, so
 * an edited or old link still shows results.
 */
export function filtersFromParams(params: URLSearchParams): ServiceFilters {
  const text = (key: string) => (params.get(key) ?? '').trim().slice(0, SEARCH_TEXT_MAX);
  const category = (params.get('category') ?? '').trim().toLowerCase();
  const rating = Number(params.get('minRating') ?? 0);
  const sortBy = params.get('sortBy') ?? DEFAULT_SORT;
  const page = Number(params.get('page') ?? 1);
  const date = (params.get('date') ?? '').trim();
  return {
    q: text('q'),
    city: text('city'),
    // "Available on…": a calendar date; anything else is left out (an edited link still shows results).
    date: isCalendarDate(date) ? date : '',
    category: /^[a-z0-9-]{1,64}$/.test(category) ? category : '',
    minRating: (RATING_OPTIONS as readonly number[]).includes(rating) ? rating : 0,
    sortBy: isSortOption(sortBy) ? sortBy : DEFAULT_SORT,
    page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
  };
}
