import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { GoogleSignInError } from '@shared/domain/google-sign-in';
import type { SignInReason } from '@shared/domain/return-path';

/** Why the sign-in page was opened, as its heading says it (shared/domain/return-path.ts), in the reader's words. */
export const SIGN_IN_REASON_WORDS: Record<SignInReason, MessageDescriptor> = {
  book: msg`Sign in to book this service`,
  save: msg`Sign in to save this service`,
  message: msg`Sign in to message this provider`,
  verify: msg`Sign in to confirm your email address`,
};

/** Why Google sign-in came back (shared/domain/google-sign-in.ts), in the reader's words. */
export const GOOGLE_SIGN_IN_ERROR_WORDS: Record<
  GoogleSignInError,
  { title: MessageDescriptor; description: MessageDescriptor }
> = {
  google_not_configured: {
    title: msg`Google sign-in unavailable`,
    description: msg`Google sign-in is not configured on this server. Use your email and password instead.`,
  },
  google_unavailable: {
    title: msg`Google sign-in unavailable`,
    description: msg`Google could not be reached. Please try again in a moment, or use your email and password.`,
  },
  google_denied: {
    title: msg`Google sign-in canceled`,
    description: msg`You did not allow Locora to use your Google account, so nothing was changed.`,
  },
  google_state: {
    title: msg`Google sign-in could not be verified`,
    description: msg`This sign-in did not start here, was changed on the way or took too long. Please start again with the Google button.`,
  },
  google_email_unverified: {
    title: msg`Google sign-in refused`,
    description: msg`The email address of your Google account is not verified. Verify it with Google first, or sign up with your email and password.`,
  },
  google_link_unverified: {
    title: msg`Sign in with your password first`,
    description: msg`An account with this email already exists and its address is not confirmed yet. Sign in with your password, then confirm your email address from Settings (send a new verification link there and open it while signed in); then you can sign in with Google.`,
  },
  google_link_other: {
    title: msg`Google sign-in refused`,
    description: msg`The account with this email is linked to a different Google account. Sign in with that Google account or with your password.`,
  },
  google_deactivated: {
    title: msg`Google sign-in refused`,
    description: msg`This account has been deactivated.`,
  },
  google_suspended: {
    title: msg`Account suspended`,
    description: msg`This account is suspended, so it cannot sign in. We emailed you why. To appeal, reply to that email and tell us what happened: a person reads every appeal.`,
  },
  google_time_zone: {
    title: msg`Choose your time zone`,
    description: msg`A provider account needs a time zone: choose yours on the sign-up page, then use the Google button.`,
  },
  google_rate_limited: {
    title: msg`Google sign-in refused`,
    description: msg`Too many accounts have been created from your network. Please try again later.`,
  },
  google_failed: {
    title: msg`Google sign-in failed`,
    description: msg`Something went wrong while signing in with Google. Please try again.`,
  },
};
