/**
 * What a suspended account hears when it signs in (decision 051): plainly that it is suspended,
 * and how to appeal.
 */
export const SUSPENDED_SIGN_IN_MESSAGE =
  'This account is suspended, so it cannot sign in. We emailed you why. To appeal, reply to that email and tell us what happened: a person reads every appeal.';

/**
 * Why Google sign-in came back to the sign-in page (decision 023). The server redirects to
 * `/auth/signin?error=<code>`; the page shows its words for a known code in the reader's language
 * (client/features/auth/auth-words.ts) and nothing for any other value (never free text from the
 * address).
 */
export const GOOGLE_SIGN_IN_ERRORS = [
  'google_not_configured',
  'google_unavailable',
  'google_denied',
  'google_state',
  'google_email_unverified',
  'google_link_unverified',
  'google_link_other',
  'google_deactivated',
  'google_suspended',
  'google_time_zone',
  'google_rate_limited',
  'google_failed',
] as const;

export type GoogleSignInError = (typeof GOOGLE_SIGN_IN_ERRORS)[number];

export function parseGoogleSignInError(value: unknown): GoogleSignInError | undefined {
  return typeof value === 'string' && (GOOGLE_SIGN_IN_ERRORS as readonly string[]).includes(value)
    ? (value as GoogleSignInError)
    : undefined;
}
