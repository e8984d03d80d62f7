import type { CurrencyCode } from '@shared/domain/currency';
import type { Locale } from '@shared/domain/locales';
import { formatMoney } from '@shared/domain/pricing';

/** One labelled amount on a booking card: 'You pay' and '$105' (each amount in the booking's own currency, in the reader's locale). */
export type MoneyLine = { label: string; amount: string };

/** A canceled or refunded booking: its amounts are what it was made for, not money that moved. */
const isClosed = (status: string) => status === 'CANCELED' || status === 'REFUNDED';
/** Charged (or done): the past tense. */
const isPaid = (status: string) => status === 'PAID' || status === 'COMPLETED';

/** What a booking's total is to the traveler: due, paid, or what a closed booking was for. */
export function travelerMoneyState(status: string): 'due' | 'paid' | 'closed' {
  return isClosed(status) ? 'closed' : isPaid(status) ? 'paid' : 'due';
}

/**
 * The traveler's total on their booking card, as the API computes it from the booking's stored
 * amounts (bookingShares in shared/domain/pricing.ts): 'You pay' while it is a request or
 * accepted, 'You paid' once charged or done, 'Booking total' once closed (the card says
 * separately whether anything was charged or refunded).
 */
export function travelerMoneyLine(
  booking: { status: string; totalCents: number; currency: CurrencyCode },
  locale: Locale,
): MoneyLine {
  const amount = formatMoney(booking.totalCents, booking.currency, locale);
  if (isClosed(booking.status)) return { label: 'Booking total', amount };
  return { label: isPaid(booking.status) ? 'You paid' : 'You pay', amount };
}

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
): MoneyLine[] {
  const total = formatMoney(booking.totalCents, booking.currency, locale);
  if (isClosed(booking.status)) return [{ label: 'Booking total', amount: total }];
  return [
    { label: isPaid(booking.status) ? 'Traveler paid' : 'Traveler pays', amount: total },
    { label: 'You receive', amount: formatMoney(booking.providerReceivesCents, booking.currency, locale) },
  ];
}
