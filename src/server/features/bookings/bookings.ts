/**
 * Bookings (issue 9): a traveler's request, the provider's answer, cancels, and the lists and
 * detail both parties read. Every query is scoped to the caller; every status change is one
 * transaction that locks the booking row, checks the lifecycle table (shared/domain/booking-lifecycle.ts)
 * against the effective status, and writes a booking_events row, a realtime event and an email.
 */
import { TZDate } from '@date-fns/tz';
import { and, asc, desc, eq, gt, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Booking, CreateBookingInput } from '../../../shared/api/bookings.ts';
import { isWithinAvailability } from '../../../shared/domain/availability.ts';
import {
  BOOKING_MAX_HOURS,
  bookingEnd,
  cancelRefundsInFull,
  canTakeAction,
  effectiveStatus,
  findTransition,
  MAX_BOOKING_DAYS_AHEAD,
  MIN_LEAD_HOURS,
  RESPONSE_WINDOW_HOURS,
  respondBy,
  SLOT_STEP_MINUTES,
  SLOT_TAKEN_MESSAGE,
  wrongTransitionMessage,
  type BookingAction,
  type BookingActor,
} from '../../../shared/domain/booking-lifecycle.ts';
import type { BookingStatus } from '../../../shared/domain/booking-status.ts';
import { isCardPayable } from '../../../shared/domain/payments.ts';
import {
  amountsForUnit,
  bookingLengthText,
  formatDollarsAndCents,
  isHourly,
  unitPriceOfBooking,
} from '../../../shared/domain/pricing.ts';
import { DAY_MS, HOUR_MS } from '../../../shared/domain/time.ts';
import type { ProviderBooking } from '../../../shared/api/provider-workspace.ts';
import { queryRows, type Db, type Executor } from '../../db/open.ts';
import { availability, bookings, categories, payments, providers, reviews, services, users } from '../../db/schema.ts';
import { enqueueEmail } from '../../email/outbox.ts';
import { bookingReceiptEmail, bookingRequestEmail, type BookingEmailStatus } from '../../email/templates.ts';
import {
  isAddressRevealed,
  needsTravelerAddress,
  TRAVELER_ADDRESS_REQUIRED,
} from '../../../shared/domain/service-location.ts';
import { AppError, mapDatabaseError } from '../../http/errors.ts';
import {
  holdsMoney,
  immediateCall,
  isLivePayment,
  lockPaymentOfBooking,
  performPaymentAction,
  refreshPaymentBeforeAccept,
  queuePaymentAction,
  type PaymentAction,
} from '../../payments/payment-actions.ts';
import type { Stripe } from '../../payments/stripe-client.ts';
import { publishUserEvent } from '../../realtime/events.ts';
import {
  enqueueStatusEmail,
  normaliseParties,
  overdueSql,
  partiesFrom,
  partiesSelect,
  recordBookingEvent,
  settleOverdue,
  startText,
  type BookingParties,
} from './lifecycle.ts';

export const CARD_PAYMENTS_OFF_MESSAGE =
  'This request was made to be paid by card, and card payments are not available now. Decline it, and the traveler can book again.';
export const CARD_NOT_AUTHORISED_MESSAGE =
  'The traveler’s card payment is not authorised yet. You can accept once it is, or decline the request.';

/** At most this many bookings in one answer (newest first). */
export const PROVIDER_BOOKINGS_LIMIT = 500;
/** At most this many bookings in a traveler's list. */
export const TRAVELER_BOOKINGS_LIMIT = 500;

export const SERVICE_NOT_FOUND = 'Service not found.';
export const BOOKING_NOT_FOUND = 'Booking not found.';
export const OWN_SERVICE_MESSAGE = 'You cannot book your own service.';
export const SERVICE_UNAVAILABLE_MESSAGE = 'This service is not taking bookings right now.';
export const OUTSIDE_AVAILABILITY_MESSAGE =
  'That time is outside the provider’s availability. Please pick one of the free times.';
export const IN_THE_PAST_MESSAGE = 'The start time is in the past.';
export const TOO_SOON_MESSAGE = `Bookings must start at least ${MIN_LEAD_HOURS} hours from now.`;
export const TOO_FAR_MESSAGE = `Bookings can start at most ${MAX_BOOKING_DAYS_AHEAD} days from now.`;
export const IDEMPOTENCY_MISMATCH_MESSAGE = 'This Idempotency-Key was already used for a different booking request.';
export const unitLengthMessage = (unit: 'per session' | 'per day' | 'per hour', hours: number) =>
  `A booking of this service is one ${unit === 'per day' ? 'day' : 'session'} of ${hours} ${hours === 1 ? 'hour' : 'hours'}.`;
export const minHoursMessage = (minHours: number) =>
  `This service is booked for at least ${minHours} ${minHours === 1 ? 'hour' : 'hours'}.`;
export const offGridMessage = (timeZone: string) =>
  `Start times are on the hour or half past in the provider’s time zone (${timeZone}).`;

const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/** SQL: a booking's status as of `now` (effectiveStatus of shared/domain, in the query). */
function effectiveStatusSql(now: Date): SQL<string> {
  return sql<string>`(case
    when ${bookings.status} = 'PENDING'
      and least(${bookings.createdAt} + make_interval(hours => ${RESPONSE_WINDOW_HOURS}), ${bookings.startAt}) <= ${ts(now)}
      then 'CANCELED'
    when ${bookings.status} in ('CONFIRMED', 'PAID') and ${bookings.endAt} <= ${ts(now)} then 'COMPLETED'
    else ${bookings.status}::text end)`;
}

/** SQL: live as of now (PENDING, CONFIRMED or PAID once expiry and completion are applied). */
function liveSql(now: Date): SQL {
  return sql`${effectiveStatusSql(now)} in ('PENDING', 'CONFIRMED', 'PAID')`;
}

// ------------------------------------------------------------------------------------- reading

const bookingColumns = {
  id: bookings.id,
  status: bookings.status,
  startAt: bookings.startAt,
  endAt: bookings.endAt,
  hours: bookings.hours,
  amountCents: bookings.amountCents,
  feeCents: bookings.feeCents,
  address: bookings.address,
  notes: bookings.notes,
  cancelReason: bookings.cancelReason,
  createdAt: bookings.createdAt,
  userId: users.id,
  userName: users.name,
  userImage: users.image,
  serviceId: services.id,
  serviceTitle: services.title,
  servicePhotos: services.photos,
  serviceCity: services.city,
  pricingUnit: services.pricingUnit,
  locationType: services.locationType,
  locationAddress: services.locationAddress,
  locationArea: services.locationArea,
  // Who closed it, from the history: 'PROVIDER:PENDING' is a declined request.
  closedBy: sql<string | null>`(select e.actor_role || ':' || coalesce(e.from_status::text, '')
    from booking_events e where e.booking_id = ${bookings.id} and e.to_status in ('CANCELED', 'REFUNDED')
    order by e.created_at desc limit 1)`,
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
  paymentStatus: payments.status,
};

function selectBookings(db: Executor) {
  return db
    .select(bookingColumns)
    .from(bookings)
    .innerJoin(users, eq(users.id, bookings.userId))
    .innerJoin(services, eq(services.id, bookings.serviceId))
    .innerJoin(categories, eq(categories.id, services.categoryId))
    .innerJoin(providers, eq(providers.id, bookings.providerId))
    .leftJoin(reviews, eq(reviews.bookingId, bookings.id))
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

function toBooking(r: BookingRow, now: Date): Booking {
  const lifecycle = { status: r.status, start: r.startAt, end: r.endAt, createdAt: r.createdAt };
  const status = effectiveStatus(lifecycle, now);
  return {
    id: r.id,
    status,
    start: r.startAt.toISOString(),
    end: r.endAt.toISOString(),
    hours: r.hours,
    amountCents: r.amountCents,
    feeCents: r.feeCents,
    totalCents: r.amountCents + r.feeCents,
    address: r.address,
    notes: r.notes,
    createdAt: r.createdAt.toISOString(),
    respondBy: status === 'PENDING' ? respondBy(r.createdAt, r.startAt).toISOString() : null,
    cancelReason: r.cancelReason,
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
      provider: {
        id: r.providerId,
        userId: r.providerUserId,
        displayName: r.providerName,
        avatar: r.providerAvatar,
      },
    },
    review:
      r.reviewId !== null && r.reviewRating !== null
        ? { id: r.reviewId, rating: r.reviewRating, text: r.reviewText ?? '' }
        : null,
    paymentStatus: r.paymentStatus ?? null,
  };
}

async function loadBooking(db: Executor, id: string, now: Date): Promise<Booking> {
  const [row] = await selectBookings(db).where(eq(bookings.id, id)).limit(1);
  if (!row) throw new AppError('NOT_FOUND', BOOKING_NOT_FOUND);
  return toBooking(row, now);
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
  return rows.map((r) => toBooking(r, now));
}

/** One booking, for its traveler, its provider or an admin; anyone else gets 404. */
export async function getBooking(
  db: Executor,
  viewer: { id: string; role: string },
  id: string,
  now = new Date(),
): Promise<Booking> {
  const access =
    viewer.role === 'ADMIN' ? undefined : or(eq(bookings.userId, viewer.id), eq(providers.userId, viewer.id));
  const [row] = await selectBookings(db)
    .where(and(eq(bookings.id, id), access))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', BOOKING_NOT_FOUND);
  return toBooking(row, now);
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
  const where: SQL[] = [eq(bookings.providerId, provider.id)];
  if (filter.status) where.push(sql`${effectiveStatusSql(now)} = ${filter.status}`);
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
    .where(and(...where))
    .orderBy(desc(bookings.createdAt), desc(bookings.id))
    .limit(PROVIDER_BOOKINGS_LIMIT);
  return rows.map((r) => {
    const status = effectiveStatus({ status: r.status, start: r.startAt, end: r.endAt, createdAt: r.createdAt }, now);
    return {
      id: r.id,
      status,
      start: r.startAt.toISOString(),
      end: r.endAt.toISOString(),
      hours: r.hours,
      amountCents: r.amountCents,
      createdAt: r.createdAt.toISOString(),
      respondBy: status === 'PENDING' ? respondBy(r.createdAt, r.startAt).toISOString() : null,
      timeZone: provider.timeZone,
      user: { name: r.userName, image: r.userImage },
      service: { id: r.serviceId, title: r.serviceTitle, photos: r.servicePhotos ?? [] },
      paymentStatus: r.paymentStatus ?? null,
      paymentRequired: r.paymentRequired,
      // What the provider needs to serve it: where, and what the traveler asked for.
      address: r.address,
      notes: r.notes,
      location: { type: r.locationType, area: r.locationArea, address: r.locationAddress },
    };
  });
}

// ------------------------------------------------------------------------------------ requests

/** The start on the 30-minute grid of the zone's wall clock (zones with :30 and :45 offsets too). */
export function isOnSlotGrid(start: Date, timeZone: string): boolean {
  const local = new TZDate(start.getTime(), timeZone);
  return local.getSeconds() === 0 && local.getMilliseconds() === 0 && local.getMinutes() % SLOT_STEP_MINUTES === 0;
}

async function findByIdempotencyKey(db: Executor, userId: string, key: string) {
  const [row] = await db
    .select({ id: bookings.id, serviceId: bookings.serviceId, startAt: bookings.startAt, hours: bookings.hours })
    .from(bookings)
    .where(and(eq(bookings.userId, userId), eq(bookings.idempotencyKey, key)))
    .limit(1);
  return row;
}

/** The first booking made with this key, if any: the same request again gets it back. */
async function replay(db: Executor, userId: string, key: string, input: CreateBookingInput, now: Date) {
  const first = await findByIdempotencyKey(db, userId, key);
  if (!first) return undefined;
  if (
    first.serviceId !== input.serviceId ||
    first.startAt.getTime() !== new Date(input.start).getTime() ||
    first.hours !== input.hours
  )
    throw new AppError('CONFLICT', IDEMPOTENCY_MISMATCH_MESSAGE);
  return loadBooking(db, first.id, now);
}

/**
 * A traveler's booking request (PENDING), in one transaction: the rules of the service and of time
 * are checked, the provider's overdue bookings are settled first (an expired request never holds
 * a slot), and the database's `bookings_no_overlap` constraint decides a race (409). With an
 * idempotency key, the same request again returns the first booking (`created: false`).
 */
export async function requestBooking(
  db: Db,
  user: { id: string },
  input: CreateBookingInput,
  /** cardPayments: Stripe is configured, so a card-payable request must be paid before it is accepted. */
  opts: { appUrl: string; idempotencyKey?: string | undefined; now?: Date; cardPayments?: boolean },
): Promise<{ booking: Booking; created: boolean }> {
  const now = opts.now ?? new Date();
  const key = opts.idempotencyKey;
  if (key) {
    const again = await replay(db, user.id, key, input, now);
    if (again) return { booking: again, created: false };
  }
  const start = new Date(input.start);
  try {
    const id = await db.transaction(async (tx) => {
      const [service] = await tx
        .select({
          id: services.id,
          providerId: services.providerId,
          title: services.title,
          priceCents: services.priceCents,
          pricingUnit: services.pricingUnit,
          minHours: services.minHours,
          locationType: services.locationType,
          locationAddress: services.locationAddress,
          locationArea: services.locationArea,
          city: services.city,
          isActive: services.isActive,
          isPaused: services.isPaused,
          deletedAt: services.deletedAt,
          providerUserId: providers.userId,
          providerName: providers.displayName,
          timeZone: providers.timeZone,
          providerEmail: users.email,
          providerUserActive: sql<boolean>`${users.deactivatedAt} is null`,
          // Whether the provider has an expired request or a finished booking not yet written down.
          hasOverdue: sql<boolean>`exists (select 1 from bookings b
            where b.provider_id = ${services.providerId} and ${overdueSql(now)})`,
        })
        .from(services)
        .innerJoin(providers, eq(providers.id, services.providerId))
        .innerJoin(users, eq(users.id, providers.userId))
        .where(eq(services.id, input.serviceId))
        .limit(1);
      if (!service || service.deletedAt) throw new AppError('NOT_FOUND', SERVICE_NOT_FOUND);
      if (service.providerUserId === user.id) throw new AppError('BAD_REQUEST', OWN_SERVICE_MESSAGE);
      if (!service.isActive || service.isPaused || !service.providerUserActive)
        throw new AppError('BAD_REQUEST', SERVICE_UNAVAILABLE_MESSAGE);
      if (input.hours < service.minHours) throw new AppError('BAD_REQUEST', minHoursMessage(service.minHours));
      // A service at the traveler's address needs that address.
      if (needsTravelerAddress(service.locationType) && !input.address)
        throw new AppError('BAD_REQUEST', TRAVELER_ADDRESS_REQUIRED);
      // One session or one day is its length, no more (decision 035).
      if (!isHourly(service.pricingUnit) && input.hours !== service.minHours)
        throw new AppError('BAD_REQUEST', unitLengthMessage(service.pricingUnit, service.minHours));
      if (input.hours > BOOKING_MAX_HOURS)
        throw new AppError('BAD_REQUEST', `Hours must be at most ${BOOKING_MAX_HOURS}`);
      if (start.getTime() <= now.getTime()) throw new AppError('BAD_REQUEST', IN_THE_PAST_MESSAGE);
      if (start.getTime() < now.getTime() + MIN_LEAD_HOURS * HOUR_MS)
        throw new AppError('BAD_REQUEST', TOO_SOON_MESSAGE);
      if (start.getTime() > now.getTime() + MAX_BOOKING_DAYS_AHEAD * DAY_MS)
        throw new AppError('BAD_REQUEST', TOO_FAR_MESSAGE);
      if (!isOnSlotGrid(start, service.timeZone)) throw new AppError('BAD_REQUEST', offGridMessage(service.timeZone));
      const end = bookingEnd(start, input.hours);
      const slots = await tx
        .select({ start: availability.startAt, end: availability.endAt, isBlocked: availability.isBlocked })
        .from(availability)
        .where(
          and(
            eq(availability.providerId, service.providerId),
            lt(availability.startAt, end),
            gt(availability.endAt, start),
          ),
        );
      if (!isWithinAvailability(slots, start, end)) throw new AppError('BAD_REQUEST', OUTSIDE_AVAILABILITY_MESSAGE);

      // An expired request or a finished booking of this provider must not hold the slot: write it
      // down first. Requests that have something to settle take turns on the provider's row, or two
      // of them would each wait for the other (one settling a row the other's insert conflicts with,
      // while inserting a booking that conflicts with the other's).
      if (service.hasOverdue) {
        await tx.execute(sql`select 1 from providers where id = ${service.providerId} for no key update`);
        await settleOverdue(tx, { now, appUrl: opts.appUrl, providerId: service.providerId, limit: 1000 });
      }

      const amounts = amountsForUnit(service.pricingUnit, service.priceCents, input.hours);
      const [row] = await tx
        .insert(bookings)
        .values({
          userId: user.id,
          serviceId: service.id,
          providerId: service.providerId,
          status: 'PENDING',
          startAt: start,
          hours: input.hours,
          endAt: end,
          amountCents: amounts.subtotalCents,
          feeCents: amounts.feeCents,
          address: input.address ?? null,
          notes: input.notes ?? null,
          idempotencyKey: key ?? null,
          paymentRequired: !!opts.cardPayments && isCardPayable(amounts.totalCents),
          createdAt: now,
        })
        .returning({ id: bookings.id });
      const bookingId = row!.id;
      await recordBookingEvent(tx, {
        bookingId,
        actorUserId: user.id,
        actorRole: 'TRAVELER',
        from: null,
        to: 'PENDING',
      });
      await publishUserEvent(tx, [service.providerUserId, user.id], 'booking', {
        bookingId,
        status: 'PENDING',
        action: 'request',
      });
      const where = needsTravelerAddress(service.locationType)
        ? (input.address ?? null)
        : (service.locationAddress ?? ([service.locationArea, service.city].filter(Boolean).join(', ') || null));
      const [traveler] = await tx
        .select({ name: users.name, email: users.email })
        .from(users)
        .where(eq(users.id, user.id));
      if (service.providerUserActive) {
        await enqueueEmail(tx, {
          to: service.providerEmail,
          ...bookingRequestEmail({
            appUrl: opts.appUrl,
            providerName: service.providerName,
            travelerName: traveler?.name ?? 'A traveler',
            serviceTitle: service.title,
            startText: startText(start, service.timeZone),
            hours: input.hours,
            where,
            notes: input.notes ?? null,
          }),
          kind: 'booking-request',
          dedupeKey: `booking:${bookingId}:request`,
        });
      }
      // The traveler's receipt; before confirmation it names the area and city, not a place's address.
      if (traveler) {
        await enqueueEmail(tx, {
          to: traveler.email,
          ...bookingReceiptEmail({
            appUrl: opts.appUrl,
            travelerName: traveler.name,
            providerName: service.providerName,
            serviceTitle: service.title,
            startText: startText(start, service.timeZone),
            lengthText: bookingLengthText(service.pricingUnit, input.hours),
            totalText: formatDollarsAndCents(amounts.totalCents),
            where: needsTravelerAddress(service.locationType)
              ? (input.address ?? null)
              : [service.locationArea, service.city].filter(Boolean).join(', ') || null,
            notes: input.notes ?? null,
          }),
          kind: 'booking-receipt',
          dedupeKey: `booking:${bookingId}:receipt`,
        });
      }
      return bookingId;
    });
    return { booking: await loadBooking(db, id, now), created: true };
  } catch (err) {
    if (err instanceof AppError) throw err;
    // A retry that raced the first request: its insert lost to the first one's (same key, same slot).
    if (key) {
      const again = await replay(db, user.id, key, input, now);
      if (again) return { booking: again, created: false };
    }
    // Two overlapping requests that each settled and then waited on the other's row: PostgreSQL
    // aborts one of them (deadlock), and the other takes the time.
    if (isDeadlock(err)) throw new AppError('CONFLICT', SLOT_TAKEN_MESSAGE);
    throw mapDatabaseError(err, { bookings_no_overlap: SLOT_TAKEN_MESSAGE }) ?? err;
  }
}

function isDeadlock(err: unknown): boolean {
  for (let e: unknown = err, i = 0; e && typeof e === 'object' && i < 10; e = (e as { cause?: unknown }).cause, i++)
    if ((e as { code?: unknown }).code === '40P01') return true;
  return false;
}

// --------------------------------------------------------------------------------- transitions

const EMAIL_STATUS: Partial<Record<BookingAction, BookingEmailStatus>> = {
  accept: 'accepted',
  decline: 'declined',
  cancel: 'canceled',
};

/**
 * Accept, decline or cancel, as the traveler or the provider of the booking, in one transaction
 * with the booking row locked. Someone else's booking is 404; the wrong party 403; a move the
 * lifecycle table does not allow now is 409 with the current status.
 *
 * A booking with a live payment (issue 10) also owes Stripe a call, written in the same
 * transaction and made after the commit (decision 024): accept -> capture; decline, or a request
 * cancelled before it was accepted -> release the hold; cancelling an accepted booking -> a full
 * refund (REFUNDED) when the provider cancels or the traveler does at least 24 hours before the
 * start, else nothing (CANCELED, the payment stands). A failed call stays owed and is retried.
 */
export async function transitionBooking(
  db: Db,
  user: { id: string },
  bookingId: string,
  action: 'accept' | 'decline' | 'cancel',
  opts: { appUrl: string; reason?: string | undefined; now?: Date; stripe?: Stripe | undefined },
): Promise<Booking> {
  const now = opts.now ?? new Date();
  const transition = findTransition(action);
  let owed: string | undefined;
  // A card authorised a moment ago may not have reached us yet (a late webhook): ask Stripe first.
  if (action === 'accept' && opts.stripe) await refreshPaymentBeforeAccept(db, opts.stripe, user.id, bookingId, now);
  // A refusal after writing down an expiry still commits that write: it is returned, then thrown.
  const result = await db.transaction(async (tx): Promise<Booking | AppError> => {
    const [locked] = (
      await queryRows<BookingParties>(
        tx,
        sql`select ${partiesSelect} from ${partiesFrom}
            where b.id = ${bookingId} and (b.user_id = ${user.id} or p.user_id = ${user.id})
            for update of b`,
      )
    ).map(normaliseParties);
    if (!locked) throw new AppError('NOT_FOUND', BOOKING_NOT_FOUND);
    const actor: BookingActor = locked.traveler_id === user.id ? 'TRAVELER' : 'PROVIDER';
    if (!transition.actors.includes(actor))
      throw new AppError(
        'FORBIDDEN',
        `Only the ${transition.actors.map((a) => a.toLowerCase()).join(' or ')} can ${action} this booking.`,
      );
    const lifecycle = {
      status: locked.status,
      start: locked.start_at,
      end: locked.end_at,
      createdAt: locked.created_at,
    };
    const current = effectiveStatus(lifecycle, now);
    if (current !== locked.status) {
      // Expired or completed already (the job has not run yet): write it down before refusing.
      await settleOverdue(tx, { now, appUrl: opts.appUrl, bookingId });
    }
    if (!canTakeAction(lifecycle, action, actor, now)) {
      const started =
        (transition.from as readonly string[]).includes(current) && now.getTime() >= locked.start_at.getTime();
      return new AppError(
        'CONFLICT',
        started
          ? `${wrongTransitionMessage(action, current)} and has already started.`
          : wrongTransitionMessage(action, current),
      );
    }
    let to: BookingStatus = transition.to;
    const payment = await lockPaymentOfBooking(tx, bookingId);
    // With Stripe configured, a request whose card payment was started but is not authorised is not
    // confirmed: the traveler can still complete it from their dashboard until the request expires.
    // Bookings without a payment (made before keys were set, free ones) are accepted as before.
    if (action === 'accept' && opts.stripe && payment && isLivePayment(payment.status) && !holdsMoney(payment.status))
      return new AppError('CONFLICT', CARD_NOT_AUTHORISED_MESSAGE);
    // A request made while card payments were on is confirmed only with its card authorised, even
    // when no payment was ever started (a request sent straight to the API). Should the keys be
    // removed later, it cannot be captured: the provider declines it and it is booked again.
    if (action === 'accept' && locked.payment_required && !(payment && holdsMoney(payment.status)))
      return new AppError('CONFLICT', opts.stripe ? CARD_NOT_AUTHORISED_MESSAGE : CARD_PAYMENTS_OFF_MESSAGE);
    if (payment && isLivePayment(payment.status)) {
      let paymentAction: PaymentAction | undefined;
      if (action === 'accept') paymentAction = 'capture';
      else if (action === 'decline' || locked.status === 'PENDING') paymentAction = 'cancel';
      else if (cancelRefundsInFull(actor, locked.start_at, now)) {
        // The refund action refunds what was taken or releases what is held. REFUNDED only when
        // money was held or taken; a payment never authorised is released and the booking CANCELED.
        paymentAction = 'refund';
        if (holdsMoney(payment.status)) to = 'REFUNDED';
      }
      if (paymentAction) {
        await queuePaymentAction(tx, payment, paymentAction, now);
        owed = payment.id;
      }
    }
    const reason = action === 'accept' ? null : (opts.reason ?? null);
    await tx.execute(
      sql`update bookings set status = ${to}::booking_status,
            cancel_reason = ${to === 'CANCELED' || to === 'REFUNDED' ? reason : sql`cancel_reason`}
          where id = ${bookingId}`,
    );
    await recordBookingEvent(tx, {
      bookingId,
      actorUserId: user.id,
      actorRole: actor,
      from: locked.status,
      to,
      reason,
    });
    await publishUserEvent(tx, [locked.traveler_id, locked.provider_user_id], 'booking', {
      bookingId,
      status: to,
      action,
    });
    const emailStatus = EMAIL_STATUS[action];
    if (emailStatus)
      await enqueueStatusEmail(tx, opts.appUrl, locked, actor === 'TRAVELER' ? 'provider' : 'traveler', emailStatus, {
        reason,
        canceledBy: actor,
      });
    return loadBooking(tx, bookingId, now);
  });
  if (result instanceof AppError) throw result;
  if (!owed || !opts.stripe) return result;
  // The call Stripe is owed, now that the change is committed; if it fails, the worker retries it.
  // A short call, no retry: a slow Stripe never keeps the user waiting long (the worker retries).
  const outcome = await performPaymentAction(db, opts.stripe, owed, now, immediateCall(opts.stripe)).catch(
    () => 'failed' as const,
  );
  return outcome === 'done' ? loadBooking(db, bookingId, now) : result;
}
