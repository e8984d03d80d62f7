import { isCategorySlug } from '@shared/domain/categories';
import { formatDollarsAndCents, formatWholeDollars } from '@shared/domain/pricing';

/** Whole dollars from integer cents, as cards and dashboards show them (SPEC.md section 9). */
export function formatPrice(cents: number): string {
  return formatWholeDollars(cents);
}

/** Dollars and cents, as checkout shows them ('$45.00'). */
export function formatPriceWithCents(cents: number): string {
  return formatDollarsAndCents(cents);
}

/** A rating to one decimal (SPEC.md section 9). */
export function formatRating(rating: number): string {
  return rating.toFixed(1);
}

export function pluralize(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** 'Minimum 2 hours' / 'Minimum 1 hour'. */
export function minimumHoursText(minHours: number): string {
  return `Minimum ${pluralize(minHours, 'hour')}`;
}

/**
 * How a service is priced and for how long at least, for the booking card and checkout:
 * 'Minimum 2 hours' per hour; 'Priced per session · minimum 2 hours' and 'Priced per day ·
 * minimum 8 hours' otherwise, so a per-day or per-session price is never read as hourly. The
 * amount is still price x hours (SPEC.md section 9): the hours say how long the session or day is.
 */
export function pricingUnitText(pricingUnit: 'per hour' | 'per session' | 'per day', minHours: number): string {
  if (pricingUnit === 'per hour') return minimumHoursText(minHours);
  return `Priced ${pricingUnit} · minimum ${pluralize(minHours, 'hour')}`;
}

export const PLACEHOLDER_PHOTO = '/media/placeholder.svg';

/** The picture to show when a service has no photo, or its photo fails to load. */
export function fallbackPhoto(categorySlug: string | undefined): string {
  // The server draws an illustration set per category (/media/services/{slug}/{n}.svg).
  return categorySlug && isCategorySlug(categorySlug) ? `/media/services/${categorySlug}/1.svg` : PLACEHOLDER_PHOTO;
}

/**
 * A category's icon when it can be drawn as a glyph (SPEC.md: 'emoji or icon name'): an emoji,
 * however many code points it is made of (🧑‍🍳, 🏄‍♀️), or a character or two. An icon name such as
 * 'waves' is not a picture: null, and the caller draws its own fallback.
 */
export const categoryIconGlyph = (icon: string | null | undefined): string | null =>
  icon && [...new Intl.Segmenter().segment(icon)].length < 3 ? icon : null;
