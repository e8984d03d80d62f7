import { isCategorySlug } from '@shared/domain/categories';
import type { CurrencyCode, Money } from '@shared/domain/currency';
import { formatMoney, formatMoneyTotals, formatPrice } from '@shared/domain/pricing';
import { useLocale } from './locale';

/** A rating to one decimal, as everywhere ratings are shown. */
export function formatRating(rating: number): string {
  return rating.toFixed(1);
}

// Every price and amount on every screen: the exact amount in its own currency, in the reader's
// locale ('¥8,000', '$39.99', 'R$ 245,90'), decisions 035 and 047. How a service is priced and for
// how long are in the reader's words: lib/booking-words.ts and features/checkout/booking-length.ts.
export { formatPrice };

/** The reader's money formatter: (8000, 'JPY') -> '¥8,000' in English. */
export function useMoney(): (amount: number, currency: CurrencyCode) => string {
  const locale = useLocale();
  return (amount, currency) => formatMoney(amount, currency, locale);
}

/** Totals in several currencies, one per currency ('¥120,000 · $300'); zero in `emptyCurrency` when none. */
export function useMoneyTotals(): (totals: readonly Money[], emptyCurrency: CurrencyCode) => string {
  const locale = useLocale();
  return (totals, emptyCurrency) => formatMoneyTotals(totals, locale, emptyCurrency);
}

export const PLACEHOLDER_PHOTO = '/media/placeholder.svg';

/** The picture to show when a service has no photo, or its photo fails to load. */
export function fallbackPhoto(categorySlug: string | undefined): string {
  // The server draws an illustration set per category (/media/services/{slug}/{n}.svg).
  return categorySlug && isCategorySlug(categorySlug) ? `/media/services/${categorySlug}/1.svg` : PLACEHOLDER_PHOTO;
}

/**
 * A category's icon when it can be drawn as a glyph (a category's Icon is an 'emoji or icon name'):
 * an emoji, however many code points it is made of (🧑‍🍳, 🏄‍♀️), or a character or two. An icon name
 * such as 'waves' is not a picture: null, and the caller draws its own fallback.
 */
export const categoryIconGlyph = (icon: string | null | undefined): string | null =>
  icon && [...new Intl.Segmenter().segment(icon)].length < 3 ? icon : null;
