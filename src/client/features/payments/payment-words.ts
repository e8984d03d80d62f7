import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import type { PaymentStatusKind } from '@shared/domain/payments';

/*
 * The words of card payments on the screens (checkout, the card form, the provider's bookings), in
 * the reader's language. The English of the payment card's texts is the product's own.
 */

/** The payment card and its failures: 'Error' / 'Failed to initialize payment. Please try again.' */
export const PAYMENT_WORDS = {
  notConfiguredTitle: msg`Payment processing is not configured.`,
  notConfiguredHint: msg`Please add Stripe API keys to enable payments.`,
  errorTitle: msg({
    message: 'Error',
    context: 'payment',
    comment: 'The title over a failed card payment (its message follows: Failed to initialize payment…)',
  }),
  initFailed: msg`Failed to initialize payment. Please try again.`,
} satisfies Record<string, MessageDescriptor>;

/** The payment card's words in the reader's language. */
export function usePaymentWords(): Record<keyof typeof PAYMENT_WORDS, string> {
  const { i18n } = useLingui();
  return {
    notConfiguredTitle: i18n._(PAYMENT_WORDS.notConfiguredTitle),
    notConfiguredHint: i18n._(PAYMENT_WORDS.notConfiguredHint),
    errorTitle: i18n._(PAYMENT_WORDS.errorTitle),
    initFailed: i18n._(PAYMENT_WORDS.initFailed),
  };
}

const STATUS_WORDS: Record<PaymentStatusKind, MessageDescriptor> = {
  awaiting_card: msg`Awaiting card payment`,
  no_card_payment: msg`No card payment`,
  authorised: msg`Card authorised`,
  paid: msg`Paid by card`,
  processing: msg`Card payment processing`,
  released: msg`Card hold released`,
  refunded: msg({ message: 'Refunded', context: 'card payment', comment: 'A card payment that was refunded' }),
  not_authorised: msg`Card not authorised yet`,
};

/** What a booking's card payment is (paymentStatusKind), in the reader's language. */
export function usePaymentStatusWords(): (kind: PaymentStatusKind) => string {
  const { i18n } = useLingui();
  return (kind) => i18n._(STATUS_WORDS[kind]);
}
