import { and, asc, count, eq, exists, isNull, sql } from 'drizzle-orm';
import type { PublicProvider } from '../../../shared/api/catalog.ts';
import type { MyProvider } from '../../../shared/api/providers.ts';
import type {
  ProviderSetup,
  ProviderStats,
  SetupStep,
  UpdateMyProviderData,
} from '../../../shared/api/provider-workspace.ts';
import { effectiveStatusSql, visibleToProviderSql } from '../../bookings/booking-sql.ts';
import type { KeptShare } from '../../../shared/domain/ledger.ts';
import { totalsByCurrency } from '../../../shared/domain/pricing.ts';
import { queryRows, type Executor } from '../../db/open.ts';
import { bookings, isVisibleService, providers, services, users } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import { payableProviderSql, type ConnectOptions } from '../../payments/connect-accounts.ts';
import { providerKeptShares } from '../../payments/ledger.ts';
import { providerByUsername } from '../../read-models/providers.ts';
import { listProviderServices } from '../../read-models/service-cards.ts';
import { requireOwnedUploads } from '../../storage/upload-registry.ts';

/** The profile's own columns, as both the public and the own-profile responses show them. */
const profileColumns = {
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
};

/** Why a provider's currency cannot be changed by hand (decision 047). */
export const CURRENCY_FOLLOWS_PAYOUTS =
  'Your currency is the one your payouts account at Stripe is paid in, so it follows that account.';
export const CURRENCY_LOCKED_BY_BOOKINGS =
  'You have bookings in progress. Your currency can change once they are completed or canceled, so that what travelers were charged and what you are paid stay in one currency.';

/** Why `providerId`'s currency cannot be changed now (null: it can), as of `now` (business time). */
async function currencyLockedReason(db: Executor, providerId: string, now: Date): Promise<string | null> {
  const [row] = await queryRows<{ account: boolean; live: boolean }>(
    db,
    sql`select exists (select 1 from connected_accounts ca where ca.provider_id = ${providerId}) as account,
               exists (select 1 from bookings where bookings.provider_id = ${providerId}
                         and ${effectiveStatusSql(now, 'bookings')} in ('PENDING', 'CONFIRMED', 'PAID')) as live`,
  );
  if (row?.account) return CURRENCY_FOLLOWS_PAYOUTS;
  if (row?.live) return CURRENCY_LOCKED_BY_BOOKINGS;
  return null;
}

export async function getMyProvider(db: Executor, userId: string, now = new Date()): Promise<MyProvider> {
  const [row] = await db
    .select({
      ...profileColumns,
      currency: providers.currency,
      email: users.email,
      govIdRejectionReason: providers.govIdRejectionReason,
      idDocumentMime: providers.idDocumentMime,
      idDocumentUploadedAt: providers.idDocumentUploadedAt,
    })
    .from(providers)
    .innerJoin(users, eq(users.id, providers.userId))
    .where(eq(providers.userId, userId))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', 'You have no provider profile yet. Switch to provider to create one.');
  // The provider's own services, inactive and paused included; deleted ones are gone.
  const [c] = await db
    .select({ n: count() })
    .from(services)
    .where(and(eq(services.providerId, row.id), isNull(services.deletedAt)));
  const { email, idDocumentMime, idDocumentUploadedAt, ...rest } = row;
  return {
    ...rest,
    currencyLockedReason: await currencyLockedReason(db, row.id, now),
    rating: Number(rest.rating),
    user: { email },
    _count: { services: c?.n ?? 0 },
    idDocument:
      idDocumentMime && idDocumentUploadedAt
        ? {
            mime: idDocumentMime as 'image/jpeg' | 'image/png' | 'application/pdf',
            uploadedAt: idDocumentUploadedAt.toISOString(),
          }
        : null,
  };
}

/**
 * Changes the provider's own profile. The avatar must be a picture this user uploaded (or the one
 * already there, or null to remove it). The public profile reads the same row, so it shows the
 * change at once.
 */
export async function updateMyProvider(
  db: Executor,
  userId: string,
  input: UpdateMyProviderData,
  now = new Date(),
): Promise<MyProvider> {
  await db.transaction(async (tx) => {
    const [current] = await tx
      .select({ id: providers.id, avatar: providers.avatar, currency: providers.currency })
      .from(providers)
      .where(eq(providers.userId, userId))
      .for('update');
    if (!current)
      throw new AppError('NOT_FOUND', 'You have no provider profile yet. Switch to provider to create one.');
    if (input.avatar) await requireOwnedUploads(tx, userId, [input.avatar], current.avatar ? [current.avatar] : []);
    // The currency changes only while nothing is in flight in the old one (decision 047). A
    // request made meanwhile waits for this row (it reads the service, whose currency is its own).
    if (input.currency !== undefined && input.currency !== current.currency) {
      const locked = await currencyLockedReason(tx, current.id, now);
      if (locked) throw new AppError('CONFLICT', locked);
    }
    await tx
      .update(providers)
      .set({
        displayName: input.displayName,
        bio: input.bio,
        baseCity: input.baseCity,
        languages: input.languages,
        timeZone: input.timeZone,
        avatar: input.avatar,
        currency: input.currency,
      })
      .where(eq(providers.id, current.id));
    // A new profile photo is also the account's, while the account has none of its own: the header's
    // avatar shows it at once instead of the initial.
    if (input.avatar && input.avatar !== current.avatar)
      await tx
        .update(users)
        .set({ image: input.avatar })
        .where(and(eq(users.id, userId), isNull(users.image)));
  });
  return getMyProvider(db, userId, now);
}

/**
 * The dashboard's numbers: services (not deleted), pending requests (PENDING), the rating and its
 * count, and revenue per currency: what the ledger says the provider kept of their bookings'
 * charges, after refunds (made or owed) and Locora's fee, the Earnings' all-time total (decision 060,
 * addendum); and whether the provider is new here (isNew). `now` is business time (the app's clock).
 */
export async function getProviderStats(db: Executor, userId: string, now = new Date()): Promise<ProviderStats> {
  const [p] = await db
    .select({ id: providers.id, rating: providers.rating, ratingCount: providers.ratingCount })
    .from(providers)
    .where(eq(providers.userId, userId))
    .limit(1);
  if (!p) throw new AppError('NOT_FOUND', 'You have no provider profile yet. Switch to provider to create one.');
  const [[svc], [bk]] = await Promise.all([
    db
      .select({
        n: sql<number>`count(*) filter (where ${isNull(services.deletedAt)})::int`,
        // Every service ever created, deleted ones too: the first-visit rule below.
        ever: count(),
      })
      .from(services)
      .where(eq(services.providerId, p.id)),
    db
      .select({
        // Effective statuses (locora_effective_status), so the numbers agree with the list before the
        // lifecycle job has run: an expired request is not pending, an ended booking is completed.
        // A request still to be paid by card is not the provider's to see yet.
        pending: sql<number>`count(*) filter (where ${effectiveStatusSql(now, 'bookings')} = 'PENDING'
          and ${visibleToProviderSql('bookings')})::int`,
        ever: count(),
      })
      .from(bookings)
      .where(eq(bookings.providerId, p.id)),
  ]);
  // Revenue: what the provider kept of each charge, from the ledger, one total per currency (never
  // summed across currencies): the Earnings' all-time total (decision 060, addendum).
  const kept = [...(await providerKeptShares(db, p.id)).values()].filter(
    (k): k is KeptShare => k !== null && k.netCents > 0,
  );
  return {
    services: svc?.n ?? 0,
    pendingRequests: Number(bk?.pending ?? 0),
    rating: Number(p.rating),
    ratingCount: p.ratingCount,
    revenue: totalsByCurrency(kept.map((k) => ({ currency: k.currency, amount: k.netCents }))),
    // First visit: a provider who has never created a service (even one since deleted) nor
    // received a booking (of any status) has nothing to come back to, so the dashboard says
    // 'Welcome', not 'Welcome back'. A profile edit or availability alone does not count: a
    // plain 'Welcome' is never wrong for a returning provider, 'Welcome back' is for a new one.
    isNew: Number(svc?.ever ?? 0) === 0 && Number(bk?.ever ?? 0) === 0,
  };
}

/**
 * A new provider's setup checklist (decision 054), one true story on the dashboard: profile and
 * photo, identity document, first service, availability, payouts (with card payments configured)
 * and, optionally, a calendar; and whether travelers can book them now. `now` is business time.
 */
export async function getProviderSetup(
  db: Executor,
  userId: string,
  connect: ConnectOptions | undefined,
  now = new Date(),
): Promise<ProviderSetup> {
  const [row] = await queryRows<{
    id: string;
    has_photo: boolean;
    has_bio: boolean;
    gov_id_status: 'PENDING' | 'APPROVED' | 'REJECTED';
    gov_id_rejection_reason: string | null;
    has_document: boolean;
    has_service: boolean;
    has_availability: boolean;
    has_calendar: boolean;
    account_state: string | null;
    is_payable: boolean;
  }>(
    db,
    sql`select p.id, p.avatar is not null as has_photo, coalesce(btrim(p.bio), '') <> '' as has_bio,
          p.gov_id_status, p.gov_id_rejection_reason, p.id_document_key is not null as has_document,
          exists (select 1 from services s where s.provider_id = p.id and s.deleted_at is null) as has_service,
          exists (select 1 from availability a where a.provider_id = p.id and not a.is_blocked
                  and a.end_at > ${now.toISOString()}::timestamptz)
            or exists (select 1 from availability_rules r where r.provider_id = p.id and not r.is_blocked
                  and (r.ends_on is null or r.ends_on >= (${now.toISOString()}::timestamptz at time zone p.time_zone)::date))
            as has_availability,
          exists (select 1 from calendar_imports c where c.provider_id = p.id and c.deleted_at is null)
            or exists (select 1 from calendar_feeds f where f.provider_id = p.id) as has_calendar,
          (select ca.state from connected_accounts ca where ca.provider_id = p.id) as account_state,
          ${connect ? payableProviderSql(sql`p.id`, connect) : sql`true`} as is_payable
        from providers p where p.user_id = ${userId}`,
  );
  if (!row) throw new AppError('NOT_FOUND', 'You have no provider profile yet. Switch to provider to create one.');
  const step = (key: SetupStep['key'], status: SetupStep['status'], reason: string | null = null): SetupStep => ({
    key,
    status,
    isOptional: key === 'calendar',
    reason,
  });
  const identity: SetupStep['status'] =
    row.gov_id_status === 'APPROVED'
      ? 'done'
      : row.gov_id_status === 'REJECTED'
        ? 'rejected'
        : row.has_document
          ? 'in_review'
          : 'todo';
  const payouts: SetupStep['status'] = !connect
    ? 'not_needed'
    : row.is_payable
      ? 'done'
      : row.account_state === 'under_review'
        ? 'in_review'
        : 'todo';
  const steps = [
    step('profile', row.has_photo && row.has_bio ? 'done' : 'todo'),
    step('identity', identity, identity === 'rejected' ? row.gov_id_rejection_reason : null),
    step('service', row.has_service ? 'done' : 'todo'),
    step('availability', row.has_availability ? 'done' : 'todo'),
    step('payouts', payouts),
    step('calendar', row.has_calendar ? 'done' : 'todo'),
  ];
  return {
    steps,
    isComplete: steps.every((s) => s.isOptional || s.status === 'done' || s.status === 'not_needed'),
    canBeBooked: row.is_payable,
  };
}

/** The public profile by the provider's user id (what public links use), or its provider id. */
export async function getPublicProvider(
  db: Executor,
  username: string,
  connect?: ConnectOptions | undefined,
): Promise<PublicProvider> {
  const [p] = await db.select(profileColumns).from(providers).where(providerByUsername(username)).limit(1);
  if (!p) throw new AppError('NOT_FOUND', 'Provider not found.');
  // With payments configured, a provider who cannot be paid yet lists nothing that cannot be booked.
  const visibleServices = await listProviderServices(
    db,
    p.id,
    connect ? payableProviderSql(providers.id, connect) : undefined,
  );
  return {
    ...p,
    languages: p.languages ?? [],
    rating: Number(p.rating),
    services: visibleServices,
    _count: { services: visibleServices.length },
  };
}

/** Providers (by user id) that have at least one visible service (and can be paid, with payments configured), for the sitemap. */
export async function listSitemapProviders(
  db: Executor,
  limit: number,
  connect?: ConnectOptions | undefined,
): Promise<{ userId: string }[]> {
  return db
    .select({ userId: providers.userId })
    .from(providers)
    .innerJoin(users, eq(users.id, providers.userId))
    .where(
      and(
        eq(users.role, 'PROVIDER'),
        connect ? payableProviderSql(providers.id, connect) : undefined,
        exists(
          db
            .select({ id: services.id })
            .from(services)
            .where(and(eq(services.providerId, providers.id), isVisibleService(services))),
        ),
      ),
    )
    .orderBy(asc(providers.createdAt))
    .limit(limit);
}
