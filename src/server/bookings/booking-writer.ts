/**
 * The one place a booking's and its payment's status are written. Every change (a person's action,
 * the lifecycle job, a report from Stripe) asks the pure rules of shared/domain what it does (the
 * state machine, booking-machine.ts; what Stripe's answer means for the booking, payment-facts.ts;
 * the money's movements, ledger.ts) and applies their answer here, in the caller's transaction,
 * with the booking row locked (then its payment: always that order): the booking row, its history
 * row, the payment's status, the call owed to Stripe, the ledger, the live updates and the emails.
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  awaitsPayment,
  decide,
  EVENT_ACTOR,
  type BookingEvent,
  type Decision,
  type MachineBooking,
  type Refusal,
} from '../../shared/domain/booking-machine.ts';
import type { BookingStatus } from '../../shared/domain/booking-status.ts';
import { paymentFacts } from '../../shared/domain/payment-facts.ts';
import { queryRows, type Executor } from '../db/open.ts';
import { enqueueEmail } from '../email/outbox.ts';
import {
  bookingLengthWords,
  bookingReceiptEmail,
  bookingRequestEmail,
  type BookingEmailStatus,
  type MoneyMoved,
} from '../email/templates.ts';
import { needsTravelerAddress } from '../../shared/domain/service-location.ts';
import { recordLedger } from '../payments/ledger.ts';
import {
  DEFAULT_APP_URL,
  lockPaymentOfBooking,
  queuePaymentAction,
  recordPaymentEvent,
  type PaymentRow,
} from '../payments/payment-rows.ts';
import { notePayoutAfterRefund, queueBookingPayout } from '../payments/payouts.ts';
import type { RefundTotals } from '../payments/refunds.ts';
import { publishUserEvent } from '../realtime/events.ts';
import {
  bookingWhere,
  enqueueStatusEmail,
  normaliseParties,
  partiesFrom,
  partiesSelect,
  recordBookingEvent,
  startText,
  type BookingParties,
} from './booking-sql.ts';

export type WriterContext = { now: Date; appUrl: string; cardPayments: boolean };

/** The word each event carries in the live update both parties receive. */
const LIVE_ACTION: Record<BookingEvent, string> = {
  request: 'request',
  payment_authorised: 'authorised',
  payment_failed: 'payment-failed',
  hold_lapsed: 'expire',
  accept: 'accept',
  decline: 'decline',
  expire: 'expire',
  traveler_cancel: 'cancel',
  provider_cancel: 'cancel',
  complete: 'complete',
  captured: 'paid',
  refunded: 'refunded',
  refund_failed: 'refund-failed',
  dispute_opened: 'dispute',
  dispute_closed: 'dispute',
  payee_restricted: 'decline',
  account_suspended: 'cancel',
};
const EMAILED: Partial<Record<string, BookingEmailStatus>> = {
  accepted: 'accepted',
  declined: 'declined',
  canceled: 'canceled',
  expired: 'expired',
  paid: 'paid',
  refunded: 'refunded',
};

/** Whether Stripe holds the money on the card, authorised and not taken. */
const heldOnCard = (status: string | undefined) => status === 'requires_capture' || status === 'processing';

/**
 * What a change does to the traveler's money, to tell them with the amount (the whole charge,
 * service fee included, in the booking's currency): a hold released, a refund owed, money kept by
 * a late cancellation, a charge taken, a refund made. Null when no money moved.
 */
function moneyMoved(
  b: BookingParties,
  payment: PaymentRow | undefined,
  decision: Decision,
  kind: string,
): MoneyMoved | null {
  if (!payment) return null;
  const amount = { amount: Number(payment.amount_cents), currency: b.currency };
  if (kind === 'paid') return { kind: 'charged', amount };
  if (kind === 'refunded') return { kind: 'refunded', amount };
  if (decision.payment === 'cancel' && heldOnCard(payment.status)) return { kind: 'released', amount };
  if (decision.payment === 'refund')
    return heldOnCard(payment.status)
      ? { kind: 'released', amount }
      : payment.status === 'succeeded'
        ? { kind: 'refund_owed', amount }
        : null;
  if (decision.payout === 'at_end' && payment.status === 'succeeded') return { kind: 'kept', amount };
  return null;
}

/** The traveler's receipt of a request paid by card, once the card is authorised: the amount is held. */
async function emailReceipt(tx: Executor, appUrl: string, b: BookingParties, payment: PaymentRow | undefined) {
  if (!b.traveler_active) return;
  const locale = b.traveler_language;
  await enqueueEmail(tx, {
    to: b.traveler_email,
    ...bookingReceiptEmail({
      appUrl,
      travelerName: b.traveler_name,
      providerName: b.provider_name,
      serviceTitle: b.title,
      startText: startText(b.start_at, b.time_zone, [b.service_city, b.provider_base_city], locale),
      lengthText: bookingLengthWords(locale, b.pricing_unit, b.hours),
      total: {
        amount: payment ? Number(payment.amount_cents) : Number(b.amount_cents) + Number(b.fee_cents),
        currency: b.currency,
      },
      locale,
      // Before confirmation it names the area and city, not a place's address.
      where: needsTravelerAddress(b.location_type)
        ? b.booking_address
        : [b.location_area, b.service_city].filter(Boolean).join(', ') || null,
      notes: b.booking_notes,
      cardHeld: true,
    }),
    kind: 'booking-receipt',
    dedupeKey: `booking:${b.id}:receipt`,
  });
}

/** The booking row locked, with its parties and what the machine needs. */
export async function lockBooking(tx: Executor, bookingId: string, scope: SQL = sql``, skipLocked = false) {
  const [row] = await queryRows<BookingParties>(
    tx,
    sql`select ${partiesSelect} from ${partiesFrom} where b.id = ${bookingId} ${scope}
        for update of b ${skipLocked ? sql`skip locked` : sql``}`,
  );
  return row ? normaliseParties(row) : undefined;
}

export function machineBooking(b: BookingParties, payment: PaymentRow | undefined): MachineBooking {
  return {
    status: b.status,
    start: b.start_at,
    end: b.end_at,
    createdAt: b.created_at,
    authorisedAt: b.authorised_at,
    paymentRequired: b.payment_required,
    paymentStatus: payment?.status ?? null,
    refundPending: b.refund_pending,
  };
}

/** The provider's email about a new request (sent when they can see it: at once, or once the card is authorised). */
async function emailRequest(tx: Executor, appUrl: string, b: BookingParties) {
  if (!b.provider_active) return;
  await enqueueEmail(tx, {
    to: b.provider_email,
    ...bookingRequestEmail({
      locale: b.provider_language,
      appUrl,
      providerName: b.provider_name,
      travelerName: b.traveler_name,
      serviceTitle: b.title,
      startText: startText(b.start_at, b.time_zone, [b.service_city, b.provider_base_city], b.provider_language),
      hours: b.hours,
      where: bookingWhere(b),
      notes: b.booking_notes,
    }),
    kind: 'booking-request',
    dedupeKey: `booking:${b.id}:request`,
  });
}

/**
 * Applies what the machine decided for `event` to a booking locked by the caller (lockBooking, then
 * lockPaymentOfBooking). Returns the decision, or the refusal (nothing written).
 */
export async function applyToLocked(
  tx: Executor,
  b: BookingParties,
  payment: PaymentRow | undefined,
  event: BookingEvent,
  ctx: WriterContext,
  opts: { actorUserId?: string | null; reason?: string | null; alternativeStarts?: readonly Date[] } = {},
): Promise<Decision | Refusal> {
  const decision = decide(event === 'request' ? null : machineBooking(b, payment), event, ctx);
  if (decision.refused !== undefined) return decision;
  const actor = EVENT_ACTOR[event];
  const person = actor === 'TRAVELER' || actor === 'PROVIDER';
  const to: BookingStatus = decision.to;
  if (event !== 'request') {
    // A person's reason is kept as given (none: null); the system's ('expired') only when none was.
    const cancelReason =
      decision.moved && to === 'CANCELED'
        ? person
          ? sql`${opts.reason ?? null}`
          : sql`coalesce(cancel_reason, ${decision.note})`
        : sql`cancel_reason`;
    await tx.execute(
      sql`update bookings set status = ${to}::booking_status, cancel_reason = ${cancelReason},
            refund_pending = ${decision.refundPending}
            ${decision.authorised ? sql`, authorised_at = ${ctx.now.toISOString()}::timestamptz` : sql``}
          where id = ${b.id}`,
    );
  }
  if (decision.moved)
    await recordBookingEvent(tx, {
      bookingId: b.id,
      actorUserId: person ? (opts.actorUserId ?? null) : null,
      actorRole: person ? actor : 'SYSTEM',
      from: event === 'request' ? null : b.status,
      to,
      reason: opts.reason ?? decision.note,
    });
  // A booking done (or cancelled late, the money kept): its provider's net is paid out from their
  // connected account, at once or after the booking's end (decisions 038, 046).
  if (decision.moved && decision.payout)
    await queueBookingPayout(tx, b.id, ctx.now, decision.payout === 'at_end' ? b.end_at : undefined);
  if (decision.payment && payment && !(decision.payment === payment.pending_action && event === 'refund_failed'))
    await queuePaymentAction(tx, payment, decision.payment, ctx.now);

  // Whom to tell. A request whose card is not authorised yet is the traveler's alone.
  const hidden = awaitsPayment(machineBooking(b, payment)) && !decision.authorised;
  if (decision.moved || decision.notify.length > 0 || decision.authorised)
    await publishUserEvent(tx, hidden ? [b.traveler_id] : [b.traveler_id, b.provider_user_id], 'booking', {
      bookingId: b.id,
      status: to,
      action: LIVE_ACTION[event],
    });
  for (const notice of decision.notify) {
    if (notice.to === 'admin') continue; // Admins read it in the booking's history and payment events.
    if (notice.kind === 'request') {
      if (!hidden) await emailRequest(tx, ctx.appUrl, b);
      continue;
    }
    if (notice.kind === 'authorised') {
      await emailReceipt(tx, ctx.appUrl, b, payment);
      continue;
    }
    const status = EMAILED[notice.kind];
    if (status)
      await enqueueStatusEmail(tx, ctx.appUrl, b, notice.to, status, {
        reason: opts.reason ?? null,
        canceledBy: person ? actor : 'SYSTEM',
        // The traveler is told what happened to their money, with the amount; a provider of a refund.
        money:
          notice.to === 'traveler' || notice.kind === 'refunded' ? moneyMoved(b, payment, decision, notice.kind) : null,
        ...(opts.alternativeStarts ? { alternativeStarts: opts.alternativeStarts } : {}),
      });
  }
  return decision;
}

/** Locks the booking and its payment, and applies `event` (undefined: no such booking in `scope`). */
export async function applyBookingEvent(
  tx: Executor,
  bookingId: string,
  event: BookingEvent,
  ctx: WriterContext,
  opts: { actorUserId?: string | null; reason?: string | null } = {},
): Promise<{ booking: BookingParties; outcome: Decision | Refusal } | undefined> {
  const booking = await lockBooking(tx, bookingId);
  if (!booking) return undefined;
  const payment = await lockPaymentOfBooking(tx, bookingId);
  return { booking, outcome: await applyToLocked(tx, booking, payment, event, ctx, opts) };
}

/**
 * Records what Stripe says a PaymentIntent's status is (an API answer, or Stripe read again after a
 * webhook event), in the caller's transaction: payment-facts.ts decides whether the payment moves
 * and which booking events happened; this writes the payment, clears an owed call that is done,
 * applies each event to the booking, and records the money's movements. Unknown PaymentIntents are
 * ignored. Returns whether anything changed.
 */
export async function applyPaymentStatus(
  tx: Executor,
  e: {
    paymentId: string;
    status: string;
    kind: string;
    detail?: string | null;
    stripeEventId?: string | null;
    /** A failed attempt (payment_intent.payment_failed) may move back to requires_payment_method. */
    isFailure?: boolean;
    /** Stripe holds the money again: its refund failed or was canceled, none succeeded. */
    refundFailed?: boolean;
    /** How much Stripe has refunded of it, read from its list of refunds (undefined: not read). */
    refunds?: RefundTotals | undefined;
    now: Date;
    appUrl?: string;
  },
): Promise<boolean> {
  const [ref] = await queryRows<{ booking_id: string }>(
    tx,
    sql`select booking_id from payments where id = ${e.paymentId}`,
  );
  if (!ref) return false;
  // Booking first, then payment: the order every booking change takes.
  const booking = await lockBooking(tx, ref.booking_id);
  const payment = await lockPaymentOfBooking(tx, ref.booking_id);
  if (!booking || !payment) return false;

  const facts = paymentFacts(
    { status: payment.status, pendingAction: payment.pending_action },
    { authorised: Boolean(booking.authorised_at), refundPending: booking.refund_pending },
    { status: e.status, isFailure: e.isFailure, refundFailed: e.refundFailed },
  );
  const at = sql`${e.now.toISOString()}::timestamptz`;
  await recordPaymentEvent(tx, {
    paymentId: payment.id,
    kind: e.kind,
    status: facts.status,
    detail: e.detail,
    stripeEventId: e.stripeEventId,
  });
  if (facts.moves)
    await tx.execute(
      sql`update payments set status = ${facts.status}, updated_at = ${at}
            ${facts.status === 'refunded' && e.refunds === undefined ? sql`, refunded_cents = amount_cents` : sql``}
            ${facts.refundFailed && e.refunds === undefined ? sql`, refunded_cents = 0` : sql``}
            ${facts.clearsAction ? sql`, pending_action = null, action_due_at = null, action_error = null, lease_token = null` : sql``}
          where id = ${payment.id}`,
    );
  // What Stripe's list of refunds says was refunded (also a partial refund made in its dashboard).
  if (e.refunds !== undefined) {
    await tx.execute(
      sql`update payments set refunded_cents = least(${e.refunds.refundedCents}, amount_cents), updated_at = ${at}
          where id = ${payment.id} and refunded_cents <> least(${e.refunds.refundedCents}, amount_cents)`,
    );
    // A refund after the payout was made: the provider's balance gave its share back (decision 046).
    await notePayoutAfterRefund(tx, booking.id, e.refunds.reversingCents, {
      now: e.now,
      appUrl: e.appUrl ?? DEFAULT_APP_URL,
    });
  }
  let changed = facts.moves;
  const ctx = { now: e.now, appUrl: e.appUrl ?? DEFAULT_APP_URL, cardPayments: true };
  for (const event of facts.events) {
    const fresh = (await lockBooking(tx, booking.id))!;
    const freshPayment = await lockPaymentOfBooking(tx, booking.id);
    const outcome = await applyToLocked(tx, fresh, freshPayment, event, ctx, { reason: null });
    if (outcome.refused === undefined && (outcome.moved || outcome.payment || outcome.authorised)) changed = true;
  }
  if (facts.refundFailed && e.detail)
    await tx.execute(sql`update payments set action_error = ${e.detail} where id = ${payment.id}`);
  // The money's movements, in this transaction (decision 058).
  await recordLedger(tx, booking.id, e.stripeEventId ?? e.kind);
  return changed;
}
