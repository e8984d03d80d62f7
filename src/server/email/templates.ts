/**
 * Emails as plain text plus simple HTML, each with a link into Locora. The booking features call
 * `bookingRequestEmail` and `bookingStatusEmail` and passes the result to `enqueueEmail(tx, ...)`
 * inside the transaction of the change.
 */

import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import type { Money } from '../../shared/domain/currency.ts';
import { DEFAULT_LOCALE, LOCALE_DIRECTION, type Locale } from '../../shared/domain/locales.ts';
import { localizedPath } from '../../shared/domain/locale-path.ts';
import { formatMoney, isHourly, type PricingUnit } from '../../shared/domain/pricing.ts';
import { ACCOUNT_SUSPENDED_NOTE } from '../../shared/domain/booking-machine.ts';
import { PAYEE_RESTRICTED_REASON } from '../../shared/domain/connect.ts';
import { i18nFor } from '../i18n.ts';

/**
 * The reasons Locora itself gives when it closes a booking (stored in English in its history):
 * the email says them in its reader's words, not quoted.
 */
const SYSTEM_REASONS = new Map<string, MessageDescriptor>([
  [
    PAYEE_RESTRICTED_REASON,
    msg`The provider can no longer receive payments, so your request was released and your card was not charged.`,
  ],
  [ACCOUNT_SUSPENDED_NOTE, msg`Canceled by Locora: an account in this booking was suspended.`],
]);

/** Why a booking was declined or canceled: a person's reason quoted as written, Locora's own in the reader's words. */
function reasonSentence(i18n: I18n, reason: string): string {
  const system = SYSTEM_REASONS.get(reason);
  return system ? i18n._(system) : i18n._(msg`The reason given: “${reason}”`);
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export type RenderedEmail = { subject: string; text: string; html: string };

/**
 * A short email: a greeting, paragraphs, one action link, in the recipient's `locale` (decision
 * 044): its own words are translated here, the caller's are given translated.
 */
export function renderEmail(input: {
  /** The recipient's language (their account's); English when unknown. */
  locale?: Locale;
  subject: string;
  greeting?: string;
  paragraphs: string[];
  action: { label: string; url: string };
  footer?: string;
}): RenderedEmail {
  const locale = input.locale ?? DEFAULT_LOCALE;
  const footer = input.footer ?? i18nFor(locale)._(msg`You get this email because you have an account on Locora.`);
  const text = [
    ...(input.greeting ? [input.greeting, ''] : []),
    ...input.paragraphs.flatMap((p) => [p, '']),
    `${input.action.label}: ${input.action.url}`,
    '',
    '--',
    footer,
    '',
  ].join('\n');
  const html = `<!doctype html>
<html lang="${locale}" dir="${LOCALE_DIRECTION[locale]}"><body style="font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#1f2937;line-height:1.5">
<div style="max-width:560px;margin:0 auto;padding:24px">
<p style="font-size:20px;font-weight:700;color:#0f766e;margin:0 0 16px">Locora</p>
${input.greeting ? `<p>${escapeHtml(input.greeting)}</p>\n` : ''}${input.paragraphs
    .map((p) => `<p style="white-space:pre-wrap">${escapeHtml(p)}</p>`)
    .join('\n')}
<p><a href="${escapeHtml(input.action.url)}" style="display:inline-block;background:#0f766e;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">${escapeHtml(input.action.label)}</a></p>
<p style="color:#6b7280;font-size:12px">${escapeHtml(footer)}</p>
</div></body></html>
`;
  return { subject: input.subject, text, html };
}

const excerpt = (s: string, max = 300) => (s.length > max ? `${s.slice(0, max - 1)}…` : s);

/** 'Hi Ana,' or 'Hi,' in the recipient's language. */
export function greetingFor(locale: Locale, name: string | null | undefined): string {
  const i18n = i18nFor(locale);
  return name ? i18n._(msg`Hi ${name},`) : i18n._(msg`Hi,`);
}

/** A link into the app in the recipient's language: '/ja/dashboard/provider' for a Japanese reader. */
export function appLink(appUrl: string, locale: Locale, path: string): string {
  return `${appUrl}${localizedPath(locale, path)}`;
}

/** A message its recipient has not read after a few minutes (one per conversation). */
export function newMessageEmail(input: {
  locale: Locale;
  appUrl: string;
  recipientName: string | null;
  senderName: string;
  serviceTitle: string;
  /** The thread: a booking's, or an inquiry's before any booking (decision 025). */
  thread: { bookingId: string } | { conversationId: string };
  body: string;
}): RenderedEmail {
  const { locale, senderName, serviceTitle } = input;
  const i18n = i18nFor(locale);
  const query =
    'bookingId' in input.thread ? `booking=${input.thread.bookingId}` : `conversation=${input.thread.conversationId}`;
  const body = excerpt(input.body);
  return renderEmail({
    locale,
    subject: i18n._(msg`New message from ${senderName} about ${serviceTitle}`),
    greeting: greetingFor(locale, input.recipientName),
    paragraphs: [i18n._(msg`${senderName} sent you a message about ${serviceTitle}:`), i18n._(msg`“${body}”`)],
    action: { label: i18n._(msg`Reply on Locora`), url: appLink(input.appUrl, locale, `/messages?${query}`) },
    footer: i18n._(msg`You can turn off message emails in your Locora settings.`),
  });
}

/** Where a booking happens, as an email line ('Where: Rua Augusta 1, Lisbon'), or none when unknown. */
function whereLine(locale: Locale, where: string | null | undefined): string[] {
  return where ? [i18nFor(locale)._(msg`Where: ${where}`)] : [];
}

/** To the provider: a traveler asked to book, with where and what they asked for. */
export function bookingRequestEmail(input: {
  locale: Locale;
  appUrl: string;
  providerName: string | null;
  travelerName: string | null;
  serviceTitle: string;
  /** The start as the provider reads it, e.g. 'Nov 27, 2026 at 6:00 PM (Lisbon)'. */
  startText: string;
  hours: number;
  /** The traveler's address (a service at their address) or the place or meeting point. */
  where?: string | null;
  notes?: string | null;
}): RenderedEmail {
  const { locale, serviceTitle, startText, hours, notes } = input;
  const i18n = i18nFor(locale);
  const travelerName = input.travelerName ?? i18n._(msg`A traveler`);
  return renderEmail({
    locale,
    subject: i18n._(msg`New booking request: ${serviceTitle}`),
    greeting: greetingFor(locale, input.providerName),
    paragraphs: [
      i18n._(
        msg`${travelerName} asked to book ${serviceTitle} on ${startText} for ${plural(hours, { one: '# hour', other: '# hours' })}.`,
      ),
      ...whereLine(locale, input.where),
      ...(notes ? [i18n._(msg`Special requests: ${notes}`)] : []),
      i18n._(msg`Accept or decline the request from your dashboard.`),
    ],
    action: {
      label: i18n._(msg`Open your dashboard`),
      url: appLink(input.appUrl, locale, '/dashboard/provider?tab=bookings'),
    },
  });
}

/**
 * To the traveler: a receipt of the request they sent. A request paid by card gets it once the
 * card is authorised (`cardHeld`): it says the amount is held on the card, not charged.
 */
export function bookingReceiptEmail(input: {
  appUrl: string;
  travelerName: string | null;
  providerName: string;
  serviceTitle: string;
  startText: string;
  /** '3 hours', '1 day · 8 hours', in the recipient's language. */
  lengthText: string;
  /** What the traveler pays, service fee included, in the booking's own currency. */
  total: Money;
  /** The recipient's language (decision 044): words and amounts are written in it. */
  locale: Locale;
  where?: string | null;
  notes?: string | null;
  /** The card is authorised: the total is held on it (decision 031). */
  cardHeld?: boolean;
}): RenderedEmail {
  const { locale, serviceTitle, startText, lengthText, providerName, notes } = input;
  const i18n = i18nFor(locale);
  const total = formatMoney(input.total.amount, input.total.currency, locale);
  return renderEmail({
    locale,
    subject: i18n._(msg`Request sent: ${serviceTitle}`),
    greeting: greetingFor(locale, input.travelerName),
    paragraphs: [
      i18n._(
        msg`Your request to book ${serviceTitle} on ${startText} (${lengthText}) was sent to ${providerName}. They have up to 24 hours to answer, and we will email you when they do.`,
      ),
      input.cardHeld
        ? i18n._(
            msg`Total: ${total}, service fee included. It is held on your card, not charged: you are charged only if ${providerName} accepts, and the hold is released if not.`,
          )
        : i18n._(msg`Total: ${total}, service fee included. You are charged only if ${providerName} accepts.`),
      ...whereLine(locale, input.where),
      ...(notes ? [i18n._(msg`Your special requests: ${notes}`)] : []),
    ],
    action: { label: i18n._(msg`See your bookings`), url: appLink(input.appUrl, locale, '/dashboard/traveler') },
  });
}

export type BookingEmailStatus = 'accepted' | 'declined' | 'canceled' | 'expired' | 'paid' | 'refunded';

/**
 * What a change did to the traveler's money, told with the amount: a hold released, a refund on
 * its way, the money kept (a late cancellation), a charge taken, a refund made.
 */
export type MoneyMoved = { kind: 'released' | 'refund_owed' | 'kept' | 'charged' | 'refunded'; amount: Money };

function moneySentence(locale: Locale, money: MoneyMoved, to: 'traveler' | 'provider'): string {
  const i18n = i18nFor(locale);
  const amount = formatMoney(money.amount.amount, money.amount.currency, locale);
  // A provider is told of money only when the traveler was refunded (a refund made at Stripe).
  if (to === 'provider') return i18n._(msg`The traveler was refunded ${amount}.`);
  switch (money.kind) {
    case 'released':
      return i18n._(msg`The ${amount} held on your card is released: you were not charged.`);
    case 'refund_owed':
      return i18n._(msg`${amount} will be refunded to your card. We will email you once the refund is made.`);
    case 'kept':
      return i18n._(
        msg`As the booking was canceled less than 24 hours before its start, the ${amount} charged is not refunded.`,
      );
    case 'charged':
      return i18n._(msg`Your card was charged ${amount}.`);
    case 'refunded':
      return i18n._(msg`${amount} was refunded to your card. Your bank may take a few days to show it.`);
  }
}

/** Who canceled, as the email's reader is told. */
export type CanceledBy = 'TRAVELER' | 'PROVIDER' | 'SYSTEM';

function statusSentence(input: {
  locale: Locale;
  status: BookingEmailStatus;
  providerName: string;
  travelerName: string | null;
  serviceTitle: string;
  startText: string;
  canceledBy?: CanceledBy | undefined;
  to: 'traveler' | 'provider';
}): string {
  const { providerName, serviceTitle, startText } = input;
  const i18n = i18nFor(input.locale);
  switch (input.status) {
    case 'paid':
      return i18n._(msg`The payment for ${serviceTitle} on ${startText} with ${providerName} was taken.`);
    case 'refunded':
      return input.to === 'provider'
        ? i18n._(msg`The payment for ${serviceTitle} on ${startText} was refunded to the traveler.`)
        : i18n._(msg`The payment for ${serviceTitle} on ${startText} was refunded.`);
    case 'accepted':
      return i18n._(msg`${providerName} accepted your booking of ${serviceTitle} on ${startText}.`);
    case 'declined':
      return i18n._(
        msg`${providerName} declined your booking request for ${serviceTitle} on ${startText}. You have not been charged.`,
      );
    case 'expired':
      return i18n._(
        msg`Your request for ${serviceTitle} on ${startText} expired before ${providerName} answered. You have not been charged.`,
      );
    case 'canceled': {
      if (input.canceledBy === 'PROVIDER')
        return i18n._(msg`${providerName} canceled the booking of ${serviceTitle} on ${startText}.`);
      if (input.canceledBy === 'TRAVELER' && input.to === 'traveler')
        return i18n._(msg`You canceled your booking of ${serviceTitle} on ${startText}.`);
      if (input.canceledBy === 'TRAVELER') {
        const travelerName = input.travelerName ?? i18n._(msg`The traveler`);
        return i18n._(msg`${travelerName} canceled the booking of ${serviceTitle} on ${startText}.`);
      }
      return i18n._(msg`The booking of ${serviceTitle} on ${startText} was canceled.`);
    }
  }
}

/** The other times a provider offered with a decline, each with the link that requests it. */
function alternativeLines(input: {
  locale: Locale;
  appUrl: string;
  providerName: string;
  alternatives?: readonly { startText: string; path: string }[] | undefined;
}): string[] {
  const list = input.alternatives ?? [];
  if (list.length === 0) return [];
  const i18n = i18nFor(input.locale);
  const { providerName } = input;
  return [
    i18n._(msg`${providerName} can offer these times instead. Open one to request it:`),
    ...list.map(({ startText, path }) => `${startText}: ${appLink(input.appUrl, input.locale, path)}`),
  ];
}

/** To the traveler (or, for a cancel by the traveler, the provider): a booking was accepted, declined, canceled or expired. */
export function bookingStatusEmail(input: {
  /** The reader's language. */
  locale: Locale;
  appUrl: string;
  status: BookingEmailStatus;
  /** The reader's name, for the greeting (else the traveler's: the traveler is the usual reader). */
  recipientName?: string | null;
  providerName: string;
  travelerName?: string | null;
  serviceTitle: string;
  startText: string;
  /** Who canceled (a canceled booking's email says so). */
  canceledBy?: CanceledBy | undefined;
  /** The reason given in the decline or cancel dialog, passed on as written. */
  reason?: string | null | undefined;
  /** Accepted: where to go, now that the exact address can be told. */
  where?: string | null | undefined;
  /** Where the link goes (default: the traveler's dashboard; a provider told of a cancel gets theirs). */
  dashboardPath?: string;
  /** Accepted, to the traveler: the booking's "Add to calendar" (.ics) download. */
  calendarUrl?: string | undefined;
  /** Who reads it (default: the traveler). */
  to?: 'traveler' | 'provider';
  /** What the change did to the money, with the amount. */
  money?: MoneyMoved | null | undefined;
  /** Declined: other times the provider offered, each with its checkout path (decision 065). */
  alternatives?: readonly { startText: string; path: string }[] | undefined;
}): RenderedEmail {
  const { locale, serviceTitle } = input;
  const i18n = i18nFor(locale);
  const subject = {
    accepted: () => i18n._(msg`Booking accepted: ${serviceTitle}`),
    declined: () => i18n._(msg`Booking declined: ${serviceTitle}`),
    canceled: () => i18n._(msg`Booking canceled: ${serviceTitle}`),
    expired: () => i18n._(msg`Booking expired: ${serviceTitle}`),
    paid: () => i18n._(msg`Payment taken: ${serviceTitle}`),
    refunded: () => i18n._(msg`Refund made: ${serviceTitle}`),
  }[input.status]();
  const to = input.to ?? 'traveler';
  const greetingName = input.recipientName !== undefined ? input.recipientName : input.travelerName;
  const reason = input.reason ? excerpt(input.reason, 500) : null;
  const calendarUrl = input.calendarUrl;
  return renderEmail({
    locale,
    subject,
    greeting: greetingFor(locale, greetingName),
    paragraphs: [
      statusSentence({ ...input, travelerName: input.travelerName ?? null, to }),
      ...(input.money ? [moneySentence(locale, input.money, to)] : []),
      ...(reason ? [reasonSentence(i18n, reason)] : []),
      ...(input.status === 'accepted' ? whereLine(locale, input.where) : []),
      ...(input.status === 'accepted' && calendarUrl ? [i18n._(msg`Add to calendar: ${calendarUrl}`)] : []),
      ...alternativeLines(input),
    ],
    action: {
      label: i18n._(msg`See your bookings`),
      url: appLink(input.appUrl, locale, input.dashboardPath ?? '/dashboard/traveler'),
    },
  });
}

/** Confirms an address: sent at sign-up and when the account's email changes. */
export function verifyEmailEmail(input: {
  locale: Locale;
  appUrl: string;
  name: string | null;
  token: string;
  hours: number;
}) {
  const { locale, hours } = input;
  const i18n = i18nFor(locale);
  return renderEmail({
    locale,
    subject: i18n._(msg`Confirm your email address for Locora`),
    greeting: greetingFor(locale, input.name),
    paragraphs: [
      i18n._(
        msg`Please confirm that this is your email address by opening the link below and signing in to your account.`,
      ),
      i18n._(
        msg`The link works once and expires in ${hours} hours. If you did not create a Locora account or change its email, ignore this email and do not open the link.`,
      ),
    ],
    action: {
      label: i18n._(msg`Confirm email address`),
      url: appLink(input.appUrl, locale, `/auth/verify-email?token=${encodeURIComponent(input.token)}`),
    },
  });
}

/**
 * A single-use link to choose a new password (no name: the same work whether or not the account
 * exists), in the account's language, or the page's when there is no account.
 */
export function resetPasswordEmail(input: { locale: Locale; appUrl: string; token: string; minutes: number }) {
  const { locale, minutes } = input;
  const i18n = i18nFor(locale);
  return renderEmail({
    locale,
    subject: i18n._(msg`Reset your Locora password`),
    greeting: greetingFor(locale, null),
    paragraphs: [
      i18n._(msg`Someone (hopefully you) asked to reset the password of the Locora account with this email address.`),
      i18n._(
        msg`The link below works once and expires in ${minutes} minutes. Setting a new password signs you out everywhere else.`,
      ),
      i18n._(msg`If you did not ask for this, ignore this email: your password stays as it is.`),
    ],
    action: {
      label: i18n._(msg`Choose a new password`),
      url: appLink(input.appUrl, locale, `/auth/reset-password?token=${encodeURIComponent(input.token)}`),
    },
  });
}

/** What one booking buys, in the reader's words: '3 hours'; '1 session · 3 hours' or '1 day · 8 hours' otherwise. */
export function bookingLengthWords(locale: Locale, unit: PricingUnit, hours: number): string {
  const i18n = i18nFor(locale);
  const length = i18n._(msg`${plural(hours, { one: '# hour', other: '# hours' })}`);
  if (isHourly(unit)) return length;
  return unit === 'per day' ? i18n._(msg`1 day · ${length}`) : i18n._(msg`1 session · ${length}`);
}
