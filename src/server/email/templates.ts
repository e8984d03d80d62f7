/**
 * Emails as plain text plus simple HTML, each with a link into Locora. The booking features call
 * `bookingRequestEmail` and `bookingStatusEmail` and passes the result to `enqueueEmail(tx, ...)`
 * inside the transaction of the change.
 */

import type { Money } from '../../shared/domain/currency.ts';
import type { Locale } from '../../shared/domain/locales.ts';
import { formatMoney } from '../../shared/domain/pricing.ts';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export type RenderedEmail = { subject: string; text: string; html: string };

/** A short email: a greeting, paragraphs, one action link. */
export function renderEmail(input: {
  subject: string;
  greeting?: string;
  paragraphs: string[];
  action: { label: string; url: string };
  footer?: string;
}): RenderedEmail {
  const footer = input.footer ?? 'You get this email because you have an account on Locora.';
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
<html lang="en"><body style="font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#1f2937;line-height:1.5">
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

/** A message its recipient has not read after a few minutes (one per conversation). */
export function newMessageEmail(input: {
  appUrl: string;
  recipientName: string | null;
  senderName: string;
  serviceTitle: string;
  /** The thread: a booking's, or an inquiry's before any booking (decision 025). */
  thread: { bookingId: string } | { conversationId: string };
  body: string;
}): RenderedEmail {
  const query =
    'bookingId' in input.thread ? `booking=${input.thread.bookingId}` : `conversation=${input.thread.conversationId}`;
  return renderEmail({
    subject: `New message from ${input.senderName} about ${input.serviceTitle}`,
    greeting: input.recipientName ? `Hi ${input.recipientName},` : 'Hi,',
    paragraphs: [`${input.senderName} sent you a message about ${input.serviceTitle}:`, `“${excerpt(input.body)}”`],
    action: { label: 'Reply on Locora', url: `${input.appUrl}/messages?${query}` },
    footer: 'You can turn off message emails in your Locora settings.',
  });
}

/** Where a booking happens, as an email line ('Where: Rua Augusta 1, Lisbon'), or null when unknown. */
function whereLine(where: string | null | undefined): string[] {
  return where ? [`Where: ${where}`] : [];
}

/** To the provider: a traveler asked to book, with where and what they asked for. */
export function bookingRequestEmail(input: {
  appUrl: string;
  providerName: string | null;
  travelerName: string;
  serviceTitle: string;
  /** The start as the provider reads it, e.g. 'Nov 27, 2026 at 6:00 PM (Lisbon)'. */
  startText: string;
  hours: number;
  /** The traveler's address (a service at their address) or the place or meeting point. */
  where?: string | null;
  notes?: string | null;
}): RenderedEmail {
  return renderEmail({
    subject: `New booking request: ${input.serviceTitle}`,
    greeting: input.providerName ? `Hi ${input.providerName},` : 'Hi,',
    paragraphs: [
      `${input.travelerName} asked to book ${input.serviceTitle} on ${input.startText} for ${input.hours} ${input.hours === 1 ? 'hour' : 'hours'}.`,
      ...whereLine(input.where),
      ...(input.notes ? [`Special requests: ${input.notes}`] : []),
      'Accept or decline the request from your dashboard.',
    ],
    action: { label: 'Open your dashboard', url: `${input.appUrl}/dashboard/provider?tab=bookings` },
  });
}

/** To the traveler: a receipt of the request they sent (nothing is charged until the provider accepts). */
export function bookingReceiptEmail(input: {
  appUrl: string;
  travelerName: string | null;
  providerName: string;
  serviceTitle: string;
  startText: string;
  /** '3 hours', '1 day · 8 hours'. */
  lengthText: string;
  /** What the traveler pays, service fee included, in the booking's own currency. */
  total: Money;
  /** The recipient's language (decision 044): amounts are written in it. */
  locale: Locale;
  where?: string | null;
  notes?: string | null;
  /** Paid by card and not authorised yet: the provider sees it once the card is (decision 031). */
  awaitingCard?: boolean;
  /** How long an unpaid request holds its time, in minutes. */
  holdMinutes?: number;
}): RenderedEmail {
  const sent = input.awaitingCard
    ? `Your request to book ${input.serviceTitle} on ${input.startText} (${input.lengthText}) is held for you for ${input.holdMinutes ?? 15} minutes while you complete the card payment. Once your card is authorised it goes to ${input.providerName}, who has up to 24 hours to answer, and we will email you when they do. If the payment is not completed in time, the time is released and you are not charged.`
    : `Your request to book ${input.serviceTitle} on ${input.startText} (${input.lengthText}) was sent to ${input.providerName}. They have up to 24 hours to answer, and we will email you when they do.`;
  return renderEmail({
    subject: `${input.awaitingCard ? 'Request held' : 'Request sent'}: ${input.serviceTitle}`,
    greeting: input.travelerName ? `Hi ${input.travelerName},` : 'Hi,',
    paragraphs: [
      sent,
      `Total: ${formatMoney(input.total.amount, input.total.currency, input.locale)}, service fee included. You are charged only if ${input.providerName} accepts.`,
      ...whereLine(input.where),
      ...(input.notes ? [`Your special requests: ${input.notes}`] : []),
    ],
    action: { label: 'See your bookings', url: `${input.appUrl}/dashboard/traveler` },
  });
}

export type BookingEmailStatus = 'accepted' | 'declined' | 'canceled' | 'expired';

/** Who canceled, as the email's reader is told. */
export type CanceledBy = 'TRAVELER' | 'PROVIDER' | 'SYSTEM';

function statusSentence(input: {
  status: BookingEmailStatus;
  providerName: string;
  travelerName: string | null;
  serviceTitle: string;
  startText: string;
  canceledBy?: CanceledBy | undefined;
}): string {
  const { providerName: p, serviceTitle: s, startText: t } = input;
  switch (input.status) {
    case 'accepted':
      return `${p} accepted your booking of ${s} on ${t}.`;
    case 'declined':
      return `${p} declined your booking request for ${s} on ${t}. You have not been charged.`;
    case 'expired':
      return `Your request for ${s} on ${t} expired before ${p} answered. You have not been charged.`;
    case 'canceled':
      if (input.canceledBy === 'PROVIDER') return `${p} canceled the booking of ${s} on ${t}.`;
      if (input.canceledBy === 'TRAVELER')
        return `${input.travelerName ?? 'The traveler'} canceled the booking of ${s} on ${t}.`;
      return `The booking of ${s} on ${t} was canceled.`;
  }
}

/** To the traveler (or, for a cancel by the traveler, the provider): a booking was accepted, declined, canceled or expired. */
export function bookingStatusEmail(input: {
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
}): RenderedEmail {
  const title = { accepted: 'accepted', declined: 'declined', canceled: 'canceled', expired: 'expired' }[input.status];
  const greetingName = input.recipientName !== undefined ? input.recipientName : input.travelerName;
  return renderEmail({
    subject: `Booking ${title}: ${input.serviceTitle}`,
    greeting: greetingName ? `Hi ${greetingName},` : 'Hi,',
    paragraphs: [
      statusSentence({ ...input, travelerName: input.travelerName ?? null }),
      ...(input.reason ? [`The reason given: “${excerpt(input.reason, 500)}”`] : []),
      ...(input.status === 'accepted' ? whereLine(input.where) : []),
      ...(input.status === 'accepted' && input.calendarUrl ? [`Add to calendar: ${input.calendarUrl}`] : []),
    ],
    action: { label: 'See your bookings', url: `${input.appUrl}${input.dashboardPath ?? '/dashboard/traveler'}` },
  });
}

/** Confirms an address: sent at sign-up and when the account's email changes. */
export function verifyEmailEmail(input: { appUrl: string; name: string | null; token: string; hours: number }) {
  return renderEmail({
    subject: 'Confirm your email address for Locora',
    greeting: input.name ? `Hi ${input.name},` : 'Hi,',
    paragraphs: [
      'Please confirm that this is your email address by opening the link below and signing in to your account.',
      `The link works once and expires in ${input.hours} hours. If you did not create a Locora account or change its email, ignore this email and do not open the link.`,
    ],
    action: {
      label: 'Confirm email address',
      url: `${input.appUrl}/auth/verify-email?token=${encodeURIComponent(input.token)}`,
    },
  });
}

/** A single-use link to choose a new password (no name: the same work whether or not the account exists). */
export function resetPasswordEmail(input: { appUrl: string; token: string; minutes: number }) {
  return renderEmail({
    subject: 'Reset your Locora password',
    greeting: 'Hi,',
    paragraphs: [
      'Someone (hopefully you) asked to reset the password of the Locora account with this email address.',
      `The link below works once and expires in ${input.minutes} minutes. Setting a new password signs you out everywhere else.`,
      'If you did not ask for this, ignore this email: your password stays as it is.',
    ],
    action: {
      label: 'Choose a new password',
      url: `${input.appUrl}/auth/reset-password?token=${encodeURIComponent(input.token)}`,
    },
  });
}
