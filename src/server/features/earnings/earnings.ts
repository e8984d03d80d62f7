/**
 * A provider's earnings and payouts (decision 039). Every query is scoped by the signed-in
 * provider's own id: another provider's bookings, payouts and disputes are never read.
 *
 * - Earnings: one row per booking whose money Locora handled or that counts as revenue, with its
 *   gross (what the traveler paid), what went back to them, and of what was kept Locora's fee and
 *   the provider's net, all from the ledger (decision 060 and its addendum), and where its money
 *   is (authorised, captured, refunded, disputed, paid out). Totals per currency: earned (this
 *   month, last month, all time on the provider's clock, by the service's date; all time is the
 *   Revenue card) and charged (by the capture's time in the ledger).
 * - Payout summary: from the ledger (decision 068), paid out, on its way, owed and held, per
 *   currency, each with its bookings.
 * - Payouts: Stripe's list of the connected account's payouts (GET /v1/payouts with the
 *   Stripe-Account header), and the payouts Stripe reported failed with its reason.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { sql } from 'drizzle-orm';
import type {
  Earnings,
  EarningRow,
  FailedPayout,
  ProviderDispute,
  PayoutSummary,
  ProviderPayouts,
  TakenBack,
} from '../../../shared/api/earnings.ts';
import { isBookingStatus, type BookingStatus } from '../../../shared/domain/booking-status.ts';
import { DEFAULT_LOCALE, isLocale, type Locale } from '../../../shared/domain/locales.ts';
import { i18nFor } from '../../i18n.ts';
import { fromStripeCurrency, minorToDecimal, type CurrencyCode } from '../../../shared/domain/currency.ts';
import {
  chargedTotals,
  csvDocument,
  earningsCsvFilename,
  earningStatus,
  earningTotals,
  isOpenDispute,
  keptAmounts,
  monthRange,
  type EarningStatus,
} from '../../../shared/domain/earnings.ts';
import { PAYOUT_FIGURES, payoutFigures, type LedgerKind } from '../../../shared/domain/ledger.ts';
import { payoutAdvice } from '../../email/payout-advice.ts';
import { formatDateIn, formatTimeIn } from '../../../shared/domain/time.ts';
import { effectiveStatusSql, visibleToProviderSql } from '../../bookings/booking-sql.ts';
import { queryRows, type Executor } from '../../db/open.ts';
import { AppError } from '../../http/errors.ts';
import { providerKeptShares } from '../../payments/ledger.ts';
import { OWED_AFTER_FAILURE } from '../../payments/payouts.ts';
import { describeStripeError, type Stripe } from '../../payments/stripe-client.ts';

/** Rows the Payouts tab shows at most; the CSV has every one. */
export const EARNINGS_PAGE_ROWS = 200;

type Me = { id: string; time_zone: string; currency: CurrencyCode };

async function requireMyProvider(db: Executor, userId: string): Promise<Me> {
  const [me] = await queryRows<Me>(db, sql`select id, time_zone, currency from providers where user_id = ${userId}`);
  if (!me) throw new AppError('NOT_FOUND', 'You have no provider profile yet. Switch to provider to create one.');
  return me;
}

type Row = {
  id: string;
  start_at: Date;
  status: string;
  amount_cents: number;
  fee_cents: number;
  currency: CurrencyCode;
  refund_pending: boolean;
  pay_amount: number | null;
  title: string;
  traveler_name: string | null;
  payment_status: string | null;
  dispute_status: string | null;
  payout_status: string | null;
  settled_by_hand: boolean;
};

/** Statuses of a card payment whose money was held or taken at some point. */
const MONEY_SEEN = sql`('requires_capture', 'processing', 'succeeded', 'refunded')`;

/**
 * One row per booking whose money Locora handled or that counts as revenue, its amounts from the
 * ledger (`providerKeptShares`): what was charged, refunded, and kept (decision 060, addendum).
 */
async function earningRows(db: Executor, providerId: string, now: Date): Promise<EarningRow[]> {
  const eff = effectiveStatusSql(now, 'b');
  const rows = await queryRows<Row>(
    db,
    sql`select b.id, b.start_at, ${eff} as status, b.amount_cents, b.fee_cents, b.currency, b.refund_pending,
          p.amount_cents as pay_amount, s.title, u.name as traveler_name, p.status as payment_status,
          (select d.status from disputes d where d.booking_id = b.id order by d.opened_at desc limit 1) as dispute_status,
          (select bp.status from booking_payouts bp where bp.booking_id = b.id) as payout_status,
          exists (select 1 from manual_settlements ms where ms.booking_id = b.id) as settled_by_hand
        from bookings b
        join services s on s.id = b.service_id
        join users u on u.id = b.user_id
        left join payments p on p.booking_id = b.id
        where b.provider_id = ${providerId} and ${visibleToProviderSql('b')}
          and (${eff} in ('PAID', 'COMPLETED') or p.status in ${MONEY_SEEN})
        order by b.start_at desc, b.id`,
  );
  const kept = await providerKeptShares(db, providerId);
  return rows.map((r) => {
    const start = new Date(r.start_at);
    // Before a charge: what the card holds, or the booking's price without a card payment.
    const listed = r.pay_amount === null ? Number(r.amount_cents) + Number(r.fee_cents) : Number(r.pay_amount);
    const { counts, ...amounts } = keptAmounts(listed, kept.get(r.id) ?? null);
    return {
      bookingId: r.id,
      date: start.toISOString(),
      serviceTitle: r.title,
      travelerName: r.traveler_name,
      ...amounts,
      currency: r.currency,
      status: earningStatus({
        bookingStatus: r.status,
        paymentStatus: r.payment_status,
        refundPending: r.refund_pending,
        disputeStatus: r.dispute_status,
        payoutStatus: r.payout_status,
        settledByHand: r.settled_by_hand,
      }),
      bookingStatus: r.status,
      countsInTotals: counts,
    };
  });
}

/**
 * The provider's card payments taken, from the ledger: each booking's capture (its `captured`
 * row's time) with its amount, Locora's fee and the provider's share of it.
 */
async function charges(db: Executor, providerId: string) {
  const rows = await queryRows<{ captured_at: Date; amount: string; fee: string; currency: CurrencyCode }>(
    db,
    sql`select min(l.created_at) filter (where l.kind = 'captured') as captured_at,
          coalesce(sum(l.amount) filter (where l.kind = 'captured'), 0)::bigint as amount,
          coalesce(sum(l.amount) filter (where l.kind = 'fee'), 0)::bigint as fee, l.currency
        from ledger_entries l
        where l.provider_id = ${providerId} and l.kind in ('captured', 'fee')
        group by l.booking_id, l.currency
        having bool_or(l.kind = 'captured') and sum(l.amount) filter (where l.kind = 'captured') > 0`,
  );
  return rows.map((r) => {
    const gross = Number(r.amount);
    const fee = Math.min(Number(r.fee), gross);
    return {
      capturedAt: new Date(r.captured_at),
      currency: r.currency,
      grossCents: gross,
      feeCents: fee,
      netCents: gross - fee,
    };
  });
}

async function providerDisputes(db: Executor, providerId: string): Promise<ProviderDispute[]> {
  const rows = await queryRows<{
    booking_id: string;
    title: string;
    status: string;
    reason: string;
    amount_cents: number;
    currency: CurrencyCode;
    due_by: Date | null;
    opened_at: Date;
  }>(
    db,
    sql`select d.booking_id, s.title, d.status, d.reason, d.amount_cents, d.currency, d.due_by, d.opened_at
        from disputes d join bookings b on b.id = d.booking_id join services s on s.id = b.service_id
        where b.provider_id = ${providerId}
        order by d.opened_at desc limit 50`,
  );
  return rows.map((r) => ({
    bookingId: r.booking_id,
    serviceTitle: r.title,
    status: r.status,
    reason: r.reason,
    amountCents: Number(r.amount_cents),
    currency: r.currency,
    dueBy: r.due_by ? new Date(r.due_by).toISOString() : null,
    openedAt: new Date(r.opened_at).toISOString(),
    isOpen: isOpenDispute(r.status),
  }));
}

/** GET /api/provider/earnings: the rows (newest first, at most EARNINGS_PAGE_ROWS), totals, disputes. */
export async function getEarnings(db: Executor, userId: string, now: Date): Promise<Earnings> {
  const me = await requireMyProvider(db, userId);
  const rows = await earningRows(db, me.id, now);
  const earned = earningTotals(
    rows.map((r) => ({ ...r, date: new Date(r.date), counts: r.countsInTotals })),
    now,
    me.time_zone,
  );
  const charged = chargedTotals(await charges(db, me.id), now, me.time_zone);
  return {
    timeZone: me.time_zone,
    currency: me.currency,
    revenueBasis: 'net',
    thisMonth: {
      label: monthRange(now, me.time_zone, 0).label,
      month: monthRange(now, me.time_zone, 0).first,
      earned: earned.thisMonth,
      charged: charged.thisMonth,
    },
    lastMonth: {
      label: monthRange(now, me.time_zone, -1).label,
      month: monthRange(now, me.time_zone, -1).first,
      earned: earned.lastMonth,
      charged: charged.lastMonth,
    },
    allTime: earned.allTime,
    rows: rows.slice(0, EARNINGS_PAGE_ROWS),
    truncated: rows.length > EARNINGS_PAGE_ROWS,
    disputes: await providerDisputes(db, me.id),
  };
}

/**
 * GET /api/provider/earnings.csv: every row, as a spreadsheet opens it (earnings.ts csvDocument),
 * in the provider's account language (a downloaded file, like their calendar feed): the column
 * names, the dates and the statuses. Amounts are plain decimals in every language.
 */
export async function earningsCsv(
  db: Executor,
  userId: string,
  now: Date,
): Promise<{ filename: string; body: string }> {
  const me = await requireMyProvider(db, userId);
  const [{ language } = { language: DEFAULT_LOCALE }] = await queryRows<{ language: Locale }>(
    db,
    sql`select language from users where id = ${userId}`,
  );
  const locale = isLocale(language) ? language : DEFAULT_LOCALE;
  const i18n = i18nFor(locale);
  const rows = await earningRows(db, me.id, now);
  const zone = me.time_zone;
  const header = [
    msg({ message: 'Date', context: 'earnings file column' }),
    msg({ message: 'Service', context: 'earnings file column' }),
    msg({ message: 'Traveler', context: 'earnings file column' }),
    msg({ message: 'Currency', context: 'earnings file column' }),
    msg({ message: 'Gross', context: 'earnings file column' }),
    msg({ message: 'Refunded', context: 'earnings file column' }),
    msg({ message: 'Locora fee', context: 'earnings file column' }),
    msg({ message: 'Net', context: 'earnings file column' }),
    msg({ message: 'Status', context: 'earnings file column' }),
    msg({ message: 'Booking status', context: 'earnings file column' }),
    msg({ message: 'Booking ID', context: 'earnings file column' }),
  ].map((m) => i18n._(m));
  const body = csvDocument([
    header,
    ...rows.map((r) => {
      const at = new Date(r.date);
      return [
        `${formatDateIn(at, zone, locale)} ${formatTimeIn(at, zone, locale)}`,
        r.serviceTitle,
        r.travelerName ?? i18n._(msg({ message: 'A traveler', context: 'a traveler without a name' })),
        r.currency,
        // Each amount in its own currency's major unit, exactly ('8400' yen, '80.33' dollars). Fee
        // and net are what was kept: adding up the Net column gives the Earnings total.
        { number: minorToDecimal(r.grossCents, r.currency) },
        { number: minorToDecimal(r.refundedCents, r.currency) },
        { number: minorToDecimal(r.feeCents, r.currency) },
        { number: minorToDecimal(r.netCents, r.currency) },
        i18n._(EARNING_STATUS_WORDS[r.status]),
        isBookingStatus(r.bookingStatus) ? i18n._(BOOKING_STATUS_WORDS[r.bookingStatus]) : r.bookingStatus,
        r.bookingId,
      ];
    }),
  ]);
  return { filename: earningsCsvFilename(now, zone), body };
}

/** What a booking's money is doing (EARNING_STATUSES), in the provider's words. */
const EARNING_STATUS_WORDS: Record<EarningStatus, MessageDescriptor> = {
  authorised: msg({ message: 'Authorised', context: 'earnings file status' }),
  captured: msg({ message: 'Captured', context: 'earnings file status' }),
  refunded: msg({ message: 'Refunded', context: 'earnings file status' }),
  disputed: msg({ message: 'Disputed', context: 'earnings file status' }),
  paid_out: msg({ message: 'Paid out', context: 'earnings file status' }),
  direct: msg({ message: 'No card payment', context: 'earnings file status' }),
};

/** A booking's status as the earnings file names it. */
const BOOKING_STATUS_WORDS: Record<BookingStatus, MessageDescriptor> = {
  PENDING: msg({ message: 'Pending', context: 'earnings file status' }),
  CONFIRMED: msg({ message: 'Confirmed', context: 'earnings file status' }),
  PAID: msg({ message: 'Paid', context: 'earnings file status' }),
  COMPLETED: msg({ message: 'Completed', context: 'earnings file status' }),
  CANCELED: msg({ message: 'Canceled', context: 'earnings file status' }),
  REFUNDED: msg({ message: 'Refunded', context: 'earnings file status' }),
};

/** Stripe gave no reason for a failed payout. */
const stripeDidNotSay = (locale: Locale) => i18nFor(locale)._(msg`Stripe did not say why.`);

// -------------------------------------------------------------------------------------- payouts

/** Stripe could not be reached: the payouts tab says so in the provider's words. */
const payoutsUnavailable = (locale: Locale) =>
  i18nFor(locale)._(msg`Stripe could not be reached just now, so your payouts are not listed. Try again in a minute.`);

/** The provider's connected account id, or undefined (not set up). */
async function accountOf(db: Executor, providerId: string): Promise<string | undefined> {
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`select id from connected_accounts where provider_id = ${providerId}`,
  );
  return row?.id;
}

/**
 * Booking payouts Stripe reported failed and not paid since (payout.failed, recorded on the
 * booking's payout, decision 046), newest first, with what to do and whether Locora asked again.
 */
async function failedPayouts(db: Executor, providerId: string, locale: Locale): Promise<FailedPayout[]> {
  const rows = await queryRows<{
    stripe_payout_id: string | null;
    booking_id: string;
    amount_cents: number;
    currency: CurrencyCode;
    failure_code: string | null;
    failure_message: string | null;
    asked_again: boolean;
    failed_at: Date;
  }>(
    db,
    sql`select bp.stripe_payout_id, bp.booking_id, bp.amount_cents, bp.currency, bp.failure_code, bp.failure_message,
          (bp.status <> 'failed' or bp.due_at is not null) as asked_again, bp.failed_at
        from booking_payouts bp join connected_accounts ca on ca.id = bp.account_id
        where ca.provider_id = ${providerId} and ${OWED_AFTER_FAILURE}
        order by bp.failed_at desc limit 20`,
  );
  return rows.map((r) => ({
    payoutId: r.stripe_payout_id,
    bookingId: r.booking_id,
    amountCents: Number(r.amount_cents),
    currency: r.currency,
    failureCode: r.failure_code,
    failureMessage: r.failure_message ?? stripeDidNotSay(locale),
    advice: payoutAdvice(r.failure_code, locale),
    askedAgain: r.asked_again,
    at: new Date(r.failed_at).toISOString(),
  }));
}

/** Refunds made after the provider's payouts: their share Stripe took back (decision 046), newest first. */
async function refundsAfterPayout(db: Executor, providerId: string): Promise<TakenBack[]> {
  const rows = await queryRows<{ booking_id: string; title: string; cents: number; currency: CurrencyCode; at: Date }>(
    db,
    sql`select bp.booking_id, s.title, bp.reversed_after_payout_cents as cents,
          coalesce(bp.currency, b.currency) as currency, bp.reversed_after_payout_at as at
        from booking_payouts bp join connected_accounts ca on ca.id = bp.account_id
        join bookings b on b.id = bp.booking_id join services s on s.id = b.service_id
        where ca.provider_id = ${providerId} and bp.reversed_after_payout_cents > 0
        order by bp.reversed_after_payout_at desc limit 20`,
  );
  return rows.map((r) => ({
    bookingId: r.booking_id,
    serviceTitle: r.title,
    amountCents: Number(r.cents),
    currency: r.currency,
    at: new Date(r.at).toISOString(),
  }));
}

/** Payouts of the provider's bookings that failed and were made again since (in their history). */
async function earlierPayoutIds(db: Executor, providerId: string): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`select distinct e.stripe_payout_id as id from payout_events e
        join booking_payouts bp on bp.id = e.booking_payout_id join connected_accounts ca on ca.id = bp.account_id
        where ca.provider_id = ${providerId} and e.kind = 'failed' and e.stripe_payout_id is not null`,
  );
  return rows.map((r) => r.id);
}

const isoOfSeconds = (s: number) => new Date(s * 1000).toISOString();

/** GET /api/provider/payouts: Stripe's list through the connected account, and the failures with Stripe's reason. */
export async function getProviderPayouts(
  db: Executor,
  stripe: Stripe | undefined,
  userId: string,
  opts: { log?: { warn(obj: object, msg: string): void }; locale?: Locale } = {},
): Promise<ProviderPayouts> {
  const locale = opts.locale ?? DEFAULT_LOCALE;
  const me = await requireMyProvider(db, userId);
  const account = stripe ? await accountOf(db, me.id) : undefined;
  const failed = await failedPayouts(db, me.id, locale);
  const takenBack = await refundsAfterPayout(db, me.id);
  if (!stripe || !account)
    return {
      configured: !!stripe,
      hasAccount: !!account,
      payouts: stripe ? [] : null,
      unavailable: null,
      failed,
      takenBack,
    };
  try {
    const list = await stripe.payouts.list({ limit: 50 }, { stripeAccount: account });
    const payouts = list.data.map((p) => ({
      id: p.id,
      amountCents: p.amount,
      currency: p.currency,
      status: p.status,
      created: isoOfSeconds(p.created),
      arrivalDate: isoOfSeconds(p.arrival_date),
      failureCode: p.failure_code,
      failureMessage: p.failure_message,
    }));
    // A payout Stripe lists as failed that no booking's payout recorded (made in Stripe's dashboard;
    // an earlier failed payout of a booking made again is known by its history).
    const known = new Set([...failed.map((f) => f.payoutId), ...(await earlierPayoutIds(db, me.id))]);
    const more = payouts
      .filter((p) => p.status === 'failed' && !known.has(p.id) && fromStripeCurrency(p.currency) !== null)
      .map((p) => ({
        payoutId: p.id,
        bookingId: null,
        amountCents: p.amountCents,
        currency: fromStripeCurrency(p.currency)!,
        failureCode: p.failureCode,
        failureMessage: p.failureMessage ?? stripeDidNotSay(locale),
        advice: payoutAdvice(p.failureCode, locale),
        askedAgain: false,
        at: p.created,
      }));
    return { configured: true, hasAccount: true, payouts, unavailable: null, failed: [...failed, ...more], takenBack };
  } catch (err) {
    opts.log?.warn({ err: describeStripeError(err) }, 'listing a connected account’s payouts failed');
    return {
      configured: true,
      hasAccount: true,
      payouts: null,
      unavailable: payoutsUnavailable(locale),
      failed,
      takenBack,
    };
  }
}

/**
 * GET /api/provider/payouts/summary (decision 068): the provider's bookings' ledger rows, summed
 * per booking, kind and currency, read by `payoutFigures`; a booking's payout Stripe made and has
 * not arrived yet (pending, in transit) is on its way.
 */
export async function getPayoutSummary(db: Executor, userId: string): Promise<PayoutSummary> {
  const me = await requireMyProvider(db, userId);
  const sums = await queryRows<{ booking_id: string; kind: LedgerKind; currency: CurrencyCode; amount: string }>(
    db,
    sql`select l.booking_id, l.kind, l.currency, sum(l.amount)::bigint as amount
        from ledger_entries l
        where l.provider_id = ${me.id}
        group by l.booking_id, l.kind, l.currency
        having sum(l.amount) <> 0`,
  );
  const bookings = await queryRows<{ id: string; title: string; start_at: Date; payout_status: string | null }>(
    db,
    sql`select b.id, s.title, b.start_at, bp.status as payout_status
        from bookings b
        join services s on s.id = b.service_id
        left join booking_payouts bp on bp.booking_id = b.id
        where b.provider_id = ${me.id} and exists (select 1 from ledger_entries l where l.booking_id = b.id)
        order by b.start_at desc, b.id`,
  );
  const rowsOf = new Map<string, { kind: LedgerKind; currency: CurrencyCode; amount: number }[]>();
  for (const r of sums) {
    const list = rowsOf.get(r.booking_id) ?? [];
    list.push({ kind: r.kind, currency: r.currency, amount: Number(r.amount) });
    rowsOf.set(r.booking_id, list);
  }
  const byId = new Map(bookings.map((b) => [b.id, b]));
  const figures = payoutFigures(
    bookings.map((b) => ({
      bookingId: b.id,
      rows: rowsOf.get(b.id) ?? [],
      payoutInFlight: b.payout_status === 'pending' || b.payout_status === 'in_transit',
    })),
  );
  const out = {} as PayoutSummary;
  for (const kind of PAYOUT_FIGURES)
    out[kind] = figures[kind].map((f) => ({
      currency: f.currency,
      amountCents: f.amount,
      bookings: f.bookings.map((x) => {
        const b = byId.get(x.bookingId)!;
        return {
          bookingId: x.bookingId,
          serviceTitle: b.title,
          date: new Date(b.start_at).toISOString(),
          amountCents: x.amount,
        };
      }),
    }));
  return out;
}
