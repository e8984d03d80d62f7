// Providers' payouts accounts (Stripe Connect, decision 038): the requests and answers of /api/provider/payouts/*.
import { z } from 'zod';
import { CONNECT_COUNTRIES, CONNECT_STATES } from '../domain/connect.ts';

/** GET /api/provider/payouts/account (and the answer of .../sync): the Payouts tab's account card. */
export const payoutAccountViewSchema = z.object({
  /** Payment processing is configured (Stripe keys set); false: payouts are not offered at all. */
  configured: z.boolean(),
  state: z.enum(CONNECT_STATES),
  accountId: z.string().nullable(),
  country: z.string().nullable(),
  /** The country the setup form suggests (the provider's time zone's). */
  suggestedCountry: z.string(),
  /** Stripe's requirements (past due first, then currently due), in words. */
  requirements: z.array(z.string()),
  /** Why a restricted account is restricted, in words. */
  disabledReason: z.string().nullable(),
  /** Travelers can book this provider (always true while payments are not configured). */
  canBeBooked: z.boolean(),
});
export type PayoutAccountView = z.infer<typeof payoutAccountViewSchema>;

const countryCodes = CONNECT_COUNTRIES.map((c) => c.code) as [string, ...string[]];

/** POST /api/provider/payouts/account: "Set up payouts" (the country is asked once, when the account is made). */
export const startOnboardingSchema = z.object({
  country: z.enum(countryCodes, { error: `Country must be one of ${countryCodes.join(', ')}` }).optional(),
});

/** An address to send the provider to (Stripe's onboarding, or its Express dashboard). */
export const redirectUrlSchema = z.object({ url: z.string() });
