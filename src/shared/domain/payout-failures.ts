/**
 * What a provider can do about a payout their bank refused (decision 046), by Stripe's
 * `failure_code` (https://docs.stripe.com/api/payouts/object#payout_object-failure_code). Stripe's
 * own `failure_message` is shown beside it. Locora asks Stripe to pay it again as soon as the
 * account can be paid (new bank details, or Stripe enabling payouts again); the money waits in the
 * provider's Stripe balance meanwhile.
 */

const ADVICE: Record<string, string> = {
  account_closed: 'The bank account is closed. Add a bank account that is open.',
  account_frozen: 'Your bank has frozen the account. Ask your bank about it, or add another bank account.',
  bank_account_restricted:
    'The account does not take this kind of payment. Add a current (checking) account, or ask your bank.',
  bank_ownership_changed: 'Your bank changed owner and the account’s details changed. Add the account’s new details.',
  could_not_process: 'Your bank could not process the payment. Check your bank details, or add another bank account.',
  debit_not_authorized:
    'The account does not allow the debits Stripe needs. Ask your bank to allow them, or add another account.',
  declined: 'Your bank declined the payment. Ask your bank why, then check your bank details.',
  incorrect_account_holder_address:
    'The account holder’s address does not match your bank’s records. Correct it in your bank details.',
  incorrect_account_holder_name:
    'The account holder’s name does not match your bank’s records. Correct it in your bank details.',
  incorrect_account_holder_tax_id:
    'The account holder’s tax ID does not match your bank’s records. Correct it in your bank details.',
  insufficient_funds:
    'Your Stripe balance could not cover it (a refund may have taken money back). Nothing to do: it is paid once your balance covers it.',
  invalid_account_number: 'The account number is not valid. Check it and correct your bank details.',
  invalid_currency: 'The bank account cannot receive this currency. Add an account in your payouts’ currency.',
  no_account: 'Your bank found no account with these details. Check the account number and correct your bank details.',
  unsupported_card: 'This debit card no longer takes payouts. Add a bank account or another card.',
};

/** What to do about a failed payout, in words ('Add a bank account that is open.'). */
export function payoutFailureAdvice(code: string | null | undefined): string {
  return (code && ADVICE[code]) || 'Check your bank details on Stripe and correct them.';
}
