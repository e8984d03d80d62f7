/**
 * The one place a booking's status is written. Every change (a person's action, the lifecycle job,
 * a report from Stripe) asks the state machine (shared/domain/booking-machine.ts) what the event
 * does, and applies its answer here, in the caller's transaction, with the booking row locked (then
 * its payment: always that order): the booking row, its history row, the call owed to Stripe, the
 * live updates and the emails.
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
import { queryRows, type Executor } from '../db/open.ts';
import { enqueueEmail } from '../email/outbox.ts';
import { bookingRequestEmail, type BookingEmailStatus } from '../email/templates.ts';
import { lockPaymentOfBooking, queuePaymentAction, type PaymentRow } from '../payments/payment-actions.ts';
import { queueBookingPayout } from '../payments/payouts.ts';
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
};

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
    const status = EMAILED[notice.kind];
    if (status)
      await enqueueStatusEmail(tx, ctx.appUrl, b, notice.to, status, {
        reason: opts.reason ?? null,
        canceledBy: person ? actor : 'SYSTEM',
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
