/**
 * Emails about a provider's payouts (decision 046): one their bank refused, and a refund that took
 * money back after a payout. Rendered when queued, in the recipient's locale, money as
 * `{ amount, currency }` (decision 044).
 */
import { fromStripeCurrency } from '../../shared/domain/currency.ts';
import type { Locale } from '../../shared/domain/locales.ts';
import { msg } from '@lingui/core/macro';
import { formatMoney } from '../../shared/domain/pricing.ts';
import { i18nFor } from '../i18n.ts';
import { payoutAdvice, payoutRetryNote } from './payout-advice.ts';
import { appLink, greetingFor, renderEmail, type RenderedEmail } from './templates.ts';

/** An amount in minor units with Stripe's currency code ('usd'), as a payout row stores it. */
export type PayoutMoney = { amount: number; currency: string };

function moneyText(m: PayoutMoney, locale: Locale): string {
  const code = fromStripeCurrency(m.currency);
  // A currency outside Locora's table (never expected): its minor units and code, unformatted.
  return code ? formatMoney(m.amount, code, locale) : `${m.amount} ${m.currency.toUpperCase()} (minor units)`;
}

const payoutsTab = (appUrl: string, locale: Locale) => appLink(appUrl, locale, '/dashboard/provider?tab=payouts');

/** To the provider: their bank refused a payout; Stripe's reason, what to do, and what happens next. */
export function payoutFailedEmail(input: {
  locale: Locale;
  appUrl: string;
  providerName: string | null;
  money: PayoutMoney;
  serviceTitle: string;
  /** The booking's date as the provider reads it. */
  when: string;
  failureCode: string | null;
  failureMessage: string | null;
}): RenderedEmail {
  const { locale, serviceTitle, when } = input;
  const i18n = i18nFor(locale);
  const amount = moneyText(input.money, locale);
  const stripeSays = input.failureMessage ?? i18n._(msg`no reason was given`);
  const code = input.failureCode ? ` (${input.failureCode.replace(/_/g, ' ')})` : '';
  const advice = payoutAdvice(input.failureCode, locale);
  return renderEmail({
    locale,
    subject: i18n._(msg`Your payout of ${amount} could not be paid into your bank`),
    greeting: greetingFor(locale, input.providerName),
    paragraphs: [
      i18n._(msg`Stripe could not pay ${amount} for ${serviceTitle} on ${when} into your bank account.`),
      i18n._(msg`Stripe says: ${stripeSays}${code}.`),
      i18n._(msg`What to do: ${advice}`),
      payoutRetryNote(locale),
    ],
    action: { label: i18n._(msg`Open your payouts`), url: payoutsTab(input.appUrl, locale) },
  });
}

/**
 * To the provider: a refund was made after their payout, and their share of it was taken back from
 * their Stripe balance (which is now short by that much until new earnings cover it).
 */
export function refundAfterPayoutEmail(input: {
  locale: Locale;
  appUrl: string;
  providerName: string | null;
  money: PayoutMoney;
  serviceTitle: string;
  when: string;
}): RenderedEmail {
  const { locale, serviceTitle, when } = input;
  const i18n = i18nFor(locale);
  const amount = moneyText(input.money, locale);
  return renderEmail({
    locale,
    subject: i18n._(msg`A refund took back ${amount} after your payout`),
    greeting: greetingFor(locale, input.providerName),
    paragraphs: [
      i18n._(
        msg`The traveler of ${serviceTitle} on ${when} was refunded after your payout for it was made. Your share of the refund, ${amount}, was taken back from your Stripe balance.`,
      ),
      i18n._(
        msg`Your Stripe balance is short by that amount until your next earnings cover it; Locora’s team has been told and may contact you.`,
      ),
    ],
    action: { label: i18n._(msg`Open your payouts`), url: payoutsTab(input.appUrl, locale) },
  });
}
