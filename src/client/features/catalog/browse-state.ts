import type { I18n } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { DEFAULT_LOCALE, intlLocale, type Locale } from '@shared/domain/locales';
import type { ServicePage } from './catalog-api';

// Only the browse page (a lazy route) uses these; browse-params.ts is in the first load (the
// route table reads the filters from the address), so they live here.
/**
 * The history state of an entry that typing made: the address of the committed search it
 * replaced (null or absent for a committed search).
 */
export type BrowseHistoryState = { typedFrom?: string } | null;

export type HistoryStep = { action: 'push' | 'replace'; search: string; typedFrom: string | null };

/**
 * How a change of the filters goes into the browser's history, so that Back returns to the
 * previous search and never skips one:
 * - typing replaces the current entry (a pause updates the address; Back does not step through
 *   every word), and the entry remembers the committed search it replaced;
 * - a committed search (Enter, a chosen city, a select, a chip) adds an entry; when typing had
 *   replaced the current one, that entry first gets its committed search back, so typing never
 *   swallows it ("massage", then "Bang" typed, then Bangkok chosen: Back shows "massage").
 * An unchanged address adds nothing.
 */
export function historySteps(
  current: { search: string; typedFrom: string | null },
  next: { search: string; isTyping: boolean },
): HistoryStep[] {
  if (next.isTyping) {
    if (next.search === current.search) return [];
    return [{ action: 'replace', search: next.search, typedFrom: current.typedFrom ?? current.search }];
  }
  if (current.typedFrom === null) {
    return next.search === current.search ? [] : [{ action: 'push', search: next.search, typedFrom: null }];
  }
  if (next.search === current.typedFrom) return [{ action: 'replace', search: next.search, typedFrom: null }];
  return [
    { action: 'replace', search: current.typedFrom, typedFrom: null },
    { action: 'push', search: next.search, typedFrom: null },
  ];
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
  locale = DEFAULT_LOCALE,
  i18n,
}: {
  data: Pick<ServicePage, 'total' | 'isTotalCapped'> | undefined;
  isSearching: boolean;
  isError: boolean;
  /** The reader's language, for the number (1,234 / 1.234 / 1 234). */
  locale?: Locale;
  /** The reader's language, for the words. */
  i18n: I18n;
}): string {
  if (isSearching || (!data && !isError)) return i18n._(msg`Searching...`);
  if (!data || isError) return i18n._(msg`Could not load services`);
  const total = data.total;
  const n = total.toLocaleString(intlLocale(locale));
  if (data.isTotalCapped) return i18n._(msg`${n}+ services found`);
  return i18n._(msg`${plural(total, { one: `${n} service found`, other: `${n} services found` })}`);
}
