/**
 * The one currency table: every amount in Locora is an integer in the minor unit of its ISO 4217
 * currency, stored and sent with that currency's capital code. Every conversion between a typed
 * price, a stored amount, Stripe's `amount` and a displayed price goes through this table, and so
 * do the fee and every refund split (pricing.ts, connect.ts).
 *
 * Stripe's rules, read from Stripe's "Supported currencies" page (https://docs.stripe.com/currencies,
 * sections "Minor units in API amounts", "Zero-decimal currencies", "Special cases" and "Minimum
 * and maximum charge amounts"):
 * - API amounts are in the currency's minor unit: `1000` charges 10.00 USD, `10` charges 10 JPY.
 * - JPY is zero-decimal: ¥8,000 is `8000`, never multiplied by 100.
 * - IDR is two-decimal in the API (Rp 350.000 is `35000000`). It is not among Stripe's special
 *   cases, but rupiah are written and priced whole (no sen in daily use), so Locora moves every
 *   IDR price, fee and refund split in whole rupiah (`step` 100) and shows IDR without decimals.
 *   What Stripe itself settles (a payout of a converted transfer) may carry sen; it is kept exactly.
 * - Minimum charge, from Stripe's table: 0.50 USD, 0.50 EUR, 50 JPY, 10 THB, 10 MXN, 0.50 BRL.
 *   IDR is not in that table: Stripe's rule for a currency it does not list is "$0.50 US or the
 *   equivalent in the charge currency" (about Rp 8,000 at 2026's rates), so Locora takes Rp 10,000,
 *   which stays above it while the rupiah moves. (Half a rupiah, `50`, is far below what Stripe
 *   charges.) Stripe adds that a charge converted into another settlement currency must also meet
 *   that currency's minimum after conversion; Stripe refuses it then, and the refusal is shown
 *   (409), not guessed.
 * - Special cases (HUF, ISK, TWD, UGX: two-decimal in the API but whole units only, amounts
 *   divisible by 100) are none of ours; no currency of ours is three-decimal.
 * - Maximum charge: the `amount` has at most 8 digits (999,999.99), except IDR, which takes 12
 *   (9,999,999,999.99 IDR; an American Express card takes at most 9 digits of IDR).
 * - Lower-case codes in requests (`jpy`), which toStripeCurrency/fromStripeCurrency translate.
 */
export const CURRENCIES = ['USD', 'EUR', 'JPY', 'THB', 'IDR', 'MXN', 'BRL'] as const;
export type CurrencyCode = (typeof CURRENCIES)[number];

/** An amount with its currency: what emails, totals and exports pass around. */
export type Money = { amount: number; currency: CurrencyCode };

export type CurrencyRules = {
  /** ISO 4217 exponent: minor units in one major unit are 10^exponent. */
  exponent: number;
  /** Decimals shown when an amount is not whole (IDR: none; its prices are whole rupiah). */
  displayDecimals: number;
  /**
   * The smallest step a price, fee or refund split may take, in minor units: 1 for most, 100 for
   * IDR (whole rupiah), so every amount Locora computes can be shown exactly.
   */
  step: number;
  /** Stripe's minimum charge, in minor units. */
  stripeMinimumCharge: number;
  /** The largest `amount` Stripe takes for one charge, in minor units. */
  stripeMaximumCharge: number;
  /**
   * The highest price a provider may set, in minor units: Locora's limit of about US$100,000, or
   * less where Stripe's largest charge is less (฿999,999, MX$999,999: a price no card could pay is
   * refused, not listed).
   */
  maxPrice: number;
  /** What a minor unit is called, for messages ("whole yen", "cents"). */
  minorUnitName: string;
};

const EIGHT_DIGITS = 99_999_999;

export const CURRENCY_RULES: Record<CurrencyCode, CurrencyRules> = {
  USD: {
    exponent: 2,
    displayDecimals: 2,
    step: 1,
    stripeMinimumCharge: 50,
    stripeMaximumCharge: EIGHT_DIGITS,
    maxPrice: 10_000_000,
    minorUnitName: 'cents',
  },
  EUR: {
    exponent: 2,
    displayDecimals: 2,
    step: 1,
    stripeMinimumCharge: 50,
    stripeMaximumCharge: EIGHT_DIGITS,
    maxPrice: 10_000_000,
    minorUnitName: 'cents',
  },
  JPY: {
    exponent: 0,
    displayDecimals: 0,
    step: 1,
    stripeMinimumCharge: 50,
    stripeMaximumCharge: EIGHT_DIGITS,
    maxPrice: 15_000_000,
    minorUnitName: 'yen',
  },
  THB: {
    exponent: 2,
    displayDecimals: 2,
    step: 1,
    stripeMinimumCharge: 1_000,
    stripeMaximumCharge: EIGHT_DIGITS,
    maxPrice: 99_999_900,
    minorUnitName: 'satang',
  },
  IDR: {
    exponent: 2,
    displayDecimals: 0,
    step: 100,
    stripeMinimumCharge: 1_000_000,
    stripeMaximumCharge: 999_999_999_999,
    maxPrice: 160_000_000_000,
    minorUnitName: 'sen (whole rupiah: multiples of 100)',
  },
  MXN: {
    exponent: 2,
    displayDecimals: 2,
    step: 1,
    stripeMinimumCharge: 1_000,
    stripeMaximumCharge: EIGHT_DIGITS,
    maxPrice: 99_999_900,
    minorUnitName: 'centavos',
  },
  BRL: {
    exponent: 2,
    displayDecimals: 2,
    step: 1,
    stripeMinimumCharge: 50,
    stripeMaximumCharge: EIGHT_DIGITS,
    maxPrice: 50_000_000,
    minorUnitName: 'centavos',
  },
};

export function isCurrencyCode(value: unknown): value is CurrencyCode {
  return typeof value === 'string' && (CURRENCIES as readonly string[]).includes(value);
}

/** A provider's currency, from the country of their payouts (ISO 3166-1 alpha-2). */
export const COUNTRY_CURRENCY: Record<string, CurrencyCode> = {
  JP: 'JPY',
  TH: 'THB',
  ID: 'IDR',
  MX: 'MXN',
  BR: 'BRL',
  PT: 'EUR',
  ES: 'EUR',
  US: 'USD',
};

/** The currency Locora falls back to for a country it has no currency for. */
export const FALLBACK_CURRENCY: CurrencyCode = COUNTRY_CURRENCY.US!;

/** The currency of a country (the fallback when it is not one of ours, or unknown). */
export function currencyOfCountry(country: string | undefined | null): CurrencyCode {
  return (country && COUNTRY_CURRENCY[country.toUpperCase()]) || FALLBACK_CURRENCY;
}

function requireAmount(amount: number, currency: CurrencyCode) {
  if (!Number.isSafeInteger(amount)) throw new RangeError(`a ${currency} amount must be a whole number of minor units`);
}

/** Whether `amount` (minor units) is one a price, fee or refund in `currency` may be. */
export function isWholeStep(amount: number, currency: CurrencyCode): boolean {
  return Number.isSafeInteger(amount) && amount % CURRENCY_RULES[currency].step === 0;
}

/**
 * An amount as an exact decimal string in major units: (8000, 'JPY') -> '8000', (24590, 'BRL') ->
 * '245.90', (-683, 'USD') -> '-6.83'. No float ever touches it.
 */
export function minorToDecimal(amount: number, currency: CurrencyCode): string {
  requireAmount(amount, currency);
  const { exponent } = CURRENCY_RULES[currency];
  const sign = amount < 0 ? '-' : '';
  const digits = String(Math.abs(amount));
  if (exponent === 0) return sign + digits;
  const padded = digits.padStart(exponent + 1, '0');
  return `${sign}${padded.slice(0, -exponent)}.${padded.slice(-exponent)}`;
}

/**
 * A price typed in major units ('8000', '39.99', '245,90') as minor units, exactly; null when it
 * is not a non-negative number with at most the currency's decimals (a fraction of a yen, a
 * fraction of a rupiah).
 */
export function decimalToMinor(text: string, currency: CurrencyCode): number | null {
  const { exponent, displayDecimals } = CURRENCY_RULES[currency];
  const match = /^\s*(\d{1,15})(?:[.,](\d+))?\s*$/.exec(text);
  if (!match) return null;
  const [, whole, fraction = ''] = match;
  const significant = fraction.replace(/0+$/, '');
  if (significant.length > displayDecimals) return null;
  const minor = Number(whole) * 10 ** exponent + Number(significant.padEnd(exponent, '0') || '0');
  return Number.isSafeInteger(minor) ? minor : null;
}

/** The amount Stripe's API takes for `amount` minor units: the same integer for all our currencies. */
export function toStripeAmount(amount: number, currency: CurrencyCode): number {
  requireAmount(amount, currency);
  return amount;
}

/** Stripe's lower-case currency code. */
export function toStripeCurrency(currency: CurrencyCode): string {
  return currency.toLowerCase();
}

/** Our currency code from Stripe's lower-case one; null for a currency Locora does not use. */
export function fromStripeCurrency(code: string | null | undefined): CurrencyCode | null {
  const upper = (code ?? '').toUpperCase();
  return isCurrencyCode(upper) ? upper : null;
}

/** The message naming an unknown currency (API input). */
export const unknownCurrencyMessage = (value: unknown) =>
  `Unknown currency "${String(value).slice(0, 20)}": use one of ${CURRENCIES.join(', ')}`;

/**
 * What is wrong with `price` (minor units) as the price of a service in `currency`; undefined when
 * it is a price Locora and Stripe take. 0 (a free service) is allowed here; whether it was meant is
 * the form's question. A negative price, or one outside what a card can be charged
 * (`limitCents`), is worded for the reader by the server; the others are what only an API client
 * sends (the form sends whole minor units), and say so in English, naming the currency.
 */
export type PriceProblem =
  | { kind: 'negative' }
  | { kind: 'below_minimum'; limitCents: number }
  | { kind: 'above_maximum'; limitCents: number }
  | { kind: 'not_minor_units'; message: string };

export function priceProblem(price: number, currency: CurrencyCode): PriceProblem | undefined {
  const rules = CURRENCY_RULES[currency];
  const unit = rules.minorUnitName;
  if (typeof price !== 'number' || !Number.isFinite(price))
    return { kind: 'not_minor_units', message: `Price must be a number of ${currency} ${unit}` };
  if (price < 0) return { kind: 'negative' };
  if (!Number.isSafeInteger(price))
    return {
      kind: 'not_minor_units',
      message:
        rules.exponent === 0
          ? `${currency} has no fractions: a price in ${currency} is a whole number of ${unit}`
          : `Price must be a whole number of ${currency} ${unit}`,
    };
  if (price % rules.step !== 0)
    return {
      kind: 'not_minor_units',
      message: `A price in ${currency} is in whole units: send a whole number of ${unit}`,
    };
  if (price > 0 && price < rules.stripeMinimumCharge)
    return { kind: 'below_minimum', limitCents: minimumPrice(currency) };
  if (price > rules.maxPrice) return { kind: 'above_maximum', limitCents: rules.maxPrice };
  return undefined;
}

/** The lowest non-zero price in `currency`: Stripe's minimum charge, rounded up to the currency's step. */
export function minimumPrice(currency: CurrencyCode): number {
  const { stripeMinimumCharge, step } = CURRENCY_RULES[currency];
  return Math.ceil(stripeMinimumCharge / step) * step;
}
