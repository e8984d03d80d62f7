/**
 * A booking's amounts (decision 035): its subtotal (price x hours per hour, the unit price for one
 * session or day), the 5 % service fee rounded half up to the currency's step, and the total, all
 * integers in the minor unit of the currency. Apart from pricing.ts (the formatting every card
 * uses), so that the client's first chunk, which only shows prices, does not carry them.
 */
import { SERVICE_FEE_RATE } from './constants.ts';
import { CURRENCY_RULES, type CurrencyCode } from './currency.ts';
import { isHourly, type PricingUnit } from './pricing.ts';

/** SERVICE_FEE_RATE as an exact fraction: 0.05 = 500 / 10,000. */
const FEE_DENOMINATOR = 10_000;
const FEE_NUMERATOR = Math.round(SERVICE_FEE_RATE * FEE_DENOMINATOR);

function requireMinor(value: number, what: string, currency: CurrencyCode) {
  if (!Number.isSafeInteger(value) || value < 0)
    throw new RangeError(`${what} must be a whole, non-negative number of ${currency} minor units`);
  if (value % CURRENCY_RULES[currency].step !== 0)
    throw new RangeError(`${what} must be a whole step of ${currency} (${CURRENCY_RULES[currency].step} minor units)`);
}

function requireHours(hours: number) {
  if (!Number.isSafeInteger(hours) || hours < 1) throw new RangeError('hours must be a whole number of at least 1');
}

/**
 * a x b / d for non-negative integers and a positive d, rounded half up, exactly (in BigInt, so
 * a product past 2^53 (a large rupiah amount times a fee) loses nothing).
 */
export function mulDivHalfUp(a: number, b: number, d: number): number {
  const result = (2n * BigInt(a) * BigInt(b) + BigInt(d)) / (2n * BigInt(d));
  return Number(result);
}

/** Price times hours, in minor units of `currency`. */
export function subtotalCents(priceCents: number, hours: number, currency: CurrencyCode): number {
  requireMinor(priceCents, 'price', currency);
  requireHours(hours);
  const subtotal = priceCents * hours;
  if (!Number.isSafeInteger(subtotal)) throw new RangeError('subtotal is too large');
  return subtotal;
}

/**
 * The service fee of a subtotal: 5 %, rounded half up to the currency's step (USD: 1 cent -> 0,
 * 10 -> 1, 30 -> 2; JPY: ¥8,000 -> ¥400, ¥10 -> ¥1; IDR: whole rupiah, Rp 10 -> Rp 1).
 */
export function serviceFeeCents(subtotal: number, currency: CurrencyCode): number {
  requireMinor(subtotal, 'subtotal', currency);
  const { step } = CURRENCY_RULES[currency];
  return mulDivHalfUp(subtotal, FEE_NUMERATOR, FEE_DENOMINATOR * step) * step;
}

export type BookingAmounts = {
  currency: CurrencyCode;
  /** Price times hours: the booking's amountCents (minor units of `currency`). */
  subtotalCents: number;
  feeCents: number;
  totalCents: number;
};

/** Subtotal, fee and total of `hours` at `priceCents` an hour, in `currency`. */
export function bookingAmounts(priceCents: number, hours: number, currency: CurrencyCode): BookingAmounts {
  const subtotal = subtotalCents(priceCents, hours, currency);
  const feeCents = serviceFeeCents(subtotal, currency);
  return { currency, subtotalCents: subtotal, feeCents, totalCents: subtotal + feeCents };
}

/**
 * The hours a booking of `unit` blocks: the hours asked for per hour, the session's or day's
 * length (the service's `minHours`) otherwise, whatever was asked.
 */
export function bookedHours(unit: PricingUnit, minHours: number, requestedHours: number): number {
  return isHourly(unit) ? requestedHours : minHours;
}

/** Subtotal, fee and total of a booking of `hours` at `priceCents` per `unit` (one session or day: the price). */
export function amountsForUnit(
  unit: PricingUnit,
  priceCents: number,
  hours: number,
  currency: CurrencyCode,
): BookingAmounts {
  requireHours(hours);
  return bookingAmounts(priceCents, isHourly(unit) ? hours : 1, currency);
}

/**
 * The unit price a booking was made at, from its amount: per hour amount / hours (exact for a
 * booking made as price x hours; rounded half up to a minor unit otherwise), else the amount.
 */
export function unitPriceOfBooking(unit: PricingUnit, amountCents: number, hours: number): number {
  if (!isHourly(unit)) return amountCents;
  return mulDivHalfUp(Math.max(0, amountCents), 1, Math.max(1, hours));
}
