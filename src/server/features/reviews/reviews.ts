import { and, eq } from 'drizzle-orm';
import type { PublicReview } from '../../../shared/api/catalog.ts';
import type { Executor } from '../../db/open.ts';
import { isVisibleService, providers, services } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import { providerByUsername } from '../../read-models/providers.ts';
import { listReviewsWhere } from '../../read-models/reviews.ts';

/**
 * Public reviews of a provider (by the provider's user id, as SPEC's links use, or its provider
 * id), newest first. Reviews of services that are not visible (inactive, paused or deleted) are
 * left out: their id and title are 404 everywhere else.
 */
export async function listProviderReviews(db: Executor, username: string, limit = 200): Promise<PublicReview[]> {
  const [provider] = await db.select({ id: providers.id }).from(providers).where(providerByUsername(username)).limit(1);
  if (!provider) throw new AppError('NOT_FOUND', 'Provider not found.');
  return listReviewsWhere(db, and(eq(services.providerId, provider.id), isVisibleService(services)), limit);
}
