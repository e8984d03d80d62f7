import type { Service } from '@shared/api/catalog';

/**
 * The rating a service shows (decision 019): its own average and review count, never its
 * provider's. A count of 0 is shown as 'New'. Filters and sorts use the same two numbers.
 */
export function serviceRating(service: Pick<Service, 'rating' | 'ratingCount'>): { rating: number; count: number } {
  return { rating: service.rating, count: service.ratingCount };
}
