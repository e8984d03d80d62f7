/**
 * Row factories shared by the demo seed and the tests. Each `buildX` returns insert values with
 * sensible, unique defaults (no database access); each `createX` inserts one row and returns it.
 * They know nothing about the demo dataset: a test can call `createService(tx)` and get a service
 * with its own provider, user and category.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { CurrencyCode } from '../../../shared/domain/currency.ts';
import { type PricingUnit } from '../../../shared/domain/pricing.ts';
import { amountsForUnit } from '../../../shared/domain/booking-amounts.ts';
import { HOUR_MS } from '../../../shared/domain/time.ts';
import { hashPassword } from '../../features/auth/passwords.ts';
import type { Db, Tx } from '../open.ts';
import {
  availability,
  bookings,
  categories,
  conversations,
  favorites,
  messages,
  providers,
  reviews,
  services,
  users,
} from '../schema.ts';

export type Executor = Db | Tx;

export type UserRow = typeof users.$inferSelect;
export type ProviderRow = typeof providers.$inferSelect;
export type CategoryRow = typeof categories.$inferSelect;
export type ServiceRow = typeof services.$inferSelect;
export type BookingRow = typeof bookings.$inferSelect;
export type AvailabilityRow = typeof availability.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;
export type ReviewRow = typeof reviews.$inferSelect;
export type FavoriteRow = typeof favorites.$inferSelect;

export type NewUser = typeof users.$inferInsert;
export type NewProvider = typeof providers.$inferInsert;
export type NewCategory = typeof categories.$inferInsert;
export type NewService = Omit<typeof services.$inferInsert, 'search'>;
export type NewBooking = typeof bookings.$inferInsert;
export type NewAvailability = typeof availability.$inferInsert;
export type NewMessage = typeof messages.$inferInsert;
export type NewConversation = typeof conversations.$inferInsert;
export type NewReview = typeof reviews.$inferInsert;
export type NewFavorite = typeof favorites.$inferInsert;

function uniqueSuffix() {
  return randomUUID().slice(0, 8);
}

function first<T>(rows: T[], what: string): T {
  const row = rows[0];
  if (!row) throw new Error(`insert into ${what} returned no row`);
  return row;
}

// Hashing is deliberately slow (argon2id); tests that create many users with the same password
// pay for it once.
const hashCache = new Map<string, Promise<string>>();
export function cachedPasswordHash(password: string): Promise<string> {
  let hash = hashCache.get(password);
  if (!hash) {
    hash = hashPassword(password);
    hashCache.set(password, hash);
  }
  return hash;
}

// ---------------------------------------------------------------------------------------- users

export function buildUser(overrides: Partial<NewUser> = {}): NewUser {
  const suffix = uniqueSuffix();
  return {
    email: `user-${suffix}@example.test`,
    name: `Test User ${suffix}`,
    role: 'TRAVELER',
    image: null,
    passwordHash: null,
    ...overrides,
  };
}

/** Inserts a user. Pass `password` to make it able to sign in (hashed once per distinct password). */
export async function createUser(
  db: Executor,
  overrides: Partial<NewUser> & { password?: string } = {},
): Promise<UserRow> {
  const { password, ...rest } = overrides;
  const values = buildUser(rest);
  if (password !== undefined) values.passwordHash = await cachedPasswordHash(password);
  return first(await db.insert(users).values(values).returning(), 'users');
}

// ------------------------------------------------------------------------------------ providers

export function buildProvider(overrides: Partial<NewProvider> & Pick<NewProvider, 'userId'>): NewProvider {
  return {
    displayName: 'Test Provider',
    bio: 'Experienced local provider.',
    baseCity: 'Lisbon',
    languages: ['English'],
    timeZone: 'Europe/Lisbon',
    govIdStatus: 'APPROVED',
    phoneVerified: true,
    // Tests price in US dollars unless they say otherwise; the demo seed sets each city's own.
    currency: 'USD',
    ...overrides,
  };
}

/**
 * Inserts a provider profile. Without `userId` it first creates a PROVIDER user (customise it with
 * `user`). Returns both rows.
 */
export async function createProvider(
  db: Executor,
  overrides: Partial<NewProvider> & { user?: Partial<NewUser> & { password?: string } } = {},
): Promise<{ user: UserRow; provider: ProviderRow }> {
  const { user: userOverrides, ...providerOverrides } = overrides;
  let user: UserRow;
  if (providerOverrides.userId) {
    const [existing] = await db.select().from(users).where(eq(users.id, providerOverrides.userId));
    if (!existing) throw new Error(`createProvider: no user ${providerOverrides.userId}`);
    user = existing;
  } else {
    user = await createUser(db, { role: 'PROVIDER', ...userOverrides });
  }
  const values = buildProvider({
    displayName: user.name ?? 'Test Provider',
    ...providerOverrides,
    userId: user.id,
  });
  const provider = first(await db.insert(providers).values(values).returning(), 'providers');
  return { user, provider };
}

// ----------------------------------------------------------------------------------- categories

export function buildCategory(overrides: Partial<NewCategory> = {}): NewCategory {
  const suffix = uniqueSuffix();
  return { name: `Category ${suffix}`, slug: `category-${suffix}`, icon: null, ...overrides };
}

export async function createCategory(db: Executor, overrides: Partial<NewCategory> = {}): Promise<CategoryRow> {
  return first(await db.insert(categories).values(buildCategory(overrides)).returning(), 'categories');
}

// ------------------------------------------------------------------------------------- services

export function buildService(
  overrides: Partial<NewService> & Pick<NewService, 'providerId' | 'categoryId'>,
): NewService {
  return {
    title: 'Test Service',
    description: 'A service created for testing.',
    city: 'Lisbon',
    photos: [],
    priceCents: 5000,
    pricingUnit: 'per hour',
    minHours: 1,
    isActive: true,
    ...overrides,
  };
}

/** Inserts a service; creates a provider and/or a category when their ids are not given. */
export async function createService(db: Executor, overrides: Partial<NewService> = {}): Promise<ServiceRow> {
  const providerId = overrides.providerId ?? (await createProvider(db)).provider.id;
  const categoryId = overrides.categoryId ?? (await createCategory(db)).id;
  const values = buildService({ ...overrides, providerId, categoryId });
  return first(await db.insert(services).values(values).returning(), 'services');
}

// ------------------------------------------------------------------------------------- bookings

/**
 * The amount_cents, fee_cents and currency columns of `hours` at `priceCents` per `unit`, in
 * `currency` (shared/domain/pricing.ts).
 */
export function bookingAmountColumns(
  priceCents: number,
  hours: number,
  unit: PricingUnit = 'per hour',
  currency: CurrencyCode = 'USD',
) {
  const { subtotalCents, feeCents } = amountsForUnit(unit, priceCents, hours, currency);
  return { amountCents: subtotalCents, feeCents, currency };
}

/**
 * Booking values for a service: end_at, amount and fee follow from the start, hours and price.
 * Explicit `endAt`, `amountCents` or `feeCents` overrides win.
 */
export function buildBooking(
  service: Pick<ServiceRow, 'id' | 'providerId' | 'priceCents' | 'minHours'> &
    Partial<Pick<ServiceRow, 'pricingUnit' | 'currency'>>,
  overrides: Partial<NewBooking> & Pick<NewBooking, 'userId'>,
): NewBooking {
  const hours = overrides.hours ?? service.minHours;
  const startAt = overrides.startAt ?? new Date(Date.now() + 7 * 24 * 60 * 60 * 1000);
  return {
    serviceId: service.id,
    providerId: service.providerId,
    status: 'PENDING',
    ...bookingAmountColumns(service.priceCents, hours, service.pricingUnit, service.currency),
    endAt: new Date(startAt.getTime() + hours * HOUR_MS),
    ...overrides,
    startAt,
    hours,
  };
}

/**
 * Inserts a booking. Without `service` a service (with provider and category) is created; without
 * `userId` a traveler is created.
 */
export async function createBooking(
  db: Executor,
  options: { service?: ServiceRow } & Partial<NewBooking> = {},
): Promise<BookingRow> {
  const { service: given, ...overrides } = options;
  const service = given ?? (await createService(db));
  const userId = overrides.userId ?? (await createUser(db)).id;
  const values = buildBooking(service, { ...overrides, userId });
  return first(await db.insert(bookings).values(values).returning(), 'bookings');
}

// ---------------------------------------------------------------------- availability, messages, ...

export function buildAvailability(
  overrides: Partial<NewAvailability> & Pick<NewAvailability, 'providerId'>,
): NewAvailability {
  const startAt = overrides.startAt ?? new Date(Date.now() + 24 * 60 * 60 * 1000);
  return {
    endAt: new Date(startAt.getTime() + 8 * 60 * 60 * 1000),
    isBlocked: false,
    isRecurring: false,
    recurrenceType: null,
    recurrenceDays: null,
    seriesId: null,
    ...overrides,
    startAt,
  };
}

export async function createAvailability(
  db: Executor,
  overrides: Partial<NewAvailability> & Pick<NewAvailability, 'providerId'>,
): Promise<AvailabilityRow> {
  return first(await db.insert(availability).values(buildAvailability(overrides)).returning(), 'availability');
}

export async function createMessage(
  db: Executor,
  values: Pick<NewMessage, 'bookingId' | 'senderId'> & Partial<NewMessage>,
): Promise<MessageRow> {
  return first(
    await db
      .insert(messages)
      .values({ body: 'Hello!', ...values })
      .returning(),
    'messages',
  );
}

/**
 * Inserts a review of a booking (author and service taken from the booking). It does not touch
 * the provider's rating: call the reviews feature for that, or recompute it as the seed does.
 */
export async function createReview(
  db: Executor,
  booking: Pick<BookingRow, 'id' | 'userId' | 'serviceId'>,
  overrides: Partial<NewReview> = {},
): Promise<ReviewRow> {
  const values: NewReview = {
    bookingId: booking.id,
    authorId: booking.userId,
    serviceId: booking.serviceId,
    rating: 5,
    text: 'Great experience, would book again.',
    ...overrides,
  };
  // Published as written unless told otherwise (as every review was before blind reviews, decision 050).
  if (!('publishedAt' in overrides)) values.publishedAt = values.createdAt ?? new Date();
  return first(await db.insert(reviews).values(values).returning(), 'reviews');
}

export async function createFavorite(db: Executor, values: NewFavorite): Promise<FavoriteRow> {
  return first(await db.insert(favorites).values(values).returning(), 'favorites');
}
