import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';

/*
 * Stripe's dispute statuses and reasons, and the reconciliation's movement categories, in the
 * admin's language (the `admin` catalog). The API sends Stripe's codes as they are; a code this
 * version does not know is shown as it is.
 */
const STATUSES: Record<string, MessageDescriptor> = {
  warning_needs_response: msg`Inquiry: needs a response`,
  warning_under_review: msg`Inquiry: under review`,
  warning_closed: msg`Inquiry closed`,
  needs_response: msg`Needs a response`,
  under_review: msg`Under review`,
  won: msg({ message: 'Won', context: 'dispute status', comment: 'A dispute’s outcome: Locora won it' }),
  lost: msg({ message: 'Lost', context: 'dispute status', comment: 'A dispute’s outcome: Locora lost it' }),
  prevented: msg`Prevented`,
};

/** Why the cardholder's bank disputes a payment (Stripe's `reason`), as Stripe's dashboard words it. */
const REASONS: Record<string, MessageDescriptor> = {
  bank_cannot_process: msg({ message: 'Bank cannot process', comment: 'A dispute reason from Stripe' }),
  check_returned: msg({ message: 'Check returned', comment: 'A dispute reason from Stripe' }),
  credit_not_processed: msg({
    message: 'Credit not processed',
    comment: 'A dispute reason from Stripe: the customer says a refund they were promised was not made',
  }),
  customer_initiated: msg({ message: 'Customer initiated', comment: 'A dispute reason from Stripe' }),
  debit_not_authorized: msg({ message: 'Debit not authorized', comment: 'A dispute reason from Stripe' }),
  duplicate: msg({ message: 'Duplicate charge', comment: 'A dispute reason from Stripe' }),
  fraudulent: msg({
    message: 'Fraudulent',
    comment: 'A dispute reason from Stripe: the cardholder says they did not make the payment',
  }),
  general: msg({ message: 'General', comment: 'A dispute reason from Stripe: no more specific reason given' }),
  incorrect_account_details: msg({ message: 'Incorrect account details', comment: 'A dispute reason from Stripe' }),
  insufficient_funds: msg({ message: 'Insufficient funds', comment: 'A dispute reason from Stripe' }),
  noncompliant: msg({
    message: 'Not compliant with card network rules',
    comment: 'A dispute reason from Stripe',
  }),
  product_not_received: msg({ message: 'Product not received', comment: 'A dispute reason from Stripe' }),
  product_unacceptable: msg({ message: 'Product unacceptable', comment: 'A dispute reason from Stripe' }),
  subscription_canceled: msg({ message: 'Subscription canceled', comment: 'A dispute reason from Stripe' }),
  unrecognized: msg({
    message: 'Unrecognized',
    comment: 'A dispute reason from Stripe: the cardholder does not recognize the payment',
  }),
};

/** What a reconciliation difference is about (a movement's category). */
const MOVEMENTS: Record<string, MessageDescriptor> = {
  captured: msg({ message: 'Captured payment', comment: 'A kind of money movement compared with Stripe' }),
  refund: msg({ message: 'Refund', comment: 'A kind of money movement compared with Stripe' }),
  transfer: msg({ message: 'Transfer to a provider', comment: 'A kind of money movement compared with Stripe' }),
  transfer_reversal: msg({ message: 'Transfer reversal', comment: 'A kind of money movement compared with Stripe' }),
  dispute: msg({ message: 'Dispute', comment: 'A kind of money movement compared with Stripe' }),
  payout: msg({ message: 'Payout', comment: 'A kind of money movement compared with Stripe' }),
};

const wordsIn = (table: Record<string, MessageDescriptor>) => (i18n: I18n, code: string) => {
  const words = Object.hasOwn(table, code) ? table[code] : undefined;
  return words ? i18n._(words) : code;
};

/** A dispute's status in the admin's words ('Needs a response'); an unknown one as it is. */
export const disputeStatusWords = wordsIn(STATUSES);
/** A dispute's reason in the admin's words ('Product not received'); an unknown one as it is. */
export const disputeReasonWords = wordsIn(REASONS);
/** A reconciliation difference's category in the admin's words ('Refund'); an unknown one as it is. */
export const movementWords = wordsIn(MOVEMENTS);

/** The three, with the page's language. */
export function useDisputeWords() {
  const { i18n } = useLingui();
  return {
    status: (code: string) => disputeStatusWords(i18n, code),
    reason: (code: string) => disputeReasonWords(i18n, code),
    movement: (code: string) => movementWords(i18n, code),
  };
}
