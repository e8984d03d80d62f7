/**
 * Read model of public reviews, shown by the service page (catalog) and the provider's profile
 * (reviews). Only published reviews that no admin has hidden are public (decision 050): an
 * unpublished review reaches no one but its author, through their own bookings.
 */
import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { PublicReview } from '../../shared/api/catalog.ts';
import type { Executor } from '../db/open.ts';
import { isPublicReview, reviews, services, users } from '../db/schema.ts';

/** Public reviews matching `where`, newest first, with the author's public name and image (never email) and the answer. */
export async function listReviewsWhere(db: Executor, where: SQL | undefined, limit: number): Promise<PublicReview[]> {
  const rows = await db
    .select({
      id: reviews.id,
      rating: reviews.rating,
      text: reviews.text,
      createdAt: reviews.createdAt,
      author: { name: users.name, image: users.image },
      service: { id: services.id, title: services.title },
      answer: reviews.answer,
      answeredAt: reviews.answeredAt,
    })
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.authorId))
    .innerJoin(services, eq(services.id, reviews.serviceId))
    .where(and(isPublicReview(reviews), where))
    .orderBy(desc(reviews.createdAt), reviews.id)
    .limit(limit);
  return rows.map((r) => ({
    ...r,
    createdAt: r.createdAt.toISOString(),
    answeredAt: r.answeredAt?.toISOString() ?? null,
  }));
}

/**
 * Reviews of one service. The caller has decided the viewer may see the service (its detail
 * page is visible to them), so this does not filter on visibility.
 */
export function listServiceReviews(db: Executor, serviceId: string, limit = 100): Promise<PublicReview[]> {
  return listReviewsWhere(db, eq(reviews.serviceId, serviceId), limit);
}
