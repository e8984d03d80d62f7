import { z } from 'zod';

export const govIdStatusSchema = z.enum(['PENDING', 'APPROVED', 'REJECTED']);
export type GovIdStatus = z.infer<typeof govIdStatusSchema>;

/** A provider's profile fields, as the public page and the provider's own dashboard show them. */
export const providerProfileSchema = z.object({
  id: z.string().uuid(),
  userId: z.string().uuid(),
  displayName: z.string(),
  avatar: z.string().nullable(),
  bio: z.string().nullable(),
  baseCity: z.string().nullable(),
  languages: z.array(z.string()),
  timeZone: z.string(),
  rating: z.number(),
  ratingCount: z.number().int(),
  govIdStatus: govIdStatusSchema,
  phoneVerified: z.boolean(),
});

/** The signed-in provider's own profile (GET /api/provider/me). */
export const myProviderSchema = providerProfileSchema.extend({
  user: z.object({ email: z.string() }),
  _count: z.object({ services: z.number().int() }),
});
export type MyProvider = z.infer<typeof myProviderSchema>;
