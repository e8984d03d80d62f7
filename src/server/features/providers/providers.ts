import { count, eq } from 'drizzle-orm';
import type { MyProvider } from '../../../shared/api/providers.ts';
import type { Db } from '../../db/open.ts';
import { providers, services, users } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';

export async function getMyProvider(db: Db, userId: string): Promise<MyProvider> {
  const [row] = await db
    .select({
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
      email: users.email,
    })
    .from(providers)
    .innerJoin(users, eq(users.id, providers.userId))
    .where(eq(providers.userId, userId))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', 'You have no provider profile yet. Switch to provider to create one.');
  const [c] = await db.select({ n: count() }).from(services).where(eq(services.providerId, row.id));
  const { email, ...rest } = row;
  return { ...rest, rating: Number(rest.rating), user: { email }, _count: { services: c?.n ?? 0 } };
}
