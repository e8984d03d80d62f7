import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { ACCOUNT_SUSPENDED_NOTE, PAYEE_RESTRICTED_NOTE } from '@shared/domain/booking-machine';
import { EXPIRED_REASON, HOLD_LAPSED_REASON } from '@shared/domain/booking-lifecycle';

/*
 * The codes of the admin's payment pages in the admin's language (the `admin` catalog): Stripe's
 * dispute statuses and reasons, the reconciliation's movement categories, a payouts account's
 * state and why a payout is held. The API sends the codes as they are; a code this version does
 * not know is shown as it is.
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

/** A provider's payouts account that is not ready (ConnectState, or none yet). */
const ACCOUNT_STATES: Record<string, MessageDescriptor> = {
  not_set_up: msg({ message: 'Not set up', comment: 'A provider’s payouts account: none yet' }),
  not_started: msg({ message: 'Not started', comment: 'A provider’s payouts account: onboarding not begun' }),
  details_needed: msg({ message: 'Details needed', comment: 'A provider’s payouts account: Stripe asks for more' }),
  under_review: msg({ message: 'Under review', comment: 'A provider’s payouts account: Stripe is checking it' }),
  active: msg({ message: 'Active', comment: 'A provider’s payouts account: it can be paid' }),
  restricted: msg({ message: 'Restricted', comment: 'A provider’s payouts account: Stripe stopped payouts' }),
};

/** Why a payout is held. */
const HELD_REASONS: Record<string, MessageDescriptor> = {
  dispute_open: msg`A dispute is open`,
  account_suspended: msg`The provider’s account is suspended`,
};

/**
 * The notes Locora writes itself in a booking's history (booking-machine.ts); a reason a person
 * typed is shown as it was written.
 */
const HISTORY_NOTES: Record<string, MessageDescriptor> = {
  [EXPIRED_REASON]: msg({ message: 'expired', comment: 'In a booking’s history: the provider did not answer in time' }),
  [HOLD_LAPSED_REASON]: msg({
    message: 'payment not completed',
    comment: 'In a booking’s history: the traveler did not complete the card payment in time',
  }),
  [PAYEE_RESTRICTED_NOTE]: msg({
    message: 'provider cannot be paid',
    comment: 'In a booking’s history: the provider’s payouts account cannot receive money',
  }),
  [ACCOUNT_SUSPENDED_NOTE]: msg`Canceled by Locora: an account in this booking was suspended.`,
  'refunded at Stripe': msg({
    message: 'refunded at Stripe',
    comment: 'In a booking’s history: refunded from Stripe’s dashboard, not through Locora',
  }),
  'refund failed': msg({ message: 'refund failed', comment: 'In a booking’s history' }),
  'dispute opened': msg({ message: 'dispute opened', comment: 'In a booking’s history' }),
  'dispute closed': msg({ message: 'dispute closed', comment: 'In a booking’s history' }),
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

/** A payouts account's state in the admin's words ('Details needed'); an unknown one as it is. */
export const accountStateWords = wordsIn(ACCOUNT_STATES);
/** Why a payout is held, in the admin's words; an unknown reason as it is. */
export const heldReasonWords = wordsIn(HELD_REASONS);

/** A note of a booking's history in the admin's words when Locora wrote it; a typed reason as it is. */
export const historyNoteWords = wordsIn(HISTORY_NOTES);

/** All of them, with the page's language. */
export function useAdminPaymentWords() {
  const { i18n } = useLingui();
  return {
    status: (code: string) => disputeStatusWords(i18n, code),
    reason: (code: string) => disputeReasonWords(i18n, code),
    movement: (code: string) => movementWords(i18n, code),
    accountState: (code: string) => accountStateWords(i18n, code),
    heldReason: (code: string) => heldReasonWords(i18n, code),
    historyNote: (note: string) => historyNoteWords(i18n, note),
  };
}
