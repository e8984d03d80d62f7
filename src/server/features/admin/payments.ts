/**
 * The admin payments view (decision 039): Locora's money this month and last month (UTC, by the day
 * each card payment was captured) and all time, one line per currency, from the ledger (decision
 * 060 and its addendum) — gross volume of captured card payments, service fees kept, Stripe's
 * processing fees (read from each charge's balance transaction, in its currency: with destination
 * charges Locora pays them), refunds, open disputes — the bookings on which Locora's fee does not cover Stripe's, providers
 * whose payouts are not set up or are restricted, failed payouts, and disputes (open with their
 * deadline; lost ones with Locora's loss). Admin actions here (reading Stripe's fees now, opening a
 * booking's messages as dispute evidence) are written to the audit log in their transaction.
 */
import { msg } from '@lingui/core/macro';
import { sql, type SQL } from 'drizzle-orm';
import type {
  AdminBooking,
  AdminDispute,
  AdminPayments,
  AdminPreConnectOwed,
  ManualSettlement,
  ReconcileResult,
  ReconciliationDifference,
  PlatformTotals,
  ReadStripeFeesResult,
} from '../../../shared/api/earnings.ts';
import { payoutNetCents } from '../../../shared/domain/connect.ts';
import { CURRENCIES, type CurrencyCode } from '../../../shared/domain/currency.ts';
import type { Locale } from '../../../shared/domain/locales.ts';
import { isOpenDispute, monthRange } from '../../../shared/domain/earnings.ts';
import { queryRows, type Db, type Executor } from '../../db/open.ts';
import { auditLog } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import { i18nFor } from '../../i18n.ts';
import { makeUnreadFeesDue, readUnreadProcessingFees, unreadProcessingFees } from '../../payments/processing-fees.ts';
import { OWED_AFTER_FAILURE } from '../../payments/payouts.ts';
import type { Stripe } from '../../payments/stripe-client.ts';
import { recordLedger } from '../../payments/ledger.ts';
import { DIFFERENCE_CAUSES, reconcileNow, type DifferenceCause } from '../../payments/reconciliation.ts';
import { givenUpEvents } from '../../payments/waiting-events.ts';

const LIST_LIMIT = 50;
const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;
const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/**
 * Locora's money per currency (never summed across currencies), from the ledger (decision 060 and
 * its addendum): the card payments captured in the range (by their `captured` row's time, so a
 * charge taken today for next week's booking is this month's), or all time, with what became of
 * them: what was charged, Locora's fee kept (less what refunds gave back), refunds made; and the
 * disputes opened in the range that are still open (what they withdrew). Stripe's processing fees
 * on those charges are not ledger rows (decision 059): each is counted in its own currency, the
 * currency of the balance the charge landed in (a euro charge on a US platform: dollars).
 */
async function platformTotals(db: Executor, range?: { start: Date; end: Date }): Promise<PlatformTotals[]> {
  const inRange = (column: SQL) =>
    range ? sql`${column} >= ${ts(range.start)} and ${column} < ${ts(range.end)}` : sql`true`;
  // The charges of the range: each booking whose capture (its first `captured` row) falls in it.
  const charges = sql`select l.booking_id from ledger_entries l where l.kind = 'captured'
      group by l.booking_id having sum(l.amount) > 0 and ${inRange(sql`min(l.created_at)`)}`;
  const money = await queryRows<{
    currency: CurrencyCode;
    payments: number;
    gross: string;
    fee: string;
    refunded: string;
  }>(
    db,
    sql`select l.currency, count(distinct l.booking_id) filter (where l.kind = 'captured')::int as payments,
          coalesce(sum(l.amount) filter (where l.kind = 'captured'), 0)::bigint as gross,
          coalesce(sum(case l.kind when 'fee' then l.amount when 'fee_refund' then -l.amount end), 0)::bigint as fee,
          coalesce(sum(l.amount) filter (where l.kind = 'refund'), 0)::bigint as refunded
        from ledger_entries l
        where l.kind in ('captured', 'fee', 'fee_refund', 'refund') and l.booking_id in (${charges})
        group by l.currency`,
  );
  const stripeFees = await queryRows<{ currency: CurrencyCode; cents: string }>(
    db,
    sql`select p.stripe_fee_currency as currency, sum(p.stripe_fee_cents)::bigint as cents
        from payments p where p.stripe_fee_cents is not null and p.booking_id in (${charges})
        group by p.stripe_fee_currency`,
  );
  const unread = await queryRows<{ currency: CurrencyCode; n: number }>(
    db,
    sql`select p.currency, count(*)::int as n
        from payments p where p.stripe_fee_cents is null and p.booking_id in (${charges})
        group by p.currency`,
  );
  // Each dispute the ledger holds open (withdrawn, neither won nor lost yet), opened in the range.
  const open = await queryRows<{ currency: CurrencyCode; n: number; cents: string }>(
    db,
    sql`select currency, count(*)::int as n, sum(withdrawn)::bigint as cents from (
          select l.currency,
                 sum(case l.kind when 'dispute_opened' then l.amount else -l.amount end) as withdrawn
          from ledger_entries l where l.kind in ('dispute_opened', 'dispute_won', 'dispute_lost')
          group by l.stripe_object_id, l.currency
          having ${inRange(sql`min(l.created_at) filter (where l.kind = 'dispute_opened')`)}
        ) d where withdrawn > 0 group by currency`,
  );
  const currencies = CURRENCIES.filter((c) =>
    [money, stripeFees, unread, open].some((list) => list.some((x) => x.currency === c)),
  );
  return currencies.map((currency) => {
    const m = money.find((x) => x.currency === currency);
    const o = open.find((x) => x.currency === currency);
    return {
      currency,
      grossCents: Number(m?.gross ?? 0),
      feeCents: Number(m?.fee ?? 0),
      stripeFeeCents: Number(stripeFees.find((x) => x.currency === currency)?.cents ?? 0),
      stripeFeesUnread: Number(unread.find((x) => x.currency === currency)?.n ?? 0),
      refundedCents: Number(m?.refunded ?? 0),
      openDisputes: Number(o?.n ?? 0),
      openDisputedCents: Number(o?.cents ?? 0),
      payments: Number(m?.payments ?? 0),
    };
  });
}

export type DisputeRow = {
  id: string;
  booking_id: string;
  title: string;
  provider_name: string;
  traveler_name: string | null;
  amount_cents: number;
  fee_cents: number;
  status: string;
  reason: string;
  due_by: Date | null;
  opened_at: Date;
  closed_at: Date | null;
  destination: boolean;
  currency: CurrencyCode;
  evidence_submitted_at: Date | null;
};

export const disputeSelect = sql`select d.id, d.booking_id, s.title, pr.display_name as provider_name, u.name as traveler_name,
    d.amount_cents, d.fee_cents, d.currency, d.status, d.reason, d.due_by, d.opened_at, d.closed_at,
    (p.destination_account_id is not null) as destination, d.evidence_submitted_at
  from disputes d join payments p on p.id = d.payment_id join bookings b on b.id = d.booking_id
  join services s on s.id = b.service_id join providers pr on pr.id = b.provider_id join users u on u.id = b.user_id`;

/** The statuses in which Stripe takes evidence for a dispute. */
export const TAKES_EVIDENCE = new Set(['warning_needs_response', 'needs_response']);

export function toAdminDispute(r: DisputeRow, now = new Date()): AdminDispute {
  const amount = Number(r.amount_cents);
  const fee = Number(r.fee_cents);
  return {
    id: r.id,
    bookingId: r.booking_id,
    serviceTitle: r.title,
    providerName: r.provider_name,
    travelerName: r.traveler_name,
    amountCents: amount,
    feeCents: fee,
    currency: r.currency,
    status: r.status,
    reason: r.reason,
    dueBy: iso(r.due_by),
    openedAt: iso(r.opened_at)!,
    closedAt: iso(r.closed_at),
    isOpen: isOpenDispute(r.status),
    destinationCharge: r.destination,
    // A lost dispute: Stripe kept the amount and its fee from Locora's balance (destination
    // charge) — Locora's loss by default. A won one still cost the fee Stripe did not return.
    locoraLossCents: r.status === 'lost' ? amount + fee : 0,
    evidenceSubmittedAt: iso(r.evidence_submitted_at),
    takesEvidence: TAKES_EVIDENCE.has(r.status) && (r.due_by === null || new Date(r.due_by) > now),
  };
}

/**
 * Bookings paid before payouts existed (decision 046): a captured charge with no destination
 * account, so the provider's share sits in Locora's balance and no payout will ever be made. Owed
 * once the booking is COMPLETED, or CANCELED with the money kept; until an admin settles it by hand.
 */
const preConnectOwedFrom = sql`from payments p join bookings b on b.id = p.booking_id join services s on s.id = b.service_id
  join providers pr on pr.id = b.provider_id join users pu on pu.id = pr.user_id
  where p.destination_account_id is null and p.status = 'succeeded'
    and (b.status = 'COMPLETED' or (b.status = 'CANCELED' and not b.refund_pending))
    and not exists (select 1 from manual_settlements ms where ms.booking_id = b.id)
    and not exists (select 1 from booking_payouts bp where bp.booking_id = b.id)`;

type PreConnectRow = {
  booking_id: string;
  pi: string;
  title: string;
  provider_name: string;
  provider_email: string;
  status: string;
  start_at: Date;
  amount_cents: number;
  fee_cents: number;
  refunded_cents: number;
  currency: CurrencyCode;
};
const preConnectSelect = sql`select b.id as booking_id, p.id as pi, s.title, pr.display_name as provider_name,
    pu.email as provider_email, b.status, b.start_at, p.amount_cents, b.fee_cents, p.refunded_cents, p.currency`;

function toPreConnectOwed(r: PreConnectRow): AdminPreConnectOwed {
  return {
    bookingId: r.booking_id,
    paymentIntentId: r.pi,
    serviceTitle: r.title,
    providerName: r.provider_name,
    providerEmail: r.provider_email,
    bookingStatus: r.status,
    date: iso(r.start_at)!,
    owedCents: payoutNetCents(Number(r.amount_cents), Number(r.fee_cents), Number(r.refunded_cents), r.currency),
    currency: r.currency,
  };
}

/**
 * POST /api/admin/payments/bookings/{id}/settle: an admin says a booking paid before payouts
 * existed was settled with its provider by hand. Recorded once (what was owed, the note, who),
 * with an audit row, in one transaction; a booking not owed this way is refused.
 */
export async function settleByHand(
  db: Executor,
  adminId: string,
  bookingId: string,
  note: string,
  now: Date,
): Promise<ManualSettlement> {
  return db.transaction(async (tx) => {
    const [row] = await queryRows<PreConnectRow>(
      tx,
      sql`${preConnectSelect} ${preConnectOwedFrom} and b.id = ${bookingId} for update of p`,
    );
    if (!row) {
      const [exists] = await queryRows<{ settled: boolean }>(
        tx,
        sql`select exists (select 1 from manual_settlements where booking_id = b.id) as settled
            from bookings b where b.id = ${bookingId}`,
      );
      if (!exists) throw new AppError('NOT_FOUND', 'Booking not found.');
      throw new AppError(
        'CONFLICT',
        exists.settled
          ? 'This booking was already settled by hand.'
          : 'This booking owes its provider nothing by hand: it was not paid before payouts existed, or is not completed or kept.',
      );
    }
    const owed = toPreConnectOwed(row);
    const inserted = await queryRows<{ booking_id: string }>(
      tx,
      sql`insert into manual_settlements (booking_id, amount_cents, currency, note, settled_by, created_at)
          values (${bookingId}, ${owed.owedCents}, ${owed.currency}, ${note}, ${adminId}, ${now.toISOString()}::timestamptz)
          on conflict (booking_id) do nothing returning booking_id`,
    );
    if (inserted.length === 0) throw new AppError('CONFLICT', 'This booking was already settled by hand.');
    await tx.insert(auditLog).values({
      adminId,
      action: 'payments.settle_by_hand',
      targetType: 'booking',
      targetId: bookingId,
      before: { owedCents: owed.owedCents, currency: owed.currency },
      after: { settledCents: owed.owedCents, currency: owed.currency, provider: owed.providerName },
      reason: note,
    });
    await recordLedger(tx, bookingId, `admin ${adminId}`);
    return {
      bookingId,
      amountCents: owed.owedCents,
      currency: owed.currency,
      note,
      settledAt: now.toISOString(),
    };
  });
}

type DifferenceRow = {
  id: string;
  booking_id: string | null;
  object_key: string;
  category: string;
  cause: DifferenceCause;
  stripe_amount: string | null;
  stripe_currency: string | null;
  ledger_amount: string | null;
  ledger_currency: string | null;
  first_seen_at: Date;
  explained_at: Date | null;
  note: string | null;
};
/** A difference as the API answers it, its cause in the words of `locale` (the asker's). */
const toDifference = (r: DifferenceRow, locale: Locale): ReconciliationDifference => ({
  id: r.id,
  bookingId: r.booking_id,
  objectId: r.object_key,
  category: r.category,
  cause: r.cause,
  causeText: i18nFor(locale)._(DIFFERENCE_CAUSES[r.cause]),
  stripeAmount: r.stripe_amount === null ? null : Number(r.stripe_amount),
  stripeCurrency: r.stripe_currency,
  ledgerAmount: r.ledger_amount === null ? null : Number(r.ledger_amount),
  ledgerCurrency: r.ledger_currency,
  firstSeenAt: iso(r.first_seen_at)!,
  explained: r.explained_at && r.note ? { note: r.note, at: iso(r.explained_at)! } : null,
});

/** Differences with Stripe: the open ones first, then those explained and not resolved. */
async function reconciliationView(db: Executor, locale: Locale): Promise<AdminPayments['reconciliation']> {
  const rows = await queryRows<DifferenceRow>(
    db,
    sql`select id, booking_id, object_key, category, cause, stripe_amount, stripe_currency, ledger_amount,
          ledger_currency, first_seen_at, explained_at, note
        from reconciliation_differences where resolved_at is null
        order by (explained_at is null) desc, first_seen_at desc limit ${LIST_LIMIT}`,
  );
  const [last] = await queryRows<{ at: Date | null }>(db, sql`select max(finished_at) as at from reconciliation_runs`);
  return { differences: rows.map((r) => toDifference(r, locale)), lastRunAt: iso(last?.at ?? null) };
}

/** POST /api/admin/payments/reconcile: a reconciliation with Stripe now (audit-logged). */
export async function reconcileByAdmin(
  db: Db,
  stripe: Stripe | undefined,
  adminId: string,
  now: Date,
): Promise<ReconcileResult> {
  if (!stripe) throw new AppError('NOT_CONFIGURED', 'Card payments are not configured: there is nothing to reconcile.');
  const result = await reconcileNow(db, stripe, now).catch((err: unknown) => {
    throw Object.assign(new AppError('UNAVAILABLE', 'Stripe did not answer; try again in a moment.'), { cause: err });
  });
  if (!result) throw new AppError('CONFLICT', 'A reconciliation is already running; its result will be shown here.');
  await db.insert(auditLog).values({
    adminId,
    action: 'payments.reconcile',
    targetType: 'platform',
    targetId: adminId,
    before: null,
    after: { read: result.read, differences: result.differences },
  });
  return { read: result.read, differences: result.differences };
}

/** POST /api/admin/payments/differences/{id}/explain: an admin explains a difference, with a note (audit-logged). */
export async function explainDifference(
  db: Executor,
  adminId: string,
  id: string,
  note: string,
  now: Date,
  locale: Locale,
): Promise<ReconciliationDifference> {
  return db.transaction(async (tx) => {
    const [before] = await queryRows<DifferenceRow & { resolved_at: Date | null }>(
      tx,
      sql`select * from reconciliation_differences where id = ${id} for update`,
    );
    if (!before) throw new AppError('NOT_FOUND', 'Difference not found.');
    if (before.explained_at) throw new AppError('CONFLICT', 'This difference was already explained.');
    if (before.resolved_at) throw new AppError('CONFLICT', 'This difference matches Stripe again: nothing to explain.');
    const [row] = await queryRows<DifferenceRow>(
      tx,
      sql`update reconciliation_differences set explained_at = ${now.toISOString()}::timestamptz, explained_by = ${adminId},
            note = ${note} where id = ${id} returning *`,
    );
    await tx.insert(auditLog).values({
      adminId,
      action: 'payments.explain_difference',
      targetType: 'reconciliation_difference',
      targetId: id,
      before: { cause: before.cause, stripeAmount: before.stripe_amount, ledgerAmount: before.ledger_amount },
      after: { explained: true },
      reason: note,
    });
    return toDifference(row!, locale);
  });
}

/** GET /api/admin/payments. */
export async function getAdminPayments(db: Executor, now: Date, locale: Locale): Promise<AdminPayments> {
  const i18n = i18nFor(locale);
  /** What Stripe still asks of an account (its requirement names, as Stripe writes them). */
  const stripeNeeds = (due: string[] | null) => {
    if (!due || due.length === 0) return null;
    const fields = due.join(', ');
    return i18n._(msg`Stripe needs: ${fields}`);
  };
  const month = monthRange(now, 'UTC');
  const previous = monthRange(now, 'UTC', -1);
  const thisMonth = await platformTotals(db, month);
  const lastMonth = await platformTotals(db, previous);
  const allTime = await platformTotals(db);
  const disputeRows = await queryRows<DisputeRow>(
    db,
    sql`${disputeSelect} where d.closed_at is null or d.status = 'lost'
        order by (d.closed_at is null) desc, d.due_by asc nulls last, d.opened_at desc limit ${LIST_LIMIT}`,
  );
  // Locora's fee against Stripe's in the currency Stripe's fee is in: where the charge landed
  // converted (decision 060, addendum), Locora's fee at the charge's own rate (the balance
  // transaction's amount over the charge's).
  const locoraFeeInStripes = sql`round(coalesce(p.application_fee_cents, b.fee_cents)::numeric * p.charge_balance_amount / p.amount_cents)::bigint`;
  const small = await queryRows<{
    booking_id: string;
    title: string;
    provider_name: string;
    start_at: Date;
    gross: number;
    fee_cents: number;
    currency: CurrencyCode;
    stripe_fee_cents: number;
    stripe_fee_currency: CurrencyCode;
    shortfall: number;
  }>(
    db,
    sql`select b.id as booking_id, s.title, pr.display_name as provider_name, b.start_at, p.currency,
          p.amount_cents as gross, coalesce(p.application_fee_cents, b.fee_cents) as fee_cents,
          p.stripe_fee_cents, p.stripe_fee_currency, p.stripe_fee_cents - ${locoraFeeInStripes} as shortfall
        from payments p join bookings b on b.id = p.booking_id join services s on s.id = b.service_id
        join providers pr on pr.id = b.provider_id
        where p.status in ('succeeded', 'refunded') and p.stripe_fee_cents > ${locoraFeeInStripes}
        order by p.stripe_fee_currency, p.stripe_fee_cents - ${locoraFeeInStripes} desc, b.start_at desc
        limit ${LIST_LIMIT}`,
  );
  const notReadyWhere = sql`from providers pr join users u on u.id = pr.user_id
        left join connected_accounts ca on ca.provider_id = pr.id
        where u.deactivated_at is null and (ca.id is null or ca.state <> 'active')`;
  const notReady = await queryRows<{
    id: string;
    display_name: string;
    email: string;
    state: string | null;
    disabled_reason: string | null;
    currently_due: string[] | null;
  }>(
    db,
    sql`select pr.id, pr.display_name, u.email, ca.state, ca.disabled_reason, ca.currently_due ${notReadyWhere}
        order by (ca.state = 'restricted') desc nulls last, (ca.id is not null) desc, pr.display_name
        limit ${LIST_LIMIT}`,
  );
  const [notReadyCount] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n ${notReadyWhere}`);
  // Failed payouts stay listed until one is paid (decision 046).
  const failed = await queryRows<{
    booking_id: string;
    provider_name: string;
    amount_cents: number;
    stripe_payout_id: string | null;
    failure_code: string | null;
    failure_message: string | null;
    failures: number;
    asked_again: boolean;
    failed_at: Date;
    currency: CurrencyCode;
  }>(
    db,
    sql`select bp.booking_id, pr.display_name as provider_name, bp.amount_cents,
          upper(coalesce(bp.currency, b.currency)) as currency, bp.stripe_payout_id,
          bp.failure_code, bp.failure_message, bp.failures,
          (bp.status <> 'failed' or bp.due_at is not null) as asked_again, bp.failed_at
        from booking_payouts bp join connected_accounts ca on ca.id = bp.account_id
        join providers pr on pr.id = ca.provider_id join bookings b on b.id = bp.booking_id
        where ${OWED_AFTER_FAILURE} order by bp.failed_at desc limit ${LIST_LIMIT}`,
  );
  // Refunds made after a payout: the provider's balance went negative by their share (decision 046).
  const reversed = await queryRows<{
    booking_id: string;
    title: string;
    provider_name: string;
    cents: number;
    at: Date;
    currency: CurrencyCode;
  }>(
    db,
    sql`select bp.booking_id, s.title, pr.display_name as provider_name, bp.reversed_after_payout_cents as cents,
          upper(coalesce(bp.currency, b.currency)) as currency,
          bp.reversed_after_payout_at as at
        from booking_payouts bp join bookings b on b.id = bp.booking_id join services s on s.id = b.service_id
        join providers pr on pr.id = b.provider_id
        where bp.reversed_after_payout_cents > 0 order by bp.reversed_after_payout_at desc limit ${LIST_LIMIT}`,
  );
  // Payouts waiting while their charge's dispute is open (decision 046).
  const heldRows = await queryRows<{
    booking_id: string;
    title: string;
    provider_name: string;
    amount_cents: number | null;
    currency: string | null;
    booking_currency: string;
    status_reason: string | null;
    updated_at: Date;
  }>(
    db,
    sql`select bp.booking_id, s.title, pr.display_name as provider_name, bp.amount_cents, bp.currency,
          b.currency as booking_currency, bp.status_reason, bp.updated_at
        from booking_payouts bp join bookings b on b.id = bp.booking_id join services s on s.id = b.service_id
        join providers pr on pr.id = b.provider_id
        where bp.status = 'held' order by bp.updated_at desc limit ${LIST_LIMIT}`,
  );
  const unmatched = await givenUpEvents(db, LIST_LIMIT);
  const preConnect = await queryRows<PreConnectRow>(
    db,
    sql`${preConnectSelect} ${preConnectOwedFrom} order by b.start_at limit ${LIST_LIMIT}`,
  );
  return {
    monthLabel: month.label,
    months: { thisMonth: month.first, lastMonth: previous.first },
    thisMonth,
    lastMonth,
    allTime,
    disputes: disputeRows.map((r) => toAdminDispute(r, now)),
    smallBookings: small.map((r) => ({
      bookingId: r.booking_id,
      serviceTitle: r.title,
      providerName: r.provider_name,
      date: iso(r.start_at)!,
      grossCents: Number(r.gross),
      feeCents: Number(r.fee_cents),
      currency: r.currency,
      stripeFeeCents: Number(r.stripe_fee_cents),
      stripeFeeCurrency: r.stripe_fee_currency,
      shortfallCents: Number(r.shortfall),
    })),
    providersNotReady: notReady.map((r) => ({
      providerId: r.id,
      displayName: r.display_name,
      email: r.email,
      state: r.state ?? 'not_set_up',
      reason: r.disabled_reason ?? stripeNeeds(r.currently_due),
    })),
    providersNotReadyCount: Number(notReadyCount?.n ?? 0),
    failedPayouts: failed.map((r) => ({
      bookingId: r.booking_id,
      providerName: r.provider_name,
      amountCents: Number(r.amount_cents),
      stripePayoutId: r.stripe_payout_id,
      failureCode: r.failure_code,
      failureMessage: r.failure_message,
      failures: Number(r.failures),
      askedAgain: r.asked_again,
      at: iso(r.failed_at)!,
      currency: r.currency,
    })),
    refundsAfterPayout: reversed.map((r) => ({
      bookingId: r.booking_id,
      serviceTitle: r.title,
      providerName: r.provider_name,
      amountCents: Number(r.cents),
      at: iso(r.at)!,
      currency: r.currency,
    })),
    heldPayouts: heldRows.map((r) => ({
      bookingId: r.booking_id,
      serviceTitle: r.title,
      providerName: r.provider_name,
      amountCents: r.amount_cents === null ? null : Number(r.amount_cents),
      currency: r.currency ?? r.booking_currency,
      reason: r.status_reason,
      since: iso(r.updated_at)!,
    })),
    unmatchedEvents: unmatched.map((e) => ({
      eventId: e.id,
      type: e.type,
      objectId: e.object_id,
      accountId: e.account_id,
      receivedAt: iso(e.received_at)!,
      givenUpAt: iso(e.given_up_at)!,
      attempts: Number(e.attempts),
      lastError: e.last_error,
    })),
    preConnectOwed: preConnect.map(toPreConnectOwed),
    reconciliation: await reconciliationView(db, locale),
  };
}

/**
 * POST /api/admin/payments/stripe-fees: reads now the processing fees the background job has not
 * read yet (at most 100, each claimed as the job claims it), and records who asked and what came
 * of it in the audit log.
 */
export async function readStripeFeesNow(
  db: Executor,
  stripe: Stripe | undefined,
  adminId: string,
): Promise<ReadStripeFeesResult> {
  if (!stripe)
    throw new AppError('NOT_CONFIGURED', 'Card payments are not configured: there are no Stripe fees to read.');
  // Also those backed off after a failed read: the admin asks for them now.
  await makeUnreadFeesDue(db);
  const { read, failed } = await readUnreadProcessingFees(db, stripe, { limit: 100 });
  const left = await unreadProcessingFees(db);
  await db.insert(auditLog).values({
    adminId,
    action: 'payments.read_stripe_fees',
    targetType: 'platform',
    targetId: adminId,
    before: null,
    after: { name: 'Stripe processing fees', read, failed, left },
  });
  return { read, failed, left };
}

/**
 * GET /api/admin/bookings/{id}: one booking's facts, history and messages, for an admin gathering
 * evidence for a dispute. Reading a private conversation is an admin action: it is audit-logged.
 */
export async function getAdminBooking(db: Executor, adminId: string, bookingId: string): Promise<AdminBooking> {
  return db.transaction(async (tx) => {
    const [b] = await queryRows<{
      id: string;
      status: string;
      start_at: Date;
      hours: number;
      time_zone: string;
      title: string;
      provider_name: string;
      provider_email: string;
      traveler_name: string | null;
      traveler_email: string;
      amount_cents: number;
      fee_cents: number;
      currency: CurrencyCode;
      payment_id: string | null;
    }>(
      tx,
      sql`select b.id, b.status, b.start_at, b.hours, pr.time_zone, s.title, pr.display_name as provider_name,
            pu.email as provider_email, u.name as traveler_name, u.email as traveler_email, b.amount_cents, b.fee_cents,
            b.currency, p.id as payment_id
          from bookings b join services s on s.id = b.service_id join providers pr on pr.id = b.provider_id
          join users pu on pu.id = pr.user_id join users u on u.id = b.user_id
          left join payments p on p.booking_id = b.id
          where b.id = ${bookingId}`,
    );
    if (!b) throw new AppError('NOT_FOUND', 'Booking not found.');
    const history = await queryRows<{
      created_at: Date;
      from_status: string | null;
      to_status: string;
      reason: string | null;
    }>(
      tx,
      sql`select created_at, from_status, to_status, reason from booking_events where booking_id = ${bookingId} order by seq`,
    );
    const messages = await queryRows<{ created_at: Date; sender_name: string | null; body: string }>(
      tx,
      sql`select m.created_at, coalesce(u.name, u.email) as sender_name, m.body
          from messages m join users u on u.id = m.sender_id where m.booking_id = ${bookingId}
          order by m.created_at, m.id`,
    );
    const disputeRows = await queryRows<DisputeRow>(
      tx,
      sql`${disputeSelect} where d.booking_id = ${bookingId} order by d.opened_at desc`,
    );
    await tx.insert(auditLog).values({
      adminId,
      action: 'booking.view_messages',
      targetType: 'booking',
      targetId: bookingId,
      before: null,
      after: { title: b.title, messages: messages.length },
      reason: disputeRows.length > 0 ? 'dispute evidence' : null,
    });
    return {
      id: b.id,
      status: b.status,
      start: iso(b.start_at)!,
      hours: b.hours,
      timeZone: b.time_zone,
      serviceTitle: b.title,
      providerName: b.provider_name,
      providerEmail: b.provider_email,
      travelerName: b.traveler_name,
      travelerEmail: b.traveler_email,
      grossCents: Number(b.amount_cents) + Number(b.fee_cents),
      feeCents: Number(b.fee_cents),
      currency: b.currency,
      paymentIntentId: b.payment_id,
      history: history.map((h) => ({ at: iso(h.created_at)!, from: h.from_status, to: h.to_status, reason: h.reason })),
      messages: messages.map((m) => ({ at: iso(m.created_at)!, senderName: m.sender_name ?? 'Someone', body: m.body })),
      disputes: disputeRows.map((r) => toAdminDispute(r)),
    };
  });
}
