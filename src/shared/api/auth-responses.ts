/*
 * What the auth and account API returns, in zod/mini so the browser's first chunk can check the
 * signed-in user without the full zod runtime (see catalog-responses.ts; decision 012). auth.ts
 * re-exports everything here next to the request schemas.
 */
import * as z from 'zod/mini';
import { LOCALES } from '../domain/locales.ts';
import { CURRENCIES } from '../domain/currency.ts';

export const roleSchema = z.enum(['TRAVELER', 'PROVIDER', 'ADMIN']);
export type Role = z.infer<typeof roleSchema>;

export const userSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  name: z.nullable(z.string()),
  role: roleSchema,
  image: z.nullable(z.string()),
  /** The language the account reads Locora and its emails in. */
  language: z.enum(LOCALES),
  /** The currency the traveler chose to read estimates in; null: not chosen (decision 049). */
  displayCurrency: z.nullable(z.enum(CURRENCIES)),
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

/** Whether the account's current address has been confirmed (GET /api/account/email). */
export const emailStatusSchema = z.object({ email: z.string(), verified: z.boolean() });
export type EmailStatus = z.infer<typeof emailStatusSchema>;

/** POST /api/auth/verify-email: the address that is now verified. */
export const emailVerifiedSchema = z.object({ ok: z.literal(true), email: z.string() });

/** POST /api/auth/forgot-password: the same answer whether or not the address has an account. */
export const forgotPasswordResponseSchema = z.object({ ok: z.literal(true), message: z.string() });
export const FORGOT_PASSWORD_ANSWER =
  'If an account uses this email, we have sent it a link to reset the password. The link works once, within 1 hour.';
