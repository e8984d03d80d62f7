/**
 * A provider's money, booking by booking (decision 039). Every amount is integer cents:
 * - gross: what the traveler paid (the booking's subtotal plus Locora's service fee);
 * - fee: Locora's service fee (5 % of the subtotal, pricing.ts);
 * - net: the provider's share, the subtotal. With destination charges this is what reaches the
 *   provider's Stripe balance and is paid out once the booking is COMPLETED.
 *
 * The totals count what the ledger says each booking kept after refunds (keptAmounts, decision 060
 * and its addendum), the Revenue card's figure.
 */
import {
  calendarDateInstant,
  formatCalendarDate,
  localeDateFormat,
  requireDate,
  type CalendarDate,
} from './calendar-date.ts';
import { CURRENCIES, type CurrencyCode } from './currency.ts';
import type { KeptShare } from './ledger.ts';
import type { Locale } from './locales.ts';
import { utcToZoned, zonedToUtc } from './time.ts';

/** What a booking's money is doing (the screens and the earnings file word each). */
export const EARNING_STATUSES = ['authorised', 'captured', 'refunded', 'disputed', 'paid_out', 'direct'] as const;
export type EarningStatus = (typeof EARNING_STATUSES)[number];

/** Stripe's dispute statuses while the outcome is open (https://docs.stripe.com/api/disputes/object#dispute_object-status). */
export const OPEN_DISPUTE_STATUSES = [
  'warning_needs_response',
  'warning_under_review',
  'needs_response',
  'under_review',
  'appeal_needs_response',
  'appeal_under_review',
] as const;
export const isOpenDispute = (status: string | null | undefined) =>
  !!status && (OPEN_DISPUTE_STATUSES as readonly string[]).includes(status);

/** Stripe's payout statuses that mean the money left (or is leaving) the provider's balance. */
const PAYOUT_MOVING = ['paid', 'in_transit', 'pending'];

export type EarningFacts = {
  /** The booking's effective status (locora_effective_status). */
  bookingStatus: string;
  /** Its card payment's Stripe status, or null without one. */
  paymentStatus: string | null;
  refundPending: boolean;
  /** Its latest dispute's Stripe status, or null. */
  disputeStatus: string | null;
  /** Its payout's Stripe status, or null when none was made. */
  payoutStatus: string | null;
  /** Its share was settled with the provider by hand (a charge made before payouts existed). */
  settledByHand?: boolean;
};

/**
 * One booking's earning status. A dispute (open or lost) says most; then money going back to the
 * traveler; then a payout made, or the share settled by hand; then what Stripe holds. A booking without a card payment that
 * counts as revenue was paid outside Locora ('direct').
 */
export function earningStatus(f: EarningFacts): EarningStatus {
  if (isOpenDispute(f.disputeStatus) || f.disputeStatus === 'lost') return 'disputed';
  if (f.paymentStatus === 'refunded' || f.bookingStatus === 'REFUNDED' || f.refundPending) return 'refunded';
  if ((f.payoutStatus && PAYOUT_MOVING.includes(f.payoutStatus)) || f.settledByHand) return 'paid_out';
  if (f.paymentStatus === 'succeeded') return 'captured';
  if (f.paymentStatus === 'requires_capture' || f.paymentStatus === 'processing') return 'authorised';
  return 'direct';
}

export type EarningAmounts = { grossCents: number; feeCents: number; netCents: number };

function requireCents(value: number, what: string) {
  if (!Number.isSafeInteger(value) || value < 0)
    throw new RangeError(`${what} must be a whole, non-negative number of cents`);
}

/** Gross, fee and net of a booking from its stored subtotal (`amount_cents`) and fee (`fee_cents`). */
export function earningAmounts(subtotalCents: number, feeCents: number): EarningAmounts {
  requireCents(subtotalCents, 'subtotalCents');
  requireCents(feeCents, 'feeCents');
  return { grossCents: subtotalCents + feeCents, feeCents, netCents: subtotalCents };
}

/**
 * What a booking earned (decision 060 and its addendum), from what its ledger says it kept
 * (`keptShare`, src/shared/domain/ledger.ts): what the traveler paid (`grossCents`: the charge;
 * before one, what their card holds, or the booking's price without a card payment), what went
 * back to them (`refundedCents`: refunds made, and a refund owed), and, of what was kept, Locora's
 * fee and the provider's net.
 *
 * A booking earns when its charge left the provider something (a paid or completed booking, a late
 * cancellation whose money was kept, a partial refund); otherwise (no card payment, a hold not
 * charged or released, a full refund) its fee and net are 0, so adding up the rows' nets gives the
 * totals, in the CSV as on screen, and the totals are the Revenue card's.
 */
export type KeptAmounts = EarningAmounts & { refundedCents: number; counts: boolean };

export function keptAmounts(listedGrossCents: number, kept: KeptShare | null): KeptAmounts {
  requireCents(listedGrossCents, 'listedGrossCents');
  if (!kept) return { grossCents: listedGrossCents, refundedCents: 0, feeCents: 0, netCents: 0, counts: false };
  const counts = kept.netCents > 0;
  return {
    grossCents: kept.chargedCents,
    refundedCents: kept.refundedCents,
    feeCents: counts ? kept.feeCents : 0,
    netCents: counts ? kept.netCents : 0,
    counts,
  };
}

export type EarningTotals = EarningAmounts & { bookings: number };
export const ZERO_TOTALS: EarningTotals = { grossCents: 0, feeCents: 0, netCents: 0, bookings: 0 };
export type CurrencyTotals = EarningTotals & { currency: CurrencyCode };

export function addToTotals(t: EarningTotals, a: EarningAmounts): EarningTotals {
  return {
    grossCents: t.grossCents + a.grossCents,
    feeCents: t.feeCents + a.feeCents,
    netCents: t.netCents + a.netCents,
    bookings: t.bookings + 1,
  };
}

export type MonthRange = { start: Date; end: Date; label: string; first: CalendarDate };

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** The first day of the month `months` after (negative: before) the month of `date`. */
function firstOfMonth(date: CalendarDate, months: number): CalendarDate {
  const { year, month } = requireDate(date);
  const index = year * 12 + (month - 1) + months;
  return formatCalendarDate({ year: Math.floor(index / 12), month: (index % 12) + 1, day: 1 });
}

/**
 * The calendar month that `now` falls in on `timeZone`'s clocks (offset 0) or the one `offset`
 * months away, as instants: from its first midnight there to the next month's first midnight.
 */
export function monthRange(now: Date, timeZone: string, offset = 0): MonthRange {
  const today = utcToZoned(now, timeZone).date;
  const first = firstOfMonth(today, offset);
  const next = firstOfMonth(first, 1);
  const { year, month } = requireDate(first);
  return {
    start: zonedToUtc(first, '00:00', timeZone),
    end: zonedToUtc(next, '00:00', timeZone),
    label: `${MONTH_NAMES[month - 1]} ${year}`,
    first,
  };
}

/** A month (its first day) in the reader's language: 'November 2026', 'novembro de 2026', '2026年11月'. */
export function formatMonth(first: CalendarDate, locale: Locale): string {
  return localeDateFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    calendarDateInstant(first),
  );
}

export const inRange = (instant: Date, r: MonthRange) =>
  instant.getTime() >= r.start.getTime() && instant.getTime() < r.end.getTime();

/** Adds a kept amount to the totals of its currency (gross counted after refunds). */
function addIn(
  totals: Map<CurrencyCode, EarningTotals>,
  row: EarningAmounts & { currency: CurrencyCode; refundedCents?: number },
) {
  const t = totals.get(row.currency) ?? ZERO_TOTALS;
  totals.set(row.currency, addToTotals(t, { ...row, grossCents: row.grossCents - (row.refundedCents ?? 0) }));
}

/** Per-currency totals in the order of CURRENCIES, never summed across currencies. */
function ordered(totals: Map<CurrencyCode, EarningTotals>): CurrencyTotals[] {
  return CURRENCIES.filter((c) => totals.has(c)).map((currency) => ({ currency, ...totals.get(currency)! }));
}

/**
 * Earning rows' totals per currency, by the service's date: this month, last month (in
 * `timeZone`) and all time, of the rows that earn (keptAmounts). The gross is what the travelers
 * paid less what went back to them; fee and net are what was kept.
 */
export function earningTotals(
  rows: readonly (EarningAmounts & { date: Date; counts: boolean; currency: CurrencyCode; refundedCents: number })[],
  now: Date,
  timeZone: string,
): { thisMonth: CurrencyTotals[]; lastMonth: CurrencyTotals[]; allTime: CurrencyTotals[] } {
  const thisMonth = monthRange(now, timeZone, 0);
  const lastMonth = monthRange(now, timeZone, -1);
  const totals = { thisMonth: new Map(), lastMonth: new Map(), allTime: new Map() };
  for (const row of rows) {
    if (!row.counts) continue;
    addIn(totals.allTime, row);
    if (inRange(row.date, thisMonth)) addIn(totals.thisMonth, row);
    else if (inRange(row.date, lastMonth)) addIn(totals.lastMonth, row);
  }
  return {
    thisMonth: ordered(totals.thisMonth),
    lastMonth: ordered(totals.lastMonth),
    allTime: ordered(totals.allTime),
  };
}

/**
 * Charges per currency, by the day each card payment was taken (captured) on `timeZone`'s clock:
 * this month and last month. Gross is what was charged, fee Locora's fee on it, net the provider's
 * share; refunds made later do not change when the charge was made.
 */
export function chargedTotals(
  charges: readonly (EarningAmounts & { capturedAt: Date; currency: CurrencyCode })[],
  now: Date,
  timeZone: string,
): { thisMonth: CurrencyTotals[]; lastMonth: CurrencyTotals[] } {
  const thisMonth = monthRange(now, timeZone, 0);
  const lastMonth = monthRange(now, timeZone, -1);
  const totals = { thisMonth: new Map(), lastMonth: new Map() };
  for (const c of charges) {
    if (inRange(c.capturedAt, thisMonth)) addIn(totals.thisMonth, c);
    else if (inRange(c.capturedAt, lastMonth)) addIn(totals.lastMonth, c);
  }
  return { thisMonth: ordered(totals.thisMonth), lastMonth: ordered(totals.lastMonth) };
}

// ------------------------------------------------------------------------------------------ CSV

/** Cents as a plain decimal a spreadsheet reads as a number: 12345 -> '123.45', -5 -> '-0.05'. */
export function centsToDecimal(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError('an amount must be a whole number of cents');
  const abs = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * One CSV cell (RFC 4180, always quoted). Text that a spreadsheet would run as a formula (starting
 * with = + - @, a tab or a carriage return) is prefixed with an apostrophe (OWASP's CSV injection
 * advice); amounts are written by centsToDecimal and passed as `number` cells, never guarded.
 */
export function csvCell(value: string | { number: string }): string {
  let text = typeof value === 'string' ? value : value.number;
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

/** A whole CSV document: UTF-8 byte order mark (Excel reads UTF-8 then), CRLF line ends. */
export function csvDocument(rows: readonly (readonly (string | { number: string })[])[]): string {
  return `\uFEFF${rows.map((r) => r.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

/** The file's name: locora-earnings-2026-11-27.csv (the provider's date). */
export function earningsCsvFilename(now: Date, timeZone: string): string {
  return `locora-earnings-${utcToZoned(now, timeZone).date}.csv`;
}
