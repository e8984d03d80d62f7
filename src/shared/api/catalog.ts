import { z } from 'zod';
import { CURRENCIES, isCurrencyCode, type CurrencyCode } from '../domain/currency.ts';
import { calendarDateSchema } from './time.ts';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, RATING_OPTIONS, SEARCH_TEXT_MAX, SORT_OPTIONS } from './catalog-options.ts';

// The response schemas (zod/mini) and the search options live in their own modules, so the client's
// first chunk can import them without the full zod runtime; server code keeps importing them here.
export * from './catalog-options.ts';
export * from './catalog-responses.ts';

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
 * GET /api/services query. minPrice and maxPrice are in units of `currency` (decision 049); without
 * it, of the asker's display currency (else US dollars), and then a maxPrice at the top of the
 * slider range (500) means "and up". Prices in other currencies are compared at the latest ECB rates.
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
    currency: z
      .string()
      .optional()
      .superRefine((v, ctx) => {
        if (v !== undefined && !isCurrencyCode(v))
          ctx.addIssue({ code: 'custom', message: `Unknown currency "${v}": use one of ${CURRENCIES.join(', ')}` });
      })
      .transform((v) => v as CurrencyCode | undefined),
    /**
     * "Available on…": only services with a free start that day (yyyy-MM-dd), read in each
     * service's own zone, for its minimum hours.
     */
    date: z
      .string()
      .optional()
      .transform((v) => (v ? v : undefined))
      .pipe(calendarDateSchema.optional()),
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

/** GET /api/cities/suggest query: the typed place; empty lists every city served. */
export const citySuggestQuerySchema = z.object({ q: optionalText(100, 'Place') });
export type CitySuggestQuery = z.output<typeof citySuggestQuerySchema>;
