/**
 * Estimates in a traveler's own currency, from the European Central Bank's daily euro reference
 * rates (decision 049). A rate is what one euro is worth in a currency, exactly as the ECB writes
 * it ('1.1607' US dollars, '176.45' yen); the euro itself is 1. Every conversion here is exact
 * rational maths on integers (BigInt): an amount in minor units, times the target's rate, over the
 * source's rate. Only the final estimate is rounded, to whole units of the traveler's currency,
 * and it is always shown as an estimate ('≈ R$ 245'), never as a price.
 */
import { addCalendarDays, calendarDaysBetween, isCalendarDate, type CalendarDate } from './calendar-date.ts';
import { CURRENCIES, CURRENCY_RULES, type CurrencyCode } from './currency.ts';

/** The currency the ECB quotes every rate against: one euro is 1 of it. */
export const RATE_BASE_CURRENCY: CurrencyCode = 'EUR';

/** Rates older than this many days (from their date to today) are not used: the estimate is hidden. */
export const MAX_RATE_AGE_DAYS = 4;

/** One day's reference rates: each currency's value of one euro, as an exact decimal string. */
export type EuroRates = {
  /** The day the ECB published them for ('yyyy-MM-dd'). */
  date: CalendarDate;
  /** Units of each currency per euro ('176.45'); the euro is implied (1). */
  perEuro: Partial<Record<CurrencyCode, string>>;
};

/** A positive decimal as the ECB writes a rate: digits, optionally a point and more digits. */
const RATE_RE = /^(\d{1,12})(?:\.(\d{1,12}))?$/;

/** A rate as an exact fraction `numerator / 10^scale`; null when it is not a positive decimal. */
export function parseRate(text: string): { numerator: bigint; denominator: bigint } | null {
  const match = RATE_RE.exec(text.trim());
  if (!match) return null;
  const [, whole = '', fraction = ''] = match;
  const numerator = BigInt(whole + fraction);
  if (numerator === 0n) return null;
  return { numerator, denominator: 10n ** BigInt(fraction.length) };
}

export function isRateText(text: string): boolean {
  return parseRate(text) !== null;
}

/** A currency's rate as a fraction (the euro: 1/1); null when the day has no rate for it. */
function rateOf(rates: EuroRates, currency: CurrencyCode): { numerator: bigint; denominator: bigint } | null {
  if (currency === RATE_BASE_CURRENCY) return { numerator: 1n, denominator: 1n };
  const text = rates.perEuro[currency];
  return text === undefined ? null : parseRate(text);
}

/** An exact amount of minor units of a currency, as a fraction (the denominator is positive). */
export type ExactAmount = { numerator: bigint; denominator: bigint };

/**
 * `amount` minor units of `from`, converted exactly into minor units of `to` through the euro:
 * amount / 10^e(from) / rate(from) × rate(to) × 10^e(to). Null when either rate is missing.
 */
export function convertExactly(
  amount: number,
  from: CurrencyCode,
  to: CurrencyCode,
  rates: EuroRates,
): ExactAmount | null {
  if (!Number.isSafeInteger(amount)) throw new RangeError('an amount must be a whole number of minor units');
  const source = rateOf(rates, from);
  const target = rateOf(rates, to);
  if (!source || !target) return null;
  const fromScale = 10n ** BigInt(CURRENCY_RULES[from].exponent);
  const toScale = 10n ** BigInt(CURRENCY_RULES[to].exponent);
  return {
    numerator: BigInt(amount) * target.numerator * source.denominator * toScale,
    denominator: target.denominator * source.numerator * fromScale,
  };
}

/** numerator / denominator rounded half away from zero (denominator positive). */
function roundHalfAway(numerator: bigint, denominator: bigint): bigint {
  const sign = numerator < 0n ? -1n : 1n;
  const magnitude = numerator < 0n ? -numerator : numerator;
  return sign * ((2n * magnitude + denominator) / (2n * denominator));
}

/**
 * The estimate of `amount` minor units of `from` in `to`: the exact conversion rounded half up to
 * a whole unit of `to` (a whole real, yen, rupiah), in minor units of `to`, so that
 * `formatMoney(estimate, to, locale)` writes it without decimals ('R$ 245'). Null when a rate is
 * missing. The same currency is not an estimate: callers show no estimate then.
 */
export function estimateIn(amount: number, from: CurrencyCode, to: CurrencyCode, rates: EuroRates): number | null {
  const exact = convertExactly(amount, from, to, rates);
  if (!exact) return null;
  const unit = 10n ** BigInt(CURRENCY_RULES[to].exponent);
  const wholeUnits = roundHalfAway(exact.numerator, exact.denominator * unit);
  const minor = Number(wholeUnits * unit);
  return Number.isSafeInteger(minor) ? minor : null;
}

/** Whole days from the rates' date to `today` (both calendar dates). */
export function rateAgeDays(rates: Pick<EuroRates, 'date'>, today: CalendarDate): number {
  return calendarDaysBetween(rates.date, today);
}

/**
 * Whether rates may be used on `today`: at most MAX_RATE_AGE_DAYS old (a Friday's rates serve the
 * weekend and Monday morning; older ones are hidden, never shown wrong). Rates dated after today
 * (a clock behind Frankfurt's) are used.
 */
export function areRatesUsable(rates: Pick<EuroRates, 'date'>, today: CalendarDate): boolean {
  return isCalendarDate(rates.date) && rateAgeDays(rates, today) <= MAX_RATE_AGE_DAYS;
}

/** The last day rates dated `date` may be used on. */
export function lastUsableDay(date: CalendarDate): CalendarDate {
  return addCalendarDays(date, MAX_RATE_AGE_DAYS);
}

/** Whether the day's rates cover every currency Locora uses (the ECB's do). */
export function coversEveryCurrency(rates: EuroRates): boolean {
  return CURRENCIES.every((currency) => rateOf(rates, currency) !== null);
}

/**
 * Normalised prices, for sorting and filtering services priced in different currencies by one
 * index (decision 049): a price in millionths of a euro at the day's rates, rounded half up. The
 * order of normalised prices is the order in every currency, since converting from euros is a
 * multiplication by a positive rate.
 */
export const NORMALISED_UNITS_PER_EURO = 1_000_000n;

/**
 * A currency's rate for normalising: its latest stored one, or par (1) while none is stored yet,
 * as the database's locora_normalised_price does (migration 0036).
 */
function normalisingRates(rates: EuroRates, currency: CurrencyCode): EuroRates {
  return rateOf(rates, currency) ? rates : { date: rates.date, perEuro: { ...rates.perEuro, [currency]: '1' } };
}

/** `amount` minor units of `currency` in millionths of a euro, rounded half up (par without its rate). */
export function normalisedPrice(amount: number, currency: CurrencyCode, rates: EuroRates): number {
  const exact = convertExactly(amount, currency, RATE_BASE_CURRENCY, normalisingRates(rates, currency))!;
  // Minor units of the euro (cents) to millionths: × 10^6 / 10^2.
  const scale = NORMALISED_UNITS_PER_EURO / 10n ** BigInt(CURRENCY_RULES[RATE_BASE_CURRENCY].exponent);
  return Number(roundHalfAway(exact.numerator * scale, exact.denominator));
}

/**
 * The normalised bounds of a price filter written in units of `currency` ('from R$ 100 to
 * R$ 300'): a service passes when its exact price in that currency lies within them, the same
 * comparison as for a price in that currency itself. Bounds are millionths of a euro, rounded
 * half up like normalised prices (rounding keeps order, and two prices in one currency are always
 * more than a millionth of a euro apart, so a price in the filter's own currency is compared
 * exactly); par without the currency's rate, as for normalised prices.
 */
export function normalisedFilterBounds(
  range: { min?: number | undefined; max?: number | undefined },
  currency: CurrencyCode,
  rates: EuroRates,
): { lowest: number | undefined; highest: number | undefined } {
  const rate = rateOf(normalisingRates(rates, currency), currency)!;
  // value / rate × 10^6, value written as an exact decimal (the number's shortest form).
  const toNormalised = (value: number) => {
    const decimal = parseRate(String(value));
    if (!decimal) return 0;
    return Number(
      roundHalfAway(
        decimal.numerator * rate.denominator * NORMALISED_UNITS_PER_EURO,
        decimal.denominator * rate.numerator,
      ),
    );
  };
  return {
    lowest: range.min !== undefined && range.min > 0 ? toNormalised(range.min) : undefined,
    highest: range.max !== undefined ? toNormalised(range.max) : undefined,
  };
}
