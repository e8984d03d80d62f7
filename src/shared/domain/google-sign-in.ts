/**
 * What a suspended account hears when it signs in (decision 051): plainly that it is suspended,
 * and how to appeal.
 */
export const SUSPENDED_SIGN_IN_MESSAGE =
  'This account is suspended, so it cannot sign in. We emailed you why. To appeal, reply to that email and tell us what happened: a person reads every appeal.';

/**
 * Why Google sign-in came back to the sign-in page (decision 023). The server redirects to
 * `/auth/signin?error=<code>`; the page shows the fixed text for a known code and nothing for any
 * other value (never free text from the address).
 */
export const GOOGLE_SIGN_IN_ERRORS = {
  google_not_configured: {
    title: 'Google sign-in unavailable',
    description: 'Google sign-in is not configured on this server. Use your email and password instead.',
  },
  google_unavailable: {
    title: 'Google sign-in unavailable',
    description: 'Google could not be reached. Please try again in a moment, or use your email and password.',
  },
  google_denied: {
    title: 'Google sign-in canceled',
    description: 'You did not allow Locora to use your Google account, so nothing was changed.',
  },
  google_state: {
    title: 'Google sign-in could not be verified',
    description:
      'This sign-in did not start here, was changed on the way or took too long. Please start again with the Google button.',
  },
  google_email_unverified: {
    title: 'Google sign-in refused',
    description:
      'The email address of your Google account is not verified. Verify it with Google first, or sign up with your email and password.',
  },
  google_link_unverified: {
    title: 'Sign in with your password first',
    description:
      'An account with this email already exists and its address is not confirmed yet. Sign in with your password, then confirm your email address from Settings (send a new verification link there and open it while signed in); then you can sign in with Google.',
  },
  google_link_other: {
    title: 'Google sign-in refused',
    description:
      'The account with this email is linked to a different Google account. Sign in with that Google account or with your password.',
  },
  google_deactivated: {
    title: 'Google sign-in refused',
    description: 'This account has been deactivated.',
  },
  google_suspended: {
    title: 'Account suspended',
    description: SUSPENDED_SIGN_IN_MESSAGE,
  },
  google_time_zone: {
    title: 'Choose your time zone',
    description: 'A provider account needs a time zone: choose yours on the sign-up page, then use the Google button.',
  },
  google_rate_limited: {
    title: 'Google sign-in refused',
    description: 'Too many accounts have been created from your network. Please try again later.',
  },
  google_failed: {
    title: 'Google sign-in failed',
    description: 'Something went wrong while signing in with Google. Please try again.',
  },
} as const satisfies Record<string, { title: string; description: string }>;

export type GoogleSignInError = keyof typeof GOOGLE_SIGN_IN_ERRORS;

export function parseGoogleSignInError(value: unknown): GoogleSignInError | undefined {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(GOOGLE_SIGN_IN_ERRORS, value)
    ? (value as GoogleSignInError)
    : undefined;
}
