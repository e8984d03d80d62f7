import type { CurrencyCode } from '@shared/domain/currency';
import type { Locale } from '@shared/domain/locales';
import { formatMoney } from '@shared/domain/pricing';

/** A canceled or refunded booking: its amounts are what it was made for, not money that moved. */
const isClosed = (status: string) => status === 'CANCELED' || status === 'REFUNDED';
/** Charged (or done): the past tense. */
const isPaid = (status: string) => status === 'PAID' || status === 'COMPLETED';

/**
 * What a booking's total is to the traveler: due ('You pay' while it is a request or accepted),
 * paid ('You paid' once charged or done), or what a closed booking was for ('Booking total'; the
 * card says separately whether anything was charged or refunded).
 */
export function travelerMoneyState(status: string): 'due' | 'paid' | 'closed' {
  return isClosed(status) ? 'closed' : isPaid(status) ? 'paid' : 'due';
}

/**
 * One amount on the provider's booking row: what the traveler pays or paid, what the provider
 * receives, or what a closed booking was made for (the screen words each kind).
 */
export type ProviderMoneyKind = 'traveler_pays' | 'traveler_paid' | 'you_receive' | 'booking_total';
export type ProviderMoneyLine = { kind: ProviderMoneyKind; amount: string };

/**
 * The provider's view of a booking's money: what the traveler pays (subtotal + the 5 % fee) and
 * what the provider receives (the subtotal; Locora keeps the fee). A closed booking shows only
 * what it was made for: nothing is promised to the provider.
 */
export function providerMoneyLines(
  booking: {
    status: string;
    totalCents: number;
    providerReceivesCents: number;
    currency: CurrencyCode;
  },
  locale: Locale,
): ProviderMoneyLine[] {
  const total = formatMoney(booking.totalCents, booking.currency, locale);
  if (isClosed(booking.status)) return [{ kind: 'booking_total', amount: total }];
  return [
    { kind: isPaid(booking.status) ? 'traveler_paid' : 'traveler_pays', amount: total },
    { kind: 'you_receive', amount: formatMoney(booking.providerReceivesCents, booking.currency, locale) },
  ];
}
