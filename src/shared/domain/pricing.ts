/**
 * Money rules (SPEC.md section 9): prices are integer US cents; a booking's subtotal is the price
 * times the hours, the service fee is 5 % of the subtotal rounded half up to a whole cent, and the
 * total is their sum. All maths is on integers, so no float drift ever reaches an amount.
 */
import { SERVICE_FEE_RATE } from './constants.ts';

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

/** Subtotal, fee and total of `hours` at `priceCents` an hour (or a session / a day). */
export function bookingAmounts(priceCents: number, hours: number): BookingAmounts {
  const subtotal = subtotalCents(priceCents, hours);
  const feeCents = serviceFeeCents(subtotal);
  return { subtotalCents: subtotal, feeCents, totalCents: subtotal + feeCents };
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
 * Whole dollars, as the cards and the dashboard show them (SPEC.md: cents / 100, no decimals),
 * rounded half up: 4500 -> '$45', 4550 -> '$46', 4549 -> '$45', 0 -> '$0', -4550 -> '-$46',
 * 208500 -> '$2,085'.
 */
export function formatWholeDollars(cents: number): string {
  requireInteger(cents);
  return `${sign(cents)}$${grouped(divideHalfUp(Math.abs(cents), 100))}`;
}

/** Dollars and cents, as checkout shows them: 4500 -> '$45.00', 683 -> '$6.83', 5 -> '$0.05'. */
export function formatDollarsAndCents(cents: number): string {
  requireInteger(cents);
  const abs = Math.abs(cents);
  return `${sign(cents)}$${grouped(Math.floor(abs / 100))}.${String(abs % 100).padStart(2, '0')}`;
}
