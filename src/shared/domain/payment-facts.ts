/**
 * What Stripe says about a booking's PaymentIntent, as facts for the booking's state machine
 * (booking-machine.ts): whether the payment moves, to what status, whether the call Locora owed is
 * now done, and which booking events happened, in the order they happened at Stripe. Pure: the one
 * writer (src/server/bookings/booking-writer.ts) applies the answer.
 *
 * A payment only moves forward, so events that arrive late or twice change nothing. The two ways
 * back: a failed attempt (the traveler may try another card) and a refund that failed or was
 * canceled (Stripe holds the money again).
 */
import { holdsMoney, type BookingEvent, type PaymentAction } from './booking-machine.ts';

/** How far along a PaymentIntent is: a status only replaces one of a lower rank. */
const RANK: Record<string, number> = {
  requires_payment_method: 0,
  requires_confirmation: 1,
  requires_action: 1,
  processing: 2,
  requires_capture: 3,
  succeeded: 4,
  canceled: 4,
  refunded: 5,
};
export const rankOf = (status: string) => RANK[status] ?? -1;

/** Whether a payment in `status` needs nothing more for `action`. */
export function isActionDone(action: PaymentAction, status: string): boolean {
  if (action === 'capture') return status === 'succeeded' || status === 'canceled' || status === 'refunded';
  if (action === 'cancel') return status === 'canceled' || status === 'refunded';
  return status === 'refunded' || status === 'canceled';
}

/** What Stripe said: a status, read from an API answer or read again after a webhook. */
export type PaymentReport = {
  status: string;
  /** A failed attempt (payment_intent.payment_failed): may move back to requires_payment_method. */
  isFailure?: boolean | undefined;
  /** Stripe holds the money again: its refund failed or was canceled, none succeeded. */
  refundFailed?: boolean | undefined;
};

export type PaymentFacts = {
  /** The payment's status changes. */
  moves: boolean;
  /** Its status after the report. */
  status: string;
  /** The call Locora owed Stripe is done (the owed action is cleared). */
  clearsAction: boolean;
  /** A refund failed: Stripe holds the money again. */
  refundFailed: boolean;
  /** The booking events, in order. */
  events: BookingEvent[];
};

export function paymentFacts(
  payment: { status: string; pendingAction: PaymentAction | null },
  booking: { authorised: boolean; refundPending: boolean },
  report: PaymentReport,
): PaymentFacts {
  const current = rankOf(payment.status);
  const next = rankOf(report.status);
  const refundFailed = !!report.refundFailed && report.status === 'succeeded';
  const moves = report.isFailure
    ? current <= RANK.processing! && report.status !== payment.status
    : next > current || (refundFailed && payment.status === 'refunded');
  const status = moves ? report.status : payment.status;
  const events: BookingEvent[] = [];
  if (report.isFailure && moves) events.push('payment_failed');
  if (moves && !holdsMoney(payment.status) && (holdsMoney(status) || status === 'refunded') && !booking.authorised)
    events.push('payment_authorised');
  // The booking follows the payment's status, also one known already (captured in advance, e.g. in
  // Stripe's dashboard, before the provider accepted: the accept's capture finds it done).
  if (status === 'succeeded' || status === 'refunded') events.push('captured');
  if (refundFailed) events.push('refund_failed');
  else if (status === 'refunded' || (status === 'canceled' && booking.refundPending)) events.push('refunded');
  return {
    moves,
    status,
    clearsAction: moves && payment.pendingAction !== null && isActionDone(payment.pendingAction, report.status),
    refundFailed,
    events,
  };
}
