/**
 * The one currency table: every amount in Locora is an integer in the minor unit of its ISO 4217
 * currency, stored and sent with that currency's code. Every conversion between a typed price,
 * a stored amount, Stripe's `amount` and a displayed price goes through this table.
 *
 * Stripe's rules (docs.stripe.com/currencies): API amounts are in the currency's minor unit; JPY
 * is zero-decimal (¥8,000 is `8000`); IDR is a two-decimal currency in the API (Rp 350.000 is
 * `35000000`) but is shown, priced and paid in whole rupiah. Each currency has a minimum charge.
 */
export const CURRENCIES = ['USD', 'EUR', 'JPY', 'THB', 'IDR', 'MXN', 'BRL'] as const;
export type CurrencyCode = (typeof CURRENCIES)[number];

export type CurrencyRules = {
  /** ISO 4217 exponent: minor units in one major unit are 10^exponent. */
  exponent: number;
  /** Decimals shown when an amount is not whole (IDR: none; its amounts are whole rupiah). */
  displayDecimals: number;
  /**
   * The smallest step a price, fee or refund may take, in minor units: 1 for most, 100 for IDR
   * (whole rupiah), so every amount can be shown exactly.
   */
  step: number;
  /** Stripe's minimum charge, in minor units. */
  stripeMinimumCharge: number;
};

export const CURRENCY_RULES: Record<CurrencyCode, CurrencyRules> = {
  USD: { exponent: 2, displayDecimals: 2, step: 1, stripeMinimumCharge: 50 },
  EUR: { exponent: 2, displayDecimals: 2, step: 1, stripeMinimumCharge: 50 },
  JPY: { exponent: 0, displayDecimals: 0, step: 1, stripeMinimumCharge: 50 },
  THB: { exponent: 2, displayDecimals: 2, step: 1, stripeMinimumCharge: 1_000 },
  IDR: { exponent: 2, displayDecimals: 0, step: 100, stripeMinimumCharge: 1_000_000 },
  MXN: { exponent: 2, displayDecimals: 2, step: 1, stripeMinimumCharge: 1_000 },
  BRL: { exponent: 2, displayDecimals: 2, step: 1, stripeMinimumCharge: 50 },
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
export function fromStripeCurrency(code: string): CurrencyCode | null {
  const upper = code.toUpperCase();
  return isCurrencyCode(upper) ? upper : null;
}
