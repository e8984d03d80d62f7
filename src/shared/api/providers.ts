// Response shapes only, in zod/mini so the browser can check them without the full zod runtime
// (see catalog-responses.ts).
import * as z from 'zod/mini';
import { currencySchema } from './money.ts';

export const govIdStatusSchema = z.enum(['PENDING', 'APPROVED', 'REJECTED']);
export type GovIdStatus = z.infer<typeof govIdStatusSchema>;

/** A provider's profile fields, as the public page and the provider's own dashboard show them. */
export const providerProfileSchema = z.object({
  id: z.uuid(),
  userId: z.uuid(),
  displayName: z.string(),
  avatar: z.nullable(z.string()),
  bio: z.nullable(z.string()),
  baseCity: z.nullable(z.string()),
  languages: z.array(z.string()),
  timeZone: z.string(),
  rating: z.number(),
  ratingCount: z.int(),
  govIdStatus: govIdStatusSchema,
  phoneVerified: z.boolean(),
});

/** The signed-in provider's own profile (GET /api/provider/me). */
export const myProviderSchema = z.extend(providerProfileSchema, {
  /**
   * The provider's currency (decision 047): their payouts settle in it and their new prices are
   * in it. A capital ISO 4217 code ("JPY").
   */
  currency: currencySchema,
  /**
   * Why the currency cannot be changed by hand now (a live booking; payouts set up, when it
   * follows Stripe), or null when it can.
   */
  currencyLockedReason: z.nullable(z.string()),
  user: z.object({ email: z.string() }),
  _count: z.object({ services: z.int() }),
  /** Why an admin rejected the identity document, when they said (decision 021). */
  govIdRejectionReason: z.optional(z.nullable(z.string())),
  /** The identity document the provider submitted (type and when), or null (decision 021). */
  idDocument: z.optional(
    z.nullable(z.object({ mime: z.enum(['image/jpeg', 'image/png', 'application/pdf']), uploadedAt: z.string() })),
  ),
});
export type MyProvider = z.infer<typeof myProviderSchema>;
