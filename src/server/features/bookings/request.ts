/**
 * A traveler's booking request (PENDING), in one transaction: who may book, how many requests one
 * traveler may hold, the rules of the service and of time, the provider's overdue bookings settled
 * first (an expired request never holds a slot), the insert (the database's bookings_no_overlap
 * constraint decides a race: 409), the traveler's open inquiry about the service made the booking's
 * thread, and the state machine's 'request' applied by the one writer (history, live update, and
 * the provider's email unless the request must first be paid by card).
 */
import { TZDate } from '@date-fns/tz';
import { msg, plural } from '@lingui/core/macro';
import { and, eq, sql } from 'drizzle-orm';
import type { Booking, CreateBookingInput } from '../../../shared/api/bookings.ts';
import { isWithinAvailability } from '../../../shared/domain/availability.ts';
import {
  BOOKING_MAX_HOURS,
  bookingEnd,
  MAX_BOOKING_DAYS_AHEAD,
  MIN_LEAD_HOURS,
  SLOT_STEP_MINUTES,
  SLOT_TAKEN_MESSAGE,
} from '../../../shared/domain/booking-lifecycle.ts';
import { isCardPayable } from '../../../shared/domain/payments.ts';
import { payeeRefusal, type ConnectOptions } from '../../payments/connect-accounts.ts';
import { isHourly } from '../../../shared/domain/pricing.ts';
import { amountsForUnit } from '../../../shared/domain/booking-amounts.ts';
import { needsTravelerAddress, TRAVELER_ADDRESS_REQUIRED } from '../../../shared/domain/service-location.ts';
import { DAY_MS, HOUR_MS, zoneLabel, type ZonePlaces } from '../../../shared/domain/time.ts';
import { queryRows, type Db, type Executor } from '../../db/open.ts';
import { bookings, providers, services, users } from '../../db/schema.ts';
import { enqueueEmail } from '../../email/outbox.ts';
import { bookingLengthWords, bookingReceiptEmail } from '../../email/templates.ts';
import { localized } from '../../http/api-messages.ts';
import { AppError, mapDatabaseError } from '../../http/errors.ts';
import { attachInquiryToBooking, effectiveStatusSql, overdueSql, startText } from '../../bookings/booking-sql.ts';
import { applyToLocked, lockBooking } from '../../bookings/booking-writer.ts';
import { settleOverdue } from './lifecycle.ts';
import { loadBooking } from './queries.ts';
import { loadImportedBusy, PROVIDER_BUSY_MESSAGE } from '../../read-models/calendar-busy.ts';
import { loadAvailabilityIntervals } from '../../read-models/availability.ts';

export const SERVICE_NOT_FOUND = 'Service not found.';
export const OWN_SERVICE_MESSAGE = 'You cannot book your own service.';
export const SERVICE_UNAVAILABLE_MESSAGE = 'This service is not taking bookings right now.';
export const SERVICE_WITHDRAWN_MESSAGE = 'This service is no longer offered, so it cannot be booked.';
export const OUTSIDE_AVAILABILITY_MESSAGE =
  'That time is outside the provider’s availability. Please pick one of the free times.';
export const IN_THE_PAST_MESSAGE = 'The start time is in the past.';

/*
 * The refusals below carry values (a number of hours, a zone), so they are written for each
 * reader when thrown (api-messages.ts `localized`); `.english` is what the logs and English
 * readers get.
 */
export const TOO_SOON_MESSAGE = localized((i18n) =>
  i18n._(msg`Bookings must start at least ${MIN_LEAD_HOURS} hours from now.`),
);
export const TOO_FAR_MESSAGE = localized((i18n) =>
  i18n._(msg`Bookings can start at most ${MAX_BOOKING_DAYS_AHEAD} days from now.`),
);
export const IDEMPOTENCY_MISMATCH_MESSAGE = localized((i18n) =>
  i18n._(msg`This Idempotency-Key was already used for a different booking request.`),
);
export const unitLengthMessage = (unit: 'per session' | 'per day' | 'per hour', hours: number) =>
  localized((i18n) =>
    unit === 'per day'
      ? i18n._(msg`A booking of this service is one day of ${plural(hours, { one: '# hour', other: '# hours' })}.`)
      : i18n._(msg`A booking of this service is one session of ${plural(hours, { one: '# hour', other: '# hours' })}.`),
  );
export const minHoursMessage = (minHours: number) =>
  localized((i18n) =>
    i18n._(msg`This service is booked for at least ${plural(minHours, { one: '# hour', other: '# hours' })}.`),
  );
/** The provider's zone as zoneLabel names it in the reader's language ('Lisbon (UTC)'). */
export const offGridMessage = (timeZone: string, at: Date, places: ZonePlaces) =>
  localized((i18n, locale) => {
    const zone = zoneLabel(timeZone, at, places, locale);
    return i18n._(msg`Start times are on the hour or half past in the provider’s time zone (${zone}).`);
  });

/** Only travelers book: a provider or an admin is told what to do instead. */
export const PROVIDER_CANNOT_BOOK_MESSAGE =
  'Only travelers can book. Switch to Traveler (in the menu) to book this service.';
export const ADMIN_CANNOT_BOOK_MESSAGE = 'Admins do not book. Sign in with a traveler account to book this service.';

/** The longest a request waits at its insert for a racing request of the same time (then 409). */
export const INSERT_LOCK_TIMEOUT_MS = 300;

/** A traveler holds at most this many unanswered requests with one provider, and in all. */
export const MAX_PENDING_PER_PROVIDER = 3;
export const MAX_PENDING_TOTAL = 10;
export const TOO_MANY_WITH_PROVIDER_MESSAGE = localized((i18n) =>
  i18n._(
    msg`You already have ${MAX_PENDING_PER_PROVIDER} requests waiting for this provider’s answer. Wait for an answer, or cancel one, before asking for another time.`,
  ),
);
export const TOO_MANY_PENDING_MESSAGE = localized((i18n) =>
  i18n._(
    msg`You already have ${MAX_PENDING_TOTAL} booking requests waiting for an answer. Wait for answers, or cancel one, before sending another.`,
  ),
);

/** The start on the 30-minute grid of the zone's wall clock (zones with :30 and :45 offsets too). */
export function isOnSlotGrid(start: Date, timeZone: string): boolean {
  const local = new TZDate(start.getTime(), timeZone);
  return local.getSeconds() === 0 && local.getMilliseconds() === 0 && local.getMinutes() % SLOT_STEP_MINUTES === 0;
}

async function findByIdempotencyKey(db: Executor, userId: string, key: string) {
  const [row] = await db
    .select({
      id: bookings.id,
      serviceId: bookings.serviceId,
      startAt: bookings.startAt,
      hours: bookings.hours,
      address: bookings.address,
      notes: bookings.notes,
    })
    .from(bookings)
    .where(and(eq(bookings.userId, userId), eq(bookings.idempotencyKey, key)))
    .limit(1);
  return row;
}

/** The first booking made with this key, if any: the same request again gets it back; any field changed is 409. */
async function replay(db: Executor, userId: string, key: string, input: CreateBookingInput, now: Date) {
  const first = await findByIdempotencyKey(db, userId, key);
  if (!first) return undefined;
  if (
    first.serviceId !== input.serviceId ||
    first.startAt.getTime() !== new Date(input.start).getTime() ||
    first.hours !== input.hours ||
    first.address !== (input.address ?? null) ||
    first.notes !== (input.notes ?? null)
  )
    throw new AppError('CONFLICT', IDEMPOTENCY_MISMATCH_MESSAGE);
  return loadBooking(db, first.id, now);
}

/**
 * The request itself. With an idempotency key, the same request again returns the first booking
 * (`created: false`); the key with any field changed is 409.
 */
export async function requestBooking(
  db: Db,
  user: { id: string; role?: string },
  input: CreateBookingInput,
  /** cardPayments: Stripe is configured, so a card-payable request must be paid before it is accepted. */
  opts: {
    appUrl: string;
    idempotencyKey?: string | undefined;
    now?: Date;
    cardPayments?: boolean;
    /** Payments are configured: a provider is booked by card only while they can receive the money (decision 038). */
    connect?: ConnectOptions | undefined;
  },
): Promise<{ booking: Booking; created: boolean }> {
  const now = opts.now ?? new Date();
  if (user.role === 'PROVIDER') throw new AppError('FORBIDDEN', PROVIDER_CANNOT_BOOK_MESSAGE);
  if (user.role === 'ADMIN') throw new AppError('FORBIDDEN', ADMIN_CANNOT_BOOK_MESSAGE);
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
          currency: services.currency,
          pricingUnit: services.pricingUnit,
          minHours: services.minHours,
          locationType: services.locationType,
          locationArea: services.locationArea,
          city: services.city,
          isActive: services.isActive,
          isPaused: services.isPaused,
          deletedAt: services.deletedAt,
          providerUserId: providers.userId,
          timeZone: providers.timeZone,
          baseCity: providers.baseCity,
          providerName: providers.displayName,
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
      // A deactivated service, or one its provider paused, exists but is not for booking: a conflict with its state.
      if (!service.isActive) throw new AppError('CONFLICT', SERVICE_WITHDRAWN_MESSAGE);
      if (service.isPaused || !service.providerUserActive) throw new AppError('CONFLICT', SERVICE_UNAVAILABLE_MESSAGE);
      // One session or one day is its length, no more and no less (decision 035).
      if (!isHourly(service.pricingUnit) && input.hours !== service.minHours)
        throw new AppError('BAD_REQUEST', unitLengthMessage(service.pricingUnit, service.minHours));
      if (input.hours < service.minHours) throw new AppError('BAD_REQUEST', minHoursMessage(service.minHours));
      // A service at the traveler's address needs that address.
      if (needsTravelerAddress(service.locationType) && !input.address)
        throw new AppError('BAD_REQUEST', TRAVELER_ADDRESS_REQUIRED);
      if (input.hours > BOOKING_MAX_HOURS)
        throw new AppError('BAD_REQUEST', `Hours must be at most ${BOOKING_MAX_HOURS}`);
      if (start.getTime() <= now.getTime()) throw new AppError('BAD_REQUEST', IN_THE_PAST_MESSAGE);
      if (start.getTime() < now.getTime() + MIN_LEAD_HOURS * HOUR_MS)
        throw new AppError('BAD_REQUEST', TOO_SOON_MESSAGE);
      if (start.getTime() > now.getTime() + MAX_BOOKING_DAYS_AHEAD * DAY_MS)
        throw new AppError('BAD_REQUEST', TOO_FAR_MESSAGE);
      if (!isOnSlotGrid(start, service.timeZone))
        throw new AppError('BAD_REQUEST', offGridMessage(service.timeZone, start, [service.city, service.baseCity]));
      const end = bookingEnd(start, input.hours);
      const slots = await loadAvailabilityIntervals(tx, service.providerId, { start, end }, service.timeZone);
      if (!isWithinAvailability(slots, start, end)) throw new AppError('BAD_REQUEST', OUTSIDE_AVAILABILITY_MESSAGE);
      // Busy in the provider's own calendar (decision 040): refused as a taken time is (409), and
      // the client shows the free times again.
      if ((await loadImportedBusy(tx, service.providerId, { start, end })).some((b) => b.start < end && b.end > start))
        throw new AppError('CONFLICT', PROVIDER_BUSY_MESSAGE);

      // A traveler's requests take turns (the count below stays true until this commits).
      await tx.execute(sql`select 1 from users where id = ${user.id} for no key update`);
      await checkPendingCaps(tx, user.id, service.providerId, now);

      // An expired request or a finished booking of this provider must not hold the slot: write it
      // down first. Requests that have something to settle take turns on the provider's row, or two
      // of them would each wait for the other (one settling a row the other's insert conflicts with,
      // while inserting a booking that conflicts with the other's).
      if (service.hasOverdue) {
        await tx.execute(sql`select 1 from providers where id = ${service.providerId} for no key update`);
        await settleOverdue(tx, { now, appUrl: opts.appUrl, providerId: service.providerId, limit: 1000 });
      }

      // The amounts and their currency are frozen now: a later price or currency change of the
      // service leaves this booking as it was asked for (decision 047).
      const amounts = amountsForUnit(service.pricingUnit, service.priceCents, input.hours, service.currency);
      // A provider who cannot receive a card payment yet is not taking requests (decision 038).
      if (opts.connect && isCardPayable(amounts.totalCents, amounts.currency)) {
        const refused = await payeeRefusal(tx, service.providerId, opts.connect);
        if (refused) throw new AppError('CONFLICT', refused);
      }
      // A request racing another for the same time waits, at the insert, for the other to commit or
      // roll back (the no-overlap constraint). It waits at most INSERT_LOCK_TIMEOUT_MS: the other is
      // all but certain to win, and the traveler who lost hears so at once rather than in seconds.
      await tx.execute(sql`select set_config('lock_timeout', ${`${INSERT_LOCK_TIMEOUT_MS}ms`}, true)`);
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
          currency: amounts.currency,
          address: input.address ?? null,
          notes: input.notes ?? null,
          idempotencyKey: key ?? null,
          paymentRequired: !!opts.cardPayments && isCardPayable(amounts.totalCents, amounts.currency),
          createdAt: now,
        })
        .returning({ id: bookings.id });
      const bookingId = row!.id;
      await tx.execute(sql`select set_config('lock_timeout', '0', true)`);
      await attachInquiryToBooking(tx, { id: bookingId, userId: user.id, serviceId: service.id });
      const locked = (await lockBooking(tx, bookingId))!;
      await applyToLocked(
        tx,
        locked,
        undefined,
        'request',
        { now, appUrl: opts.appUrl, cardPayments: !!opts.cardPayments },
        { actorUserId: user.id },
      );
      // The traveler's receipt; before confirmation it names the area and city, not a place's address.
      // A request paid by card gets it once the card is authorised (booking-writer.ts), saying the
      // amount is held on the card.
      const [traveler] = locked.payment_required
        ? []
        : await tx
            .select({ name: users.name, email: users.email, language: users.language })
            .from(users)
            .where(eq(users.id, user.id));
      if (traveler) {
        await enqueueEmail(tx, {
          to: traveler.email,
          ...bookingReceiptEmail({
            appUrl: opts.appUrl,
            travelerName: traveler.name,
            providerName: service.providerName,
            serviceTitle: service.title,
            startText: startText(start, service.timeZone, [service.city, service.baseCity], traveler.language),
            lengthText: bookingLengthWords(traveler.language, service.pricingUnit, input.hours),
            total: { amount: amounts.totalCents, currency: amounts.currency },
            locale: traveler.language,
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
    if (isDeadlock(err) || hasCode(err, '55P03')) throw new AppError('CONFLICT', SLOT_TAKEN_MESSAGE);
    throw mapDatabaseError(err, { bookings_no_overlap: SLOT_TAKEN_MESSAGE }) ?? err;
  }
}

function hasCode(err: unknown, code: string): boolean {
  for (let e: unknown = err, i = 0; e && typeof e === 'object' && i < 10; e = (e as { cause?: unknown }).cause, i++)
    if ((e as { code?: unknown }).code === code) return true;
  return false;
}
const isDeadlock = (err: unknown) => hasCode(err, '40P01');

/**
 * Refuses a request beyond the caps (409, saying why): a traveler holds at most 3 unanswered
 * requests with one provider and 10 in all, counted by their effective status (an expired request
 * or a lapsed unpaid hold no longer counts).
 */
async function checkPendingCaps(tx: Executor, userId: string, providerId: string, now: Date) {
  const [counts] = await queryRows<{ with_provider: number; total: number }>(
    tx,
    sql`select count(*) filter (where b.provider_id = ${providerId})::int as with_provider, count(*)::int as total
        from bookings b
        where b.user_id = ${userId} and b.status = 'PENDING' and ${effectiveStatusSql(now)} = 'PENDING'`,
  );
  if ((counts?.with_provider ?? 0) >= MAX_PENDING_PER_PROVIDER)
    throw new AppError('CONFLICT', TOO_MANY_WITH_PROVIDER_MESSAGE);
  if ((counts?.total ?? 0) >= MAX_PENDING_TOTAL) throw new AppError('CONFLICT', TOO_MANY_PENDING_MESSAGE);
}
