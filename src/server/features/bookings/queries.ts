/**
 * Reading bookings: a traveler's list, one booking for its parties or an admin, a provider's
 * incoming list. Every status is the effective one (booking-machine.ts effectiveStatus in
 * TypeScript, locora_effective_status in SQL); every query is scoped to the caller.
 */
import { and, asc, desc, eq, gt, or, sql, type SQL } from 'drizzle-orm';
import type { Booking } from '../../../shared/api/bookings.ts';
import type { ProviderBooking } from '../../../shared/api/provider-workspace.ts';
import { effectiveStatus, respondBy, type LifecycleBooking } from '../../../shared/domain/booking-machine.ts';
import { bookingShares } from '../../../shared/domain/pricing.ts';
import { unitPriceOfBooking } from '../../../shared/domain/booking-amounts.ts';
import { isAddressRevealed } from '../../../shared/domain/service-location.ts';
import type { BookingStatus } from '../../../shared/domain/booking-status.ts';
import type { Executor } from '../../db/open.ts';
import {
  bookings,
  categories,
  payments,
  providers,
  reviews,
  services,
  travelerReviews,
  users,
} from '../../db/schema.ts';
import type { BookingReview } from '../../../shared/api/trust.ts';
import { reviewWindowEndsAt } from '../../../shared/domain/reviews.ts';
import { travelerRecords } from '../../read-models/traveler-records.ts';
import { formatPhone } from '../../read-models/phone.ts';
import { AppError } from '../../http/errors.ts';
import { effectiveStatusSql, visibleToProviderSql } from '../../bookings/booking-sql.ts';

/** At most this many bookings in one answer (newest first). */
export const PROVIDER_BOOKINGS_LIMIT = 500;
/** At most this many bookings in a traveler's list. */
export const TRAVELER_BOOKINGS_LIMIT = 500;
export const BOOKING_NOT_FOUND = 'Booking not found.';

/** SQL: live as of now (PENDING, CONFIRMED or PAID once expiry and completion are applied). */
function liveSql(now: Date): SQL {
  return sql`${effectiveStatusSql(now, 'bookings')} in ('PENDING', 'CONFIRMED', 'PAID')`;
}

// ------------------------------------------------------------------------------------- reading

/** Who closed it, from the history: 'PROVIDER:PENDING' is a declined request (closedFields reads it). */
const closedBySql = sql<string | null>`(select e.actor_role || ':' || coalesce(e.from_status::text, '')
    from booking_events e where e.booking_id = ${bookings.id} and e.to_status in ('CANCELED', 'REFUNDED')
    order by e.created_at desc, e.seq desc limit 1)`;

const bookingColumns = {
  id: bookings.id,
  status: bookings.status,
  startAt: bookings.startAt,
  endAt: bookings.endAt,
  hours: bookings.hours,
  amountCents: bookings.amountCents,
  feeCents: bookings.feeCents,
  currency: bookings.currency,
  address: bookings.address,
  notes: bookings.notes,
  cancelReason: bookings.cancelReason,
  alternativeStarts: bookings.alternativeStarts,
  createdAt: bookings.createdAt,
  authorisedAt: bookings.authorisedAt,
  paymentRequired: bookings.paymentRequired,
  refundPending: bookings.refundPending,
  userId: users.id,
  userName: users.name,
  userImage: users.image,
  serviceId: services.id,
  serviceTitle: services.title,
  servicePhotos: services.photos,
  serviceCity: services.city,
  serviceIsActive: services.isActive,
  serviceIsPaused: services.isPaused,
  serviceDeletedAt: services.deletedAt,
  pricingUnit: services.pricingUnit,
  locationType: services.locationType,
  locationAddress: services.locationAddress,
  locationArea: services.locationArea,
  closedBy: closedBySql,
  categoryName: categories.name,
  categorySlug: categories.slug,
  providerId: providers.id,
  providerUserId: providers.userId,
  providerName: providers.displayName,
  providerAvatar: providers.avatar,
  timeZone: providers.timeZone,
  reviewId: reviews.id,
  reviewRating: reviews.rating,
  reviewText: reviews.text,
  reviewCreatedAt: reviews.createdAt,
  reviewPublishedAt: reviews.publishedAt,
  reviewAnswer: reviews.answer,
  reviewAnsweredAt: reviews.answeredAt,
  reviewHiddenNote: reviews.hiddenNote,
  trId: travelerReviews.id,
  trRating: travelerReviews.rating,
  trText: travelerReviews.text,
  trCreatedAt: travelerReviews.createdAt,
  trPublishedAt: travelerReviews.publishedAt,
  trAnswer: travelerReviews.answer,
  trAnsweredAt: travelerReviews.answeredAt,
  trHiddenNote: travelerReviews.hiddenNote,
  providerPhone: sql<string | null>`(select pu.phone from users pu where pu.id = ${providers.userId})`,
  paymentStatus: payments.status,
};

/** Statuses at which the two people see each other's phone numbers (decision 051). */
const PHONE_STATUSES = new Set(['CONFIRMED', 'PAID', 'COMPLETED']);

type ReviewColumns = {
  id: string | null;
  rating: number | null;
  text: string | null;
  createdAt: Date | null;
  publishedAt: Date | null;
  answer: string | null;
  answeredAt: Date | null;
  hiddenNote: string | null;
};

/**
 * A review as one of the booking's people sees it (decision 050): its author at any time, anyone
 * else once published; a hidden review shows its author their text, and anyone else only the note.
 */
export function reviewFor(r: ReviewColumns, isAuthor: boolean): BookingReview | null {
  if (r.id === null || r.rating === null) return null;
  if (!isAuthor && !r.publishedAt) return null;
  const hidden = r.hiddenNote !== null && !isAuthor;
  return {
    id: r.id,
    rating: hidden ? 0 : r.rating,
    text: hidden ? '' : (r.text ?? ''),
    createdAt: r.createdAt?.toISOString(),
    publishedAt: r.publishedAt?.toISOString() ?? null,
    answer: hidden ? null : r.answer,
    answeredAt: hidden ? null : (r.answeredAt?.toISOString() ?? null),
    hiddenNote: r.hiddenNote,
  };
}

/** The review columns both booking selects carry (traveler's review, and the provider's review of the traveler). */
type ReviewJoin = {
  reviewId: string | null;
  reviewRating: number | null;
  reviewText: string | null;
  reviewCreatedAt: Date | null;
  reviewPublishedAt: Date | null;
  reviewAnswer: string | null;
  reviewAnsweredAt: Date | null;
  reviewHiddenNote: string | null;
  trId: string | null;
  trRating: number | null;
  trText: string | null;
  trCreatedAt: Date | null;
  trPublishedAt: Date | null;
  trAnswer: string | null;
  trAnsweredAt: Date | null;
  trHiddenNote: string | null;
};

const serviceReviewOf = (r: ReviewJoin): ReviewColumns => ({
  id: r.reviewId,
  rating: r.reviewRating,
  text: r.reviewText,
  createdAt: r.reviewCreatedAt,
  publishedAt: r.reviewPublishedAt,
  answer: r.reviewAnswer,
  answeredAt: r.reviewAnsweredAt,
  hiddenNote: r.reviewHiddenNote,
});
const travelerReviewOf = (r: ReviewJoin): ReviewColumns => ({
  id: r.trId,
  rating: r.trRating,
  text: r.trText,
  createdAt: r.trCreatedAt,
  publishedAt: r.trPublishedAt,
  answer: r.trAnswer,
  answeredAt: r.trAnsweredAt,
  hiddenNote: r.trHiddenNote,
});

function selectBookings(db: Executor) {
  return db
    .select(bookingColumns)
    .from(bookings)
    .innerJoin(users, eq(users.id, bookings.userId))
    .innerJoin(services, eq(services.id, bookings.serviceId))
    .innerJoin(categories, eq(categories.id, services.categoryId))
    .innerJoin(providers, eq(providers.id, bookings.providerId))
    .leftJoin(reviews, eq(reviews.bookingId, bookings.id))
    .leftJoin(travelerReviews, eq(travelerReviews.bookingId, bookings.id))
    .leftJoin(payments, eq(payments.bookingId, bookings.id));
}

type BookingRow = Awaited<ReturnType<ReturnType<typeof selectBookings>['execute']>>[number];

/** A declined request and who canceled, from the history row that closed the booking. */
function closedFields(closedBy: string | null): {
  declined: boolean;
  canceledBy: 'TRAVELER' | 'PROVIDER' | 'SYSTEM' | null;
} {
  const [actor, from] = (closedBy ?? '').split(':');
  const canceledBy = actor === 'TRAVELER' || actor === 'PROVIDER' || actor === 'SYSTEM' ? actor : null;
  return { declined: canceledBy === 'PROVIDER' && from === 'PENDING', canceledBy };
}

/** What the state machine's time rules read of a booking row. */
function lifecycleOfRow(r: {
  status: string;
  startAt: Date;
  endAt: Date;
  createdAt: Date;
  authorisedAt: Date | null;
  paymentRequired: boolean;
}): LifecycleBooking {
  return {
    status: r.status,
    start: r.startAt,
    end: r.endAt,
    createdAt: r.createdAt,
    authorisedAt: r.authorisedAt,
    paymentRequired: r.paymentRequired,
  };
}

/** `viewerId`: who reads it (the traveler sees their own review before it is published). */
function toBooking(r: BookingRow, now: Date, viewerId?: string): Booking {
  const lifecycle = lifecycleOfRow(r);
  const status = effectiveStatus(lifecycle, now);
  return {
    id: r.id,
    status,
    start: r.startAt.toISOString(),
    end: r.endAt.toISOString(),
    hours: r.hours,
    amountCents: r.amountCents,
    feeCents: r.feeCents,
    totalCents: bookingShares(r).travelerPaysCents,
    currency: r.currency,
    address: r.address,
    notes: r.notes,
    createdAt: r.createdAt.toISOString(),
    respondBy: status === 'PENDING' ? respondBy(lifecycle).toISOString() : null,
    awaitingPayment: status === 'PENDING' && r.paymentRequired && !r.authorisedAt,
    authorisedAt: r.authorisedAt?.toISOString() ?? null,
    refundPending: r.refundPending,
    cancelReason: r.cancelReason,
    alternativeStarts: (r.alternativeStarts ?? []).map((d) => new Date(d).toISOString()),
    ...closedFields(r.closedBy),
    // The exact place is the traveler's to know once the provider accepted; before, area and city.
    location: {
      type: r.locationType,
      area: r.locationArea,
      address: r.locationType === 'traveler_address' ? r.address : isAddressRevealed(status) ? r.locationAddress : null,
    },
    timeZone: r.timeZone,
    user: { id: r.userId, name: r.userName, image: r.userImage },
    service: {
      id: r.serviceId,
      title: r.serviceTitle,
      photos: r.servicePhotos ?? [],
      city: r.serviceCity,
      pricingUnit: r.pricingUnit,
      // The price per unit when it was booked (the amount is fixed at booking: decision 035).
      price: unitPriceOfBooking(r.pricingUnit, r.amountCents, r.hours),
      category: { name: r.categoryName, slug: r.categorySlug },
      // Whether it is still offered: a booking outlives its service (deactivated or deleted).
      listing: r.serviceDeletedAt || !r.serviceIsActive ? 'withdrawn' : r.serviceIsPaused ? 'paused' : 'live',
      provider: {
        id: r.providerId,
        userId: r.providerUserId,
        displayName: r.providerName,
        avatar: r.providerAvatar,
      },
    },
    review: reviewFor(serviceReviewOf(r), viewerId === r.userId),
    providerReview: reviewFor(travelerReviewOf(r), false),
    providerReviewed: r.trId !== null,
    reviewWindowEndsAt: status === 'COMPLETED' ? reviewWindowEndsAt(r.endAt).toISOString() : null,
    providerPhone: PHONE_STATUSES.has(status) ? formatPhone(r.providerPhone) : null,
    paymentStatus: r.paymentStatus ?? null,
  };
}

export async function loadBooking(db: Executor, id: string, now: Date, viewerId?: string): Promise<Booking> {
  const [row] = await selectBookings(db).where(eq(bookings.id, id)).limit(1);
  if (!row) throw new AppError('NOT_FOUND', BOOKING_NOT_FOUND);
  return toBooking(row, now, viewerId);
}

/**
 * The caller's own bookings as a traveler. Upcoming: live (as of now) and not yet ended, soonest
 * first; past: everything else, latest start first.
 */
export async function listMyBookings(
  db: Executor,
  userId: string,
  query: { status: 'upcoming' | 'past' },
  now = new Date(),
): Promise<Booking[]> {
  const upcoming = and(liveSql(now), gt(bookings.endAt, now));
  const rows = await selectBookings(db)
    .where(and(eq(bookings.userId, userId), query.status === 'upcoming' ? upcoming : sql`not (${upcoming})`))
    .orderBy(
      ...(query.status === 'upcoming'
        ? [asc(bookings.startAt), asc(bookings.id)]
        : [desc(bookings.startAt), desc(bookings.id)]),
    )
    .limit(TRAVELER_BOOKINGS_LIMIT);
  return rows.map((r) => toBooking(r, now, userId));
}

/** One booking, for its traveler, its provider or an admin; anyone else gets 404. */
export async function getBooking(
  db: Executor,
  viewer: { id: string; role: string },
  id: string,
  now = new Date(),
): Promise<Booking> {
  const access =
    viewer.role === 'ADMIN'
      ? undefined
      : // The provider's once they may see it: an unpaid request is the traveler's alone.
        or(eq(bookings.userId, viewer.id), and(eq(providers.userId, viewer.id), visibleToProviderSql('bookings')));
  const [row] = await selectBookings(db)
    .where(and(eq(bookings.id, id), access))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', BOOKING_NOT_FOUND);
  return toBooking(row, now, viewer.id);
}

/** The provider's incoming bookings (requests and bookings), newest first; optionally one (effective) status. */
export async function listProviderBookings(
  db: Executor,
  userId: string,
  filter: { status?: BookingStatus | undefined } = {},
  now = new Date(),
): Promise<ProviderBooking[]> {
  const [provider] = await db
    .select({ id: providers.id, timeZone: providers.timeZone })
    .from(providers)
    .where(eq(providers.userId, userId))
    .limit(1);
  if (!provider) throw new AppError('NOT_FOUND', 'You have no provider profile yet. Switch to provider to create one.');
  // A request to be paid by card reaches its provider once the card is authorised.
  const where: SQL[] = [eq(bookings.providerId, provider.id), visibleToProviderSql('bookings')];
  if (filter.status) where.push(sql`${effectiveStatusSql(now, 'bookings')} = ${filter.status}`);
  const rows = await db
    .select({
      id: bookings.id,
      status: bookings.status,
      startAt: bookings.startAt,
      endAt: bookings.endAt,
      hours: bookings.hours,
      amountCents: bookings.amountCents,
      feeCents: bookings.feeCents,
      currency: bookings.currency,
      cancelReason: bookings.cancelReason,
      closedBy: closedBySql,
      createdAt: bookings.createdAt,
      authorisedAt: bookings.authorisedAt,
      userId: users.id,
      userName: users.name,
      userImage: users.image,
      userPhone: users.phone,
      serviceId: services.id,
      serviceTitle: services.title,
      servicePhotos: services.photos,
      reviewId: reviews.id,
      reviewRating: reviews.rating,
      reviewText: reviews.text,
      reviewCreatedAt: reviews.createdAt,
      reviewPublishedAt: reviews.publishedAt,
      reviewAnswer: reviews.answer,
      reviewAnsweredAt: reviews.answeredAt,
      reviewHiddenNote: reviews.hiddenNote,
      trId: travelerReviews.id,
      trRating: travelerReviews.rating,
      trText: travelerReviews.text,
      trCreatedAt: travelerReviews.createdAt,
      trPublishedAt: travelerReviews.publishedAt,
      trAnswer: travelerReviews.answer,
      trAnsweredAt: travelerReviews.answeredAt,
      trHiddenNote: travelerReviews.hiddenNote,
      paymentStatus: payments.status,
      paymentRequired: bookings.paymentRequired,
      address: bookings.address,
      notes: bookings.notes,
      locationType: services.locationType,
      locationAddress: services.locationAddress,
      locationArea: services.locationArea,
    })
    .from(bookings)
    .innerJoin(users, eq(users.id, bookings.userId))
    .innerJoin(services, eq(services.id, bookings.serviceId))
    .leftJoin(payments, eq(payments.bookingId, bookings.id))
    .leftJoin(reviews, eq(reviews.bookingId, bookings.id))
    .leftJoin(travelerReviews, eq(travelerReviews.bookingId, bookings.id))
    .where(and(...where))
    .orderBy(desc(bookings.createdAt), desc(bookings.id))
    .limit(PROVIDER_BOOKINGS_LIMIT);
  // Who is asking (decision 050): each traveler's record, read once for the whole list.
  const records = await travelerRecords(
    db,
    rows.map((r) => r.userId),
    now,
  );
  return rows.map((r) => {
    const lifecycle = lifecycleOfRow(r);
    const status = effectiveStatus(lifecycle, now);
    const shares = bookingShares(r);
    return {
      id: r.id,
      status,
      start: r.startAt.toISOString(),
      end: r.endAt.toISOString(),
      hours: r.hours,
      amountCents: r.amountCents,
      feeCents: r.feeCents,
      currency: r.currency,
      // What the traveler pays (subtotal + fee) and what the provider receives (the subtotal).
      totalCents: shares.travelerPaysCents,
      providerReceivesCents: shares.providerReceivesCents,
      // A declined request reads 'Declined' with its reason, as on the traveler's side.
      cancelReason: r.cancelReason,
      ...closedFields(r.closedBy),
      createdAt: r.createdAt.toISOString(),
      respondBy: status === 'PENDING' ? respondBy(lifecycle).toISOString() : null,
      timeZone: provider.timeZone,
      user: { name: r.userName, image: r.userImage },
      service: { id: r.serviceId, title: r.serviceTitle, photos: r.servicePhotos ?? [] },
      paymentStatus: r.paymentStatus ?? null,
      paymentRequired: r.paymentRequired,
      authorisedAt: r.authorisedAt?.toISOString() ?? null,
      // What the provider needs to serve it: where, and what the traveler asked for.
      address: r.address,
      notes: r.notes,
      location: { type: r.locationType, area: r.locationArea, address: r.locationAddress },
      traveler: records.get(r.userId),
      review: reviewFor(serviceReviewOf(r), false),
      travelerReview: reviewFor(travelerReviewOf(r), true),
      travelerReviewed: r.reviewId !== null,
      reviewWindowEndsAt: status === 'COMPLETED' ? reviewWindowEndsAt(r.endAt).toISOString() : null,
      travelerPhone: PHONE_STATUSES.has(status) ? formatPhone(r.userPhone) : null,
    };
  });
}
