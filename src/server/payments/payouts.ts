/**
 * The payout of a COMPLETED booking's net from its provider's connected account (decision 038).
 *
 * Connected accounts' payouts are manual: the money of a destination charge waits in the
 * provider's Stripe balance until the booking is COMPLETED (so a refund before the service comes
 * back from a balance not yet paid out). Completing a booking writes a `booking_payouts` row in the
 * same transaction (`queueBookingPayout`); the job runner (decision 032) then makes
 * `POST /v1/payouts` on the account (the `Stripe-Account` header) with one idempotency key per
 * booking, and stores the payout id. A call repeated after a crash or a timeout is answered by
 * Stripe with the first payout, so a booking is paid out exactly once. `payout.paid` and
 * `payout.failed` (read again from Stripe) keep its status.
 */
import { sql } from 'drizzle-orm';
import { payoutNetCents, settledPayoutCents } from '../../shared/domain/connect.ts';
import { STRIPE_TIMEOUT_MAX_MS } from '../config.ts';
import { fromStripeCurrency, toStripeCurrency, type CurrencyCode } from '../../shared/domain/currency.ts';
import { isOpenDispute } from '../../shared/domain/earnings.ts';
import type { Locale } from '../../shared/domain/locales.ts';
import { formatDateIn } from '../../shared/domain/time.ts';
import { queryRows, type Db, type Executor } from '../db/open.ts';
import { payoutFailedEmail, refundAfterPayoutEmail } from '../email/payout-emails.ts';
import { enqueueEmail } from '../email/outbox.ts';
import { publishUserEvent } from '../realtime/events.ts';
import { claimDue, held, retryAt, type Claim, type LeasedQueue } from '../jobs/claim-due.ts';
import type { LeasedKind } from '../jobs/runner.ts';
import { readRefunds } from './refunds.ts';
import { readSettlement, recordSettlement, SETTLEMENT_READ_CALLS } from './settlement.ts';
import { describeStripeError, isStripeRefusal, type Stripe } from './stripe-client.ts';
import { recordLedger } from './ledger.ts';

export const PAYOUT_QUEUE: LeasedQueue = {
  table: 'booking_payouts',
  due: 'due_at',
  pending: sql`due_at is not null`,
  onClaim: sql`attempts = q.attempts + 1`,
  returning: sql`q.booking_id, q.account_id, q.amount_cents, q.currency, q.refusals, q.failures, q.attempts,
    ((q.stripe_payout_id is null or q.status = 'failed') and (q.last_error is not null or q.attempts > 1)) as maybe_made`,
};
type ClaimedPayout = {
  booking_id: string;
  account_id: string;
  /** Null until what landed in the account's balance was read from Stripe. */
  amount_cents: number | null;
  currency: string | null;
  refusals: number;
  failures: number;
  /** Claims so far, this one included. */
  attempts: number;
  /** An earlier try of the payout now owed may have been made at Stripe with its answer lost. */
  maybe_made: boolean;
};

/** SQL (alias `bp`): a booking payout that failed and is still owed (not paid since, not canceled). */
export const OWED_AFTER_FAILURE = sql`bp.failures > 0 and bp.status not in ('paid', 'canceled')`;

/** The job runner's kind that makes the payouts due. */
export const PAYOUTS_JOB = 'booking-payouts';

/**
 * A payout makes at most 4 calls (the charge's disputes, its refunds, the account's payouts when
 * an earlier answer may have been lost, the payout), and the first one the reads of what landed
 * (settlement.ts), each tried twice at most STRIPE_TIMEOUT_MS: its worst case is within the lease
 * even without renewal.
 */
export const PAYOUT_MAX_RUN_MS = (4 + SETTLEMENT_READ_CALLS) * 2 * STRIPE_TIMEOUT_MAX_MS;
export const PAYOUT_LEASE_MS = 10 * 60 * 1000;

/**
 * Owes the provider the payout of a booking that has just become COMPLETED, or was cancelled late
 * with the money kept (in its transaction), due now or at `dueAt` (the booking's end): what landed
 * in their balance for it (decision 047), less a refund's provider share in the same proportion,
 * in that balance's currency; amount and currency stay unknown (null) until Stripe is read when
 * the payout is made. Nothing for a booking paid otherwise, or with nothing left to pay out; once
 * per booking.
 */
export async function queueBookingPayout(tx: Executor, bookingId: string, now: Date, dueAt?: Date) {
  const [pay] = await queryRows<{
    amount_cents: number;
    application_fee_cents: number | null;
    refunded_cents: number;
    destination_account_id: string | null;
    currency: CurrencyCode;
    settled_amount: number | null;
    settled_currency: CurrencyCode | null;
    status: string;
  }>(
    tx,
    sql`select amount_cents, application_fee_cents, refunded_cents, destination_account_id, currency,
          settled_amount, settled_currency, status
        from payments where booking_id = ${bookingId}`,
  );
  if (!pay?.destination_account_id || pay.status === 'canceled' || pay.status === 'refunded') return;
  const net = payoutNetCents(pay.amount_cents, pay.application_fee_cents ?? 0, pay.refunded_cents, pay.currency);
  if (net <= 0) return;
  const settled =
    pay.settled_amount !== null && pay.settled_currency
      ? settledPayoutCents(Number(pay.settled_amount), {
          capturedCents: Number(pay.amount_cents),
          feeCents: Number(pay.application_fee_cents ?? 0),
          reversingCents: Number(pay.refunded_cents),
          currency: pay.currency,
        })
      : null;
  if (settled === 0) return;
  await tx.execute(
    sql`insert into booking_payouts (booking_id, account_id, amount_cents, currency, due_at, created_at, updated_at)
        values (${bookingId}, ${pay.destination_account_id}, ${settled}, ${settled === null ? null : pay.settled_currency},
                ${dueAt ? sql`greatest(now(), ${dueAt.toISOString()}::timestamptz)` : sql`now()`},
                ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz)
        on conflict (booking_id) do nothing`,
  );
}

/**
 * Records what Stripe says of a payout (an API answer, or one read again after payout.* events),
 * in the caller's transaction, with a line in the payout's history for each move past `pending`.
 * A payout newly failed (decision 046) counts a failure, keeps Stripe's reason, waits to be asked
 * again once the account can be paid (`askFailedPayoutsAgain`), and tells the provider (email and
 * live) and the admins (live).
 */
export async function recordPayoutStatus(
  tx: Executor,
  payout: Stripe.Payout,
  now: Date,
  opts: { appUrl: string; stripeEventId?: string },
) {
  const [row] = await queryRows<{ id: string; status: string }>(
    tx,
    sql`select id, status from booking_payouts where stripe_payout_id = ${payout.id} for update`,
  );
  if (!row) return;
  const failedNow = payout.status === 'failed' && row.status !== 'failed';
  await tx.execute(
    sql`update booking_payouts set status = ${payout.status},
          failure_code = ${payout.status === 'failed' ? sql`${payout.failure_code ?? null}` : sql`failure_code`},
          failure_message = ${payout.status === 'failed' ? sql`${payout.failure_message ?? null}` : sql`failure_message`},
          arrival_date = ${payout.arrival_date ? new Date(payout.arrival_date * 1000).toISOString() : null}::timestamptz,
          updated_at = ${now.toISOString()}::timestamptz
          ${failedNow ? sql`, failures = failures + 1, failed_at = ${now.toISOString()}::timestamptz, due_at = null, lease_token = null, attempts = 0` : sql``}
        where id = ${row.id}`,
  );
  if (payout.status === row.status || payout.status === 'pending') return;
  await recordPayoutEvent(tx, {
    bookingPayoutId: row.id,
    kind: payout.status,
    stripePayoutId: payout.id,
    amountCents: payout.amount,
    detail: payout.status === 'failed' ? `${payout.failure_code ?? ''}: ${payout.failure_message ?? ''}` : null,
    stripeEventId: opts.stripeEventId ?? null,
  });
  if (failedNow) await tellPayoutFailed(tx, row.id, opts.appUrl);
}

type PayoutParties = {
  booking_id: string;
  stripe_payout_id: string | null;
  amount_cents: number;
  currency: string;
  failure_code: string | null;
  failure_message: string | null;
  title: string;
  start_at: Date;
  /** The provider's account language, for their emails. */
  provider_language: Locale;
  time_zone: string;
  provider_user_id: string;
  provider_email: string;
  provider_name: string;
};
/** A booking payout with its booking, service and provider (for the emails), alias `bp`. */
const payoutPartiesSelect = sql`select bp.booking_id, bp.stripe_payout_id, bp.amount_cents, bp.currency, bp.failure_code,
    bp.failure_message, s.title, b.start_at, pr.time_zone, pr.user_id as provider_user_id, u.email as provider_email,
    pr.display_name as provider_name, u.language as provider_language
  from booking_payouts bp join bookings b on b.id = bp.booking_id join services s on s.id = b.service_id
  join providers pr on pr.id = b.provider_id join users u on u.id = pr.user_id`;

/** The provider's Payouts tab and the admins' payments view reload on this (live). */
async function tellLive(tx: Executor, p: PayoutParties, action: string) {
  const admins = await queryRows<{ id: string }>(
    tx,
    sql`select id from users where role = 'ADMIN' and deactivated_at is null`,
  );
  await publishUserEvent(tx, [p.provider_user_id, ...admins.map((a) => a.id)], 'booking', {
    bookingId: p.booking_id,
    action,
  });
}

/** The provider by email and live, the admins live: a payout of theirs failed (Stripe's reason kept on the row). */
async function tellPayoutFailed(tx: Executor, bookingPayoutId: string, appUrl: string) {
  const [p] = await queryRows<PayoutParties>(tx, sql`${payoutPartiesSelect} where bp.id = ${bookingPayoutId}`);
  if (!p) return;
  await enqueueEmail(tx, {
    to: p.provider_email,
    ...payoutFailedEmail({
      locale: p.provider_language,
      appUrl,
      providerName: p.provider_name,
      money: { amount: Number(p.amount_cents), currency: p.currency },
      serviceTitle: p.title,
      when: formatDateIn(new Date(p.start_at), p.time_zone, p.provider_language),
      failureCode: p.failure_code,
      failureMessage: p.failure_message,
    }),
    kind: 'payout-failed',
    dedupeKey: `payout-failed:${p.stripe_payout_id}`,
  });
  await tellLive(tx, p, 'payout-failed');
}

/**
 * The account can be paid again (`account.updated` with payouts enabled, or a new bank account):
 * its failed payouts not asked again yet are due now, for the payouts job (decision 046).
 * Returns how many.
 */
export async function askFailedPayoutsAgain(tx: Executor, accountId: string, now: Date): Promise<number> {
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`update booking_payouts set due_at = now(), attempts = 0, lease_token = null,
          updated_at = ${now.toISOString()}::timestamptz
        where account_id = ${accountId} and status = 'failed' and due_at is null returning id`,
  );
  for (const r of rows) await recordPayoutEvent(tx, { bookingPayoutId: r.id, kind: 'asked_again' });
  return rows.length;
}

/**
 * The suspension of a provider's user was lifted: their payouts held for it are due again now (each is
 * read from Stripe afresh, disputes and refunds included, when it is made).
 */
export async function releaseSuspendedPayouts(tx: Executor, userId: string, now: Date): Promise<number> {
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`update booking_payouts bp set status = 'queued', status_reason = null, due_at = ${now.toISOString()}::timestamptz,
          updated_at = ${now.toISOString()}::timestamptz
        from bookings b join providers p on p.id = b.provider_id
        where b.id = bp.booking_id and p.user_id = ${userId}
          and bp.status = 'held' and bp.status_reason = 'account_suspended'
        returning bp.id`,
  );
  for (const r of rows) await recordPayoutEvent(tx, { bookingPayoutId: r.id, kind: 'released', detail: 'unsuspended' });
  return rows.length;
}

/** Why a payout was canceled: the money went back to the traveler or was lost to a dispute, or there was none. */
type CancelReason = 'refunded' | 'released' | 'no_payment' | 'dispute_lost';

/** A held payout's charge is asked about again this often, should the dispute's webhooks be lost. */
export const DISPUTE_RECHECK_MS = 6 * 60 * 60 * 1000;

/** A line of a booking payout's history (what a ledger can read later): made, failed, held, released, ... */
export async function recordPayoutEvent(
  tx: Executor,
  e: {
    bookingPayoutId: string;
    kind: string;
    stripePayoutId?: string | null;
    amountCents?: number | null;
    detail?: string | null;
    stripeEventId?: string | null;
  },
) {
  await tx.execute(
    sql`insert into payout_events (booking_payout_id, kind, stripe_payout_id, amount_cents, currency, detail, stripe_event_id)
        select bp.id, ${e.kind}, ${e.stripePayoutId ?? null}, ${e.amountCents ?? null},
               -- Before what landed is read (no amount yet), the line is in the charge's currency.
               coalesce(bp.currency, p.currency), ${e.detail ?? null}, ${e.stripeEventId ?? null}
        from booking_payouts bp left join payments p on p.booking_id = bp.booking_id
        where bp.id = ${e.bookingPayoutId}`,
  );
}

/**
 * A dispute was opened on the booking's charge (decision 046): its payout not made yet waits
 * ('held'), asked about again every few hours in case the dispute's closing is never heard of.
 */
export async function holdPayoutForDispute(tx: Executor, bookingId: string, disputeId: string, now: Date) {
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`update booking_payouts set status = 'held', status_reason = 'dispute_open',
          due_at = now() + make_interval(secs => ${DISPUTE_RECHECK_MS / 1000}), lease_token = null,
          updated_at = ${now.toISOString()}::timestamptz
        where booking_id = ${bookingId} and stripe_payout_id is null and status in ('queued', 'held', 'failed')
          and status_reason is distinct from 'dispute_lost'
        returning id`,
  );
  for (const r of rows) await recordPayoutEvent(tx, { bookingPayoutId: r.id, kind: 'held', detail: disputeId });
}

/**
 * The booking's dispute closed: a payout held for it is made now (won, or closed without a
 * chargeback), or never (lost: Stripe took the amount from Locora; the payout row says why).
 */
export async function settlePayoutAfterDispute(
  tx: Executor,
  bookingId: string,
  dispute: { id: string; status: string },
  now: Date,
) {
  const at = sql`${now.toISOString()}::timestamptz`;
  const lost = dispute.status === 'lost';
  const rows = await queryRows<{ id: string }>(
    tx,
    lost
      ? sql`update booking_payouts set status = 'canceled', status_reason = 'dispute_lost', due_at = null,
              lease_token = null, updated_at = ${at}
            where booking_id = ${bookingId} and stripe_payout_id is null and status in ('queued', 'held', 'failed')
            returning id`
      : sql`update booking_payouts set status = 'queued', status_reason = null, due_at = now(), lease_token = null,
              updated_at = ${at}
            where booking_id = ${bookingId} and status = 'held' returning id`,
  );
  for (const r of rows)
    await recordPayoutEvent(tx, {
      bookingPayoutId: r.id,
      kind: lost ? 'canceled' : 'released',
      detail: `${dispute.id} ${dispute.status}`,
    });
}

/**
 * Makes one claimed payout: checks the booking's money is still there to pay out (captured, and
 * what Stripe's list of refunds leaves of it, also a refund made in Stripe's dashboard whose
 * webhook was lost), calls Stripe outside any transaction, and records the payout id (or the
 * failure and when to try again) only while the claim is still its own.
 */
export async function runClaimedPayout(
  db: Db,
  stripe: Stripe,
  claim: Claim<ClaimedPayout>,
  now: Date,
  /** Links in the emails this may send. */
  appUrl = '',
): Promise<'done' | 'failed' | 'canceled' | 'waiting'> {
  const { booking_id: bookingId, account_id: accountId } = claim.row;
  const [pay] = await queryRows<{
    id: string;
    amount_cents: number;
    application_fee_cents: number | null;
    refunded_cents: number;
    currency: CurrencyCode;
    charge_id: string | null;
    settled_amount: number | null;
    settled_currency: CurrencyCode | null;
    status: string;
  }>(
    db,
    sql`select id, amount_cents, application_fee_cents, refunded_cents, currency, charge_id, settled_amount,
          settled_currency, status
        from payments where booking_id = ${bookingId}`,
  );
  const ts = sql`${now.toISOString()}::timestamptz`;
  const key = payoutKey(bookingId, claim.row.refusals + claim.row.failures);
  const failed = async (err: unknown, refused: boolean) => {
    const detail = describeStripeError(err);
    await db.execute(
      sql`update booking_payouts set last_error = ${detail}, lease_token = null, updated_at = ${ts},
            refusals = refusals + ${refused ? 1 : 0}, due_at = ${retryAt(claim.row.attempts)}
          where ${held(claim)}`,
    );
    return 'failed' as const;
  };
  // An earlier try may have been made with its answer lost (and the booking refunded since, or
  // its key expired at Stripe): Stripe's list of the account's payouts is asked first, by the key
  // each payout carries in its metadata, and a payout found there is the one recorded.
  if (claim.row.maybe_made) {
    try {
      const found = await findPayoutByKey(stripe, accountId, bookingId, key);
      if (found) {
        const refunds = pay ? await readRefunds(stripe, pay.id, pay.amount_cents) : undefined;
        await recordPayoutMade(db, claim, found, {
          now,
          appUrl,
          lostAnswer: true,
          reversingCents: refunds?.reversingCents,
        });
        return 'done';
      }
    } catch (err) {
      return failed(err, false);
    }
  }
  const cancel = async (reason: CancelReason) => {
    await db.transaction(async (tx) => {
      const [row] = await queryRows<{ id: string }>(
        tx,
        sql`update booking_payouts set status = 'canceled', status_reason = ${reason}, due_at = null,
              lease_token = null, updated_at = ${ts}
            where ${held(claim)} returning id`,
      );
      if (row) await recordPayoutEvent(tx, { bookingPayoutId: row.id, kind: 'canceled', detail: reason });
    });
    return 'canceled' as const;
  };
  if (!pay) return cancel('no_payment');
  if (pay.status === 'refunded') return cancel('refunded');
  if (pay.status === 'canceled') return cancel('released');
  if (pay.status !== 'succeeded') {
    // Not captured yet (the capture is still owed): looked at again later.
    await db.execute(
      sql`update booking_payouts set due_at = ${retryAt(1)}, lease_token = null, attempts = 0, updated_at = ${ts}
          where ${held(claim)}`,
    );
    return 'waiting';
  }
  // A suspended provider's payouts wait (decision 051): held with no due time, until an admin
  // lifts the suspension (releaseSuspendedPayouts) or the booking's refund cancels them.
  const [provider] = await queryRows<{ suspended: boolean }>(
    db,
    sql`select u.suspended_at is not null as suspended
        from bookings b join providers p on p.id = b.provider_id join users u on u.id = p.user_id
        where b.id = ${bookingId}`,
  );
  if (provider?.suspended) {
    await db.transaction(async (tx) => {
      const [row] = await queryRows<{ id: string }>(
        tx,
        sql`update booking_payouts set status = 'held', status_reason = 'account_suspended', lease_token = null,
              attempts = 0, due_at = null, updated_at = ${ts}
            where ${held(claim)} returning id`,
      );
      if (row) await recordPayoutEvent(tx, { bookingPayoutId: row.id, kind: 'held', detail: 'account_suspended' });
    });
    return 'waiting';
  }
  let amount: number;
  let currency: CurrencyCode;
  try {
    // A dispute of the charge (its webhook may not have come yet): open, the payout waits; lost,
    // none is made (Stripe took the amount and its fee from Locora's balance).
    const { data: disputes } = await stripe.disputes.list({ payment_intent: pay.id, limit: 100 });
    if (disputes.some((d) => d.status === 'lost')) return cancel('dispute_lost');
    const open = disputes.find((d) => isOpenDispute(d.status));
    if (open) {
      await db.transaction(async (tx) => {
        const [row] = await queryRows<{ id: string }>(
          tx,
          sql`update booking_payouts set status = 'held', status_reason = 'dispute_open', lease_token = null,
                attempts = 0, due_at = now() + make_interval(secs => ${DISPUTE_RECHECK_MS / 1000}), updated_at = ${ts}
              where ${held(claim)} returning id`,
        );
        if (row) await recordPayoutEvent(tx, { bookingPayoutId: row.id, kind: 'held', detail: open.id });
      });
      return 'waiting';
    }
    // How much was refunded, as Stripe's list says now: the provider's share of the refunds that
    // took it back from their balance (the transfer reversed) is not paid out; the rest is.
    const { refundedCents, reversingCents } = await readRefunds(stripe, pay.id, pay.amount_cents);
    if (refundedCents !== pay.refunded_cents) await recordRefundedCents(db, pay.id, refundedCents, now);
    if (
      payoutNetCents(pay.amount_cents, pay.application_fee_cents ?? 0, reversingCents, pay.currency) <= 0 ||
      refundedCents >= pay.amount_cents
    )
      return cancel('refunded');
    // What landed in the provider's balance, in its currency (decision 047): read from Stripe
    // once, never computed from the charge.
    let settled =
      pay.settled_amount !== null && pay.settled_currency
        ? { amount: Number(pay.settled_amount), currency: pay.settled_currency }
        : undefined;
    if (!settled) {
      const read = await readSettlement(stripe, { id: pay.id, chargeId: pay.charge_id, accountId });
      if (!read) {
        // Stripe has not made the transfer yet: looked at again later.
        await db.execute(
          sql`update booking_payouts set due_at = ${retryAt(1)}, lease_token = null, attempts = 0, updated_at = ${ts}
              where ${held(claim)}`,
        );
        return 'waiting';
      }
      await db.transaction((tx) => recordSettlement(tx, pay.id, read, now));
      settled = { amount: read.settledAmount, currency: read.settledCurrency };
    }
    currency = settled.currency;
    amount = settledPayoutCents(settled.amount, {
      capturedCents: Number(pay.amount_cents),
      feeCents: Number(pay.application_fee_cents ?? 0),
      reversingCents,
      currency: pay.currency,
    });
    if (amount <= 0) return cancel('refunded');
  } catch (err) {
    return failed(err, false);
  }
  let payout: Stripe.Payout;
  try {
    payout = await stripe.payouts.create(
      // The key in the metadata too: a payout whose answer is lost is found by it (findPayoutByKey).
      { amount, currency: toStripeCurrency(currency), metadata: { bookingId, idempotencyKey: key } },
      // One payout per booking, whoever asks and however often: the same key until Stripe refuses
      // the call outright (then nothing was paid out, and its refusal would be answered again).
      { stripeAccount: accountId, idempotencyKey: key },
    );
  } catch (err) {
    return failed(err, isDefiniteRefusal(err));
  }
  await recordPayoutMade(db, claim, payout, { now, appUrl });
  return 'done';
}

/** How many of an account's newest payouts are looked through for one whose answer was lost. */
const PAYOUT_LOOKUP_LIMIT = 1000;

/**
 * The payout made under `key` for a booking (its metadata carries both), from Stripe's list of the
 * account's payouts, newest first; undefined when none was made.
 */
async function findPayoutByKey(
  stripe: Stripe,
  accountId: string,
  bookingId: string,
  key: string,
): Promise<Stripe.Payout | undefined> {
  let seen = 0;
  for await (const p of stripe.payouts.list({ limit: 100 }, { stripeAccount: accountId })) {
    if (p.metadata?.bookingId === bookingId && p.metadata?.idempotencyKey === key) return p;
    if (++seen >= PAYOUT_LOOKUP_LIMIT) break;
  }
  return undefined;
}

/**
 * Records the payout Stripe made for a claim (its answer, or one found by its key after a lost
 * answer), while the claim is still its own: its id, amount and status, a line in its history,
 * and a refund that took the provider's share back since it was made.
 */
async function recordPayoutMade(
  db: Db,
  claim: Claim<ClaimedPayout>,
  payout: Stripe.Payout,
  opts: { now: Date; appUrl: string; lostAnswer?: boolean; reversingCents?: number | undefined },
) {
  await db.transaction(async (tx) => {
    const rows = await queryRows<{ id: string }>(
      tx,
      sql`update booking_payouts set stripe_payout_id = ${payout.id}, amount_cents = ${payout.amount},
            currency = ${fromStripeCurrency(payout.currency) ?? sql`currency`}, status_reason = null, due_at = null, lease_token = null, last_error = null,
            updated_at = ${opts.now.toISOString()}::timestamptz
          where ${held(claim)} returning id`,
    );
    if (!rows[0]) return;
    await recordPayoutEvent(tx, {
      bookingPayoutId: rows[0].id,
      kind: 'created',
      stripePayoutId: payout.id,
      amountCents: payout.amount,
      detail: opts.lostAnswer ? 'found in the account’s payouts by its key (the answer was lost)' : null,
    });
    await recordPayoutStatus(tx, payout, opts.now, { appUrl: opts.appUrl });
    if (opts.reversingCents !== undefined)
      await notePayoutAfterRefund(tx, claim.row.booking_id, opts.reversingCents, opts);
    await recordLedger(tx, claim.row.booking_id, 'payouts job');
  });
}

/**
 * A refund took the provider's share back after their payout was made (decision 046): Stripe
 * reversed the transfer from a balance already paid out, so it went negative, and Stripe debits
 * Locora for what the provider's next earnings do not cover. Recorded on the payout (the share
 * taken back so far, and when), with a line in its history; the provider is emailed and told
 * live, the admins live (`/admin/payments` lists it). `reversingCents`: the refunds (so far) that
 * reversed the transfer. In the caller's transaction.
 */
export async function notePayoutAfterRefund(
  tx: Executor,
  bookingId: string,
  reversingCents: number,
  opts: { now: Date; appUrl: string },
) {
  const [row] = await queryRows<{
    id: string;
    amount_cents: number;
    payout_currency: CurrencyCode;
    reversed_after_payout_cents: number;
    total_cents: number;
    fee_cents: number | null;
    currency: CurrencyCode;
    settled_amount: number | null;
    settled_currency: CurrencyCode | null;
  }>(
    tx,
    sql`select bp.id, bp.amount_cents, bp.currency as payout_currency, bp.reversed_after_payout_cents,
          p.amount_cents as total_cents, p.application_fee_cents as fee_cents, p.currency, p.settled_amount,
          p.settled_currency
        from booking_payouts bp join payments p on p.booking_id = bp.booking_id
        where bp.booking_id = ${bookingId} and bp.stripe_payout_id is not null
          and bp.status in ('pending', 'in_transit', 'paid')
        for update of bp`,
  );
  if (!row) return;
  // What is left of the payout, in the payout's own currency: of what landed when Stripe settled
  // it in another currency (decision 047), of the charge otherwise (a payout made before
  // settlements were read, in the charge's currency). Never one currency's amount less another's.
  const charge = {
    capturedCents: Number(row.total_cents),
    feeCents: Number(row.fee_cents ?? 0),
    reversingCents: Math.min(reversingCents, Number(row.total_cents)),
    currency: row.currency,
  };
  let left: number;
  if (row.settled_amount !== null && row.settled_currency === row.payout_currency)
    left = settledPayoutCents(Number(row.settled_amount), charge);
  else if (row.payout_currency === row.currency)
    left = payoutNetCents(charge.capturedCents, charge.feeCents, charge.reversingCents, charge.currency);
  else return;
  const takenBack = Math.max(0, Number(row.amount_cents) - left);
  const before = Number(row.reversed_after_payout_cents);
  if (takenBack <= before) return;
  await tx.execute(
    sql`update booking_payouts set reversed_after_payout_cents = ${takenBack},
          reversed_after_payout_at = ${opts.now.toISOString()}::timestamptz, updated_at = ${opts.now.toISOString()}::timestamptz
        where id = ${row.id}`,
  );
  await recordPayoutEvent(tx, {
    bookingPayoutId: row.id,
    kind: 'reversed_after_payout',
    amountCents: takenBack - before,
    detail: `the provider's share of refunds made after the payout: ${takenBack} in all`,
  });
  const [p] = await queryRows<PayoutParties>(tx, sql`${payoutPartiesSelect} where bp.id = ${row.id}`);
  if (!p) return;
  await enqueueEmail(tx, {
    to: p.provider_email,
    ...refundAfterPayoutEmail({
      locale: p.provider_language,
      appUrl: opts.appUrl,
      providerName: p.provider_name,
      money: { amount: takenBack - before, currency: p.currency },
      serviceTitle: p.title,
      when: formatDateIn(new Date(p.start_at), p.time_zone, p.provider_language),
    }),
    kind: 'payout-reversed',
    dedupeKey: `payout-reversed:${row.id}:${takenBack}`,
  });
  await tellLive(tx, p, 'payout-reversed');
}

/**
 * Keeps on the payment what Stripe's list of refunds says was refunded (read before a payout; the
 * webhook that would have said so may be late or lost), with a line in its history.
 */
async function recordRefundedCents(db: Db, paymentId: string, refundedCents: number, now: Date) {
  await db.transaction(async (tx) => {
    const rows = await queryRows<{ status: string; booking_id: string }>(
      tx,
      sql`update payments set refunded_cents = least(${refundedCents}, amount_cents), updated_at = ${now.toISOString()}::timestamptz
          where id = ${paymentId} and refunded_cents <> least(${refundedCents}, amount_cents) returning status, booking_id`,
    );
    if (rows[0]) {
      await tx.execute(
        sql`insert into payment_events (payment_id, kind, status, detail)
            values (${paymentId}, 'refunds_read', ${rows[0].status}, ${`refunded ${refundedCents}, read before a payout`})`,
      );
      await recordLedger(tx, rows[0].booking_id, 'payouts job');
    }
  });
}

/**
 * The payout's idempotency key: one per booking, a new one after each refusal by Stripe and each
 * payout that failed (`tries` = refusals + failures: each new payout asked for gets its own).
 */
export const payoutKey = (bookingId: string, tries: number) =>
  tries === 0 ? `locora-payout-${bookingId}` : `locora-payout-${bookingId}-${tries}`;

/**
 * Stripe looked at the call and refused it (not enough balance yet, payouts paused): no payout was
 * made. A network error, a timeout or a 5xx may have made one, so those keep the key; so do a
 * conflict (the same key in flight) and an idempotency error (a call under this key may have paid).
 */
function isDefiniteRefusal(err: unknown): boolean {
  return isStripeRefusal(err) && err.statusCode !== 409 && err.type !== 'StripeIdempotencyError';
}

/** Makes the payouts due now, one claim at a time (tests; the job runner does the same). */
export async function runPayouts(db: Db, stripe: Stripe, opts: { now?: Date; limit?: number; appUrl?: string } = {}) {
  let done = 0;
  for (let i = 0; i < (opts.limit ?? 50); i++) {
    const [claim] = await claimDue<ClaimedPayout>(db, PAYOUT_QUEUE, { leaseMs: PAYOUT_LEASE_MS });
    if (!claim) break;
    if ((await runClaimedPayout(db, stripe, claim, opts.now ?? new Date(), opts.appUrl)) === 'done') done += 1;
  }
  return done;
}

/** Payouts owed as a kind of the job runner every instance runs when Stripe is configured. */
export function payoutJobKind(opts: {
  db: Db;
  stripe: Stripe;
  now: () => Date;
  appUrl?: string;
  intervalMs?: number;
  leaseMs?: number;
}): LeasedKind<ClaimedPayout> {
  const leaseMs = opts.leaseMs ?? PAYOUT_LEASE_MS;
  return {
    name: PAYOUTS_JOB,
    queue: PAYOUT_QUEUE,
    leaseMs,
    maxRunMs: Math.min(10 * leaseMs, PAYOUT_MAX_RUN_MS),
    intervalMs: opts.intervalMs ?? 60_000,
    run: (claim) => runClaimedPayout(opts.db, opts.stripe, claim, opts.now(), opts.appUrl),
  };
}
