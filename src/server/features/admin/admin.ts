/**
 * The admin's work (decision 021): the platform's numbers, verifying providers, moderating and
 * deleting services, managing categories, and the audit log. Every decision is one transaction
 * that locks the row it changes and writes an audit_log row (who, what, before, after, why), so
 * the log and the data never disagree.
 */
import { msg, plural } from '@lingui/core/macro';
import { and, count, desc, eq, ilike, isNull, or, sql } from 'drizzle-orm';
import type {
  AdminService,
  AdminServicePage,
  AdminServicesQuery,
  AdminStats,
  AuditPage,
  AuditQuery,
  CreateCategoryInput,
  UpdateCategoryInput,
  PendingProvider,
  VerifyProviderInput,
} from '../../../shared/api/admin.ts';
import { AUDIT_PAGE_SIZE, PROVIDER_WITHOUT_DOCUMENT_MESSAGE } from '../../../shared/api/admin.ts';
import type { Category } from '../../../shared/api/catalog.ts';
import { queryRows, type Executor } from '../../db/open.ts';
import { auditLog, categories, providers, services, users } from '../../db/schema.ts';
import { localized } from '../../http/api-messages.ts';
import { AppError } from '../../http/errors.ts';
import { formatPhone } from '../../read-models/phone.ts';
import { serviceCardColumns, toServiceCard } from '../../read-models/service-cards.ts';
import { softDeleteService } from '../catalog/manage-services.ts';

export type AuditAction =
  | 'provider.approve'
  | 'provider.reject'
  | 'service.activate'
  | 'service.deactivate'
  | 'service.delete'
  | 'category.create'
  | 'category.update'
  | 'category.delete';

type AuditInput = {
  adminId: string;
  action: AuditAction;
  targetType: 'provider' | 'service' | 'category';
  targetId: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  reason?: string | null;
};

/** Writes one audit row; call it with the transaction of the change it records. */
async function writeAudit(tx: Executor, entry: AuditInput): Promise<void> {
  await tx.insert(auditLog).values({
    adminId: entry.adminId,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    before: entry.before,
    after: entry.after,
    reason: entry.reason ?? null,
  });
}

// ------------------------------------------------------------------------------------ stats

/**
 * The product's five numbers: users (not deactivated), provider profiles, services (not deleted),
 * bookings (all), and providers waiting for verification (PENDING).
 */
export async function getAdminStats(db: Executor): Promise<AdminStats> {
  const [row] = await queryRows<AdminStats>(
    db,
    sql`select
      (select count(*)::int from users where deactivated_at is null) as "totalUsers",
      (select count(*)::int from providers) as "totalProviders",
      (select count(*)::int from services where deleted_at is null) as "totalServices",
      (select count(*)::int from bookings) as "totalBookings",
      (select count(*)::int from providers where gov_id_status = 'PENDING') as "pendingVerifications"`,
  );
  return {
    totalUsers: Number(row?.totalUsers ?? 0),
    totalProviders: Number(row?.totalProviders ?? 0),
    totalServices: Number(row?.totalServices ?? 0),
    totalBookings: Number(row?.totalBookings ?? 0),
    pendingVerifications: Number(row?.pendingVerifications ?? 0),
  };
}

// ------------------------------------------------------------------------ provider verification

/** Providers waiting for verification: those who submitted a document first, then the oldest first. */
export async function listPendingProviders(db: Executor): Promise<PendingProvider[]> {
  const rows = await db
    .select({
      id: providers.id,
      userId: providers.userId,
      displayName: providers.displayName,
      avatar: providers.avatar,
      bio: providers.bio,
      baseCity: providers.baseCity,
      languages: providers.languages,
      govIdStatus: providers.govIdStatus,
      phoneVerified: providers.phoneVerified,
      createdAt: providers.createdAt,
      email: users.email,
      phone: users.phone,
      idDocumentMime: providers.idDocumentMime,
      idDocumentUploadedAt: providers.idDocumentUploadedAt,
    })
    .from(providers)
    .innerJoin(users, eq(users.id, providers.userId))
    .where(and(eq(providers.govIdStatus, 'PENDING'), isNull(users.deactivatedAt)))
    .orderBy(
      sql`${providers.idDocumentKey} is null`,
      sql`${providers.idDocumentUploadedAt} asc nulls last`,
      providers.createdAt,
      providers.id,
    );
  return rows.map(({ email, idDocumentMime, idDocumentUploadedAt, createdAt, phone, ...p }) => ({
    ...p,
    phone: formatPhone(phone),
    languages: p.languages ?? [],
    createdAt: createdAt.toISOString(),
    user: { email },
    idDocument:
      idDocumentMime && idDocumentUploadedAt
        ? {
            mime: idDocumentMime as 'image/jpeg' | 'image/png' | 'application/pdf',
            uploadedAt: idDocumentUploadedAt.toISOString(),
          }
        : null,
  }));
}

/**
 * Approves or rejects a provider's identity. APPROVED clears any earlier rejection reason;
 * REJECTED keeps the reason (optional) for the provider to read. The public profile and service
 * cards read the same row, so the Verified badge shows (or goes) at once.
 */
export async function verifyProvider(db: Executor, adminId: string, providerId: string, input: VerifyProviderInput) {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({
        id: providers.id,
        displayName: providers.displayName,
        govIdStatus: providers.govIdStatus,
        govIdRejectionReason: providers.govIdRejectionReason,
        idDocumentKey: providers.idDocumentKey,
      })
      .from(providers)
      .where(eq(providers.id, providerId))
      .for('update');
    if (!current) throw new AppError('NOT_FOUND', 'Provider not found.');
    // Verified means an admin has seen an identity document: none uploaded, nothing to approve.
    if (input.govIdStatus === 'APPROVED' && current.idDocumentKey === null)
      throw new AppError('CONFLICT', PROVIDER_WITHOUT_DOCUMENT_MESSAGE);
    const reason = input.govIdStatus === 'REJECTED' ? (input.reason ?? null) : null;
    await tx
      .update(providers)
      .set({ govIdStatus: input.govIdStatus, govIdRejectionReason: reason })
      .where(eq(providers.id, providerId));
    const after = { displayName: current.displayName, govIdStatus: input.govIdStatus, govIdRejectionReason: reason };
    await writeAudit(tx, {
      adminId,
      action: input.govIdStatus === 'APPROVED' ? 'provider.approve' : 'provider.reject',
      targetType: 'provider',
      targetId: providerId,
      before: {
        displayName: current.displayName,
        govIdStatus: current.govIdStatus,
        govIdRejectionReason: current.govIdRejectionReason,
      },
      after,
      reason: input.reason ?? null,
    });
    return { provider: { id: providerId, govIdStatus: input.govIdStatus, govIdRejectionReason: reason } };
  });
}

// ---------------------------------------------------------------------------------- services

function selectAdminServices(db: Executor) {
  return db
    .select({ ...serviceCardColumns(db), isPaused: services.isPaused })
    .from(services)
    .innerJoin(categories, eq(categories.id, services.categoryId))
    .innerJoin(providers, eq(providers.id, services.providerId))
    .$dynamic();
}
type AdminRow = Awaited<ReturnType<typeof selectAdminServices>>[number];
const toAdminService = ({ isPaused, ...card }: AdminRow): AdminService => ({ ...toServiceCard(card), isPaused });

/** LIKE pattern that matches `text` literally anywhere. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Every service that is not deleted (active or not), newest first; q matches title or provider name. */
export async function listAdminServices(db: Executor, query: AdminServicesQuery): Promise<AdminServicePage> {
  const where = and(
    isNull(services.deletedAt),
    query.q
      ? or(ilike(services.title, containsPattern(query.q)), ilike(providers.displayName, containsPattern(query.q)))
      : undefined,
  );
  const [rows, [total]] = await Promise.all([
    selectAdminServices(db)
      .where(where)
      .orderBy(desc(services.createdAt), desc(services.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(services).innerJoin(providers, eq(providers.id, services.providerId)).where(where),
  ]);
  return { services: rows.map(toAdminService), total: total?.n ?? 0, page: query.page, pageSize: query.pageSize };
}

async function getAdminService(db: Executor, id: string): Promise<AdminService> {
  const [row] = await selectAdminServices(db)
    .where(and(eq(services.id, id), isNull(services.deletedAt)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', 'Service not found.');
  return toAdminService(row);
}

/** Activates or deactivates any service (moderation). An inactive service leaves every public list. */
export async function setServiceStatus(
  db: Executor,
  adminId: string,
  id: string,
  isActive: boolean,
): Promise<{ service: AdminService }> {
  await db.transaction(async (tx) => {
    const [current] = await tx
      .select({ id: services.id, title: services.title, isActive: services.isActive })
      .from(services)
      .where(and(eq(services.id, id), isNull(services.deletedAt)))
      .for('update');
    if (!current) throw new AppError('NOT_FOUND', 'Service not found.');
    await tx.update(services).set({ isActive }).where(eq(services.id, id));
    await writeAudit(tx, {
      adminId,
      action: isActive ? 'service.activate' : 'service.deactivate',
      targetType: 'service',
      targetId: id,
      before: current,
      after: { ...current, isActive },
    });
  });
  return { service: await getAdminService(db, id) };
}

/**
 * Deletes any service by the same rule as its provider's delete (catalog's softDeleteService):
 * kept for its bookings and reviews, refused (409) while bookings are still to happen.
 */
export async function adminDeleteService(db: Executor, adminId: string, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await softDeleteService(tx, id);
    await writeAudit(tx, {
      adminId,
      action: 'service.delete',
      targetType: 'service',
      targetId: id,
      before,
      after: { ...before, deleted: true },
    });
  });
}

// -------------------------------------------------------------------------------- categories

/** Creates a category; a slug that is taken is refused by the unique index (409). */
export async function createCategory(db: Executor, adminId: string, input: CreateCategoryInput): Promise<Category> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(categories)
      .values({ name: input.name, slug: input.slug, icon: input.icon })
      .returning({ id: categories.id, name: categories.name, slug: categories.slug, icon: categories.icon });
    if (!row) throw new Error('insert into categories returned no row');
    await writeAudit(tx, {
      adminId,
      action: 'category.create',
      targetType: 'category',
      targetId: row.id,
      before: null,
      after: row,
    });
    return row;
  });
}

/**
 * Renames a category or changes its icon (its slug, used in addresses, stays). Only the fields
 * sent change; a name or icon sent empty (icon: null) clears the icon.
 */
export async function updateCategory(
  db: Executor,
  adminId: string,
  id: string,
  input: UpdateCategoryInput,
): Promise<Category> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ id: categories.id, name: categories.name, slug: categories.slug, icon: categories.icon })
      .from(categories)
      .where(eq(categories.id, id))
      .for('update');
    if (!current) throw new AppError('NOT_FOUND', 'Category not found.');
    const changes = {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.icon !== undefined ? { icon: input.icon } : {}),
    };
    const [row] = await tx
      .update(categories)
      .set(changes)
      .where(eq(categories.id, id))
      .returning({ id: categories.id, name: categories.name, slug: categories.slug, icon: categories.icon });
    if (!row) throw new Error('update of categories returned no row');
    await writeAudit(tx, {
      adminId,
      action: 'category.update',
      targetType: 'category',
      targetId: id,
      before: current,
      after: row,
    });
    return row;
  });
}

/**
 * Deletes a category. Services keep their category (ON DELETE RESTRICT, deleted services too, for
 * their history), so while any service uses it the database refuses and the answer is 409.
 */
export async function deleteCategory(db: Executor, adminId: string, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [current] = await tx
      .select({ id: categories.id, name: categories.name, slug: categories.slug, icon: categories.icon })
      .from(categories)
      .where(eq(categories.id, id))
      .for('update');
    if (!current) throw new AppError('NOT_FOUND', 'Category not found.');
    const [used] = await tx.select({ n: count() }).from(services).where(eq(services.categoryId, id));
    const n = used?.n ?? 0;
    if (n > 0) {
      const name = current.name;
      throw new AppError(
        'CONFLICT',
        localized((i18n) =>
          i18n._(
            msg`${plural(n, {
              one: `"${name}" is used by a service (deleted services keep their category for their history), so it cannot be deleted.`,
              other: `"${name}" is used by # services (deleted services keep their category for their history), so it cannot be deleted.`,
            })}`,
          ),
        ),
      );
    }
    // The foreign key (RESTRICT) still decides if a service arrives in between.
    await tx.delete(categories).where(eq(categories.id, id));
    await writeAudit(tx, {
      adminId,
      action: 'category.delete',
      targetType: 'category',
      targetId: id,
      before: current,
      after: null,
    });
  });
}

// ------------------------------------------------------------------------------- audit log

/** The most recent admin decisions first, one page at a time. */
export async function listAuditLog(db: Executor, query: AuditQuery): Promise<AuditPage> {
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: auditLog.id,
        action: auditLog.action,
        targetType: auditLog.targetType,
        targetId: auditLog.targetId,
        before: auditLog.before,
        after: auditLog.after,
        reason: auditLog.reason,
        createdAt: auditLog.createdAt,
        admin: { id: users.id, name: users.name, email: users.email },
        targetLabel: sql<string | null>`coalesce(
          ${auditLog.after}->>'displayName', ${auditLog.after}->>'title', ${auditLog.after}->>'name',
          ${auditLog.before}->>'displayName', ${auditLog.before}->>'title', ${auditLog.before}->>'name')`,
      })
      .from(auditLog)
      .innerJoin(users, eq(users.id, auditLog.adminId))
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(AUDIT_PAGE_SIZE)
      .offset((query.page - 1) * AUDIT_PAGE_SIZE),
    db.select({ n: count() }).from(auditLog),
  ]);
  return {
    entries: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
    total: total?.n ?? 0,
    page: query.page,
    pageSize: AUDIT_PAGE_SIZE,
  };
}
