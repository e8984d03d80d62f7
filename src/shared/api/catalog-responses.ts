/*
 * What the catalog API returns, in zod/mini: the browser checks these responses in its first chunk,
 * where the full zod runtime would cost about 20 kB gzip (decision 012). The server declares its
 * responses with the same schemas (fastify-type-provider-zod takes any zod 4 schema), so there is
 * still one definition of every response. Request schemas, with their messages and transforms,
 * stay in full zod in catalog.ts, which re-exports everything here.
 */
import * as z from 'zod/mini';
import { LOCATION_TYPES } from '../domain/service-location.ts';
import { currencySchema } from './money.ts';
import { govIdStatusSchema, providerProfileSchema } from './providers.ts';

export const pricingUnitSchema = z.enum(['per hour', 'per session', 'per day']);
export type PricingUnit = z.infer<typeof pricingUnitSchema>;

export const categorySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  slug: z.string(),
  icon: z.nullable(z.string()),
});
export type Category = z.infer<typeof categorySchema>;

/** The provider as a service card or detail page shows it (no contact details). */
export const providerSummarySchema = z.object({
  id: z.uuid(),
  userId: z.uuid(),
  displayName: z.string(),
  avatar: z.nullable(z.string()),
  govIdStatus: govIdStatusSchema,
  rating: z.number(),
  ratingCount: z.int(),
});
export type ProviderSummary = z.infer<typeof providerSummarySchema>;

export const serviceSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  description: z.string(),
  categoryId: z.uuid(),
  category: categorySchema,
  city: z.string(),
  photos: z.array(z.string()),
  /** An integer in the minor unit of `currency` (yen for JPY, cents for USD: decision 047). */
  price: z.int(),
  /** The price's currency, a capital ISO 4217 code ("JPY"). */
  currency: currencySchema,
  pricingUnit: pricingUnitSchema,
  minHours: z.int(),
  /** Where it happens; travelers see the area (and the city) until a booking is confirmed. */
  locationType: z.enum(LOCATION_TYPES),
  locationArea: z.nullable(z.string()),
  /**
   * The service's own rating: the average of its reviews to one decimal, 0 when it has none
   * (shown as 'New'). The provider's rating is provider.rating (decision 019).
   */
  rating: z.number(),
  /** How many reviews the service has. */
  ratingCount: z.int(),
  isActive: z.boolean(),
  createdAt: z.string(),
  provider: providerSummarySchema,
  _count: z.object({ reviews: z.int() }),
});
export type Service = z.infer<typeof serviceSchema>;

export const publicReviewSchema = z.object({
  id: z.uuid(),
  rating: z.int().check(z.minimum(1), z.maximum(5)),
  text: z.string(),
  createdAt: z.string(),
  author: z.object({ name: z.nullable(z.string()), image: z.nullable(z.string()) }),
  service: z.object({ id: z.uuid(), title: z.string() }),
  /** The provider's public answer (decision 050), once written. */
  answer: z.optional(z.nullable(z.string())),
  answeredAt: z.optional(z.nullable(z.string())),
});
export type PublicReview = z.infer<typeof publicReviewSchema>;

export const serviceDetailSchema = z.extend(serviceSchema, {
  reviews: z.array(publicReviewSchema),
  /**
   * With payments configured, why the provider cannot be booked yet (their payouts are not set up,
   * decision 038); null or absent: they can.
   */
  bookingsClosedReason: z.optional(z.nullable(z.string())),
  /**
   * How fast the provider answers requests (decision 063): the median minutes from a booking
   * request or first inquiry message to their first answer, over the last 90 days; null while they
   * have fewer than 3 such requests ("New") or most were never answered.
   */
  providerResponse: z.optional(
    z.object({ requests: z.int(), medianMinutes: z.nullable(z.int()), isMostlyUnanswered: z.boolean() }),
  ),
});
export type ServiceDetail = z.infer<typeof serviceDetailSchema>;

/** GET /api/providers/{username}: the public profile. */
export const publicProviderSchema = z.extend(providerProfileSchema, {
  services: z.array(serviceSchema),
  _count: z.object({ services: z.int() }),
});
export type PublicProvider = z.infer<typeof publicProviderSchema>;

/** The lists the API answers with (GET /api/categories, /api/services, /api/favorites, reviews). */
export const categoryListSchema = z.array(categorySchema);
export const serviceListSchema = z.array(serviceSchema);
export const publicReviewListSchema = z.array(publicReviewSchema);

export const favoriteStateSchema = z.object({ serviceId: z.uuid(), saved: z.boolean() });

/**
 * GET /api/cities/suggest: a city Locora serves, with its visible services. `matchedAlias` is the
 * other name or area the typed text matched ("Ubud" for Bali), when it was not the city's name.
 */
export const citySuggestionSchema = z.object({
  city: z.string(),
  serviceCount: z.int(),
  matchedAlias: z.optional(z.string()),
});
export type CitySuggestion = z.infer<typeof citySuggestionSchema>;
export const citySuggestionListSchema = z.array(citySuggestionSchema);
