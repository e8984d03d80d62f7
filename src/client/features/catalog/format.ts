import type { Service } from '@shared/api/catalog';

/** Whole dollars from integer cents (SPEC.md section 9: cents / 100, no decimals). */
export function formatPrice(cents: number): string {
  return `$${Math.round(cents / 100)}`;
}

/** A rating to one decimal (SPEC.md section 9). */
export function formatRating(rating: number): string {
  return rating.toFixed(1);
}

/** The service's own review count; only when it is missing, the provider's (SPEC.md section 3, Service). */
export function reviewCount(service: Pick<Service, 'provider'> & { _count?: { reviews?: number } }): number {
  return service._count?.reviews ?? service.provider.ratingCount;
}

export function pluralize(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** 'Minimum 2 hours' / 'Minimum 1 hour'. */
export function minimumHoursText(minHours: number): string {
  return `Minimum ${pluralize(minHours, 'hour')}`;
}

/** The category illustrations the server draws (/media/services/{slug}/{n}.svg). */
const illustratedCategories = new Set([
  'massage',
  'tours',
  'private-chef',
  'doctor',
  'yoga',
  'babysitting',
  'driver',
  'beauty',
  'fitness',
]);

export const PLACEHOLDER_PHOTO = '/media/placeholder.svg';

/** The picture to show when a service has no photo, or its photo fails to load. */
export function fallbackPhoto(categorySlug: string | undefined): string {
  return categorySlug && illustratedCategories.has(categorySlug)
    ? `/media/services/${categorySlug}/1.svg`
    : PLACEHOLDER_PHOTO;
}
