/**
 * Bookings (issue 8 starts the feature with the provider's incoming list; the booking issue adds
 * creation and status changes). Every query is scoped to the caller.
 */
import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { BookingStatus } from '../../../shared/domain/booking-status.ts';
import { effectiveStatus, respondBy } from '../../../shared/domain/booking-lifecycle.ts';
import type { ProviderBooking } from '../../../shared/api/provider-workspace.ts';
import type { Executor } from '../../db/open.ts';
import { bookings, providers, services, users } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';

/** At most this many bookings in one answer (newest first). */
export const PROVIDER_BOOKINGS_LIMIT = 500;

/** The provider's incoming bookings (requests and bookings), newest first; optionally one status. */
export async function listProviderBookings(
  db: Executor,
  userId: string,
  filter: { status?: BookingStatus | undefined } = {},
): Promise<ProviderBooking[]> {
  const [provider] = await db
    .select({ id: providers.id, timeZone: providers.timeZone })
    .from(providers)
    .where(eq(providers.userId, userId))
    .limit(1);
  if (!provider) throw new AppError('NOT_FOUND', 'You have no provider profile yet. Switch to provider to create one.');
  const where: SQL[] = [eq(bookings.providerId, provider.id)];
  if (filter.status) where.push(eq(bookings.status, filter.status));
  const rows = await db
    .select({
      id: bookings.id,
      status: bookings.status,
      startAt: bookings.startAt,
      endAt: bookings.endAt,
      hours: bookings.hours,
      amountCents: bookings.amountCents,
      createdAt: bookings.createdAt,
      userName: users.name,
      userImage: users.image,
      serviceId: services.id,
      serviceTitle: services.title,
      servicePhotos: services.photos,
    })
    .from(bookings)
    .innerJoin(users, eq(users.id, bookings.userId))
    .innerJoin(services, eq(services.id, bookings.serviceId))
    .where(and(...where))
    .orderBy(desc(bookings.createdAt), desc(bookings.id))
    .limit(PROVIDER_BOOKINGS_LIMIT);
  const now = new Date();
  return rows.map((r) => ({
    id: r.id,
    status: effectiveStatus({ status: r.status, start: r.startAt, end: r.endAt, createdAt: r.createdAt }, now),
    start: r.startAt.toISOString(),
    end: r.endAt.toISOString(),
    hours: r.hours,
    amountCents: r.amountCents,
    createdAt: r.createdAt.toISOString(),
    respondBy:
      r.status === 'PENDING' &&
      effectiveStatus({ status: r.status, start: r.startAt, end: r.endAt, createdAt: r.createdAt }, now) === 'PENDING'
        ? respondBy(r.createdAt, r.startAt).toISOString()
        : null,
    timeZone: provider.timeZone,
    user: { name: r.userName, image: r.userImage },
    service: { id: r.serviceId, title: r.serviceTitle, photos: r.servicePhotos ?? [] },
  }));
}
