import { RATING_OPTIONS } from '@shared/api/catalog-options';
import { DEFAULT_SORT } from './browse-params';
import type { ServiceFilters } from './catalog-api';

/*
 * The browse page's own helpers for its address, apart from browse-params.ts, which the first
 * page's route table uses (a module in the first chunk brings every export any page uses,
 * decision 027).
 */

/** The minimum-rating choices (0 is 'All Ratings'). */
export const ratingLabels: Record<(typeof RATING_OPTIONS)[number], string> = {
  0: 'All Ratings',
  3: '3+',
  4: '4+',
  4.5: '4.5+',
};

export type FilterPatch = Partial<Record<keyof ServiceFilters, string | number | undefined>>;

/**
 * The address after a change: defaults and empty values are left out (so '/browse' is the
 * unfiltered first page); any change other than the page goes back to page 1.
 */
export function applyFilterPatch(params: URLSearchParams, patch: FilterPatch): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [key, raw] of Object.entries(patch)) {
    const value = raw === undefined ? '' : String(raw).trim();
    const isDefault =
      value === '' ||
      (key === 'minRating' && Number(value) === 0) ||
      (key === 'sortBy' && value === DEFAULT_SORT) ||
      (key === 'page' && value === '1');
    if (isDefault) next.delete(key);
    else next.set(key, value);
  }
  if (!('page' in patch)) next.delete('page');
  return next;
}
