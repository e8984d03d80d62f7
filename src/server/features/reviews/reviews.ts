import { and, eq } from 'drizzle-orm';
import type { CreateReviewInput, ReviewResponse } from '../../../shared/api/bookings.ts';
import type { PublicReview } from '../../../shared/api/catalog.ts';
import { effectiveStatus } from '../../../shared/domain/booking-machine.ts';
import { applyBookingEvent } from '../../bookings/booking-writer.ts';
import type { Db, Executor } from '../../db/open.ts';
import { bookings, isVisibleService, providers, reviews, services } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import { providerByUsername } from '../../read-models/providers.ts';
import { listReviewsWhere } from '../../read-models/reviews.ts';

/**
 * Public reviews of a provider (by the provider's user id, as public links use, or its provider
 * id), newest first. Reviews of services that are not visible (inactive, paused or deleted) are
 * left out: their id and title are 404 everywhere else.
 */
export async function listProviderReviews(db: Executor, username: string, limit = 200): Promise<PublicReview[]> {
  const [provider] = await db.select({ id: providers.id }).from(providers).where(providerByUsername(username)).limit(1);
  if (!provider) throw new AppError('NOT_FOUND', 'Provider not found.');
  return listReviewsWhere(db, and(eq(services.providerId, provider.id), isVisibleService(services)), limit);
}

/** What a review of a booking that has not happened yet hears. */
export function notCompletedMessage(status: string): string {
  return `You can review a booking once it is completed: this one is ${status}`;
}

/**
 * The traveler's review of one of their bookings, once it is COMPLETED (a CONFIRMED or PAID
 * booking whose end has passed counts, and is persisted as COMPLETED here), once per booking.
 * One transaction: the booking row is locked, its completion persisted if due, the review
 * inserted, and the reviews trigger (migration 0014) recomputes the service's and the provider's
 * rating and count before it commits (decision 019). Someone else's booking is a 404; a second
 * review is refused by reviews_booking_id_unique (409).
 */
export async function createReview(
  db: Db,
  userId: string,
  input: CreateReviewInput,
  now = new Date(),
): Promise<ReviewResponse['review']> {
  return db.transaction(async (tx) => {
    const [booking] = await tx
      .select({
        id: bookings.id,
        userId: bookings.userId,
        serviceId: bookings.serviceId,
        status: bookings.status,
        startAt: bookings.startAt,
        endAt: bookings.endAt,
        createdAt: bookings.createdAt,
        authorisedAt: bookings.authorisedAt,
        paymentRequired: bookings.paymentRequired,
      })
      .from(bookings)
      .where(and(eq(bookings.id, input.bookingId), eq(bookings.userId, userId)))
      .for('update');
    if (!booking) throw new AppError('NOT_FOUND', 'Booking not found.');
    const status = effectiveStatus(
      {
        status: booking.status,
        start: booking.startAt,
        end: booking.endAt,
        createdAt: booking.createdAt,
        authorisedAt: booking.authorisedAt,
        paymentRequired: booking.paymentRequired,
      },
      now,
    );
    if (status !== 'COMPLETED') throw new AppError('CONFLICT', notCompletedMessage(status));
    // Completed by the clock, not yet written down: written now, as the lifecycle job would.
    if (booking.status !== 'COMPLETED')
      await applyBookingEvent(tx, booking.id, 'complete', { now, appUrl: '', cardPayments: false });
    const [review] = await tx
      .insert(reviews)
      .values({
        bookingId: booking.id,
        serviceId: booking.serviceId,
        authorId: booking.userId,
        rating: input.rating,
        text: input.text,
      })
      .returning();
    if (!review) throw new Error('insert into reviews returned no row');
    return {
      id: review.id,
      bookingId: review.bookingId,
      serviceId: review.serviceId,
      rating: review.rating,
      text: review.text,
      createdAt: review.createdAt.toISOString(),
    };
  });
}
