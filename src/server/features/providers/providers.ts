import { and, asc, count, eq, exists, isNull } from 'drizzle-orm';
import type { PublicProvider } from '../../../shared/api/catalog.ts';
import type { MyProvider } from '../../../shared/api/providers.ts';
import type { Executor } from '../../db/open.ts';
import { isVisibleService, providers, services, users } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import { providerByUsername } from '../../read-models/providers.ts';
import { listProviderServices } from '../../read-models/service-cards.ts';

/** The profile's own columns, as both the public and the own-profile responses show them. */
const profileColumns = {
  id: providers.id,
  userId: providers.userId,
  displayName: providers.displayName,
  avatar: providers.avatar,
  bio: providers.bio,
  baseCity: providers.baseCity,
  languages: providers.languages,
  timeZone: providers.timeZone,
  rating: providers.rating,
  ratingCount: providers.ratingCount,
  govIdStatus: providers.govIdStatus,
  phoneVerified: providers.phoneVerified,
};

export async function getMyProvider(db: Executor, userId: string): Promise<MyProvider> {
  const [row] = await db
    .select({ ...profileColumns, email: users.email })
    .from(providers)
    .innerJoin(users, eq(users.id, providers.userId))
    .where(eq(providers.userId, userId))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', 'You have no provider profile yet. Switch to provider to create one.');
  // The provider's own services, inactive and paused included; deleted ones are gone.
  const [c] = await db
    .select({ n: count() })
    .from(services)
    .where(and(eq(services.providerId, row.id), isNull(services.deletedAt)));
  const { email, ...rest } = row;
  return { ...rest, rating: Number(rest.rating), user: { email }, _count: { services: c?.n ?? 0 } };
}

/** The public profile by the provider's user id (what SPEC's links use), or its provider id. */
export async function getPublicProvider(db: Executor, username: string): Promise<PublicProvider> {
  const [p] = await db.select(profileColumns).from(providers).where(providerByUsername(username)).limit(1);
  if (!p) throw new AppError('NOT_FOUND', 'Provider not found.');
  const visibleServices = await listProviderServices(db, p.id);
  return {
    ...p,
    languages: p.languages ?? [],
    rating: Number(p.rating),
    services: visibleServices,
    _count: { services: visibleServices.length },
  };
}

/** Providers (by user id) that have at least one visible service, for the sitemap. */
export async function listSitemapProviders(db: Executor, limit: number): Promise<{ userId: string }[]> {
  return db
    .select({ userId: providers.userId })
    .from(providers)
    .innerJoin(users, eq(users.id, providers.userId))
    .where(
      and(
        eq(users.role, 'PROVIDER'),
        exists(
          db
            .select({ id: services.id })
            .from(services)
            .where(and(eq(services.providerId, providers.id), isVisibleService(services))),
        ),
      ),
    )
    .orderBy(asc(providers.createdAt))
    .limit(limit);
}
