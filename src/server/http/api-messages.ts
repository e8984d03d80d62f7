/**
 * The API's messages that people read on the sign-in, sign-up and booking screens, in every
 * language (decision 056): the error handler answers an asker in their language (requestLocale)
 * when the message it sends is one of these, written exactly as the code writes it in English.
 * The `code` fields stay English identifiers. A message not listed here is sent in English.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { generateMessageId } from '@lingui/message-utils/generateMessageId';
import type { Locale } from '../../shared/domain/locales.ts';
import { i18nFor } from '../i18n.ts';

const MESSAGES: MessageDescriptor[] = [
  // Signing in and up, passwords and links.
  msg`Invalid email or password.`,
  msg`An account with this email already exists.`,
  msg`Enter a valid email address`,
  msg`Email is required`,
  msg`Password is required`,
  msg`Name is required`,
  msg`Password must be at least 8 characters long.`,
  msg`Password cannot be only spaces or invisible characters.`,
  msg`This password is too common and easy to guess. Choose a less predictable one, such as a few unrelated words.`,
  msg`Current password is required`,
  msg`Current password is incorrect.`,
  msg`This link has expired or is not valid.`,
  msg`This link is not valid.`,
  msg`The link is missing its token.`,
  msg`You need to sign in first.`,
  msg`You do not have access to this.`,
  msg`Enter a phone number with its country code, e.g. +351 912 345 678.`,
  // Booking.
  msg`That time was just booked by someone else. Please pick another time.`,
  msg`That time is outside the provider’s availability. Please pick one of the free times.`,
  msg`The start time is in the past.`,
  msg`You cannot book your own service.`,
  msg`This service is not taking bookings right now.`,
  msg`This service is no longer offered, so it cannot be booked.`,
  msg`Only travelers can book. Switch to Traveler (in the menu) to book this service.`,
  msg`Admins do not book. Sign in with a traveler account to book this service.`,
  msg`Hours must be a whole number`,
  msg`Service not found.`,
  msg`Booking not found.`,
  msg`Provider not found.`,
  // Anything else.
  msg`Something went wrong on our side. Please try again.`,
  msg`Request body is too large`,
  msg`Invalid request`,
];

const KNOWN = new Set(MESSAGES.map((m) => m.id));

/** The message in the asker's language when it is one of ours, else as it was written. */
export function localizeApiMessage(message: string, locale: Locale): string {
  if (locale === 'en') return message;
  const id = generateMessageId(message);
  return KNOWN.has(id) ? i18nFor(locale)._(id) : message;
}
