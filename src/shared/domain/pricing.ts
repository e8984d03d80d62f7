/**
 * Money rules: every amount is an integer in the minor unit of its currency (currency.ts), with
 * the currency beside it. Names ending in `Cents` are minor units of the booking's currency (yen
 * for JPY, cents for USD; decision 047). How amounts are shown, and the pricing units; a booking's
 * subtotal, fee and total are in booking-amounts.ts. All maths is on integers, so no float drift
 * ever reaches an amount.
 */
import { CURRENCIES, CURRENCY_RULES, minorToDecimal, type CurrencyCode, type Money } from './currency.ts';
import { intlLocale, type Locale } from './locales.ts';

export type PricingUnit = 'per hour' | 'per session' | 'per day';

/**
 * How long a booking is and how much of the unit it buys (decision 035):
 * - per hour: the hours the traveler chose (at least the service's minimum), each at the price;
 * - per session: one session, whose length is the service's `minHours` field;
 * - per day: one day, covering the service's `minHours` field in hours ('Hours per day').
 * The hours are always the time blocked in the provider's calendar.
 */
export function isHourly(unit: PricingUnit): boolean {
  return unit === 'per hour';
}

function sign(cents: number) {
  return cents < 0 ? '-' : '';
}

/** Whole dollars with thousands separators, as US prices are written: 24000 -> '24,000'. */
function grouped(dollars: number) {
  return dollars.toLocaleString('en-US');
}

function requireInteger(cents: number) {
  if (!Number.isSafeInteger(cents)) throw new RangeError('an amount must be a whole number of cents');
}

/**
 * A price or an amount as every screen, email and page description shows it (decision 035): the
 * exact amount, never rounded, with thousands separators; no decimals when the cents are zero,
 * two when they are not. 4000 -> '$40', 3999 -> '$39.99', 125000 -> '$1,250', 125050 ->
 * '$1,250.50', 5 -> '$0.05', 0 -> '$0', -683 -> '-$6.83'.
 */
/** @deprecated US cents only: being replaced by formatMoney on every screen (decision 047). */
export function formatPrice(cents: number): string {
  requireInteger(cents);
  const abs = Math.abs(cents);
  const rest = abs % 100;
  const decimals = rest === 0 ? '' : `.${String(rest).padStart(2, '0')}`;
  return `${sign(cents)}$${grouped(Math.floor(abs / 100))}${decimals}`;
}

const moneyFormats = new Map<string, Intl.NumberFormat>();

/**
 * How a currency is named in a locale: its symbol ('$', '€', 'R$', 'US$' in Portuguese), unless
 * the locale only knows it by its code ('THB' in English), then its narrow symbol ('฿', 'Rp'),
 * unless that is a bare '$' another dollar or peso could share (then the code).
 */
function currencyDisplay(locale: string, currency: CurrencyCode): 'symbol' | 'narrowSymbol' {
  const symbolOf = (display: 'symbol' | 'narrowSymbol') =>
    new Intl.NumberFormat(locale, { style: 'currency', currency, currencyDisplay: display })
      .formatToParts(1)
      .find((part) => part.type === 'currency')?.value ?? currency;
  if (symbolOf('symbol') !== currency) return 'symbol';
  return symbolOf('narrowSymbol') === '$' ? 'symbol' : 'narrowSymbol';
}

function moneyFormat(locale: Locale, currency: CurrencyCode, fractionDigits: number): Intl.NumberFormat {
  const key = `${locale}|${currency}|${fractionDigits}`;
  let format = moneyFormats.get(key);
  if (!format) {
    const tag = intlLocale(locale);
    format = new Intl.NumberFormat(tag, {
      style: 'currency',
      currency,
      currencyDisplay: currencyDisplay(tag, currency),
      minimumFractionDigits: fractionDigits,
      maximumFractionDigits: fractionDigits,
    });
    moneyFormats.set(key, format);
  }
  return format;
}

/**
 * The one price formatter: an amount in minor units of its currency, exactly, in the reader's
 * locale: no decimals when the amount is whole ('¥8,000', '฿1,500', '$40', 'Rp 350.000' in
 * Indonesian), the currency's decimals when it is not ('R$ 245,90' in Brazilian Portuguese,
 * '$39.99'). Never rounded: the decimal string of the exact amount is what Intl formats.
 */
export function formatMoney(amount: number, currency: CurrencyCode, locale: Locale): string {
  const decimal = minorToDecimal(amount, currency);
  const { exponent, displayDecimals } = CURRENCY_RULES[currency];
  const isWhole = Math.abs(amount) % 10 ** exponent === 0;
  // A fraction in a currency shown without decimals (sen of a rupiah) is still shown exactly.
  const digits = isWhole ? 0 : Math.max(displayDecimals, exponent);
  return moneyFormat(locale, currency, digits).format(decimal as Intl.StringNumericLiteral);
}

/**
 * What a booking's money means to each side, from its stored amounts (minor units of its
 * currency): the traveler pays the subtotal plus the service fee; the provider receives the
 * subtotal; Locora keeps the fee.
 */
export function bookingShares(booking: { amountCents: number; feeCents: number; currency: CurrencyCode }): {
  travelerPaysCents: number;
  providerReceivesCents: number;
  feeCents: number;
} {
  for (const [what, value] of [
    ['amountCents', booking.amountCents],
    ['feeCents', booking.feeCents],
  ] as const)
    if (!Number.isSafeInteger(value) || value < 0)
      throw new RangeError(`${what} must be a whole, non-negative number of ${booking.currency} minor units`);
  return {
    travelerPaysCents: booking.amountCents + booking.feeCents,
    providerReceivesCents: booking.amountCents,
    feeCents: booking.feeCents,
  };
}

/**
 * Totals of amounts in several currencies, one per currency, never summed across them: in the
 * table's order of currencies, each currency once, zero totals kept (a month with a refund).
 */
export function totalsByCurrency(items: readonly { amount: number; currency: CurrencyCode }[]): Money[] {
  const sums = new Map<CurrencyCode, number>();
  for (const { amount, currency } of items) {
    const next = (sums.get(currency) ?? 0) + amount;
    if (!Number.isSafeInteger(next)) throw new RangeError(`a ${currency} total is too large`);
    sums.set(currency, next);
  }
  return CURRENCIES.filter((c) => sums.has(c)).map((currency) => ({ currency, amount: sums.get(currency)! }));
}

/**
 * Per-currency totals as one line ('¥120,000 · $300'); with none, zero in `emptyCurrency` ('$0'),
 * so an empty list still reads as an amount.
 */
export function formatMoneyTotals(totals: readonly Money[], locale: Locale, emptyCurrency: CurrencyCode): string {
  if (totals.length === 0) return formatMoney(0, emptyCurrency, locale);
  return totals.map((t) => formatMoney(t.amount, t.currency, locale)).join(' · ');
}
