import { z } from 'zod';
import { hasHostileCharacters } from './auth.ts';

export * from './admin-responses.ts';

export const ADMIN_SERVICES_PAGE_SIZE = 20;
export const ADMIN_SERVICES_PAGE_SIZE_MAX = 100;
export const AUDIT_PAGE_SIZE = 20;
export const REJECTION_REASON_MAX = 500;
export const CATEGORY_NAME_MAX = 60;
export const CATEGORY_ICON_MAX = 40;
/** Category slugs: lower-case letters, digits and dashes, 2 to 40. */
export const CATEGORY_SLUG_RE = /^[a-z0-9-]{2,40}$/;
/** The identity document: JPEG, PNG or PDF, at most 10 MB, checked by its bytes. */
export const ID_DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;
export const ID_DOCUMENT_FIELD = 'file';

/** PATCH /api/admin/providers/{id}/verify. The reason (optional) is shown to the provider. */
export const verifyProviderSchema = z.strictObject({
  govIdStatus: z.enum(['APPROVED', 'REJECTED'], { error: 'govIdStatus must be APPROVED or REJECTED' }),
  reason: z
    .string({ error: 'Reason must be text' })
    .trim()
    .normalize('NFC')
    .max(REJECTION_REASON_MAX, `Reason must be at most ${REJECTION_REASON_MAX} characters`)
    .refine(
      (v) => v === '' || !hasHostileCharacters(v.replace(/\n/g, ' ')),
      'Reason cannot contain control or invisible characters',
    )
    .optional()
    .transform((v) => (v ? v : undefined)),
});
export type VerifyProviderInput = z.output<typeof verifyProviderSchema>;

/** GET /api/admin/services: search by title or provider name, paged. */
export const adminServicesQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .max(100, 'Search text must be at most 100 characters')
    .optional()
    .transform((v) => (v ? v : undefined)),
  page: z.coerce
    .number({ error: 'Page must be a number' })
    .int('Page must be a whole number')
    .min(1, 'Page must be at least 1')
    .max(10_000, 'Page is too large')
    .default(1),
  pageSize: z.coerce
    .number({ error: 'Page size must be a number' })
    .int('Page size must be a whole number')
    .min(1, 'Page size must be at least 1')
    .max(ADMIN_SERVICES_PAGE_SIZE_MAX, `Page size must be at most ${ADMIN_SERVICES_PAGE_SIZE_MAX}`)
    .default(ADMIN_SERVICES_PAGE_SIZE),
});
export type AdminServicesQuery = z.output<typeof adminServicesQuerySchema>;

export const auditQuerySchema = z.object({
  page: z.coerce
    .number({ error: 'Page must be a number' })
    .int('Page must be a whole number')
    .min(1, 'Page must be at least 1')
    .max(10_000, 'Page is too large')
    .default(1),
});
export type AuditQuery = z.output<typeof auditQuerySchema>;

/** PATCH /api/admin/services/{id}/status. */
export const serviceStatusSchema = z.strictObject({
  isActive: z.boolean({ error: 'isActive must be true or false' }),
});

const categoryName = z
  .string({ error: 'Name is required' })
  .trim()
  .normalize('NFC')
  .min(1, 'Name is required')
  .max(CATEGORY_NAME_MAX, `Name must be at most ${CATEGORY_NAME_MAX} characters`)
  .refine((v) => !hasHostileCharacters(v), 'Name cannot contain control, text-direction or invisible characters');

const categoryIcon = z
  .string({ error: 'Icon must be text' })
  .trim()
  .normalize('NFC')
  .max(CATEGORY_ICON_MAX, `Icon must be at most ${CATEGORY_ICON_MAX} characters`)
  .refine(
    (v) => v === '' || !hasHostileCharacters(v),
    'Icon cannot contain control, text-direction or invisible characters',
  )
  .nullish();

/** POST /api/admin/categories (docs/product.md: name and slug required, icon optional: emoji or icon name). */
export const createCategorySchema = z.strictObject({
  name: categoryName,
  slug: z
    .string({ error: 'Slug is required' })
    .trim()
    .min(1, 'Slug is required')
    .regex(CATEGORY_SLUG_RE, 'Slug must be 2 to 40 lower-case letters, digits or dashes'),
  icon: categoryIcon.transform((v) => (v ? v : null)),
});

/**
 * PATCH /api/admin/categories/{id}: a new name and/or icon (the slug, in addresses, stays). An
 * icon sent empty or null clears it; a field left out keeps its value.
 */
export const updateCategorySchema = z
  .strictObject({
    name: categoryName.optional(),
    icon: categoryIcon.transform((v) => (v === undefined ? undefined : v ? v : null)),
  })
  .refine((v) => v.name !== undefined || v.icon !== undefined, 'Send a name or an icon to change');
export type UpdateCategoryInput = z.output<typeof updateCategorySchema>;

/** Approving asks for an identity document to have been seen. */
export const PROVIDER_WITHOUT_DOCUMENT_MESSAGE =
  'This provider has not uploaded an identity document yet, so they cannot be approved. Ask them to upload one from their dashboard, or reject.';
export type CreateCategoryInput = z.output<typeof createCategorySchema>;

/** POST /api/admin/payments/bookings/{id}/settle: a booking paid before payouts existed, settled by hand. */
export const settleByHandSchema = z.strictObject({
  note: z
    .string({ error: 'Note must be text' })
    .trim()
    .normalize('NFC')
    .min(1, 'Say how the provider was paid (a note is required)')
    .max(1000, 'Note must be at most 1000 characters'),
});
/** POST /api/admin/payments/differences/{id}/explain. */
export const explainDifferenceSchema = z.strictObject({
  note: z
    .string({ error: 'Note must be text' })
    .trim()
    .normalize('NFC')
    .min(1, 'Say what explains the difference (a note is required)')
    .max(1000, 'Note must be at most 1000 characters'),
});
export type SettleByHandInput = z.output<typeof settleByHandSchema>;

/** GET /api/admin/disputes: which disputes (open first by deadline, the others newest first). */
export const adminDisputesQuerySchema = z.object({
  status: z.enum(['open', 'won', 'lost', 'all']).default('open'),
});
export type AdminDisputeFilter = z.infer<typeof adminDisputesQuerySchema>['status'];

/** A Stripe dispute id, as a path parameter. */
export const disputeIdParamSchema = z.object({
  id: z.string().regex(/^(dp|du)_[A-Za-z0-9]+$/, 'Not a Stripe dispute id (dp_… or du_…).'),
});

/** POST /api/admin/disputes/{id}/evidence: the admin's account of what happened, and the booking's messages. */
export const submitDisputeEvidenceSchema = z.object({
  text: z
    .string()
    .trim()
    .min(1, 'Write what happened: the bank reads it.')
    .max(15_000, 'At most 15,000 characters: Stripe takes no more with the messages.'),
  includeMessages: z.boolean().default(true),
});
export type SubmitDisputeEvidence = z.input<typeof submitDisputeEvidenceSchema>;
