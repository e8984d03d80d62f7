/**
 * What a provider can do about a payout their bank refused (decision 046), by Stripe's
 * `failure_code`, in the provider's language, for their emails and the payouts the API lists.
 */
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { Locale } from '../../shared/domain/locales.ts';
import { i18nFor } from '../i18n.ts';

const ADVICE: Record<string, MessageDescriptor> = {
  account_closed: msg`The bank account is closed. Add a bank account that is open.`,
  account_frozen: msg`Your bank has frozen the account. Ask your bank about it, or add another bank account.`,
  bank_account_restricted: msg`The account does not take this kind of payment. Add a current (checking) account, or ask your bank.`,
  bank_ownership_changed: msg`Your bank changed owner and the account’s details changed. Add the account’s new details.`,
  could_not_process: msg`Your bank could not process the payment. Check your bank details, or add another bank account.`,
  debit_not_authorized: msg`The account does not allow the debits Stripe needs. Ask your bank to allow them, or add another account.`,
  declined: msg`Your bank declined the payment. Ask your bank why, then check your bank details.`,
  incorrect_account_holder_address: msg`The account holder’s address does not match your bank’s records. Correct it in your bank details.`,
  incorrect_account_holder_name: msg`The account holder’s name does not match your bank’s records. Correct it in your bank details.`,
  incorrect_account_holder_tax_id: msg`The account holder’s tax ID does not match your bank’s records. Correct it in your bank details.`,
  insufficient_funds: msg`Your Stripe balance could not cover it (a refund may have taken money back). Nothing to do: it is paid once your balance covers it.`,
  invalid_account_number: msg`The account number is not valid. Check it and correct your bank details.`,
  invalid_currency: msg`The bank account cannot receive this currency. Add an account in your payouts’ currency.`,
  no_account: msg`Your bank found no account with these details. Check the account number and correct your bank details.`,
  unsupported_card: msg`This debit card no longer takes payouts. Add a bank account or another card.`,
};

/** What to do about a failed payout, in the reader's words ('Add a bank account that is open.'). */
export function payoutAdvice(code: string | null | undefined, locale: Locale): string {
  const advice = (code && ADVICE[code]) || msg`Check your bank details on Stripe and correct them.`;
  return i18nFor(locale)._(advice);
}

/** Where bank details are changed, and what Locora does next (shown after the advice). */
export function payoutRetryNote(locale: Locale): string {
  return i18nFor(locale)._(
    msg`Update your bank details with “View payouts on Stripe” on your Payouts tab. Locora asks Stripe to pay it again as soon as your account can be paid; the money stays in your Stripe balance until then.`,
  );
}
