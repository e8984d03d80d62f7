/**
 * A provider's money, booking by booking (decision 039). Every amount is integer cents:
 * - gross: what the traveler paid (the booking's subtotal plus Locora's service fee);
 * - fee: Locora's service fee (5 % of the subtotal, pricing.ts);
 * - net: the provider's share, the subtotal. With destination charges this is what reaches the
 *   provider's Stripe balance and is paid out once the booking is COMPLETED.
 *
 * The totals count exactly the bookings the dashboard's Revenue card counts (PAID and COMPLETED,
 * docs/product.md), so the Revenue card (net) and the Earnings total always agree.
 */
import { countsAsRevenue } from './booking-status.ts';
import { formatCalendarDate, requireDate, type CalendarDate } from './calendar-date.ts';
import { utcToZoned, zonedToUtc } from './time.ts';

/** What a booking's money is doing, in the provider's words. */
export const EARNING_STATUSES = ['authorised', 'captured', 'refunded', 'disputed', 'paid_out', 'direct'] as const;
export type EarningStatus = (typeof EARNING_STATUSES)[number];

export const EARNING_STATUS_LABELS: Record<EarningStatus, string> = {
  authorised: 'Authorised',
  captured: 'Captured',
  refunded: 'Refunded',
  disputed: 'Disputed',
  paid_out: 'Paid out',
  direct: 'No card payment',
};

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
};

/**
 * One booking's earning status. A dispute (open or lost) says most; then money going back to the
 * traveler; then a payout made; then what Stripe holds. A booking without a card payment that
 * counts as revenue was paid outside Locora ('direct').
 */
export function earningStatus(f: EarningFacts): EarningStatus {
  if (isOpenDispute(f.disputeStatus) || f.disputeStatus === 'lost') return 'disputed';
  if (f.paymentStatus === 'refunded' || f.bookingStatus === 'REFUNDED' || f.refundPending) return 'refunded';
  if (f.payoutStatus && PAYOUT_MOVING.includes(f.payoutStatus)) return 'paid_out';
  if (f.paymentStatus === 'succeeded') return 'captured';
  if (f.paymentStatus === 'requires_capture' || f.paymentStatus === 'processing') return 'authorised';
  return 'direct';
}

/** Whether a booking's amounts are in the totals: the Revenue card's rule (PAID and COMPLETED). */
export const countsAsEarning = (bookingStatus: string) => countsAsRevenue(bookingStatus);

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

export type EarningTotals = EarningAmounts & { bookings: number };
export const ZERO_TOTALS: EarningTotals = { grossCents: 0, feeCents: 0, netCents: 0, bookings: 0 };

export function addToTotals(t: EarningTotals, a: EarningAmounts): EarningTotals {
  return {
    grossCents: t.grossCents + a.grossCents,
    feeCents: t.feeCents + a.feeCents,
    netCents: t.netCents + a.netCents,
    bookings: t.bookings + 1,
  };
}

export type MonthRange = { start: Date; end: Date; label: string };

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
  };
}

export const inRange = (instant: Date, r: MonthRange) =>
  instant.getTime() >= r.start.getTime() && instant.getTime() < r.end.getTime();

/** Earning rows' totals: this month, last month (in `timeZone`) and all time, of the rows that count. */
export function earningTotals(
  rows: readonly (EarningAmounts & { date: Date; counts: boolean })[],
  now: Date,
  timeZone: string,
): { thisMonth: EarningTotals; lastMonth: EarningTotals; allTime: EarningTotals } {
  const thisMonth = monthRange(now, timeZone, 0);
  const lastMonth = monthRange(now, timeZone, -1);
  const totals = { thisMonth: ZERO_TOTALS, lastMonth: ZERO_TOTALS, allTime: ZERO_TOTALS };
  for (const row of rows) {
    if (!row.counts) continue;
    totals.allTime = addToTotals(totals.allTime, row);
    if (inRange(row.date, thisMonth)) totals.thisMonth = addToTotals(totals.thisMonth, row);
    else if (inRange(row.date, lastMonth)) totals.lastMonth = addToTotals(totals.lastMonth, row);
  }
  return totals;
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

export const EARNINGS_CSV_HEADER = [
  'Date',
  'Service',
  'Traveler',
  'Currency',
  'Gross',
  'Locora fee',
  'Net',
  'Status',
  'Booking status',
  'Booking ID',
] as const;

/** The file's name: locora-earnings-2026-11-27.csv (the provider's date). */
export function earningsCsvFilename(now: Date, timeZone: string): string {
  return `locora-earnings-${utcToZoned(now, timeZone).date}.csv`;
}
