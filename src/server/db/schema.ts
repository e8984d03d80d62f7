import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { REPORT_ACTIONS, REPORT_REASONS, REPORT_TARGET_TYPES } from '../../shared/api/trust-responses.ts';
import type { CurrencyCode } from '../../shared/domain/currency.ts';
import type { LocationType } from '../../shared/domain/service-location.ts';
import { LOCALES, type Locale } from '../../shared/domain/locales.ts';
import type { CalendarProblem } from '../features/calendars/calendar-error.ts';
import type { ZoneNote } from '../features/calendars/calendar-zones.ts';

/** PostgreSQL full-text vector; only ever written by the database (generated column). */
const tsvector = customType<{ data: string }>({
  dataType() {
    return 'tsvector';
  },
});

/** The capital ISO 4217 codes of currency.ts, as the money columns' CHECK constraints list them. */
const CURRENCY_CHECK = sql.raw(`('USD', 'EUR', 'JPY', 'THB', 'IDR', 'MXN', 'BRL')`);

/** An amount in minor units of its row's currency (bigint: a day in rupiah outgrows 32 bits). */
const money = (name: string) => bigint(name, { mode: 'number' });

/**
 * A row's currency (capital ISO 4217 code). A service, booking or payment inserted without one
 * takes its provider's, service's or booking's (the locora_fill_currency trigger, migration 0032):
 * the default here only tells drizzle the column may be left out.
 */
const currencyColumn = () =>
  text('currency')
    .$type<CurrencyCode>()
    .notNull()
    .default(sql`null`);

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const userRole = pgEnum('user_role', ['TRAVELER', 'PROVIDER', 'ADMIN']);
export const govIdStatus = pgEnum('gov_id_status', ['PENDING', 'APPROVED', 'REJECTED']);
export const pricingUnit = pgEnum('pricing_unit', ['per hour', 'per session', 'per day']);
export const bookingStatus = pgEnum('booking_status', [
  'PENDING',
  'CONFIRMED',
  'PAID',
  'COMPLETED',
  'CANCELED',
  'REFUNDED',
]);
export const recurrenceType = pgEnum('recurrence_type', ['WEEKLY']);

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    name: text('name'),
    image: text('image'),
    role: userRole('role').notNull().default('TRAVELER'),
    passwordHash: text('password_hash'),
    googleSub: text('google_sub'),
    /** Users are deactivated, never deleted: their bookings, reviews and messages stay. */
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
    /** Email me about messages I have not read (settings). */
    messageEmails: boolean('message_emails').notNull().default(true),
    /** When the current email address was confirmed by a link sent to it (null: not verified). */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** The currency the traveler reads estimates in (null: not chosen; the browser's region decides). */
    displayCurrency: text('display_currency').$type<CurrencyCode>(),
    /**
     * An optional phone number (E.164, validated with libphonenumber-js), shown to the other side of
     * a booking once it is confirmed (decision 051). Never verified by Locora.
     */
    phone: text('phone'),
    /** Set while an admin's suspension is open (the suspensions row has the why); sign-in is refused. */
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    /** The language the account reads Locora and its emails in (a locale code, decision 055). */
    language: text('language').$type<Locale>().notNull().default('en'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    uniqueIndex('users_google_sub_key').on(t.googleSub),
    check('users_display_currency_code', sql`${t.displayCurrency} ~ '^[A-Z]{3}$'`),
    check('users_phone_e164', sql`${t.phone} is null or ${t.phone} ~ '^\\+[1-9][0-9]{6,14}$'`),
    check('users_language_known', sql`${t.language} IN (${sql.raw(LOCALES.map((l) => `'${l}'`).join(', '))})`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 (hex) of the token in the cookie; the token itself is never stored. */
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId), index('sessions_expires_at_idx').on(t.expiresAt)],
);

export const providers = pgTable(
  'providers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: 'restrict' }),
    displayName: text('display_name').notNull(),
    avatar: text('avatar'),
    bio: text('bio'),
    baseCity: text('base_city'),
    languages: text('languages')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** IANA zone; always given by whoever creates the profile (no default: never silently UTC). */
    timeZone: text('time_zone').notNull(),
    rating: numeric('rating', { precision: 2, scale: 1, mode: 'number' }).notNull().default(0),
    ratingCount: integer('rating_count').notNull().default(0),
    govIdStatus: govIdStatus('gov_id_status').notNull().default('PENDING'),
    phoneVerified: boolean('phone_verified').notNull().default(false),
    /** Why an admin rejected the identity document (shown to the provider); null otherwise. */
    govIdRejectionReason: text('gov_id_rejection_reason'),
    /**
     * The identity document: a key in the private document store (never under the public uploads
     * root, never served by URL), its sniffed type and when it was uploaded. All three or none.
     */
    idDocumentKey: text('id_document_key'),
    idDocumentMime: text('id_document_mime'),
    idDocumentUploadedAt: timestamp('id_document_uploaded_at', { withTimezone: true }),
    /**
     * The provider's currency: the one their payouts settle in (decision 047). From their country
     * when the profile is made; follows the connected account's default_currency once payouts are
     * set up; changed by hand only while no booking of theirs is live.
     */
    currency: text('currency').$type<CurrencyCode>().notNull().default('USD'),
    createdAt: createdAt(),
  },
  (t) => [
    index('providers_gov_id_status_idx').on(t.govIdStatus),
    check('providers_currency', sql`${t.currency} in ${CURRENCY_CHECK}`),
    // A traveler review's author is its provider's user (traveler_reviews_provider_author_fk).
    unique('providers_id_user_id_key').on(t.id, t.userId),
    check(
      'providers_id_document_shape',
      sql`(${t.idDocumentKey} is null) = (${t.idDocumentMime} is null) and (${t.idDocumentKey} is null) = (${t.idDocumentUploadedAt} is null)`,
    ),
    check(
      'providers_id_document_mime',
      sql`${t.idDocumentMime} is null or ${t.idDocumentMime} in ('image/jpeg', 'image/png', 'application/pdf')`,
    ),
    check('providers_rating_range', sql`${t.rating} >= 0 and ${t.rating} <= 5`),
    check('providers_rating_count_nonneg', sql`${t.ratingCount} >= 0`),
  ],
);

export const categories = pgTable('categories', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  slug: text('slug').notNull().unique(),
  icon: text('icon'),
  createdAt: createdAt(),
});

/**
 * The one "visible service" condition (active, not paused by its provider, not deleted) that
 * every public query uses. Pass the table or an alias of it (`alias(services, 's')`). It is also
 * the predicate of the partial search indexes: keep it literally the same in both places.
 */
export function isVisibleService(t: { isActive: AnyPgColumn; isPaused: AnyPgColumn; deletedAt: AnyPgColumn }) {
  return sql`(${t.isActive} and not ${t.isPaused} and ${t.deletedAt} is null)`;
}

export const services = pgTable(
  'services',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => providers.id, { onDelete: 'restrict' }),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'restrict' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    city: text('city').notNull().default(''),
    /** The city lower-cased and without accents ("sao paulo"), for indexed prefix matching. */
    cityKey: text('city_key').generatedAlwaysAs(sql`locora_unaccent(lower(city))`),
    photos: text('photos')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The price in minor units of `currency` (yen for JPY, cents for USD). */
    priceCents: money('price_cents').notNull(),
    /** The price's currency: the provider's when it was set (decision 047). */
    currency: currencyColumn(),
    /**
     * The price in millionths of a euro at its currency's latest stored ECB rate (decision 049),
     * for sorting and filtering across currencies. Written only by the database (a trigger on
     * price_cents and currency, migration 0036) and refreshed when rates change; never sent to clients.
     */
    priceNormalised: bigint('price_normalised', { mode: 'number' })
      .notNull()
      .default(sql`0`),
    pricingUnit: pricingUnit('pricing_unit').notNull().default('per hour'),
    minHours: integer('min_hours').notNull().default(1),
    /** Where it happens (shared/domain/service-location.ts; migration 0021). */
    locationType: text('location_type').$type<LocationType>().notNull().default('traveler_address'),
    /** The exact address of the provider's place or the meeting point (travelers see it once confirmed). */
    locationAddress: text('location_address'),
    /** The area travelers see before confirmation ('Alfama'). */
    locationArea: text('location_area'),
    /** Admin moderation: an inactive service is hidden from the public. */
    isActive: boolean('is_active').notNull().default(true),
    /** The provider's own pause (distinct from moderation): hidden from the public while true. */
    isPaused: boolean('is_paused').notNull().default(false),
    /**
     * Soft delete: a deleted service is gone for the public (404), while its bookings, reviews and
     * messages keep pointing at it.
     */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /**
     * The service's own rating (average of its reviews, one decimal; 0 with no reviews, shown as
     * 'New') and its review count: what its card shows, and exactly what the minimum-rating filter
     * and the 'Highest Rated' sort use (decision 019). Kept in step with the reviews table by a
     * database trigger, in the same transaction as the review (migration 0014).
     */
    rating: numeric('rating', { precision: 2, scale: 1, mode: 'number' }).notNull().default(0),
    ratingCount: integer('rating_count').notNull().default(0),
    /**
     * A copy of the provider's rating, kept in step by database triggers (migration 0002). Shown
     * on provider cards only; no filter or sort uses it (decision 019).
     */
    providerRating: numeric('provider_rating', { precision: 2, scale: 1, mode: 'number' }).notNull().default(0),
    /** Bayesian rating of the service's own reviews: one 5-star review does not beat forty 4.8s. */
    ratingScore: real('rating_score').notNull().default(0),
    /** ratingScore plus a bonus for a verified provider: the 'recommended' order. */
    recommendScore: real('recommend_score').notNull().default(0),
    /**
     * Weighted, accent-free full-text vector: title A, category name B, description C, city D.
     * Written only by a database trigger (migration 0002), which also feeds search_terms.
     */
    search: tsvector('search'),
    createdAt: createdAt(),
  },
  (t) => [
    // Bookings reference (id, provider_id), so a booking's provider is always its service's.
    unique('services_id_provider_id_key').on(t.id, t.providerId),
    index('services_provider_id_idx').on(t.providerId),
    index('services_category_id_idx').on(t.categoryId),
    index('services_search_idx').using('gin', t.search),
    // The partial indexes below hold visible services only; their predicate is exactly
    // isVisibleService(), which every public query uses, so the planner can prove they apply.
    index('services_city_key_idx')
      .on(sql`${t.cityKey} text_pattern_ops`)
      .where(isVisibleService(t)),
    // Category and city together (the most common browse combination), in the order of each
    // sort, so a page is an index walk that stops after the page size.
    index('services_category_city_rating_idx')
      .on(t.categoryId, t.cityKey, t.rating.desc(), t.ratingCount.desc(), t.id)
      .where(isVisibleService(t)),
    index('services_category_city_recommend_idx')
      .on(t.categoryId, t.cityKey, t.recommendScore.desc(), t.id)
      .where(isVisibleService(t)),
    index('services_category_city_price_idx')
      .on(t.categoryId, t.cityKey, t.priceNormalised, t.id)
      .where(isVisibleService(t)),
    // Walk one category in the order of each sort and stop at the page size.
    index('services_category_recommend_idx').on(t.categoryId, t.recommendScore.desc(), t.id).where(isVisibleService(t)),
    index('services_category_rating_idx')
      .on(t.categoryId, t.rating.desc(), t.ratingCount.desc(), t.id)
      .where(isVisibleService(t)),
    index('services_category_price_idx').on(t.categoryId, t.priceNormalised, t.id).where(isVisibleService(t)),
    // Every visible service in the order of each sort (no category given).
    index('services_visible_created_idx').on(t.createdAt).where(isVisibleService(t)),
    index('services_visible_recommend_idx').on(t.recommendScore.desc(), t.id).where(isVisibleService(t)),
    // 'Highest Rated' (the shown rating, then the number of reviews) and the minimum-rating filter.
    index('services_visible_rating_idx').on(t.rating.desc(), t.ratingCount.desc(), t.id).where(isVisibleService(t)),
    index('services_visible_price_idx').on(t.priceNormalised, t.id).where(isVisibleService(t)),
    check('services_price_nonneg', sql`${t.priceCents} >= 0`),
    check('services_currency', sql`${t.currency} in ${CURRENCY_CHECK}`),
    check('services_min_hours_positive', sql`${t.minHours} >= 1`),
    check('services_rating_range', sql`${t.rating} >= 0 and ${t.rating} <= 5`),
    check('services_rating_count_nonneg', sql`${t.ratingCount} >= 0`),
    // Unrated is rating 0 with no reviews; a rated service has at least one review of 1 or more.
    check('services_rating_matches_count', sql`(${t.rating} = 0) = (${t.ratingCount} = 0)`),
  ],
);

export const bookings = pgTable(
  'bookings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** With provider_id, references services (id, provider_id): see bookings_service_provider_fk. */
    serviceId: uuid('service_id').notNull(),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => providers.id, { onDelete: 'restrict' }),
    status: bookingStatus('status').notNull().default('PENDING'),
    startAt: timestamp('start_at', { withTimezone: true }).notNull(),
    hours: integer('hours').notNull(),
    endAt: timestamp('end_at', { withTimezone: true }).notNull(),
    /** The subtotal and Locora's fee, in minor units of `currency`, frozen at the request. */
    amountCents: money('amount_cents').notNull(),
    feeCents: money('fee_cents').notNull().default(0),
    /** The currency of the amounts: the service's at the request, never changed after. */
    currency: currencyColumn(),
    address: text('address'),
    notes: text('notes'),
    paymentIntentId: text('payment_intent_id').unique(),
    /**
     * Made while card payments were on, for a total a card can pay: the provider can accept it only
     * once the card is authorised (decision 024). False: request-to-book, paid as agreed.
     */
    paymentRequired: boolean('payment_required').notNull().default(false),
    /** The traveler's Idempotency-Key header: a retried request returns this booking (unique per user). */
    idempotencyKey: text('idempotency_key'),
    /** Why it was canceled or declined, when a reason was given (also in booking_events). */
    cancelReason: text('cancel_reason'),
    /**
     * When its card was authorised (decision 031): a request to be paid by card reaches its provider
     * then, and their 24-hour answer clock starts then. Null: not authorised, or no card needed.
     */
    authorisedAt: timestamp('authorised_at', { withTimezone: true }),
    /** A refund is owed to the traveler and Stripe has not reported it made (CANCELED until then). */
    refundPending: boolean('refund_pending').notNull().default(false),
    /** A declined request: up to three other starts its provider offered (decision 065). */
    alternativeStarts: timestamp('alternative_starts', { withTimezone: true }).array(),
    createdAt: createdAt(),
  },
  (t) => [
    // A booking's provider is always its service's provider (the no-overlap constraint below is
    // checked per provider, so it must be the right one).
    foreignKey({
      name: 'bookings_service_provider_fk',
      columns: [t.serviceId, t.providerId],
      foreignColumns: [services.id, services.providerId],
    }).onDelete('restrict'),
    // Reviews reference (id, user_id) and (id, service_id): a review is by the booking's traveler
    // and of the booked service.
    unique('bookings_id_user_id_key').on(t.id, t.userId),
    unique('bookings_id_service_id_key').on(t.id, t.serviceId),
    unique('bookings_id_provider_id_key').on(t.id, t.providerId),
    index('bookings_user_start_idx').on(t.userId, t.startAt),
    index('bookings_provider_start_idx').on(t.providerId, t.startAt),
    index('bookings_service_id_idx').on(t.serviceId),
    check('bookings_hours_positive', sql`${t.hours} >= 1`),
    check('bookings_end_after_start', sql`${t.endAt} > ${t.startAt}`),
    check('bookings_amount_nonneg', sql`${t.amountCents} >= 0 and ${t.feeCents} >= 0`),
    check('bookings_currency', sql`${t.currency} in ${CURRENCY_CHECK}`),
    check(
      'bookings_alternative_starts_max',
      sql`${t.alternativeStarts} is null or cardinality(${t.alternativeStarts}) between 1 and 3`,
    ),
    unique('bookings_user_idempotency_key').on(t.userId, t.idempotencyKey),
    // The lifecycle job's work list: live bookings by end (completion) and creation (expiry).
    index('bookings_live_end_idx')
      .on(t.endAt)
      .where(sql`${t.status} in ('PENDING', 'CONFIRMED', 'PAID')`),
    // The EXCLUDE constraint that refuses overlapping live bookings of one provider is in
    // migration 0002 (drizzle cannot express EXCLUDE).
  ],
);

/** Every status change of a booking: who (null user = the system), from, to, when and why. */
export const bookingEvents = pgTable(
  'booking_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'restrict' }),
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'restrict' }),
    actorRole: text('actor_role').notNull(),
    /** Null for the creation of the booking. */
    fromStatus: bookingStatus('from_status'),
    toStatus: bookingStatus('to_status').notNull(),
    reason: text('reason'),
    /** The instant of the insert (clock_timestamp(), not the transaction's start): history in real time. */
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`clock_timestamp()`),
    /** The order rows were written in, across transactions. */
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
  },
  (t) => [
    index('booking_events_booking_created_idx').on(t.bookingId, t.createdAt),
    index('booking_events_booking_seq_idx').on(t.bookingId, t.seq),
    check('booking_events_actor_role', sql`${t.actorRole} in ('TRAVELER', 'PROVIDER', 'SYSTEM')`),
    check('booking_events_system_has_no_user', sql`(${t.actorRole} = 'SYSTEM') = (${t.actorUserId} is null)`),
  ],
);

export const availability = pgTable(
  'availability',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => providers.id, { onDelete: 'restrict' }),
    startAt: timestamp('start_at', { withTimezone: true }).notNull(),
    endAt: timestamp('end_at', { withTimezone: true }).notNull(),
    isBlocked: boolean('is_blocked').notNull().default(false),
    isRecurring: boolean('is_recurring').notNull().default(false),
    recurrenceType: recurrenceType('recurrence_type'),
    recurrenceDays: integer('recurrence_days').array(),
    /** Groups the occurrences generated from one recurring schedule. */
    seriesId: uuid('series_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('availability_provider_start_idx').on(t.providerId, t.startAt),
    // Search by free start (decision 062): open rows by start, across providers. INCLUDE columns
    // are written in the migration (drizzle's builder has no INCLUDE).
    index('availability_open_start_idx')
      .on(t.startAt)
      .where(sql`not ${t.isBlocked}`),
    // Its blocked time, read for every provider with open time on the day asked.
    index('availability_blocked_start_idx')
      .on(t.startAt)
      .where(sql`${t.isBlocked}`),
    index('availability_series_idx').on(t.seriesId),
    check('availability_end_after_start', sql`${t.endAt} > ${t.startAt}`),
    // A slot is stored once: the same start, end and kind again is a duplicate (skipped on insert).
    uniqueIndex('availability_provider_slot_key').on(t.providerId, t.startAt, t.endAt, t.isBlocked),
    // 24 wall-clock hours last 25 real ones on an autumn night.
    check('availability_max_length', sql`${t.endAt} - ${t.startAt} <= interval '25 hours'`),
    // A recurring occurrence names its series, its type and its weekdays (0 = Sunday ... 6 = Saturday);
    // a one-off slot has none of them.
    check(
      'availability_recurrence_shape',
      sql`(${t.isRecurring} and ${t.seriesId} is not null and ${t.recurrenceType} is not null
        and cardinality(${t.recurrenceDays}) between 1 and 7
        and ${t.recurrenceDays} <@ array[0, 1, 2, 3, 4, 5, 6])
      or (not ${t.isRecurring} and ${t.seriesId} is null and ${t.recurrenceType} is null and ${t.recurrenceDays} is null)`,
    ),
  ],
);

/**
 * A provider's weekly schedule (decision 064): the wall-clock times of one slot on the weekdays it
 * repeats, from `starts_on` until the provider ends it (`ends_on`, inclusive; null while it runs).
 * Its occurrences are worked out in the provider's zone when they are read (expandRule), never
 * stored; a single occurrence the provider deletes is listed in `except_dates`. Its id is the
 * `seriesId` its occurrences carry.
 */
export const availabilityRules = pgTable(
  'availability_rules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => providers.id, { onDelete: 'restrict' }),
    isBlocked: boolean('is_blocked').notNull().default(false),
    recurrenceType: recurrenceType('recurrence_type').notNull().default('WEEKLY'),
    recurrenceDays: integer('recurrence_days').array().notNull(),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    endsOn: date('ends_on', { mode: 'string' }),
    /** 'HH:mm' on the provider's wall clock, on the hour or half past. */
    startTime: text('start_time').notNull(),
    endTime: text('end_time').notNull(),
    /** 0: ends the same day; 1: ends the next day. */
    endDayOffset: smallint('end_day_offset').notNull().default(0),
    exceptDates: date('except_dates', { mode: 'string' })
      .array()
      .notNull()
      .default(sql`'{}'::date[]`),
    createdAt: createdAt(),
  },
  (t) => [
    index('availability_rules_provider_starts_idx').on(t.providerId, t.startsOn),
    check(
      'availability_rules_days',
      sql`cardinality(${t.recurrenceDays}) between 1 and 7 and ${t.recurrenceDays} <@ array[0, 1, 2, 3, 4, 5, 6]`,
    ),
    check(
      'availability_rules_half_hours',
      sql`${t.startTime} ~ '^([01][0-9]|2[0-3]):(00|30)$' and ${t.endTime} ~ '^([01][0-9]|2[0-3]):(00|30)$'`,
    ),
    check(
      'availability_rules_length',
      sql`${t.endDayOffset} in (0, 1) and (${t.endDayOffset} = 1 and ${t.endTime} <= ${t.startTime}
        or ${t.endDayOffset} = 0 and ${t.endTime} > ${t.startTime})`,
    ),
    check('availability_rules_ends_after_start', sql`${t.endsOn} is null or ${t.endsOn} >= ${t.startsOn}`),
  ],
);

/**
 * A traveler's conversation with a provider about a service before any booking (an inquiry,
 * decision 025). When the traveler books that service, a trigger (migration 0017) sets
 * `booking_id` and gives its messages the booking, so they are the booking's thread. At most one
 * open (not yet booked) inquiry per traveler and service.
 */
export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    travelerId: uuid('traveler_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** With provider_id, references services (id, provider_id). */
    serviceId: uuid('service_id').notNull(),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => providers.id, { onDelete: 'restrict' }),
    /** The booking this inquiry became (null while it is an open inquiry). */
    bookingId: uuid('booking_id').unique('conversations_booking_id_key'),
    createdAt: createdAt(),
  },
  (t) => [
    foreignKey({
      name: 'conversations_service_provider_fk',
      columns: [t.serviceId, t.providerId],
      foreignColumns: [services.id, services.providerId],
    }).onDelete('restrict'),
    // The booking it became is this traveler's booking of this service.
    foreignKey({
      name: 'conversations_booking_user_fk',
      columns: [t.bookingId, t.travelerId],
      foreignColumns: [bookings.id, bookings.userId],
    }).onDelete('restrict'),
    foreignKey({
      name: 'conversations_booking_service_fk',
      columns: [t.bookingId, t.serviceId],
      foreignColumns: [bookings.id, bookings.serviceId],
    }).onDelete('restrict'),
    // Messages reference (id, booking_id): a merged inquiry's messages carry its booking.
    unique('conversations_id_booking_id_key').on(t.id, t.bookingId),
    uniqueIndex('conversations_open_inquiry_key')
      .on(t.travelerId, t.serviceId)
      .where(sql`${t.bookingId} is null`),
    index('conversations_provider_idx').on(t.providerId),
  ],
);

export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The booking's thread; null only for a message of an inquiry not (yet) booked. */
    bookingId: uuid('booking_id').references(() => bookings.id, { onDelete: 'restrict' }),
    /** The inquiry it was sent in (kept after the inquiry became a booking's thread). */
    conversationId: uuid('conversation_id').references(() => conversations.id, { onDelete: 'restrict' }),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** What the other side receives: contact details masked until a booking between the two is confirmed. */
    body: text('body').notNull(),
    /** What was typed, kept only when something was masked, for admins looking into a report (decision 051). */
    originalBody: text('original_body'),
    /** An admin hid it after a report; `hiddenNote` is shown in its place. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    hiddenNote: text('hidden_note'),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check('messages_hidden_shape', sql`(${t.hiddenAt} is null) = (${t.hiddenNote} is null)`),
    check('messages_original_length', sql`${t.originalBody} is null or length(${t.originalBody}) <= 4000`),
    index('messages_booking_created_idx').on(t.bookingId, t.createdAt),
    // Unread counts read only the unread rows.
    index('messages_unread_idx')
      .on(t.bookingId)
      .where(sql`${t.readAt} is null`),
    index('messages_conversation_created_idx')
      .on(t.conversationId, t.createdAt)
      .where(sql`${t.conversationId} is not null`),
    // A message of an inquiry that became a booking carries that booking (and no other).
    foreignKey({
      name: 'messages_conversation_booking_fk',
      columns: [t.conversationId, t.bookingId],
      foreignColumns: [conversations.id, conversations.bookingId],
    }).onDelete('restrict'),
    check('messages_has_thread', sql`${t.bookingId} is not null or ${t.conversationId} is not null`),
    check('messages_body_not_blank', sql`length(btrim(${t.body})) > 0`),
    check('messages_body_length', sql`length(${t.body}) <= 4000`),
  ],
);

/**
 * What one user's open tabs are told (new message, read receipt, booking status), in id order.
 * A NOTIFY carries only "user U has events"; every instance re-reads the rows, and a reconnecting
 * browser's Last-Event-ID replays what it missed from here (decision 017). Rows are pruned after
 * a day.
 */
export const userEvents = pgTable(
  'user_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    type: text('type').notNull(),
    data: jsonb('data').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('user_events_user_id_idx').on(t.userId, t.id), index('user_events_created_idx').on(t.createdAt)],
);

/**
 * Email outbox: written in the same transaction as its cause, delivered by the worker
 * (src/server/email/worker.ts) with retries and backoff. A pending row's `dedupe_key` is unique: one email per cause.
 */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    kind: text('kind').notNull(),
    dedupeKey: text('dedupe_key'),
    /** Not before this time (e.g. a message email waits a few minutes for the message to be read). */
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    /** The claim holding the email while it is sent (run_at is then the lease's end): decision 032. */
    leaseToken: uuid('lease_token'),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** Given up after too many attempts, or no longer needed (the message was read). */
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    // At most one pending email per cause (e.g. one per conversation and recipient).
    uniqueIndex('email_outbox_pending_dedupe_key')
      .on(t.dedupeKey)
      .where(sql`${t.sentAt} is null and ${t.canceledAt} is null`),
    index('email_outbox_due_idx')
      .on(t.runAt)
      .where(sql`${t.sentAt} is null and ${t.canceledAt} is null`),
  ],
);

/**
 * The one "public review" condition (decision 050): published (both sides wrote, or the window is
 * over) and not hidden by an admin. Every list, count and rating reads only these.
 */
export function isPublicReview(t: { publishedAt: AnyPgColumn; hiddenAt: AnyPgColumn }) {
  return sql`(${t.publishedAt} is not null and ${t.hiddenAt} is null)`;
}

/**
 * What both kinds of review share (decision 050): published when both sides of the booking have
 * written theirs or the 14-day window is over (null until then: only its author sees it); the
 * reviewed side's one public answer (editable for 48 hours); an admin's hiding after a report.
 */
const reviewPublication = () => ({
  publishedAt: timestamp('published_at', { withTimezone: true }),
  answer: text('answer'),
  answeredAt: timestamp('answered_at', { withTimezone: true }),
  hiddenAt: timestamp('hidden_at', { withTimezone: true }),
  hiddenNote: text('hidden_note'),
});

/** A traveler's review of the service they booked (the service's and provider's ratings). */
export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id').notNull().unique(),
    serviceId: uuid('service_id').notNull(),
    authorId: uuid('author_id').notNull(),
    rating: integer('rating').notNull(),
    text: text('text').notNull().default(''),
    createdAt: createdAt(),
    ...reviewPublication(),
  },
  (t) => [
    check(
      'reviews_answer_shape',
      sql`(${t.answer} is null) = (${t.answeredAt} is null) and (${t.answer} is null or ${t.publishedAt} is not null) and char_length(coalesce(${t.answer}, '')) <= 2000`,
    ),
    check('reviews_hidden_shape', sql`(${t.hiddenAt} is null) = (${t.hiddenNote} is null)`),
    index('reviews_unpublished_idx')
      .on(t.bookingId)
      .where(sql`${t.publishedAt} is null`),
    // The author is the booking's traveler, and the service the booked one.
    foreignKey({
      name: 'reviews_booking_author_fk',
      columns: [t.bookingId, t.authorId],
      foreignColumns: [bookings.id, bookings.userId],
    }).onDelete('restrict'),
    foreignKey({
      name: 'reviews_booking_service_fk',
      columns: [t.bookingId, t.serviceId],
      foreignColumns: [bookings.id, bookings.serviceId],
    }).onDelete('restrict'),
    index('reviews_service_created_idx').on(t.serviceId, t.createdAt),
    index('reviews_author_idx').on(t.authorId),
    check('reviews_rating_range', sql`${t.rating} between 1 and 5`),
  ],
);

/** A provider's review of the traveler of one of their completed bookings (decision 050). */
export const travelerReviews = pgTable(
  'traveler_reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id').notNull().unique('traveler_reviews_booking_id_key'),
    travelerId: uuid('traveler_id').notNull(),
    providerId: uuid('provider_id').notNull(),
    /** The provider's user. */
    authorId: uuid('author_id').notNull(),
    rating: integer('rating').notNull(),
    text: text('text').notNull().default(''),
    createdAt: createdAt(),
    ...reviewPublication(),
  },
  (t) => [
    foreignKey({
      name: 'traveler_reviews_booking_traveler_fk',
      columns: [t.bookingId, t.travelerId],
      foreignColumns: [bookings.id, bookings.userId],
    }).onDelete('restrict'),
    foreignKey({
      name: 'traveler_reviews_booking_provider_fk',
      columns: [t.bookingId, t.providerId],
      foreignColumns: [bookings.id, bookings.providerId],
    }).onDelete('restrict'),
    foreignKey({
      name: 'traveler_reviews_provider_author_fk',
      columns: [t.providerId, t.authorId],
      foreignColumns: [providers.id, providers.userId],
    }).onDelete('restrict'),
    check('traveler_reviews_rating_range', sql`${t.rating} between 1 and 5`),
    check(
      'traveler_reviews_answer_shape',
      sql`(${t.answer} is null) = (${t.answeredAt} is null) and (${t.answer} is null or ${t.publishedAt} is not null) and char_length(coalesce(${t.answer}, '')) <= 2000`,
    ),
    check('traveler_reviews_hidden_shape', sql`(${t.hiddenAt} is null) = (${t.hiddenNote} is null)`),
    index('traveler_reviews_traveler_idx').on(t.travelerId, t.publishedAt),
    index('traveler_reviews_unpublished_idx')
      .on(t.bookingId)
      .where(sql`${t.publishedAt} is null`),
  ],
);

/**
 * A person's report of a review, message, service, provider profile or booking (decision 051):
 * once per reporter and target, resolved by an admin's action (audit-logged).
 */
export const reports = pgTable(
  'reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reporterId: uuid('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    targetType: text('target_type', { enum: REPORT_TARGET_TYPES }).notNull(),
    targetId: uuid('target_id').notNull(),
    /** Whom it is about: the review's author, the message's sender, the provider, the booking's other party. */
    subjectUserId: uuid('subject_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    reason: text('reason', { enum: REPORT_REASONS }).notNull(),
    note: text('note').notNull().default(''),
    status: text('status', { enum: ['open', 'dismissed', 'actioned'] })
      .notNull()
      .default('open'),
    action: text('action', { enum: REPORT_ACTIONS }),
    resolvedBy: uuid('resolved_by').references(() => users.id, { onDelete: 'restrict' }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolutionReason: text('resolution_reason'),
    createdAt: createdAt(),
  },
  (t) => [
    unique('reports_once_per_reporter').on(t.reporterId, t.targetType, t.targetId),
    check('reports_target_type', sql`${t.targetType} in ('review', 'message', 'service', 'provider', 'booking')`),
    check(
      'reports_reason',
      sql`${t.reason} in ('safety', 'harassment', 'fraud', 'inappropriate', 'misleading', 'other')`,
    ),
    check('reports_note_length', sql`char_length(${t.note}) <= 1000`),
    check('reports_status', sql`${t.status} in ('open', 'dismissed', 'actioned')`),
    check(
      'reports_action',
      sql`${t.action} is null or ${t.action} in ('dismiss', 'hide', 'deactivate_service', 'warn', 'suspend')`,
    ),
    check(
      'reports_resolution_shape',
      sql`(${t.status} = 'open') = (${t.resolvedAt} is null) and (${t.resolvedAt} is null) = (${t.resolvedBy} is null) and (${t.resolvedAt} is null) = (${t.action} is null)`,
    ),
    index('reports_open_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'open'`),
    index('reports_target_idx').on(t.targetType, t.targetId),
    index('reports_reporter_idx').on(t.reporterId, t.createdAt),
  ],
);

/**
 * Every suspension of a user and its lifting (decision 051); users.suspended_at mirrors the open
 * one. `pausedServiceIds` are the services it paused, resumed when it is lifted.
 */
export const suspensions = pgTable(
  'suspensions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    reason: text('reason').notNull(),
    suspendedBy: uuid('suspended_by')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    reportId: uuid('report_id').references(() => reports.id, { onDelete: 'restrict' }),
    pausedServiceIds: uuid('paused_service_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    createdAt: createdAt(),
    liftedAt: timestamp('lifted_at', { withTimezone: true }),
    liftedBy: uuid('lifted_by').references(() => users.id, { onDelete: 'restrict' }),
    liftReason: text('lift_reason'),
  },
  (t) => [
    uniqueIndex('suspensions_open_key')
      .on(t.userId)
      .where(sql`${t.liftedAt} is null`),
    check('suspensions_lift_shape', sql`(${t.liftedAt} is null) = (${t.liftedBy} is null)`),
    check('suspensions_reason_length', sql`char_length(${t.reason}) between 1 and 1000`),
  ],
);

export const favorites = pgTable(
  'favorites',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    serviceId: uuid('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.serviceId] }), index('favorites_service_idx').on(t.serviceId)],
);

/**
 * Single-use links sent by email (verify an address, reset a password; decision 022). Only the
 * SHA-256 of the random token is stored. `email` is the address the link was sent to: a
 * verification link stops working once the account's address has changed.
 */
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** SHA-256 (hex) of the token in the link. */
    tokenHash: text('token_hash').notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['VERIFY_EMAIL', 'RESET_PASSWORD'] }).notNull(),
    email: text('email').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** Reset links only: set when the password or address changed, or a newer link was used. */
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('auth_tokens_user_idx').on(t.userId, t.purpose),
    check('auth_tokens_purpose', sql`${t.purpose} in ('VERIFY_EMAIL', 'RESET_PASSWORD')`),
  ],
);

/**
 * Fixed-window counters shared by every app instance (login/signup abuse limits). `strikes`
 * counts back-to-back windows that were used up; a growing limiter doubles its window with each.
 */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  strikes: integer('strikes').notNull().default(0),
});

/**
 * Server-side secrets generated on first use and shared by every app instance (e.g. the key that
 * signs device cookies). Never sent to clients.
 */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  secret: text('secret').notNull(),
  createdAt: createdAt(),
});

/**
 * Every word that appears in some service's search vector; typo tolerance looks up the closest
 * known words here by trigram similarity. Kept by the services trigger; words are never removed
 * (a stale word only means a query may be corrected towards a word that no longer matches).
 */
export const searchTerms = pgTable(
  'search_terms',
  {
    term: text('term').primaryKey(),
  },
  (t) => [
    index('search_terms_trgm_idx').using('gin', sql`${t.term} gin_trgm_ops`),
    index('search_terms_prefix_idx').on(sql`${t.term} text_pattern_ops`),
  ],
);

/**
 * Every city (as services.city_key) that a service has named; a city typed in browse is matched
 * by prefix here first, so the search itself compares city_key for equality (index walks).
 */
export const searchCities = pgTable(
  'search_cities',
  {
    cityKey: text('city_key').primaryKey(),
  },
  (t) => [
    index('search_cities_prefix_idx').on(sql`${t.cityKey} text_pattern_ops`),
    // Typo tolerance for places (decision 016): "Barcelna" -> barcelona.
    index('search_cities_trgm_idx').using('gin', sql`${t.cityKey} gin_trgm_ops`),
  ],
);

/**
 * Other names of the places Locora serves (decision 016): aliases ("NYC" -> New York,
 * "Lisboa" -> Lisbon) and areas inside a city ("Ubud" -> Bali, "Shibuya" -> Tokyo). A city typed
 * in browse or the city box resolves through here to `city`, which is a services.city as
 * written. Extend it with an insert; no code knows the names. `alias_key` is the alias
 * lower-cased, without accents, punctuation runs turned into one space (locora_place_key).
 */
export const placeAliases = pgTable(
  'place_aliases',
  {
    alias: text('alias').notNull(),
    aliasKey: text('alias_key')
      .notNull()
      .generatedAlwaysAs(sql`btrim(regexp_replace(locora_unaccent(lower(alias)), '[[:space:][:punct:]]+', ' ', 'g'))`),
    city: text('city').notNull(),
    kind: text('kind', { enum: ['alias', 'area'] }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.aliasKey, t.city] }),
    check('place_aliases_kind_check', sql`${t.kind} in ('alias', 'area')`),
    check('place_aliases_alias_check', sql`length(btrim(${t.alias})) between 1 and 100`),
    index('place_aliases_trgm_idx').using('gin', sql`${t.aliasKey} gin_trgm_ops`),
    index('place_aliases_prefix_idx').on(sql`${t.aliasKey} text_pattern_ops`),
  ],
);

/**
 * Cities typed on a service that the place lexicon does not know (decision 052). The service
 * keeps the city as typed; the place waits here, once per place key (locora_place_key), for an
 * admin to map it to a known city (it becomes an alias of that city and its services move there)
 * or to keep it as a city of its own.
 */
export const unmappedPlaces = pgTable(
  'unmapped_places',
  {
    placeKey: text('place_key').primaryKey(),
    /** As first typed. */
    city: text('city').notNull(),
    firstServiceId: uuid('first_service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set when an admin decided: mapped to `resolvedCity`, or kept as typed (resolvedCity = city). */
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedCity: text('resolved_city'),
  },
  (t) => [
    check('unmapped_places_key_check', sql`length(${t.placeKey}) between 1 and 100`),
    index('unmapped_places_open_idx')
      .on(t.createdAt)
      .where(sql`${t.resolvedAt} is null`),
  ],
);

/**
 * Every stored photo (POST /api/uploads, avatars): who uploaded it, the URL rows store (its
 * largest variant) and every storage key it wrote. A row is made before its files are written;
 * the orphan sweeper (storage/upload-registry.ts) deletes files and row once no services.photos,
 * users.image or providers.avatar names the URL and the grace period is over.
 */
export const uploads = pgTable(
  'uploads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    url: text('url').notNull().unique(),
    keys: text('keys').array().notNull(),
    bytes: integer('bytes').notNull(),
    width: integer('width'),
    height: integer('height'),
    createdAt: createdAt(),
  },
  (t) => [
    index('uploads_user_created_idx').on(t.userId, t.createdAt),
    index('uploads_created_idx').on(t.createdAt),
    check('uploads_bytes_nonneg', sql`${t.bytes} >= 0`),
  ],
);

/**
 * Every admin decision (verify a provider, moderate or delete a service, create or delete a
 * category): who, what, on which row, the row before and after, and why. Written in the same
 * transaction as the change; never updated or deleted by the app.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    adminId: uuid('admin_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: uuid('target_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    reason: text('reason'),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt, t.id),
    index('audit_log_target_idx').on(t.targetType, t.targetId),
  ],
);

/**
 * A provider's Stripe Connect Express account (decision 038): one per provider, created once, and
 * its state as Stripe last reported it (an `account.updated` webhook, or a read when the provider
 * comes back from onboarding). `state` is what the Payouts tab shows, derived from the rest by
 * shared/domain/connect.ts.
 */
export const connectedAccounts = pgTable(
  'connected_accounts',
  {
    /** Stripe's account id (acct_...). */
    id: text('id').primaryKey(),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => providers.id, { onDelete: 'restrict' }),
    /** ISO 3166-1 alpha-2, as given to Stripe when the account was created. */
    country: text('country').notNull(),
    /** 'full' (card_payments + transfers) or 'recipient' (transfers only, cross-border). */
    serviceAgreement: text('service_agreement').notNull().default('full'),
    /** 'details_needed' | 'under_review' | 'active' | 'restricted'. */
    state: text('state').notNull().default('details_needed'),
    chargesEnabled: boolean('charges_enabled').notNull().default(false),
    payoutsEnabled: boolean('payouts_enabled').notNull().default(false),
    detailsSubmitted: boolean('details_submitted').notNull().default(false),
    /** Stripe's capability status: 'active' | 'inactive' | 'pending', or null when not requested. */
    transfersCapability: text('transfers_capability'),
    cardPaymentsCapability: text('card_payments_capability'),
    /** Stripe's requirements.currently_due / past_due / pending_verification. */
    currentlyDue: text('currently_due')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    pastDue: text('past_due')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    pendingVerification: text('pending_verification')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Stripe's requirements.disabled_reason (why it is restricted), or null. */
    disabledReason: text('disabled_reason'),
    /** The account's default_currency as Stripe reports it (lower-case), or null before it was read. */
    defaultCurrency: text('default_currency'),
    /** When Stripe's state was last written here. */
    syncedAt: timestamp('synced_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('connected_accounts_provider_id_key').on(t.providerId),
    check('connected_accounts_service_agreement', sql`${t.serviceAgreement} in ('full', 'recipient')`),
    check('connected_accounts_state', sql`${t.state} in ('details_needed', 'under_review', 'active', 'restricted')`),
  ],
);

/**
 * One Stripe PaymentIntent per booking (decision 024): the amount charged (fixed by the server from
 * the booking), Stripe's status as last seen, and the work still owed to Stripe for it. A change of
 * a booking writes `pending_action` in its own transaction; the call to Stripe happens after the
 * commit and is retried until it succeeds (an outbox on the row, decision 024).
 */
export const payments = pgTable(
  'payments',
  {
    /** Stripe's PaymentIntent id (pi_...). */
    id: text('id').primaryKey(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'restrict' }),
    /** What is charged, in minor units of `currency` (the booking's). */
    amountCents: money('amount_cents').notNull(),
    currency: currencyColumn(),
    /** Stripe's PaymentIntent status (requires_payment_method ... succeeded, canceled), or 'refunded'. */
    status: text('status').notNull(),
    /** What Stripe still has to be told: capture, cancel (release the hold) or refund; null when nothing. */
    pendingAction: text('pending_action'),
    /** Not before this time (a failed call backs off; a claimed one is leased to its caller). */
    actionDueAt: timestamp('action_due_at', { withTimezone: true }),
    actionAttempts: integer('action_attempts').notNull().default(0),
    /** The claim holding the action while Stripe is called (action_due_at is then the lease's end): decision 032. */
    leaseToken: uuid('lease_token'),
    actionError: text('action_error'),
    /** A destination charge's connected account (decision 038); null for a charge kept by Locora. */
    destinationAccountId: text('destination_account_id').references(() => connectedAccounts.id, {
      onDelete: 'restrict',
    }),
    /** Locora's application fee on a destination charge (the booking's service fee). */
    applicationFeeCents: money('application_fee_cents'),
    /** Charged with on_behalf_of the connected account (decision 038). */
    onBehalfOf: boolean('on_behalf_of').notNull().default(false),
    /** What Stripe has refunded of it so far. */
    refundedCents: money('refunded_cents').notNull().default(0),
    /** The amount of the refund owed (pending_action 'refund'): null = all that is left. */
    refundCents: money('refund_cents'),
    /** The captured charge (ch_...), its balance transaction and Stripe's processing fee on it (decision 039); null until read. */
    chargeId: text('charge_id'),
    balanceTransactionId: text('balance_transaction_id'),
    /** Stripe's fee, in minor units of `stripeFeeCurrency`. */
    stripeFeeCents: money('stripe_fee_cents'),
    /**
     * The balance transaction's currency (decision 060, addendum): the balance the charge landed in,
     * which may not be the charge's (a euro charge on a US platform settles in dollars).
     */
    stripeFeeCurrency: text('stripe_fee_currency').$type<CurrencyCode>(),
    /** The balance transaction's amount: what the charge added, in `stripeFeeCurrency`, before the fee. */
    chargeBalanceAmount: money('charge_balance_amount'),
    /**
     * What landed in the provider's Stripe balance (decision 047), read from Stripe once captured:
     * the charge's transfer, its destination payment on the connected account, and the net of that
     * payment's balance transaction, in the account's currency (Stripe converts when it differs).
     */
    transferId: text('transfer_id'),
    destinationPaymentId: text('destination_payment_id'),
    settledAmount: money('settled_amount'),
    settledCurrency: text('settled_currency').$type<CurrencyCode>(),
    /**
     * Reading Stripe's fee as a queue of the job runner (claimDue, decision 032): due once the
     * payment is captured and its fee not read, backed off after a failed read; its own lease token,
     * apart from the payment action's.
     */
    feeDueAt: timestamp('fee_due_at', { withTimezone: true }).notNull().defaultNow(),
    feeLeaseToken: uuid('fee_lease_token'),
    feeAttempts: integer('fee_attempts').notNull().default(0),
    feeError: text('fee_error'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('payments_booking_id_key').on(t.bookingId),
    check('payments_amount_positive', sql`${t.amountCents} > 0`),
    check(
      'payments_refund_amounts',
      sql`${t.refundedCents} >= 0 and ${t.refundedCents} <= ${t.amountCents} and (${t.refundCents} is null or (${t.refundCents} > 0 and ${t.refundCents} <= ${t.amountCents}))`,
    ),
    check(
      'payments_application_fee',
      sql`${t.applicationFeeCents} is null or (${t.applicationFeeCents} >= 0 and ${t.applicationFeeCents} <= ${t.amountCents})`,
    ),
    index('payments_destination_idx')
      .on(t.destinationAccountId)
      .where(sql`${t.destinationAccountId} is not null`),
    check('payments_pending_action', sql`${t.pendingAction} in ('capture', 'cancel', 'refund')`),
    check('payments_currency', sql`${t.currency} in ${CURRENCY_CHECK}`),
    check(
      'payments_settled',
      sql`(${t.settledAmount} is null) = (${t.settledCurrency} is null) and (${t.settledAmount} is null or ${t.settledAmount} >= 0) and (${t.settledCurrency} is null or ${t.settledCurrency} in ${CURRENCY_CHECK})`,
    ),
    index('payments_settlement_unread_idx')
      .on(t.updatedAt)
      .where(sql`${t.settledAmount} is null and ${t.destinationAccountId} is not null and ${t.status} = 'succeeded'`),
    check('payments_stripe_fee_not_negative', sql`${t.stripeFeeCents} >= 0`),
    check(
      'payments_stripe_fee_currency',
      sql`(${t.stripeFeeCents} is null) = (${t.stripeFeeCurrency} is null) and (${t.stripeFeeCurrency} is null) = (${t.chargeBalanceAmount} is null) and (${t.stripeFeeCurrency} is null or ${t.stripeFeeCurrency} in ${CURRENCY_CHECK}) and (${t.chargeBalanceAmount} is null or ${t.chargeBalanceAmount} > 0)`,
    ),
    index('payments_due_idx')
      .on(t.actionDueAt)
      .where(sql`${t.pendingAction} is not null`),
    index('payments_fee_due_idx')
      .on(t.feeDueAt)
      .where(sql`${t.stripeFeeCents} is null and ${t.status} in ('succeeded', 'refunded')`),
  ],
);

/**
 * A card dispute (chargeback) of a booking's payment, one row per Stripe dispute (decision 039):
 * what Stripe holds now (status, evidence deadline, amount and its fees), written from the
 * charge.dispute.* webhooks after reading the dispute again.
 */
export const disputes = pgTable(
  'disputes',
  {
    /** Stripe's dispute id (dp_... / du_...). */
    id: text('id').primaryKey(),
    paymentId: text('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'restrict' }),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'restrict' }),
    chargeId: text('charge_id'),
    amountCents: money('amount_cents').notNull(),
    /** The charge's currency (capital code). */
    currency: text('currency').$type<CurrencyCode>().notNull(),
    reason: text('reason').notNull(),
    /** Stripe's status: warning_needs_response ... under_review, won, lost, warning_closed, prevented. */
    status: text('status').notNull(),
    /** evidence_details.due_by: the last moment to answer. */
    dueBy: timestamp('due_by', { withTimezone: true }),
    /** Stripe's dispute fees (its balance transactions' fees). */
    feeCents: money('fee_cents').notNull().default(0),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** When an admin submitted the evidence to Stripe, and the text sent. */
    evidenceSubmittedAt: timestamp('evidence_submitted_at', { withTimezone: true }),
    evidenceText: text('evidence_text'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('disputes_amount_not_negative', sql`${t.amountCents} >= 0 and ${t.feeCents} >= 0`),
    index('disputes_booking_idx').on(t.bookingId),
    index('disputes_open_idx')
      .on(t.dueBy)
      .where(sql`${t.closedAt} is null`),
  ],
);

/** A payment's history: every status Stripe reported and every call we made or failed to make. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    paymentId: text('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'restrict' }),
    /** e.g. 'created', 'capture', 'capture_failed', 'payment_intent.succeeded'. */
    kind: text('kind').notNull(),
    status: text('status').notNull(),
    detail: text('detail'),
    stripeEventId: text('stripe_event_id'),
    createdAt: createdAt(),
  },
  (t) => [index('payment_events_payment_idx').on(t.paymentId, t.createdAt)],
);

/** Every Stripe webhook event processed, once: its row is written in the transaction of its effect. */
export const stripeEvents = pgTable('stripe_events', {
  /** Stripe's event id (evt_...). */
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The payout of a COMPLETED booking's net (decision 038) from its provider's connected account
 * (`POST /v1/payouts` with the `Stripe-Account` header), made once by the job runner: a leased
 * queue (decision 032) on `due_at`, one idempotency key per booking, the payout id stored once
 * Stripe answers. `status` follows Stripe's payout (payout.paid, payout.failed).
 */
export const bookingPayouts = pgTable(
  'booking_payouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'restrict' }),
    accountId: text('account_id')
      .notNull()
      .references(() => connectedAccounts.id, { onDelete: 'restrict' }),
    /**
     * What is paid out: what landed in the provider's balance for the booking (the payment's
     * settled amount, less any refund's share), in that balance's currency (decision 047). Null
     * until Stripe has been read.
     */
    amountCents: money('amount_cents'),
    currency: text('currency').$type<CurrencyCode>(),
    /** Stripe's payout id (po_...), once Stripe made it. */
    stripePayoutId: text('stripe_payout_id'),
    /**
     * 'queued' (not yet made) | 'held' (an open dispute) | 'pending' | 'in_transit' | 'paid' |
     * 'failed' | 'canceled' (Stripe's, or ours when nothing is left to pay out).
     */
    status: text('status').notNull().default('queued'),
    /**
     * Why it is held or canceled: 'dispute_open', 'account_suspended' (its provider is suspended),
     * 'dispute_lost', 'refunded', 'nothing_left'.
     */
    statusReason: text('status_reason'),
    /** Stripe's failure_code and failure_message of the last payout that failed (kept until one is paid). */
    failureCode: text('failure_code'),
    failureMessage: text('failure_message'),
    arrivalDate: timestamp('arrival_date', { withTimezone: true }),
    /** Due for the job runner (null: nothing owed to Stripe); the lease's end while claimed. */
    dueAt: timestamp('due_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    /**
     * Stripe's definite refusals so far (a 4xx: not enough balance yet, payouts paused). Stripe
     * answers a key's first answer again for a day, so each refusal moves the call to a new key.
     */
    refusals: integer('refusals').notNull().default(0),
    /** Payouts Stripe reported failed (payout.failed); each is asked again under a new key. */
    failures: integer('failures').notNull().default(0),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    /**
     * The provider's share of refunds made after the payout left: Stripe took it back from their
     * balance (which went negative), and debits Locora for what their balance does not cover.
     */
    reversedAfterPayoutCents: money('reversed_after_payout_cents').notNull().default(0),
    reversedAfterPayoutAt: timestamp('reversed_after_payout_at', { withTimezone: true }),
    leaseToken: uuid('lease_token'),
    lastError: text('last_error'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('booking_payouts_booking_id_key').on(t.bookingId),
    unique('booking_payouts_stripe_payout_id_key').on(t.stripePayoutId),
    check('booking_payouts_amount_positive', sql`${t.amountCents} > 0`),
    check('booking_payouts_amount_known', sql`(${t.amountCents} is null) = (${t.currency} is null)`),
    check(
      'booking_payouts_status',
      sql`${t.status} in ('queued', 'held', 'pending', 'in_transit', 'paid', 'failed', 'canceled')`,
    ),
    check(
      'booking_payouts_counts',
      sql`${t.failures} >= 0 and ${t.refusals} >= 0 and ${t.reversedAfterPayoutCents} >= 0`,
    ),
    index('booking_payouts_due_idx')
      .on(t.dueAt)
      .where(sql`${t.dueAt} is not null`),
    index('booking_payouts_account_idx').on(t.accountId, t.createdAt),
    index('booking_payouts_failed_idx')
      .on(t.failedAt)
      .where(sql`${t.failures} > 0 and ${t.status} <> 'paid'`),
  ],
);

/**
 * A booking payout's history (decision 046): each payout made (also one that failed and was made
 * again), held, released, canceled, and each refund taken back after it, with Stripe's ids.
 */
export const payoutEvents = pgTable(
  'payout_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingPayoutId: uuid('booking_payout_id')
      .notNull()
      .references(() => bookingPayouts.id, { onDelete: 'restrict' }),
    /** e.g. 'queued', 'created', 'failed', 'asked_again', 'held', 'released', 'canceled', 'reversed_after_payout'. */
    kind: text('kind').notNull(),
    stripePayoutId: text('stripe_payout_id'),
    amountCents: money('amount_cents'),
    currency: text('currency').$type<CurrencyCode>().notNull(),
    detail: text('detail'),
    stripeEventId: text('stripe_event_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('payout_events_payout_idx').on(t.bookingPayoutId, t.createdAt),
    index('payout_events_stripe_idx')
      .on(t.stripePayoutId)
      .where(sql`${t.stripePayoutId} is not null`),
  ],
);

/**
 * A verified Stripe event about an object with no row yet (a PaymentIntent, account or payout whose
 * row is still being written), tried again by the job runner for a bounded time (a leased queue on
 * `due_at`), then flagged for admins (`given_up_at`). Decision 046.
 */
export const waitingStripeEvents = pgTable(
  'waiting_stripe_events',
  {
    /** Stripe's event id (evt_...). */
    id: text('id').primaryKey(),
    type: text('type').notNull(),
    /** The PaymentIntent, account or payout it is about. */
    objectId: text('object_id').notNull(),
    /** The connected account of a Connect event. */
    accountId: text('account_id'),
    event: jsonb('event').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    dueAt: timestamp('due_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    leaseToken: uuid('lease_token'),
    matchedAt: timestamp('matched_at', { withTimezone: true }),
    givenUpAt: timestamp('given_up_at', { withTimezone: true }),
    lastError: text('last_error'),
  },
  (t) => [
    index('waiting_stripe_events_due_idx')
      .on(t.dueAt)
      .where(sql`${t.dueAt} is not null`),
    index('waiting_stripe_events_given_up_idx')
      .on(t.givenUpAt)
      .where(sql`${t.givenUpAt} is not null`),
  ],
);

/**
 * A booking paid before payouts existed (no destination account), settled with its provider by
 * hand by an admin, once, with a note (and an audit_log row in the same transaction). Decision 046.
 */
export const manualSettlements = pgTable(
  'manual_settlements',
  {
    bookingId: uuid('booking_id')
      .primaryKey()
      .references(() => bookings.id, { onDelete: 'restrict' }),
    amountCents: money('amount_cents').notNull(),
    currency: text('currency').$type<CurrencyCode>().notNull(),
    note: text('note').notNull(),
    settledBy: uuid('settled_by')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
  },
  (t) => [
    check('manual_settlements_amount', sql`${t.amountCents} >= 0`),
    check('manual_settlements_note', sql`length(${t.note}) between 1 and 1000`),
  ],
);

/** A provider's private feed of their bookings (decision 040): only the SHA-256 of its token. */
export const calendarFeeds = pgTable('calendar_feeds', {
  providerId: uuid('provider_id')
    .primaryKey()
    .references(() => providers.id, { onDelete: 'restrict' }),
  tokenHash: text('token_hash').notNull().unique('calendar_feeds_token_hash_key'),
  createdAt: createdAt(),
});

/**
 * A calendar a provider imports busy time from (decision 040); a queue of the job runner (due at
 * next_sync_at, claimed with lease_token). Removed calendars are soft-deleted.
 */
export const calendarImports = pgTable(
  'calendar_imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => providers.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    url: text('url').notNull(),
    nextSyncAt: timestamp('next_sync_at', { withTimezone: true }).notNull().defaultNow(),
    leaseToken: uuid('lease_token'),
    lastSyncedAt: timestamp('last_synced_at', { withTimezone: true }),
    /** The English sentence of why the last sync failed; `lastErrorProblem` what it is (worded when shown). */
    lastError: text('last_error'),
    lastErrorProblem: jsonb('last_error_problem').$type<CalendarProblem>(),
    lastErrorAt: timestamp('last_error_at', { withTimezone: true }),
    busyCount: integer('busy_count').notNull().default(0),
    /** Unsuccessful syncs in a row, counted at the claim; 3 pause the calendar (decision 045). */
    failures: integer('failures').notNull().default(0),
    pausedAt: timestamp('paused_at', { withTimezone: true }),
    /** Events the last good sync could not read, and how it read zones not plainly named. */
    unreadableCount: integer('unreadable_count').notNull().default(0),
    notes: text('notes')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** What each note says (worded when shown); null on rows synced before it was kept. */
    zoneNotes: jsonb('zone_notes').$type<ZoneNote[]>(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('calendar_imports_provider_idx')
      .on(t.providerId)
      .where(sql`${t.deletedAt} is null`),
    index('calendar_imports_due_idx')
      .on(t.nextSyncAt)
      .where(sql`${t.deletedAt} is null and ${t.pausedAt} is null`),
    uniqueIndex('calendar_imports_provider_url_key')
      .on(t.providerId, t.url)
      .where(sql`${t.deletedAt} is null`),
    check('calendar_imports_name_length', sql`char_length(${t.name}) between 1 and 60`),
    check('calendar_imports_url_length', sql`char_length(${t.url}) between 1 and 2000`),
    check('calendar_imports_failures_nonnegative', sql`${t.failures} >= 0`),
    check('calendar_imports_unreadable_nonnegative', sql`${t.unreadableCount} >= 0`),
  ],
);

/** Busy intervals of an imported calendar, replaced whole at each sync (GiST on provider and range). */
export const calendarBusy = pgTable(
  'calendar_busy',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    importId: uuid('import_id')
      .notNull()
      .references(() => calendarImports.id, { onDelete: 'restrict' }),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => providers.id, { onDelete: 'restrict' }),
    startAt: timestamp('start_at', { withTimezone: true }).notNull(),
    endAt: timestamp('end_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('calendar_busy_provider_range_idx').using('gist', t.providerId, sql`tstzrange(${t.startAt}, ${t.endAt})`),
    index('calendar_busy_import_idx').on(t.importId),
    check('calendar_busy_end_after_start', sql`${t.endAt} > ${t.startAt}`),
  ],
);

/**
 * The European Central Bank's daily euro reference rates (decision 049): per day and currency, the
 * units of the currency one euro buys, exactly as published ('176.45'; unconstrained numeric).
 */
export const exchangeRates = pgTable(
  'exchange_rates',
  {
    rateDate: date('rate_date', { mode: 'string' }).notNull(),
    currency: text('currency').notNull(),
    perEuro: numeric('per_euro').notNull(),
    /** 'ecb' (fetched from the feed) or 'demo' (the demo data's dated set). */
    source: text('source').$type<'ecb' | 'demo'>().notNull(),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'exchange_rates_pkey', columns: [t.rateDate, t.currency] }),
    check('exchange_rates_currency_code', sql`${t.currency} ~ '^[A-Z]{3}$'`),
    check('exchange_rates_positive', sql`${t.perEuro} > 0`),
    check('exchange_rates_source', sql`${t.source} in ('ecb', 'demo')`),
    index('exchange_rates_currency_date_idx').on(t.currency, t.rateDate.desc()),
  ],
);

/** The rates feed's one row: the last attempt (a claim across instances), success and failure. */
export const exchangeRateFeed = pgTable(
  'exchange_rate_feed',
  {
    id: boolean('id').primaryKey().default(true),
    attemptedAt: timestamp('attempted_at', { withTimezone: true }),
    succeededAt: timestamp('succeeded_at', { withTimezone: true }),
    lastError: text('last_error'),
    /** The day of the rates every service's normalised price was last refreshed with. */
    normalisedFor: date('normalised_for', { mode: 'string' }),
  },
  (t) => [check('exchange_rate_feed_one_row', sql`${t.id}`)],
);

/**
 * The money ledger (decision 058): one row per movement of a booking's money, in minor units of
 * its currency, from one holder to another (src/shared/domain/ledger.ts), with Stripe's object and
 * balance transaction where Stripe has one. Written in the transaction of the change that causes
 * it; never updated or deleted (a trigger refuses both): a correction is a row of its own.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'restrict' }),
    /** authorised, captured, fee, transfer, refund, transfer_reversal, fee_refund, payout, payout_failed, dispute_*, manual_adjustment. */
    kind: text('kind').notNull(),
    /** traveler, platform, locora, provider, provider_bank, dispute. */
    fromHolder: text('from_holder').notNull(),
    toHolder: text('to_holder').notNull(),
    /** The parties: the booking's traveler (a user) and provider. Locora is the platform. */
    travelerId: uuid('traveler_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => providers.id, { onDelete: 'restrict' }),
    amount: money('amount').notNull(),
    currency: text('currency').$type<CurrencyCode>().notNull(),
    /** Stripe's object (pi_, po_, dp_, tr_...), null for a movement made by hand. */
    stripeObjectId: text('stripe_object_id'),
    stripeBalanceTransactionId: text('stripe_balance_transaction_id'),
    /** What recorded it (a webhook's event id, the payouts job, an admin). */
    source: text('source'),
    createdAt: createdAt(),
  },
  (t) => [
    index('ledger_entries_booking_idx').on(t.bookingId, t.id),
    index('ledger_entries_object_idx')
      .on(t.stripeObjectId)
      .where(sql`${t.stripeObjectId} is not null`),
    index('ledger_entries_created_idx').on(t.createdAt),
    index('ledger_entries_provider_idx').on(t.providerId, t.bookingId),
    check('ledger_entries_amount_nonzero', sql`${t.amount} <> 0`),
    check('ledger_entries_currency', sql`${t.currency} in ${CURRENCY_CHECK}`),
    check(
      'ledger_entries_kind',
      sql`${t.kind} in ('authorised', 'captured', 'fee', 'transfer', 'refund', 'transfer_reversal', 'fee_refund', 'payout', 'payout_failed', 'dispute_opened', 'dispute_won', 'dispute_lost', 'manual_adjustment', 'conversion_out', 'conversion_in')`,
    ),
  ],
);

/**
 * Stripe's balance transactions as reconciliation read them (decision 059): the platform's
 * (`account_id` null) and each connected account's, each with the Stripe object and category it
 * is matched to the ledger by, and its value in the ledger's terms.
 */
export const stripeBalanceTransactions = pgTable(
  'stripe_balance_transactions',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id'),
    type: text('type').notNull(),
    amount: money('amount').notNull(),
    currency: text('currency').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    sourceId: text('source_id'),
    objectKey: text('object_key').notNull(),
    category: text('category').notNull(),
    value: money('value').notNull(),
    /** The currency of `value` when it is not `currency`: the charge's, which the ledger records. */
    valueCurrency: text('value_currency'),
    /** Minor units of `value` that are rounding (a converted reversal taken in proportion). */
    valueSlack: integer('value_slack').notNull().default(0),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('stripe_balance_transactions_key_idx').on(t.objectKey, t.category),
    check('stripe_balance_transactions_value_slack', sql`${t.valueSlack} >= 0`),
  ],
);

/** Where each account's reading of Stripe's balance transactions is (decision 059): resumed after a crash. */
export const reconciliationCursors = pgTable('reconciliation_cursors', {
  /** 'platform' or a connected account's id. */
  account: text('account').primaryKey(),
  /** Unix seconds: the newest `created` of the last complete pass (read again with `created[gte]`). */
  since: bigint('since', { mode: 'number' }).notNull().default(0),
  passNewest: bigint('pass_newest', { mode: 'number' }),
  /** The last transaction of the last page read in a pass not finished. */
  pageAfter: text('page_after'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Each reconciliation (decision 059): by the daily job or an admin. */
export const reconciliationRuns = pgTable(
  'reconciliation_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    trigger: text('trigger').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    read: integer('read').notNull().default(0),
    differences: integer('differences'),
    error: text('error'),
  },
  (t) => [
    index('reconciliation_runs_started_idx').on(t.startedAt),
    check('reconciliation_runs_trigger', sql`${t.trigger} in ('job', 'admin')`),
  ],
);

/**
 * A difference between Stripe and the ledger (decision 059), one open per Stripe object and
 * category, until it matches again (`resolved_at`) or an admin explains it with a note.
 */
export const reconciliationDifferences = pgTable(
  'reconciliation_differences',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    objectKey: text('object_key').notNull(),
    category: text('category').notNull(),
    bookingId: uuid('booking_id').references(() => bookings.id, { onDelete: 'restrict' }),
    /** unrecorded, missing_at_stripe, amount_differs, currency_differs. */
    cause: text('cause').notNull(),
    stripeAmount: money('stripe_amount'),
    ledgerAmount: money('ledger_amount'),
    stripeCurrency: text('stripe_currency'),
    ledgerCurrency: text('ledger_currency'),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    explainedAt: timestamp('explained_at', { withTimezone: true }),
    explainedBy: uuid('explained_by').references(() => users.id, { onDelete: 'restrict' }),
    note: text('note'),
  },
  (t) => [
    uniqueIndex('reconciliation_differences_open_key')
      .on(t.objectKey, t.category)
      .where(sql`${t.resolvedAt} is null`),
    check(
      'reconciliation_differences_cause',
      sql`${t.cause} in ('unrecorded', 'missing_at_stripe', 'amount_differs', 'currency_differs')`,
    ),
    check('reconciliation_differences_explained', sql`(${t.explainedAt} is null) = (${t.note} is null)`),
  ],
);
