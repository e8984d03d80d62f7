/*
 * What the auth and account API returns, in zod/mini so the browser's first chunk can check the
 * signed-in user without the full zod runtime (see catalog-responses.ts; decision 012). auth.ts
 * re-exports everything here next to the request schemas.
 */
import * as z from 'zod/mini';

export const roleSchema = z.enum(['TRAVELER', 'PROVIDER', 'ADMIN']);
export type Role = z.infer<typeof roleSchema>;

export const userSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  name: z.nullable(z.string()),
  role: roleSchema,
  image: z.nullable(z.string()),
});
export type User = z.infer<typeof userSchema>;

export const userResponseSchema = z.object({ user: userSchema });
export type UserResponse = z.infer<typeof userResponseSchema>;

export const sessionsResponseSchema = z.object({
  sessions: z.array(
    z.object({
      current: z.boolean(),
      userAgent: z.nullable(z.string()),
      createdAt: z.string(),
      expiresAt: z.string(),
    }),
  ),
});
export type SessionsResponse = z.infer<typeof sessionsResponseSchema>;

export const revokedResponseSchema = z.object({ revoked: z.int() });
export const okResponseSchema = z.object({ ok: z.literal(true) });
