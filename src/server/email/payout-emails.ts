/**
 * Emails about a provider's payouts (decision 046): one their bank refused. Rendered when queued, in the recipient's locale, money as
 * `{ amount, currency }` (decision 044).
 */
import { fromStripeCurrency } from '../../shared/domain/currency.ts';
import type { Locale } from '../../shared/domain/locales.ts';
import { payoutFailureAdvice, PAYOUT_RETRY_NOTE } from '../../shared/domain/payout-failures.ts';
import { formatMoney } from '../../shared/domain/pricing.ts';
import { renderEmail, type RenderedEmail } from './templates.ts';

/** An amount in minor units with Stripe's currency code ('usd'), as a payout row stores it. */
export type PayoutMoney = { amount: number; currency: string };

function moneyText(m: PayoutMoney, locale: Locale): string {
  const code = fromStripeCurrency(m.currency);
  // A currency outside Locora's table (never expected): its minor units and code, unformatted.
  return code ? formatMoney(m.amount, code, locale) : `${m.amount} ${m.currency.toUpperCase()} (minor units)`;
}

const payoutsTab = (appUrl: string) => `${appUrl}/dashboard/provider?tab=payouts`;

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
  const amount = moneyText(input.money, input.locale);
  return renderEmail({
    subject: `Your payout of ${amount} could not be paid into your bank`,
    greeting: input.providerName ? `Hi ${input.providerName},` : 'Hi,',
    paragraphs: [
      `Stripe could not pay ${amount} for ${input.serviceTitle} on ${input.when} into your bank account.`,
      `Stripe says: ${input.failureMessage ?? 'no reason was given'}${input.failureCode ? ` (${input.failureCode.replace(/_/g, ' ')})` : ''}.`,
      `What to do: ${payoutFailureAdvice(input.failureCode)}`,
      PAYOUT_RETRY_NOTE,
    ],
    action: { label: 'Open your payouts', url: payoutsTab(input.appUrl) },
  });
}
