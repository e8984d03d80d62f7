/**
 * The API's messages that people read on the screens, in every language (decision 056): the error
 * handler answers an asker in their language (requestLocale) when the message it sends is one of
 * these, written exactly as the code writes it in English (many come from src/shared, whose
 * constants stay English: the English rendering of each entry here is the key). A message whose
 * words depend on values known only when it is thrown is an AppError with a LocalizedText
 * (`localized` below). The `code` fields stay English identifiers. A message not listed here is
 * sent in English: the identifiers and formats that only a developer reads ("bookingId must be a
 * booking id") are left so on purpose.
 */
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { wrongTransitionMessage } from '../../shared/domain/booking-machine.ts';
import { BOOKING_STATUSES, type BookingStatus } from '../../shared/domain/booking-status.ts';
import { DEFAULT_LOCALE, type Locale } from '../../shared/domain/locales.ts';
import { BOOKING_ADDRESS_MAX, BOOKING_MAX_HOURS, BOOKING_NOTES_MAX } from '../../shared/domain/booking-lifecycle.ts';
import { CANCEL_REASON_MAX, MAX_ALTERNATIVE_STARTS, REVIEW_TEXT_MAX } from '../../shared/domain/booking-lifecycle.ts';
import { MAX_SLOT_HOURS, MAX_OCCURRENCES_PER_REQUEST, MAX_RANGE_DAYS } from '../../shared/domain/availability.ts';
import {
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  UPLOAD_MAX_ASPECT_RATIO,
  UPLOAD_MAX_BYTES,
} from '../../shared/domain/constants.ts';
import { MAX_PROFILE_LANGUAGES } from '../../shared/domain/languages.ts';
import { ANSWER_EDIT_HOURS, ANSWER_TEXT_MAX, REVIEW_WINDOW_DAYS } from '../../shared/domain/reviews.ts';
import { SERVICE_LOCATION_ADDRESS_MAX, SERVICE_LOCATION_AREA_MAX } from '../../shared/domain/service-location.ts';
import {
  PROFILE_BIO_MAX,
  PROFILE_CITY_MAX,
  SERVICE_CITY_MAX,
  SERVICE_DESCRIPTION_MAX,
  SERVICE_MIN_HOURS_MAX,
  SERVICE_PHOTOS_MAX,
  SERVICE_TITLE_MAX,
  SERVICE_TITLE_MIN,
} from '../../shared/domain/service-limits.ts';
import { MAX_CALENDAR_NAME } from '../../shared/api/calendars.ts';
import { CATEGORY_ICON_MAX, CATEGORY_NAME_MAX, REJECTION_REASON_MAX } from '../../shared/api/admin.ts';
import { MODERATION_REASON_MAX } from '../../shared/api/trust.ts';
import { CONNECT_COUNTRIES } from '../../shared/domain/connect.ts';
import { MESSAGE_MAX_LENGTH } from '../../shared/api/conversations.ts';
import { i18nFor } from '../i18n.ts';
import type { LocalizedText } from './errors.ts';

/** The largest upload, as the upload messages name it (src/server/storage/images.ts). */
const UPLOAD_MAX_MEGABYTES = UPLOAD_MAX_BYTES / (1024 * 1024);

/** The countries payouts are offered in, as the payout schema lists them (src/shared/api/connect.ts). */
const CONNECT_COUNTRY_CODES = CONNECT_COUNTRIES.map((c) => c.code).join(', ');

const MESSAGES: MessageDescriptor[] = [
  // Signing in and up, passwords and links.
  msg`Invalid email or password.`,
  msg`An account with this email already exists.`,
  msg`Enter a valid email address`,
  msg`Email is required`,
  msg`Email is too long`,
  msg`Password is required`,
  msg`Name is required`,
  msg`Name must be at most ${NAME_MAX_LENGTH} characters`,
  msg`Name cannot contain control, text-direction or invisible characters`,
  msg`Password must be at least 8 characters long.`,
  msg`Password must be at most ${PASSWORD_MAX_LENGTH} characters long.`,
  msg`Password cannot be only spaces or invisible characters.`,
  msg`This password is too common and easy to guess. Choose a less predictable one, such as a few unrelated words.`,
  msg`Current password is required`,
  msg`Current password is incorrect.`,
  msg`This link has expired or is not valid.`,
  msg`This link is not valid.`,
  msg`This verification link is not valid. Make sure you opened the whole link from the email, or send a new one from your settings.`,
  msg`This verification link has already been used. Your settings show whether your email address is verified.`,
  msg`This verification link has expired. Send a new one from your settings.`,
  msg`This verification link was sent to an earlier email address of your account. Send a new one from your settings.`,
  msg`Sign in to confirm your email address: a verification link works only for the account it was sent to.`,
  msg`This verification link was sent to a different account. Sign out, open the link again and sign in with the account it was sent to.`,
  msg`This password reset link is not valid. Make sure you opened the whole link from the email, or ask for a new one.`,
  msg`This password reset link has already been used. Ask for a new one if you still need it.`,
  msg`This password reset link has expired (links work for 1 hour). Ask for a new one.`,
  msg`This password reset link no longer works: since it was sent, the password or email address of the account changed, or a newer reset link was used. Ask for a new one if you still need it.`,
  msg`The link is missing its token.`,
  msg`You need to sign in first.`,
  msg`You do not have access to this.`,
  msg`Enter a phone number with its country code, e.g. +351 912 345 678.`,
  msg`A phone number is at most 40 characters`,
  msg`Choose one of the languages Locora speaks.`,
  msg`A provider needs a time zone: send timeZone, an IANA name such as Europe/Lisbon`,
  msg`Time zone must be an IANA name such as Europe/Lisbon`,
  msg`This account is suspended, so it cannot sign in. We emailed you why. To appeal, reply to that email and tell us what happened: a person reads every appeal.`,
  // Booking.
  msg`That time was just booked by someone else. Please pick another time.`,
  msg`That time is outside the provider’s availability. Please pick one of the free times.`,
  msg`The start time is in the past.`,
  msg`You cannot book your own service.`,
  msg`This service is not taking bookings right now.`,
  msg`This service is no longer offered, so it cannot be booked.`,
  msg`Only travelers can book. Switch to Traveler (in the menu) to book this service.`,
  msg`Admins do not book. Sign in with a traveler account to book this service.`,
  msg`This provider is not accepting bookings yet.`,
  msg`Enter the address where the service should happen`,
  msg`Hours must be a whole number`,
  msg`Hours must be at least 1`,
  msg`Hours must be at most ${BOOKING_MAX_HOURS}`,
  msg`Service address must be at most ${BOOKING_ADDRESS_MAX} characters`,
  msg`Special requests must be at most ${BOOKING_NOTES_MAX} characters`,
  msg`Service not found.`,
  msg`Booking not found.`,
  msg`Provider not found.`,
  msg`The provider is busy at that time. Please pick another of the free times.`,
  msg`You have no provider profile yet. Switch to provider to create one.`,
  msg`You have no provider profile yet.`,
  // Answering, cancelling and reviewing a booking.
  msg`The traveler’s card payment is not authorised yet. You can accept once it is, or decline the request.`,
  msg`This request was made to be paid by card, and card payments are not available now. Decline it, and the traveler can book again.`,
  msg`This booking was already requested.`,
  msg`There is no such booking.`,
  msg`Reason must be at most ${CANCEL_REASON_MAX} characters`,
  msg`Offer at most ${MAX_ALTERNATIVE_STARTS} other times`,
  msg`Offer each other time once`,
  msg`This service cannot be booked now, so no other time can be offered. Decline without one.`,
  msg`Only the provider can accept this booking.`,
  msg`Only the provider can decline this booking.`,
  msg`Rating must be 1 to 5 stars`,
  msg`Review text is required`,
  msg`Review text must be at most ${REVIEW_TEXT_MAX} characters`,
  msg`The ${REVIEW_WINDOW_DAYS} days to review this booking are over.`,
  msg`An answer can be changed for ${ANSWER_EDIT_HOURS} hours after it is written; this one can no longer be changed.`,
  msg`This review is not published yet: it can be answered once it is.`,
  msg`An answer is required`,
  msg`An answer cannot be empty`,
  msg`An answer is at most ${ANSWER_TEXT_MAX} characters`,
  msg`A message cannot be empty`,
  msg`A message is at most ${MESSAGE_MAX_LENGTH} characters`,
  // A provider's services and profile.
  msg`Title must be at least ${SERVICE_TITLE_MIN} characters`,
  msg`Title must be at most ${SERVICE_TITLE_MAX} characters`,
  msg`Title cannot contain control, text-direction or invisible characters`,
  msg`City is required`,
  msg`City must be at most ${SERVICE_CITY_MAX} characters`,
  msg`City cannot contain control, text-direction or invisible characters`,
  msg`Description must be at most ${SERVICE_DESCRIPTION_MAX} characters`,
  msg`Description cannot contain control or text-direction characters`,
  msg`Category is required`,
  msg`Price cannot be negative`,
  msg`Min hours must be a whole number`,
  msg`Min hours must be at least 1`,
  msg`Min hours must be at most ${SERVICE_MIN_HOURS_MAX}`,
  msg`A service can have at most ${SERVICE_PHOTOS_MAX} photos`,
  msg`The same photo is listed twice`,
  msg`Enter the address of your place or the meeting point`,
  msg`The address must be at most ${SERVICE_LOCATION_ADDRESS_MAX} characters`,
  msg`The area must be at most ${SERVICE_LOCATION_AREA_MAX} characters`,
  msg`Display name is required`,
  msg`Display name must be at most ${NAME_MAX_LENGTH} characters`,
  msg`Bio must be at most ${PROFILE_BIO_MAX} characters`,
  msg`Bio cannot contain control, text-direction or invisible characters`,
  msg`Base city must be at most ${PROFILE_CITY_MAX} characters`,
  msg`Base city cannot contain control, text-direction or invisible characters`,
  msg`List at most ${MAX_PROFILE_LANGUAGES} languages`,
  // Availability and calendars.
  msg`End time must be after start time`,
  msg`Select at least one day`,
  msg`Availability cannot be in the past`,
  msg`Availability can be set at most a year ahead`,
  msg`A slot can last at most ${MAX_SLOT_HOURS} hours`,
  msg`Times must be on the hour or half past (:00 or :30) on the provider's clock`,
  msg`Too many slots in one request (at most ${MAX_OCCURRENCES_PER_REQUEST} once recurring schedules are expanded)`,
  msg`The range can span at most ${MAX_RANGE_DAYS} days`,
  msg`Give the calendar a name`,
  msg`A name has at most ${MAX_CALENDAR_NAME} characters`,
  msg`Paste the calendar’s address`,
  msg`That address is too long`,
  msg`Use an address that starts with https:// or webcal://`,
  // Accounts, conversations, reports, payouts, documents and uploads, and what the database refuses.
  msg`This account signs in with Google and has no password to change.`,
  msg`Admins cannot switch role.`,
  msg`Account not found.`,
  msg`This account signs in with Google; its email address cannot be changed here.`,
  msg`This is already your email address.`,
  msg`Your email address is already verified.`,
  msg`This slot is part of a weekly schedule: say which occurrence (date), or delete the series`,
  msg`Availability not found.`,
  msg`Create your provider profile first.`,
  msg`Calendar not found.`,
  msg`This calendar is already imported.`,
  msg`A currency is set together with a price: send the price in that currency too.`,
  msg`This category does not exist. Choose one from the list.`,
  msg`Too many open event streams; close some tabs.`,
  msg`This conversation changed meanwhile. Please send your message again.`,
  msg`Only travelers can message a provider about a service.`,
  msg`Conversation not found.`,
  msg`You cannot report yourself or what you wrote.`,
  msg`You have already reported this. We will look into it.`,
  msg`Too many requests. Please wait a moment and try again.`,
  msg`The payment for this booking was canceled. Please request a new booking.`,
  msg`Payment processing is not configured.`,
  msg`The payment service did not answer. Please try again.`,
  msg`Review not found.`,
  msg`Traveler not found.`,
  msg`Wait for your other photos to finish uploading, then try again.`,
  msg`A required value is missing.`,
  msg`The service is briefly unavailable. Please try again in a few seconds.`,
  msg`This server is shutting down. Please try again.`,
  msg`The upload could not be read. Please try again.`,
  msg`Set up payouts first.`,
  msg`Your currency is the one your payouts account at Stripe is paid in, so it follows that account.`,
  msg`You have bookings in progress. Your currency can change once they are completed or canceled, so that what travelers were charged and what you are paid stay in one currency.`,
  msg`Your payouts account could not be saved. Please try again.`,
  msg`Your payouts account is not active yet: finish setting it up first.`,
  msg`Only providers have payouts.`,
  msg`Country must be one of ${CONNECT_COUNTRY_CODES}`,
  msg`Payouts are not available: payment processing is not configured.`,
  msg`File storage is unavailable. Please try again in a moment.`,
  msg`Your identity is already verified, so there is no document to send.`,
  msg`The document must be a JPEG or PNG image or a PDF file.`,
  msg`The file is empty.`,
  msg`The file must be a JPEG, PNG, WebP or HEIC image.`,
  msg`The image must be at most ${UPLOAD_MAX_MEGABYTES} MB.`,
  msg`The image could not be read. Is the file complete?`,
  msg`The HEIC image could not be read. Is the file complete?`,
  msg`The HEIC file holds no image.`,
  msg`The image is too narrow: at most ${UPLOAD_MAX_ASPECT_RATIO} times as long as it is wide.`,
  msg`The document must be at most 10 MB.`,
  msg`The PDF could not be read. Is the file complete?`,
  msg`Admins act on reports from the reports queue; they do not file them.`,
  msg`You have already reviewed this booking`,
  msg`This service is already saved.`,
  msg`You already have an open conversation about this service.`,
  msg`The provider already has a booking at that time.`,
  msg`This service has been deleted and takes no new bookings.`,
  msg`This already exists.`,
  msg`This overlaps an existing record.`,
  msg`This refers to something that does not exist.`,
  msg`You already have this slot.`,
  msg`A slot can last at most 24 hours.`,
  msg`This booking already has a conversation.`,
  msg`This booking does not exist.`,
  msg`This user already has a provider profile.`,
  msg`This Google account is already linked to another user.`,
  msg`This Idempotency-Key was already used for another booking.`,
  msg`This payment is already recorded for another booking.`,
  msg`Only the traveler who made the booking can review it.`,
  msg`You cannot message yourself about your own service.`,
  msg`This service is not available right now.`,
  msg`Message not found.`,
  msg`No such file.`,
  // Admins: providers' identity, categories, reports and suspensions.
  msg`Reason must be text`,
  msg`Reason must be at most ${REJECTION_REASON_MAX} characters`,
  msg`Reason cannot contain control or invisible characters`,
  msg`This provider has not uploaded an identity document yet, so they cannot be approved. Ask them to upload one from their dashboard, or reject.`,
  msg`This provider has not submitted an identity document.`,
  msg`The document file is missing. Ask the provider to upload it again.`,
  msg`Category not found.`,
  msg`This category does not exist.`,
  msg`This category still has services, so it cannot be deleted.`,
  msg`A category with this slug already exists.`,
  msg`Name must be at most ${CATEGORY_NAME_MAX} characters`,
  msg`Icon must be text`,
  msg`Icon must be at most ${CATEGORY_ICON_MAX} characters`,
  msg`Icon cannot contain control, text-direction or invisible characters`,
  msg`Slug is required`,
  msg`Slug must be 2 to 40 lower-case letters, digits or dashes`,
  msg`Send a name or an icon to change`,
  msg`Report not found.`,
  msg`This report has already been resolved.`,
  msg`A reason is required`,
  msg`A reason is at most ${MODERATION_REASON_MAX} characters`,
  msg`User not found.`,
  msg`An admin account cannot be suspended here.`,
  msg`This account is already suspended.`,
  msg`This account is not suspended.`,
  // Admins: disputes, reconciliation and settling by hand.
  msg`Card payments are not configured: there are no disputes to answer.`,
  msg`Dispute not found.`,
  msg`This dispute no longer takes evidence: it was answered or it is closed.`,
  msg`The deadline to answer this dispute has passed.`,
  msg`Stripe did not answer; try again in a moment.`,
  msg`Write what happened: the bank reads it.`,
  msg`At most 15,000 characters: Stripe takes no more with the messages.`,
  msg`Card payments are not configured: there is nothing to reconcile.`,
  msg`A reconciliation is already running; its result will be shown here.`,
  msg`Difference not found.`,
  msg`This difference was already explained.`,
  msg`This difference matches Stripe again: nothing to explain.`,
  msg`Card payments are not configured: there are no Stripe fees to read.`,
  msg`This booking was already settled by hand.`,
  msg`This booking owes its provider nothing by hand: it was not paid before payouts existed, or is not completed or kept.`,
  msg`Note must be text`,
  msg`Note must be at most 1000 characters`,
  msg`Say how the provider was paid (a note is required)`,
  msg`Say what explains the difference (a note is required)`,
  // Anything else.
  msg`Something went wrong on our side. Please try again.`,
  msg`Request body is too large`,
  msg`Invalid request`,
];

/** A booking status as the API's messages name it. */
const STATUS_WORDS: Record<BookingStatus, MessageDescriptor> = {
  PENDING: msg({ message: 'Pending', comment: 'A booking status, inside an API message' }),
  CONFIRMED: msg({ message: 'Confirmed', comment: 'A booking status, inside an API message' }),
  PAID: msg({ message: 'Paid', comment: 'A booking status, inside an API message' }),
  COMPLETED: msg({ message: 'Completed', comment: 'A booking status, inside an API message' }),
  CANCELED: msg({ message: 'Canceled', comment: 'A booking status, inside an API message' }),
  REFUNDED: msg({ message: 'Refunded', comment: 'A booking status, inside an API message' }),
};

/**
 * A booking that cannot move (booking-machine.ts wrongTransitionMessage): 'Cannot accept this
 * booking: it is CONFIRMED', and '… and has already started.', for the actions people take.
 */
function wrongTransitions(): [string, (i18n: I18n) => string][] {
  const words = {
    accept: (i18n: I18n, status: string, started: boolean) =>
      started
        ? i18n._(msg`Cannot accept this booking: it is ${status} and has already started.`)
        : i18n._(msg`Cannot accept this booking: it is ${status}`),
    decline: (i18n: I18n, status: string, started: boolean) =>
      started
        ? i18n._(msg`Cannot decline this booking: it is ${status} and has already started.`)
        : i18n._(msg`Cannot decline this booking: it is ${status}`),
    cancel: (i18n: I18n, status: string, started: boolean) =>
      started
        ? i18n._(msg`Cannot cancel this booking: it is ${status} and has already started.`)
        : i18n._(msg`Cannot cancel this booking: it is ${status}`),
  };
  return BOOKING_STATUSES.flatMap((status) =>
    (['accept', 'decline', 'cancel'] as const).flatMap((action) =>
      [false, true].map((started): [string, (i18n: I18n) => string] => [
        `${wrongTransitionMessage(action, status)}${started ? ' and has already started.' : ''}`,
        (i18n) => words[action](i18n, i18n._(STATUS_WORDS[status]), started),
      ]),
    ),
  );
}

/** Each known message by its English text, with how to write it in another language. */
const KNOWN = new Map<string, (i18n: I18n) => string>([
  ...MESSAGES.map((m): [string, (i18n: I18n) => string] => [i18nFor(DEFAULT_LOCALE)._(m), (i18n) => i18n._(m)]),
  ...wrongTransitions(),
]);

/**
 * Messages that quote a value the asker sent (a schema's refusal, written in src/shared before
 * any language is known): the English message's pattern, and its words with that value in them.
 */
const QUOTING: [RegExp, (i18n: I18n, value: string) => string][] = [
  [
    /^Unknown time zone "(.*)": use an IANA name such as Europe\/Lisbon$/s,
    (i18n, zone) => i18n._(msg`Unknown time zone "${zone}": use an IANA name such as Europe/Lisbon`),
  ],
];

function wordsOf(message: string): ((i18n: I18n) => string) | undefined {
  const known = KNOWN.get(message);
  if (known) return known;
  for (const [pattern, words] of QUOTING) {
    const found = pattern.exec(message);
    if (found) return (i18n) => words(i18n, found[1]!);
  }
  return undefined;
}

/** Whether `message` (English, as the code writes it) is answered in the asker's language. */
export const isKnownApiMessage = (message: string) => wordsOf(message) !== undefined;

/** The message in the asker's language when it is one of ours, else as it was written. */
export function localizeApiMessage(message: string, locale: Locale): string {
  if (locale === DEFAULT_LOCALE) return message;
  const words = wordsOf(message);
  return words ? words(i18nFor(locale)) : message;
}

/**
 * A message written when it is thrown, in every language: `words` writes it with the reader's
 * I18n (`i18n._(msg\`…${value}\`)`) and locale (for the amounts and dates in it). English is the
 * source's own words.
 */
export function localized(words: (i18n: I18n, locale: Locale) => string): LocalizedText {
  return {
    english: words(i18nFor(DEFAULT_LOCALE), DEFAULT_LOCALE),
    in: (locale) => words(i18nFor(locale), locale),
  };
}
