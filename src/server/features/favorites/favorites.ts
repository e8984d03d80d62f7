import { and, desc, eq, sql } from 'drizzle-orm';
import type { Service } from '../../../shared/api/catalog.ts';
import type { Executor } from '../../db/open.ts';
import { favorites, isVisibleService, services } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import { selectServiceCards, toServiceCard } from '../../read-models/service-cards.ts';

/** Saved services of one user (newest first); services that are no longer visible drop out. */
export async function listFavoriteServices(db: Executor, userId: string): Promise<Service[]> {
  const rows = await selectServiceCards(db)
    .innerJoin(favorites, eq(favorites.serviceId, services.id))
    .where(and(eq(favorites.userId, userId), isVisibleService(services)))
    .orderBy(desc(favorites.createdAt), services.id);
  return rows.map(toServiceCard);
}

/**
 * Saves a visible service (idempotent). One statement: the service is read and the favourite
 * written together, so a service hidden meanwhile is a 404, never a half-done save. Saving again
 * keeps the first save's time.
 */
export async function saveFavorite(db: Executor, userId: string, serviceId: string): Promise<void> {
  const saved = await db
    .insert(favorites)
    .select(
      db
        .select({
          userId: sql<string>`${userId}::uuid`.as('user_id'),
          serviceId: services.id,
          createdAt: sql<Date>`now()`.as('created_at'),
        })
        .from(services)
        .where(and(eq(services.id, serviceId), isVisibleService(services))),
    )
    .onConflictDoUpdate({
      target: [favorites.userId, favorites.serviceId],
      set: { createdAt: sql`${favorites.createdAt}` },
    })
    .returning({ serviceId: favorites.serviceId });
  if (saved.length === 0) throw new AppError('NOT_FOUND', 'Service not found.');
}

export async function removeFavorite(db: Executor, userId: string, serviceId: string): Promise<void> {
  await db.delete(favorites).where(and(eq(favorites.userId, userId), eq(favorites.serviceId, serviceId)));
}
