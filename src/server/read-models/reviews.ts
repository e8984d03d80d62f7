/** Read model of public reviews, shown by the service page (catalog) and the provider's profile (reviews). */
import { desc, eq, type SQL } from 'drizzle-orm';
import type { PublicReview } from '../../shared/api/catalog.ts';
import type { Executor } from '../db/open.ts';
import { reviews, services, users } from '../db/schema.ts';

/** Reviews matching `where`, newest first, with the author's public name and image (never email). */
export async function listReviewsWhere(db: Executor, where: SQL | undefined, limit: number): Promise<PublicReview[]> {
  const rows = await db
    .select({
      id: reviews.id,
      rating: reviews.rating,
      text: reviews.text,
      createdAt: reviews.createdAt,
      author: { name: users.name, image: users.image },
      service: { id: services.id, title: services.title },
    })
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.authorId))
    .innerJoin(services, eq(services.id, reviews.serviceId))
    .where(where)
    .orderBy(desc(reviews.createdAt), reviews.id)
    .limit(limit);
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

/**
 * Reviews of one service. The caller has decided the viewer may see the service (its detail
 * page is visible to them), so this does not filter on visibility.
 */
export function listServiceReviews(db: Executor, serviceId: string, limit = 100): Promise<PublicReview[]> {
  return listReviewsWhere(db, eq(reviews.serviceId, serviceId), limit);
}
