import { and, desc, eq, or, type SQL } from 'drizzle-orm';
import type { PublicReview } from '../../../shared/api/catalog.ts';
import type { Executor } from '../../db/open.ts';
import { isVisibleService, providers, reviews, services, users } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';

const isUuid = (s: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(s);

/** Reviews matching `where`, newest first, with the author's public name and image (never email). */
async function listReviewsWhere(db: Executor, where: SQL | undefined, limit: number): Promise<PublicReview[]> {
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

/**
 * Public reviews of a provider (by the provider's user id, as SPEC's links use, or its provider
 * id), newest first. Reviews of services that are not visible (inactive, paused or deleted) are
 * left out: their id and title are 404 everywhere else.
 */
export async function listProviderReviews(db: Executor, username: string, limit = 200): Promise<PublicReview[]> {
  if (!isUuid(username)) throw new AppError('NOT_FOUND', 'Provider not found.');
  const [provider] = await db
    .select({ id: providers.id })
    .from(providers)
    .where(or(eq(providers.userId, username), eq(providers.id, username)))
    .limit(1);
  if (!provider) throw new AppError('NOT_FOUND', 'Provider not found.');
  return listReviewsWhere(db, and(eq(services.providerId, provider.id), isVisibleService(services)), limit);
}
