// What the admin API returns, in zod/mini (like catalog-responses.ts), so the browser can check
// answers without the full zod runtime. Request schemas are in admin.ts.
import * as z from 'zod/mini';
import { categorySchema, serviceSchema } from './catalog-responses.ts';
import { govIdStatusSchema } from './providers.ts';

/** GET /api/admin/stats: the product's five numbers. */
export const adminStatsSchema = z.object({
  totalUsers: z.int(),
  totalProviders: z.int(),
  totalServices: z.int(),
  totalBookings: z.int(),
  pendingVerifications: z.int(),
});
export type AdminStats = z.infer<typeof adminStatsSchema>;

/** The identity document a provider uploaded: what it is and when (the file itself: its own route). */
export const idDocumentInfoSchema = z.object({
  mime: z.enum(['image/jpeg', 'image/png', 'application/pdf']),
  uploadedAt: z.string(),
});
export type IdDocumentInfo = z.infer<typeof idDocumentInfoSchema>;

/** A provider waiting for verification (GET /api/admin/providers/pending). */
export const pendingProviderSchema = z.object({
  id: z.uuid(),
  userId: z.uuid(),
  displayName: z.string(),
  avatar: z.nullable(z.string()),
  bio: z.nullable(z.string()),
  baseCity: z.nullable(z.string()),
  languages: z.array(z.string()),
  govIdStatus: govIdStatusSchema,
  phoneVerified: z.boolean(),
  createdAt: z.string(),
  /** The phone number of the provider's profile (decision 051), never verified by Locora; null: none given. */
  phone: z.optional(z.nullable(z.string())),
  user: z.object({ email: z.string() }),
  /** Null when no document was submitted yet. */
  idDocument: z.nullable(idDocumentInfoSchema),
});
export type PendingProvider = z.infer<typeof pendingProviderSchema>;
export const pendingProviderListSchema = z.array(pendingProviderSchema);

/** PATCH /api/admin/providers/{id}/verify -> the provider's new state. */
export const verifyProviderResponseSchema = z.object({
  provider: z.object({
    id: z.uuid(),
    govIdStatus: govIdStatusSchema,
    govIdRejectionReason: z.nullable(z.string()),
  }),
});

/** A service as the moderation list shows it: the card, plus the provider's own pause. */
export const adminServiceSchema = z.extend(serviceSchema, { isPaused: z.boolean() });
export type AdminService = z.infer<typeof adminServiceSchema>;

/** GET /api/admin/services: one page of services (deleted ones are gone), newest first. */
export const adminServicePageSchema = z.object({
  services: z.array(adminServiceSchema),
  total: z.int(),
  page: z.int(),
  pageSize: z.int(),
});
export type AdminServicePage = z.infer<typeof adminServicePageSchema>;

export const adminServiceResponseSchema = z.object({ service: adminServiceSchema });
export const adminCategoryResponseSchema = z.object({ category: categorySchema });

/** One admin decision, as /admin lists it. */
export const auditEntrySchema = z.object({
  id: z.uuid(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.uuid(),
  before: z.nullable(z.unknown()),
  after: z.nullable(z.unknown()),
  reason: z.nullable(z.string()),
  createdAt: z.string(),
  admin: z.object({ id: z.uuid(), name: z.nullable(z.string()), email: z.string() }),
  /** A short human name of the target (provider's display name, service title, category name). */
  targetLabel: z.nullable(z.string()),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditPageSchema = z.object({
  entries: z.array(auditEntrySchema),
  total: z.int(),
  page: z.int(),
  pageSize: z.int(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;

/** POST /api/provider/id-document -> 201: what the provider's dashboard shows. */
export const idDocumentResponseSchema = z.object({
  idDocument: idDocumentInfoSchema,
  govIdStatus: govIdStatusSchema,
});
