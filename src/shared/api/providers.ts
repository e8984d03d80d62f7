import { z } from 'zod';

export const govIdStatusSchema = z.enum(['PENDING', 'APPROVED', 'REJECTED']);
export type GovIdStatus = z.infer<typeof govIdStatusSchema>;

/** The signed-in provider's own profile (GET /api/provider/me). */
export const myProviderSchema = z.object({
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
  user: z.object({ email: z.string() }),
  _count: z.object({ services: z.number().int() }),
});
export type MyProvider = z.infer<typeof myProviderSchema>;
