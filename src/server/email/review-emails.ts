/**
 * Emails of two-sided blind reviews (decision 050): the other side wrote theirs (write yours to
 * read it), and the reviews of a booking are published. In the recipient's language.
 */
import { msg } from '@lingui/core/macro';
import type { Locale } from '../../shared/domain/locales.ts';
import { i18nFor } from '../i18n.ts';
import { appLink, greetingFor, renderEmail, type RenderedEmail } from './templates.ts';

/** Where each side writes and reads the reviews of its bookings. */
export const reviewsPath = (side: 'traveler' | 'provider') =>
  side === 'traveler' ? '/dashboard/traveler?tab=past' : '/dashboard/provider?tab=bookings';

/** "Chef Paolo reviewed you. Write yours to read it." */
export function reviewedYouEmail(input: {
  locale: Locale;
  appUrl: string;
  recipientName: string | null;
  recipientSide: 'traveler' | 'provider';
  reviewerName: string;
  serviceTitle: string;
  /** When the window closes, as the recipient reads it ('Dec 12, 2026'). */
  windowEndsText: string;
}): RenderedEmail {
  const { locale, reviewerName, serviceTitle, windowEndsText } = input;
  const i18n = i18nFor(locale);
  return renderEmail({
    locale,
    subject: i18n._(msg`${reviewerName} reviewed you. Write yours to read it.`),
    greeting: greetingFor(locale, input.recipientName),
    paragraphs: [
      i18n._(msg`${reviewerName} wrote a review of you after ${serviceTitle}.`),
      i18n._(
        msg`Reviews on Locora stay hidden until both of you have written yours, so neither can answer the other's. Write yours by ${windowEndsText} to read theirs; after that day, theirs is published without yours.`,
      ),
    ],
    action: {
      label: i18n._(msg`Write your review`),
      url: appLink(input.appUrl, locale, reviewsPath(input.recipientSide)),
    },
  });
}

/** "Your reviews are published": to both people of the booking. */
export function reviewsPublishedEmail(input: {
  locale: Locale;
  appUrl: string;
  recipientName: string | null;
  recipientSide: 'traveler' | 'provider';
  otherName: string;
  serviceTitle: string;
  /** Which reviews were published: both, or only one side's (the other did not write in time). */
  wrote: { recipient: boolean; other: boolean };
}): RenderedEmail {
  const { locale, otherName, serviceTitle } = input;
  const i18n = i18nFor(locale);
  const what =
    input.wrote.recipient && input.wrote.other
      ? i18n._(msg`Your review of ${otherName} and ${otherName}'s review of you are now public.`)
      : input.wrote.recipient
        ? i18n._(msg`Your review of ${otherName} is now public. ${otherName} did not write one in time.`)
        : i18n._(msg`${otherName}'s review of you is now public. You can answer it publicly, once.`);
  return renderEmail({
    locale,
    subject: i18n._(msg`Your reviews are published`),
    greeting: greetingFor(locale, input.recipientName),
    paragraphs: [i18n._(msg`The reviews of ${serviceTitle} are published. ${what}`)],
    action: {
      label: i18n._(msg`Read the reviews`),
      url: appLink(input.appUrl, locale, reviewsPath(input.recipientSide)),
    },
  });
}
