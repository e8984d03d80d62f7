/**
 * Emails of reports and their moderation (decision 051): the reporter told the outcome in general
 * words, a warning, a suspension with how to appeal, and its lifting.
 */
import { renderEmail, type RenderedEmail } from './templates.ts';

const hi = (name: string | null) => (name ? `Hi ${name},` : 'Hi,');

/** To the reporter: what came of their report, without details about the other person. */
export function reportOutcomeEmail(input: {
  appUrl: string;
  recipientName: string | null;
  actioned: boolean;
}): RenderedEmail {
  return renderEmail({
    subject: 'About your report',
    greeting: hi(input.recipientName),
    paragraphs: [
      'Thank you for your report. A person at Locora looked into it.',
      input.actioned
        ? 'We took action. To protect everyone’s privacy we do not share what we did.'
        : 'We found that it does not break Locora’s rules, so we took no action this time. If something happens again, please report it again.',
    ],
    action: { label: 'Open Locora', url: input.appUrl },
  });
}

/** To a user an admin warns, with the reason. */
export function warningEmail(input: { appUrl: string; recipientName: string | null; reason: string }): RenderedEmail {
  return renderEmail({
    subject: 'A warning about your Locora account',
    greeting: hi(input.recipientName),
    paragraphs: [
      'Something you did on Locora was reported, and we found that it breaks our rules:',
      `“${input.reason}”`,
      'Please keep to Locora’s rules. If it happens again, your account may be suspended. If you think we got this wrong, reply to this email.',
    ],
    action: { label: 'Open Locora', url: input.appUrl },
  });
}

/** To a suspended user: why, what it means, and how to appeal. */
export function suspendedEmail(input: { appUrl: string; recipientName: string | null; reason: string }): RenderedEmail {
  return renderEmail({
    subject: 'Your Locora account is suspended',
    greeting: hi(input.recipientName),
    paragraphs: [
      'We suspended your Locora account. The reason:',
      `“${input.reason}”`,
      'While it is suspended you cannot sign in, your services are hidden, and your open bookings were canceled with full refunds to the travelers.',
      'To appeal, reply to this email and tell us what happened. A person reads every appeal.',
    ],
    action: { label: 'Open Locora', url: input.appUrl },
  });
}

/** To a user whose suspension is lifted. */
export function unsuspendedEmail(input: { appUrl: string; recipientName: string | null }): RenderedEmail {
  return renderEmail({
    subject: 'Your Locora account is active again',
    greeting: hi(input.recipientName),
    paragraphs: [
      'We lifted the suspension of your Locora account. You can sign in again, and the services it hid are shown again.',
    ],
    action: { label: 'Sign in', url: `${input.appUrl}/auth/signin` },
  });
}
