/**
 * Read models that several features show: a service card (search, favourites, a provider's
 * profile). Features import these instead of each other (the no-restricted-paths zones in
 * eslint.config.js); the feature that owns the rules about services stays catalog.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Service } from '../../shared/api/catalog.ts';
import type { Executor } from '../db/open.ts';
import { categories, isPublicReview, isVisibleService, providers, reviews, services } from '../db/schema.ts';

/**
 * The columns of a service card (the API's Service), as a typed select over services, categories
 * and providers. Features that list services (a provider's profile, favourites) build on
 * selectServiceCards() and map rows with toServiceCard().
 */
export function serviceCardColumns(db: Executor) {
  return {
    id: services.id,
    title: services.title,
    description: services.description,
    categoryId: services.categoryId,
    category: { id: categories.id, name: categories.name, slug: categories.slug, icon: categories.icon },
    city: services.city,
    photos: services.photos,
    price: services.priceCents,
    currency: services.currency,
    pricingUnit: services.pricingUnit,
    minHours: services.minHours,
    locationType: services.locationType,
    locationArea: services.locationArea,
    rating: services.rating,
    ratingCount: services.ratingCount,
    isActive: services.isActive,
    createdAt: services.createdAt,
    provider: {
      id: providers.id,
      userId: providers.userId,
      displayName: providers.displayName,
      avatar: providers.avatar,
      govIdStatus: providers.govIdStatus,
      rating: providers.rating,
      ratingCount: providers.ratingCount,
    },
    // Only published reviews that no admin has hidden count (decision 050).
    reviewCount: db.$count(reviews, and(eq(reviews.serviceId, services.id), isPublicReview(reviews))),
  };
}

/** services joined to their category and provider, selecting a card; add where/order/limit. */
export function selectServiceCards(db: Executor) {
  return db
    .select(serviceCardColumns(db))
    .from(services)
    .innerJoin(categories, eq(categories.id, services.categoryId))
    .innerJoin(providers, eq(providers.id, services.providerId))
    .$dynamic();
}

type ServiceCardRow = Awaited<ReturnType<typeof selectServiceCards>>[number];

export function toServiceCard({ reviewCount, ...row }: ServiceCardRow): Service {
  return {
    ...row,
    photos: row.photos ?? [],
    rating: Number(row.rating),
    createdAt: row.createdAt.toISOString(),
    provider: { ...row.provider, rating: Number(row.provider.rating) },
    _count: { reviews: Number(reviewCount) },
  };
}

/**
 * Visible services of one provider, newest first (their public profile); `bookable` (with payments
 * configured: payableProviderSql) leaves them out while the provider cannot be paid.
 */
export async function listProviderServices(db: Executor, providerId: string, bookable?: SQL): Promise<Service[]> {
  const rows = await selectServiceCards(db)
    .where(and(eq(services.providerId, providerId), isVisibleService(services), bookable))
    .orderBy(sql`${services.createdAt} desc`, services.id);
  return rows.map(toServiceCard);
}
