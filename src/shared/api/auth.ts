import { z } from 'zod';
import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../domain/constants.ts';
import { CURRENCIES, isCurrencyCode, type CurrencyCode } from '../domain/currency.ts';
import { LOCALES } from '../domain/locales.ts';
import { requireTimeZoneForProvider, timeZoneSchema } from './time.ts';

// The response schemas are zod/mini, in their own module so the client's first chunk can import
// them without the full zod runtime; server code keeps importing them here.
export * from './auth-responses.ts';

export const selfServiceRoleSchema = z.enum(['TRAVELER', 'PROVIDER'], {
  error: 'Role must be TRAVELER or PROVIDER',
});

export const emailSchema = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(EMAIL_MAX_LENGTH, 'Email is too long')
  .pipe(z.email({ error: 'Enter a valid email address' }));

/** Blank-looking letters and marks (Braille blank, Hangul fillers, invisible vowels, ...). */
const INVISIBLE = '\\u034F\\u115F\\u1160\\u17B4\\u17B5\\u180E\\u2800\\u3164\\uFFA0\\u{1D173}-\\u{1D17A}';
// eslint-disable-next-line no-misleading-character-class -- each invisible mark is listed on its own, on purpose
const BLANK_ONLY = new RegExp(`^[\\s\\p{Cf}${INVISIBLE}]*$`, 'u');

export const BLANK_PASSWORD_MESSAGE = 'Password cannot be only spaces or invisible characters.';

/** A new password. (The server also refuses very common passwords; that list is server-only.) */
export const newPasswordSchema = z
  .string({ error: 'Password is required' })
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters long.`)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters long.`)
  .refine((password) => !BLANK_ONLY.test(password), BLANK_PASSWORD_MESSAGE);

/**
 * Characters that let a displayed name spoof or hide text: controls (C0, DEL, C1), line and
 * paragraph separators, bidirectional marks, embeddings, overrides and isolates, and invisible
 * characters (zero-width space, word joiner, BOM, invisible operators, Hangul fillers). Zero-width
 * (non-)joiners stay allowed between two visible characters, where scripts such as Persian,
 * Devanagari and emoji sequences need them.
 */
const HOSTILE_TEXT = new RegExp(
  // Controls and separators; every format character (\p{Cf}: bidi marks, embeddings, overrides,
  // isolates, zero-width space, word joiner, BOM, tag characters, ...) except the joiners; the
  // joiners at the edges of a word; blank-looking letters and marks (listed one by one, on purpose).
  // eslint-disable-next-line no-misleading-character-class
  `[\\p{Cc}\\u2028\\u2029${INVISIBLE}]|(?![\\u200C\\u200D])\\p{Cf}|(?:^|[\\s\\u200C\\u200D])[\\u200C\\u200D]|[\\u200C\\u200D](?:$|\\s)`,
  'u',
);
/** A name needs at least one letter, digit or symbol that shows (not only marks or blanks). */
const VISIBLE = /[\p{L}\p{N}\p{So}]/u;

export const HOSTILE_NAME_MESSAGE = 'Name cannot contain control, text-direction or invisible characters';

/** True when `text` holds a character that can spoof or hide what is displayed. */
export function hasHostileCharacters(text: string): boolean {
  return HOSTILE_TEXT.test(text) || !VISIBLE.test(text);
}

/** A display name: trimmed, NFC-normalised, no control, bidi or zero-width characters. */
export const nameSchema = z
  .string({ error: 'Name is required' })
  .trim()
  .normalize('NFC')
  .min(1, 'Name is required')
  .max(NAME_MAX_LENGTH, `Name must be at most ${NAME_MAX_LENGTH} characters`)
  .refine((name) => !hasHostileCharacters(name), HOSTILE_NAME_MESSAGE);

export const signupSchema = z
  .object({
    email: emailSchema,
    password: newPasswordSchema,
    name: nameSchema,
    role: selfServiceRoleSchema.default('TRAVELER'),
    /** The provider's IANA time zone (required with role PROVIDER); their calendar is read in it. */
    timeZone: timeZoneSchema.optional(),
    /** The language of the page the account was created on: its emails are written in it. */
    language: z.enum(LOCALES).optional(),
  })
  .superRefine(requireTimeZoneForProvider);
export type SignupInput = z.input<typeof signupSchema>;

export const loginSchema = z.object({
  email: emailSchema,
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters long.`),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const switchRoleSchema = z.object({
  role: selfServiceRoleSchema,
  /**
   * The zone a new provider profile is created with: required the first time an account
   * becomes a provider (400 otherwise); an existing profile keeps its own zone.
   */
  timeZone: timeZoneSchema.optional(),
});
export type SwitchRoleInput = z.input<typeof switchRoleSchema>;

/** A name, a language, a display currency, or any of them (the menus send only their own field). */
export const updateProfileSchema = z
  .object({
    name: nameSchema.optional(),
    language: z.enum(LOCALES, { error: 'Choose one of the languages Locora speaks.' }).optional(),
    /** The currency estimates are shown in (decision 049); null goes back to the browser's region. */
    displayCurrency: z
      .string({ error: 'displayCurrency must be a currency code such as "EUR", or null' })
      .nullable()
      .optional()
      .superRefine((v, ctx) => {
        if (typeof v === 'string' && !isCurrencyCode(v))
          ctx.addIssue({ code: 'custom', message: `Unknown currency "${v}": use one of ${CURRENCIES.join(', ')}` });
      })
      .transform((v) => v as CurrencyCode | null | undefined),
  })
  .refine((v) => v.name !== undefined || v.language !== undefined || v.displayCurrency !== undefined, {
    error: 'Send a name, a language or a displayCurrency.',
  });
export type UpdateProfileInput = z.input<typeof updateProfileSchema>;

/** PUT /api/account/phone: a phone number with its country code (checked on the server), or null / '' to remove it. */
export const phoneSchema = z.object({
  phone: z.string({ error: 'phone must be text' }).trim().max(40, 'A phone number is at most 40 characters').nullable(),
});
export const phoneResponseSchema = z.object({ phone: z.string().nullable() });

export const changePasswordSchema = z.object({
  currentPassword: z
    .string({ error: 'Current password is required' })
    .min(1, 'Current password is required')
    .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters long.`),
  newPassword: newPasswordSchema,
});
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

// ---- Email links: verify an address, forgot / reset password (decision 022) ----

/** The token from an emailed link (base64url of 32 random bytes; anything else is simply invalid). */
export const emailTokenSchema = z
  .string({ error: 'The link is missing its token.' })
  .trim()
  .min(1, 'The link is missing its token.')
  .max(200, 'This link is not valid.');

export const verifyEmailSchema = z.object({ token: emailTokenSchema });
export type VerifyEmailInput = z.infer<typeof verifyEmailSchema>;

export const forgotPasswordSchema = z.object({ email: emailSchema });
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

export const resetPasswordSchema = z.object({ token: emailTokenSchema, password: newPasswordSchema });
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

export const changeEmailSchema = z.object({
  email: emailSchema,
  currentPassword: z
    .string({ error: 'Current password is required' })
    .min(1, 'Current password is required')
    .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters long.`),
});
export type ChangeEmailInput = z.infer<typeof changeEmailSchema>;

// ---- Google sign-in (decision 023) ----

/**
 * The query of `GET /api/auth/google` (a browser navigation, so nothing here answers 400: a value
 * that does not parse is dropped). `role` and `timeZone` come from the sign-up tab and are used
 * only if the Google account is new; `next` is the safe return path (decision 016).
 */
export const googleStartQuerySchema = z.object({
  next: z.string().optional().catch(undefined),
  role: z
    .string()
    .optional()
    .catch(undefined)
    .transform((role): 'TRAVELER' | 'PROVIDER' => (role?.toUpperCase() === 'PROVIDER' ? 'PROVIDER' : 'TRAVELER')),
  timeZone: timeZoneSchema.optional().catch(undefined),
});
export type GoogleStartQuery = z.input<typeof googleStartQuerySchema>;

/** The query Google (or any OpenID provider) sends back; openid-client reads the full address. */
export const googleCallbackQuerySchema = z.object({
  error: z.string().max(200).optional().catch(undefined),
});
