import { z } from 'zod';
import { govIdStatusSchema, providerProfileSchema } from './providers.ts';

export const pricingUnitSchema = z.enum(['per hour', 'per session', 'per day']);
export type PricingUnit = z.infer<typeof pricingUnitSchema>;

export const categorySchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  slug: z.string(),
  icon: z.string().nullable(),
});
export type Category = z.infer<typeof categorySchema>;

/** The provider as a service card or detail page shows it (no contact details). */
export const providerSummarySchema = z.object({
  id: z.string().uuid(),
  userId: z.string().uuid(),
  displayName: z.string(),
  avatar: z.string().nullable(),
  govIdStatus: govIdStatusSchema,
  rating: z.number(),
  ratingCount: z.number().int(),
});
export type ProviderSummary = z.infer<typeof providerSummarySchema>;

export const serviceSchema = z.object({
  id: z.string().uuid(),
  title: z.string(),
  description: z.string(),
  categoryId: z.string().uuid(),
  category: categorySchema,
  city: z.string(),
  photos: z.array(z.string()),
  /** Integer cents. */
  price: z.number().int(),
  pricingUnit: pricingUnitSchema,
  minHours: z.number().int(),
  isActive: z.boolean(),
  createdAt: z.string(),
  provider: providerSummarySchema,
  _count: z.object({ reviews: z.number().int() }),
});
export type Service = z.infer<typeof serviceSchema>;

export const publicReviewSchema = z.object({
  id: z.string().uuid(),
  rating: z.number().int().min(1).max(5),
  text: z.string(),
  createdAt: z.string(),
  author: z.object({ name: z.string().nullable(), image: z.string().nullable() }),
  service: z.object({ id: z.string().uuid(), title: z.string() }),
});
export type PublicReview = z.infer<typeof publicReviewSchema>;

export const serviceDetailSchema = serviceSchema.extend({
  reviews: z.array(publicReviewSchema),
});
export type ServiceDetail = z.infer<typeof serviceDetailSchema>;

export const SORT_OPTIONS = ['recommended', 'price-low', 'price-high', 'rating'] as const;
export const RATING_OPTIONS = [0, 3, 4, 4.5] as const;
export const PRICE_FILTER_MAX = 500;
export const DEFAULT_PAGE_SIZE = 24;
export const MAX_PAGE_SIZE = 60;
export const SEARCH_TEXT_MAX = 100;

const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .optional()
    .transform((v) => (v ? v : undefined));

const dollars = (label: string) =>
  z.coerce
    .number({ error: `${label} must be a number` })
    .refine(Number.isFinite, `${label} must be a number`)
    .min(0, `${label} cannot be negative`)
    .max(1_000_000, `${label} is too large`);

/**
 * GET /api/services query. Prices are dollars as the browse page sends them; a maxPrice at the
 * top of the slider range (500) means "and up", not "at most $500".
 */
export const serviceSearchSchema = z
  .object({
    q: optionalText(SEARCH_TEXT_MAX, 'Search text'),
    city: optionalText(100, 'City'),
    category: z
      .string()
      .trim()
      .max(64)
      .regex(/^[a-z0-9-]*$/, 'Category must be a category slug')
      .optional()
      .transform((v) => (v ? v : undefined)),
    minPrice: dollars('minPrice').optional(),
    maxPrice: dollars('maxPrice').optional(),
    minRating: z.coerce
      .number({ error: 'minRating must be one of 0, 3, 4, 4.5' })
      .refine((v) => (RATING_OPTIONS as readonly number[]).includes(v), 'minRating must be one of 0, 3, 4, 4.5')
      .optional(),
    sortBy: z.enum(SORT_OPTIONS, { error: `sortBy must be one of ${SORT_OPTIONS.join(', ')}` }).default('recommended'),
    page: z.coerce
      .number({ error: 'page must be a whole number' })
      .int('page must be a whole number')
      .min(1, 'page must be 1 or more')
      .max(10_000, 'page must be at most 10000')
      .default(1),
    pageSize: z.coerce
      .number({ error: 'pageSize must be a whole number' })
      .int('pageSize must be a whole number')
      .min(1, 'pageSize must be 1 or more')
      .max(MAX_PAGE_SIZE, `pageSize must be at most ${MAX_PAGE_SIZE}`)
      .default(DEFAULT_PAGE_SIZE),
  })
  .refine((v) => v.minPrice === undefined || v.maxPrice === undefined || v.minPrice <= v.maxPrice, {
    message: 'minPrice must not be greater than maxPrice',
    path: ['minPrice'],
  });
export type ServiceSearch = z.output<typeof serviceSearchSchema>;
export type ServiceSearchInput = z.input<typeof serviceSearchSchema>;

export const idParamSchema = z.object({ id: z.string().uuid('Not a valid id') });

/** GET /api/providers/{username}: the public profile. */
export const publicProviderSchema = providerProfileSchema.extend({
  services: z.array(serviceSchema),
  _count: z.object({ services: z.number().int() }),
});
export type PublicProvider = z.infer<typeof publicProviderSchema>;

export const favoriteStateSchema = z.object({ serviceId: z.string().uuid(), saved: z.boolean() });
