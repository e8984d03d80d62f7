/**
 * A provider's own services (the provider dashboard's Services tab): list, create, edit, pause and
 * delete. Every query is scoped to the caller's provider profile (`provider_id = me`), so another
 * provider's service is simply not found (404). Moderation (isActive) belongs to admins and is
 * never written here.
 */
import { msg, plural } from '@lingui/core/macro';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type {
  CreateServiceData,
  DayLengthWarning,
  ProviderService,
  UpdateServiceData,
} from '../../../shared/api/provider-workspace.ts';
import { DAY_MS, HOUR_MS } from '../../../shared/domain/time.ts';
import { loadEffectiveAvailability } from '../../read-models/availability.ts';
import { LIVE_STATUSES } from '../../../shared/domain/booking-status.ts';
import { priceProblem, type CurrencyCode, type PriceProblem } from '../../../shared/domain/currency.ts';
import { formatMoney } from '../../../shared/domain/pricing.ts';
import type { Executor } from '../../db/open.ts';
import { bookings, categories, providers, services } from '../../db/schema.ts';
import { needsServiceAddress, SERVICE_ADDRESS_REQUIRED } from '../../../shared/domain/service-location.ts';
import { AppError } from '../../http/errors.ts';
import { localized } from '../../http/api-messages.ts';
import { serviceCardColumns, toServiceCard } from '../../read-models/service-cards.ts';
import { requireOwnedUploads } from '../../storage/upload-registry.ts';
import { canonicalPlace, flagUnmappedPlace } from './places.ts';

/** The caller's provider profile id; 404 when the account has none. */
export async function requireProviderId(db: Executor, userId: string): Promise<string> {
  const [row] = await db.select({ id: providers.id }).from(providers).where(eq(providers.userId, userId)).limit(1);
  if (!row) throw new AppError('NOT_FOUND', 'You have no provider profile yet. Switch to provider to create one.');
  return row.id;
}

/** The caller's provider profile id and currency; 404 when the account has none. */
async function requireProvider(db: Executor, userId: string): Promise<{ id: string; currency: CurrencyCode }> {
  const [row] = await db
    .select({ id: providers.id, currency: providers.currency })
    .from(providers)
    .where(eq(providers.userId, userId))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', 'You have no provider profile yet. Switch to provider to create one.');
  return row;
}

export const currencyNotProvidersMessage = (given: CurrencyCode, own: CurrencyCode) =>
  `Your prices are in ${own}, the currency of your payouts, not ${given}. Change your currency on the Profile tab first.`;
export const PRICE_NEEDS_CURRENCY_MESSAGE =
  'A currency is set together with a price: send the price in that currency too.';

/**
 * The currency a price sent now is in: the provider's (a price is always set in it; decision 047).
 * A price that is not one its currency can hold, or that Stripe would not charge, is a 400 that
 * names the currency.
 */
function priceCurrency(price: number, given: CurrencyCode | undefined, own: CurrencyCode): CurrencyCode {
  if (given !== undefined && given !== own) throw new AppError('BAD_REQUEST', currencyNotProvidersMessage(given, own));
  const problem = priceProblem(price, own);
  if (problem) throw new AppError('BAD_REQUEST', priceProblemWords(problem, own));
  return own;
}

/** What is wrong with a price, in the provider's words (its limit in their format). */
function priceProblemWords(problem: PriceProblem, currency: CurrencyCode) {
  if (problem.kind === 'not_minor_units') return problem.message;
  return localized((i18n, locale) => {
    if (problem.kind === 'negative') return i18n._(msg`Price cannot be negative`);
    const limit = formatMoney(problem.limitCents, currency, locale);
    return problem.kind === 'below_minimum'
      ? i18n._(msg`A price in ${currency} must be at least ${limit}, the least a card can be charged in ${currency}`)
      : i18n._(msg`A price in ${currency} must be at most ${limit}`);
  });
}

async function requireCategory(db: Executor, categoryId: string) {
  const [row] = await db.select({ id: categories.id }).from(categories).where(eq(categories.id, categoryId)).limit(1);
  if (!row) throw new AppError('BAD_REQUEST', 'This category does not exist. Choose one from the list.');
}

function selectOwnServices(db: Executor) {
  return db
    .select({ ...serviceCardColumns(db), isPaused: services.isPaused, locationAddress: services.locationAddress })
    .from(services)
    .innerJoin(categories, eq(categories.id, services.categoryId))
    .innerJoin(providers, eq(providers.id, services.providerId))
    .$dynamic();
}

type OwnRow = Awaited<ReturnType<typeof selectOwnServices>>[number];
const toProviderService = ({ isPaused, locationAddress, ...card }: OwnRow): ProviderService => ({
  ...toServiceCard(card),
  isPaused,
  locationAddress,
});

/** The provider's services that are not deleted (active, inactive and paused), newest first. */
export async function listOwnServices(db: Executor, userId: string): Promise<ProviderService[]> {
  const rows = await selectOwnServices(db)
    .where(and(eq(providers.userId, userId), isNull(services.deletedAt)))
    .orderBy(desc(services.createdAt), desc(services.id));
  return rows.map(toProviderService);
}

async function getOwnService(db: Executor, userId: string, id: string): Promise<ProviderService> {
  const [row] = await selectOwnServices(db)
    .where(and(eq(services.id, id), eq(providers.userId, userId), isNull(services.deletedAt)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', 'Service not found.');
  return toProviderService(row);
}

export async function createService(db: Executor, userId: string, input: CreateServiceData): Promise<ProviderService> {
  const { id: providerId, currency: own } = await requireProvider(db, userId);
  const currency = priceCurrency(input.price, input.currency, own);
  await requireCategory(db, input.categoryId);
  // One transaction: the photos' upload rows stay locked (FOR SHARE) until the service names
  // them, so the orphan sweeper cannot remove a file between the check and the insert.
  const id = await db.transaction(async (tx) => {
    await requireOwnedUploads(tx, userId, input.photos, []);
    // The place's canonical city, so that search finds it by any name (decision 052).
    const place = await canonicalPlace(tx, input.city);
    const [row] = await tx
      .insert(services)
      .values({
        providerId,
        categoryId: input.categoryId,
        title: input.title,
        description: input.description,
        city: place.city,
        photos: input.photos,
        priceCents: input.price,
        currency,
        pricingUnit: input.pricingUnit,
        minHours: input.minHours,
        locationType: input.locationType,
        // A service that comes to the traveler has no address of its own.
        locationAddress: needsServiceAddress(input.locationType) ? (input.locationAddress ?? null) : null,
        locationArea: input.locationArea ?? place.area ?? null,
      })
      .returning({ id: services.id });
    if (!row) throw new Error('insert into services returned no row');
    if (!place.isKnown) await flagUnmappedPlace(tx, place.city, row.id);
    return row.id;
  });
  return getOwnService(db, userId, id);
}

/**
 * Changes the provider's own service. One transaction with the row locked, so a concurrent edit
 * or delete cannot interleave (photos checked against what is attached now).
 */
export async function updateService(
  db: Executor,
  userId: string,
  id: string,
  input: UpdateServiceData,
): Promise<ProviderService> {
  const { id: providerId, currency: own } = await requireProvider(db, userId);
  await db.transaction(async (tx) => {
    const [current] = await tx
      .select({
        currency: services.currency,
        photos: services.photos,
        locationType: services.locationType,
        locationAddress: services.locationAddress,
      })
      .from(services)
      .where(and(eq(services.id, id), eq(services.providerId, providerId), isNull(services.deletedAt)))
      .for('update');
    if (!current) throw new AppError('NOT_FOUND', 'Service not found.');
    if (input.categoryId !== undefined) await requireCategory(tx, input.categoryId);
    // A new price is in the provider's currency now (a service priced before the provider changed
    // currency keeps its own until re-priced); a currency alone cannot re-label a price.
    const currency = input.price !== undefined ? priceCurrency(input.price, input.currency, own) : undefined;
    if (input.price === undefined && input.currency !== undefined && input.currency !== current.currency)
      throw new AppError('BAD_REQUEST', PRICE_NEEDS_CURRENCY_MESSAGE);
    // A place or a meeting point needs its address, whichever of the two the edit changes.
    const locationType = input.locationType ?? current.locationType;
    const locationAddress =
      input.locationAddress !== undefined ? input.locationAddress : (current.locationAddress ?? undefined);
    if (needsServiceAddress(locationType) && !locationAddress)
      throw new AppError('BAD_REQUEST', SERVICE_ADDRESS_REQUIRED);
    if (input.photos !== undefined) await requireOwnedUploads(tx, userId, input.photos, current.photos ?? []);
    const place = input.city !== undefined ? await canonicalPlace(tx, input.city) : undefined;
    if (place && !place.isKnown) await flagUnmappedPlace(tx, place.city, id);
    await tx
      .update(services)
      .set({
        title: input.title,
        description: input.description,
        categoryId: input.categoryId,
        priceCents: input.price,
        currency,
        pricingUnit: input.pricingUnit,
        minHours: input.minHours,
        city: place?.city,
        photos: input.photos,
        isPaused: input.isPaused,
        locationType: input.locationType,
        locationAddress: needsServiceAddress(locationType) ? locationAddress : null,
        locationArea: input.locationArea !== undefined ? input.locationArea : place?.area,
      })
      .where(eq(services.id, id));
  });
  return getOwnService(db, userId, id);
}

/**
 * Soft-deletes the provider's own service: it leaves search, the profile, the sitemap and featured
 * (isVisibleService), while its bookings, messages and reviews keep pointing at it. Refused (409)
 * while it has bookings still to happen. The row lock, with the bookings trigger
 * `bookings_service_not_deleted` (migration 0008), keeps a booking from slipping in while the
 * service is being deleted.
 */
export async function deleteService(db: Executor, userId: string, id: string): Promise<void> {
  const providerId = await requireProviderId(db, userId);
  await db.transaction(async (tx) => {
    await softDeleteService(tx, id, { providerId });
  });
}

/**
 * The one rule for deleting a service, used by its provider (scoped to `providerId`) and by an
 * admin (any service): inside the caller's transaction, lock the row, refuse (409) while it has
 * live bookings still to happen, then set deleted_at. Returns the row as it was (an admin's audit
 * log keeps it). A service that is missing or already deleted is 404.
 */
export async function softDeleteService(
  tx: Executor,
  id: string,
  scope: { providerId?: string } = {},
): Promise<{ id: string; title: string; isActive: boolean; isPaused: boolean; providerId: string }> {
  const [current] = await tx
    .select({
      id: services.id,
      title: services.title,
      isActive: services.isActive,
      isPaused: services.isPaused,
      providerId: services.providerId,
    })
    .from(services)
    .where(
      and(
        eq(services.id, id),
        scope.providerId === undefined ? undefined : eq(services.providerId, scope.providerId),
        isNull(services.deletedAt),
      ),
    )
    .for('update');
  if (!current) throw new AppError('NOT_FOUND', 'Service not found.');
  const [live] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(bookings)
    .where(
      and(eq(bookings.serviceId, id), inArray(bookings.status, [...LIVE_STATUSES]), sql`${bookings.endAt} > now()`),
    );
  const n = Number(live?.n ?? 0);
  if (n > 0) {
    throw new AppError(
      'CONFLICT',
      localized((i18n) =>
        i18n._(
          msg`${plural(n, {
            one: 'This service has an upcoming booking (pending, confirmed or paid), so it cannot be deleted yet. Pause it instead, and delete it once that booking is completed or canceled.',
            other:
              'This service has # upcoming bookings (pending, confirmed or paid), so it cannot be deleted yet. Pause it instead, and delete it once they are completed or canceled.',
          })}`,
        ),
      ),
    );
  }
  await tx
    .update(services)
    .set({ deletedAt: sql`now()` })
    .where(eq(services.id, id));
  return current;
}

/** How far ahead a per-day service's day length is checked against the availability windows. */
export const DAY_LENGTH_CHECK_DAYS = 60;

/**
 * A per-day service whose day (minHours) no availability window of the next 60 days can hold:
 * the longest window then (whole hours, 0 for none) and the hours needed; null otherwise (and for
 * every other pricing unit). The windows are the effective ones (available less blocked), in the
 * provider's zone, weekly schedules included.
 */
export async function dayLengthWarning(
  db: Executor,
  service: Pick<ProviderService, 'id' | 'pricingUnit' | 'minHours'>,
  now = new Date(),
): Promise<DayLengthWarning | null> {
  if (service.pricingUnit !== 'per day') return null;
  const [owner] = await db
    .select({ providerId: services.providerId, timeZone: providers.timeZone })
    .from(services)
    .innerJoin(providers, eq(providers.id, services.providerId))
    .where(eq(services.id, service.id))
    .limit(1);
  if (!owner) return null;
  const range = { start: now, end: new Date(now.getTime() + DAY_LENGTH_CHECK_DAYS * DAY_MS) };
  const windows = await loadEffectiveAvailability(db, owner.providerId, range, owner.timeZone);
  const longest = windows.reduce((max, w) => Math.max(max, w.end.getTime() - w.start.getTime()), 0);
  if (longest >= service.minHours * HOUR_MS) return null;
  return { longestWindowHours: Math.floor(longest / HOUR_MS), hoursNeeded: service.minHours };
}
