/**
 * Emails as plain text plus simple HTML, each with a link into Locora. The booking issue calls
 * `bookingRequestEmail` and `bookingStatusEmail` and passes the result to `enqueueEmail(tx, ...)`
 * inside the transaction of the change.
 */

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

/** To the provider: a traveler asked to book. */
export function bookingRequestEmail(input: {
  appUrl: string;
  providerName: string | null;
  travelerName: string;
  serviceTitle: string;
  /** The start as the provider reads it, e.g. 'Nov 27, 2026 at 6:00 PM (Lisbon)'. */
  startText: string;
  hours: number;
}): RenderedEmail {
  return renderEmail({
    subject: `New booking request: ${input.serviceTitle}`,
    greeting: input.providerName ? `Hi ${input.providerName},` : 'Hi,',
    paragraphs: [
      `${input.travelerName} asked to book ${input.serviceTitle} on ${input.startText} for ${input.hours} ${input.hours === 1 ? 'hour' : 'hours'}.`,
      'Accept or decline the request from your dashboard.',
    ],
    action: { label: 'Open your dashboard', url: `${input.appUrl}/dashboard/provider?tab=bookings` },
  });
}

export type BookingEmailStatus = 'accepted' | 'declined' | 'canceled' | 'expired';

const STATUS_SENTENCES: Record<BookingEmailStatus, (provider: string, service: string, start: string) => string> = {
  accepted: (p, s, t) => `${p} accepted your booking of ${s} on ${t}.`,
  declined: (p, s, t) => `${p} declined your booking request for ${s} on ${t}. You have not been charged.`,
  canceled: (_p, s, t) => `Your booking of ${s} on ${t} was canceled.`,
  expired: (p, s, t) => `Your request for ${s} on ${t} expired before ${p} answered. You have not been charged.`,
};

/** To the traveler: their booking was accepted, declined, canceled or expired. */
export function bookingStatusEmail(input: {
  appUrl: string;
  status: BookingEmailStatus;
  travelerName: string | null;
  providerName: string;
  serviceTitle: string;
  startText: string;
  /** Where the link goes (default: the traveler's dashboard; a provider told of a cancel gets theirs). */
  dashboardPath?: string;
}): RenderedEmail {
  const title = { accepted: 'accepted', declined: 'declined', canceled: 'canceled', expired: 'expired' }[input.status];
  return renderEmail({
    subject: `Booking ${title}: ${input.serviceTitle}`,
    greeting: input.travelerName ? `Hi ${input.travelerName},` : 'Hi,',
    paragraphs: [STATUS_SENTENCES[input.status](input.providerName, input.serviceTitle, input.startText)],
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
