import type { ServicePage } from './catalog-api';

// Only the browse page (a lazy route) uses these; browse-params.ts is in the first load (the
// route table reads the filters from the address), so they live here.
/** The history state of an entry that typing made (a search not committed yet). */
export type BrowseHistoryState = { isTypedSearch?: boolean } | null;

/**
 * How a change of the filters goes into the browser's history, so that Back steps from search to
 * search: typing adds one entry for the search being typed (the first pause after a committed
 * search) and later pauses replace it; a committed search (Enter, a chosen city, a select, a
 * chip) replaces the entry typing made, or adds one. A change that leaves the address as it is
 * adds nothing.
 */
export function historyStep(
  current: { search: string; isTypedSearch: boolean },
  next: { search: string; isTyping: boolean },
): { action: 'push' | 'replace' | 'none'; isTypedSearch: boolean } {
  if (next.search === current.search && (next.isTyping || !current.isTypedSearch))
    return { action: 'none', isTypedSearch: current.isTypedSearch };
  return { action: current.isTypedSearch ? 'replace' : 'push', isTypedSearch: next.isTyping };
}

/**
 * The result count line (docs/product.md): 'Searching...' while a search loads, otherwise
 * 'N services found' ('1 service found'), with thousands separators. The server counts exactly
 * up to at least 1,000 (decision 041); past that (X-Total-Count-Capped) it reads '1,000+'.
 */
export function resultCountText({
  data,
  isSearching,
  isError,
}: {
  data: Pick<ServicePage, 'total' | 'isTotalCapped'> | undefined;
  isSearching: boolean;
  isError: boolean;
}): string {
  if (isSearching) return 'Searching...';
  if (isError) return 'Could not load services';
  if (!data) return 'Searching...';
  const n = data.total.toLocaleString('en-US');
  if (data.isTotalCapped) return `${n}+ services found`;
  return `${n} ${data.total === 1 ? 'service' : 'services'} found`;
}
