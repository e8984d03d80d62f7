/**
 * Money rules: prices are integer US cents; a booking's subtotal is what its pricing unit says
 * (price x hours per hour, the unit price for one session or one day: decision 035), the service
 * fee is 5 % of the subtotal rounded half up to a whole cent, and the total is their sum. All
 * maths is on integers, so no float drift ever reaches an amount.
 */
import { SERVICE_FEE_RATE } from './constants.ts';
import { CURRENCY_RULES, minorToDecimal, type CurrencyCode } from './currency.ts';
import { intlLocale, type Locale } from './locales.ts';

/** SERVICE_FEE_RATE as an exact fraction: 0.05 = 5 / 100. */
const FEE_DENOMINATOR = 10_000;
const FEE_NUMERATOR = Math.round(SERVICE_FEE_RATE * FEE_DENOMINATOR);

function requireCents(value: number, what: string) {
  if (!Number.isSafeInteger(value) || value < 0)
    throw new RangeError(`${what} must be a whole, non-negative number of cents`);
}

function requireHours(hours: number) {
  if (!Number.isSafeInteger(hours) || hours < 1) throw new RangeError('hours must be a whole number of at least 1');
}

/** Divides a non-negative integer by a positive one, rounding half up. */
function divideHalfUp(numerator: number, denominator: number) {
  return Math.floor((2 * numerator + denominator) / (2 * denominator));
}

/** Price times hours, in cents. */
export function subtotalCents(priceCents: number, hours: number): number {
  requireCents(priceCents, 'priceCents');
  requireHours(hours);
  const subtotal = priceCents * hours;
  if (!Number.isSafeInteger(subtotal)) throw new RangeError('subtotal is too large');
  return subtotal;
}

/** The service fee of a subtotal: 5 %, rounded half up to a cent (1 cent -> 0, 10 -> 1, 30 -> 2). */
export function serviceFeeCents(subtotal: number): number {
  requireCents(subtotal, 'subtotal');
  return divideHalfUp(subtotal * FEE_NUMERATOR, FEE_DENOMINATOR);
}

export type BookingAmounts = {
  /** Price times hours: the booking's amountCents. */
  subtotalCents: number;
  feeCents: number;
  totalCents: number;
};

/** Subtotal, fee and total of `hours` at `priceCents` an hour. */
export function bookingAmounts(priceCents: number, hours: number): BookingAmounts {
  const subtotal = subtotalCents(priceCents, hours);
  const feeCents = serviceFeeCents(subtotal);
  return { subtotalCents: subtotal, feeCents, totalCents: subtotal + feeCents };
}

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

/**
 * The hours a booking of `unit` blocks: the hours asked for per hour, the session's or day's
 * length (the service's `minHours`) otherwise, whatever was asked.
 */
export function bookedHours(unit: PricingUnit, minHours: number, requestedHours: number): number {
  return isHourly(unit) ? requestedHours : minHours;
}

/** Subtotal, fee and total of a booking of `hours` at `priceCents` per `unit` (one session or day: the price). */
export function amountsForUnit(unit: PricingUnit, priceCents: number, hours: number): BookingAmounts {
  requireHours(hours);
  return bookingAmounts(priceCents, isHourly(unit) ? hours : 1);
}

const hoursText = (hours: number) => `${hours} ${hours === 1 ? 'hour' : 'hours'}`;

/** What one booking buys: '3 hours' per hour, '1 session · 3 hours' or '1 day · 8 hours' otherwise. */
export function bookingLengthText(unit: PricingUnit, hours: number): string {
  if (isHourly(unit)) return hoursText(hours);
  return `1 ${unit === 'per day' ? 'day' : 'session'} · ${hoursText(hours)}`;
}

/** The unit price a booking was made at, from its amount: per hour amount / hours, else the amount. */
export function unitPriceOfBooking(unit: PricingUnit, amountCents: number, hours: number): number {
  return isHourly(unit) ? Math.round(amountCents / Math.max(1, hours)) : amountCents;
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
 * What a booking's money means to each side, from its stored amounts (integer cents): the
 * traveler pays the subtotal plus the service fee; the provider receives the subtotal; Locora
 * keeps the fee.
 */
export function bookingShares(booking: { amountCents: number; feeCents: number }): {
  travelerPaysCents: number;
  providerReceivesCents: number;
  feeCents: number;
} {
  requireCents(booking.amountCents, 'amountCents');
  requireCents(booking.feeCents, 'feeCents');
  return {
    travelerPaysCents: booking.amountCents + booking.feeCents,
    providerReceivesCents: booking.amountCents,
    feeCents: booking.feeCents,
  };
}
