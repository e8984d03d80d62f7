/**
 * Emails of reports and their moderation (decision 051): the reporter told the outcome in general
 * words, a warning, a suspension with how to appeal, and its lifting. In the recipient's language.
 */
import { msg } from '@lingui/core/macro';
import type { Locale } from '../../shared/domain/locales.ts';
import { i18nFor } from '../i18n.ts';
import { appLink, greetingFor, renderEmail, type RenderedEmail } from './templates.ts';

/** To the reporter: what came of their report, without details about the other person. */
export function reportOutcomeEmail(input: {
  locale: Locale;
  appUrl: string;
  recipientName: string | null;
  actioned: boolean;
}): RenderedEmail {
  const { locale } = input;
  const i18n = i18nFor(locale);
  return renderEmail({
    locale,
    subject: i18n._(msg`About your report`),
    greeting: greetingFor(locale, input.recipientName),
    paragraphs: [
      i18n._(msg`Thank you for your report. A person at Locora looked into it.`),
      input.actioned
        ? i18n._(msg`We took action. To protect everyone’s privacy we do not share what we did.`)
        : i18n._(
            msg`We found that it does not break Locora’s rules, so we took no action this time. If something happens again, please report it again.`,
          ),
    ],
    action: { label: i18n._(msg`Open Locora`), url: appLink(input.appUrl, locale, '/') },
  });
}

/** To a user an admin warns, with the reason (as the admin wrote it). */
export function warningEmail(input: {
  locale: Locale;
  appUrl: string;
  recipientName: string | null;
  reason: string;
}): RenderedEmail {
  const { locale, reason } = input;
  const i18n = i18nFor(locale);
  return renderEmail({
    locale,
    subject: i18n._(msg`A warning about your Locora account`),
    greeting: greetingFor(locale, input.recipientName),
    paragraphs: [
      i18n._(msg`Something you did on Locora was reported, and we found that it breaks our rules:`),
      i18n._(msg`“${reason}”`),
      i18n._(
        msg`Please keep to Locora’s rules. If it happens again, your account may be suspended. If you think we got this wrong, reply to this email.`,
      ),
    ],
    action: { label: i18n._(msg`Open Locora`), url: appLink(input.appUrl, locale, '/') },
  });
}

/** To a suspended user: why, what it means, and how to appeal. */
export function suspendedEmail(input: {
  locale: Locale;
  appUrl: string;
  recipientName: string | null;
  reason: string;
}): RenderedEmail {
  const { locale, reason } = input;
  const i18n = i18nFor(locale);
  return renderEmail({
    locale,
    subject: i18n._(msg`Your Locora account is suspended`),
    greeting: greetingFor(locale, input.recipientName),
    paragraphs: [
      i18n._(msg`We suspended your Locora account. The reason:`),
      i18n._(msg`“${reason}”`),
      i18n._(
        msg`While it is suspended you cannot sign in, your services are hidden, and your open bookings were canceled with full refunds to the travelers.`,
      ),
      i18n._(msg`To appeal, reply to this email and tell us what happened. A person reads every appeal.`),
    ],
    action: { label: i18n._(msg`Open Locora`), url: appLink(input.appUrl, locale, '/') },
  });
}

/** To a user whose suspension is lifted. */
export function unsuspendedEmail(input: {
  locale: Locale;
  appUrl: string;
  recipientName: string | null;
}): RenderedEmail {
  const { locale } = input;
  const i18n = i18nFor(locale);
  return renderEmail({
    locale,
    subject: i18n._(msg`Your Locora account is active again`),
    greeting: greetingFor(locale, input.recipientName),
    paragraphs: [
      i18n._(
        msg`We lifted the suspension of your Locora account. You can sign in again, and the services it hid are shown again.`,
      ),
    ],
    action: { label: i18n._(msg`Sign in`), url: appLink(input.appUrl, locale, '/auth/signin') },
  });
}
