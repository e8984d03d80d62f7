/**
 * THE booking state machine: everything that can happen to a booking, and what follows from it.
 *
 *   decide(booking, event, context) -> { to, payment, notify, ... }  or  { refused: reason }
 *
 * `booking` is the booking as stored (its status, times and the state of its card payment), `event`
 * one of BOOKING_EVENTS below, `context` the time and whether card payments are on. The answer is
 * the next status, the one call owed to Stripe (capture, release or refund, made after the commit
 * by the payment worker; decision 024), whom to tell, and whether a refund is still on its way to
 * the traveler. Nothing here reads a clock or a database: the server applies the answer in one
 * transaction (src/server/bookings/booking-writer.ts), the client uses it to pick buttons.
 *
 * Money, in one place (decisions 024 and 031):
 * - A request holds the traveler's card (authorised, not charged). With card payments on, an unpaid
 *   request holds its time for UNPAID_HOLD_MINUTES only and the provider does not see it; once the
 *   card is authorised the provider is told, and has RESPONSE_WINDOW_HOURS from then to answer.
 * - Accept captures the hold. Decline, expiry, a lapsed hold and cancelling a request release it.
 * - Cancelling an accepted booking: the provider cancelling always refunds in full; the traveler
 *   cancelling refunds in full at least FREE_CANCELLATION_HOURS before the start, else nothing.
 * - The provider is paid out their share (a destination charge's net, decision 038) once the
 *   booking is COMPLETED, and, when a traveler's late cancellation kept the money, after the
 *   booking's end, on the same schedule (`payout`).
 * - A refund owed leaves the booking CANCELED with `refundPending` until Stripe reports the money
 *   back with the traveler (the refund succeeded, or the uncaptured hold was released); only then
 *   is it REFUNDED. A refund that fails later moves a REFUNDED booking back to CANCELED, refund
 *   pending, and the refund is owed again.
 * - Stripe's reports (authorised, failed, captured, refunded, refund failed, disputes) are facts:
 *   they are never refused, at worst they change nothing.
 */
import type { BookingStatus } from './booking-status.ts';
import { HOUR_MS, MINUTE_MS } from './time.ts';

// ------------------------------------------------------------------------------- rules of time

/** A provider has this long to answer a request (from its card's authorisation, if it must be paid), or until its start. */
export const RESPONSE_WINDOW_HOURS = 24;
/** With card payments on, a request whose card is not authorised holds its time this long. */
export const UNPAID_HOLD_MINUTES = 15;
/** A traveler who cancels an accepted booking at least this long before the start is refunded in full. */
export const FREE_CANCELLATION_HOURS = 24;

/** What the time rules need of a booking. */
export interface LifecycleBooking {
  status: string;
  start: Date;
  end: Date;
  createdAt: Date;
  /** When its card was authorised (null: not, or never asked for). */
  authorisedAt?: Date | null;
  /** Made while card payments were on: the provider sees it only once its card is authorised. */
  paymentRequired?: boolean;
}

/** A request made to be paid by card whose card is not authorised yet: only the traveler sees it. */
export function awaitsPayment(b: LifecycleBooking): boolean {
  return b.status === 'PENDING' && !!b.paymentRequired && !b.authorisedAt;
}

/**
 * The instant an unanswered PENDING booking stops holding its time: for an unpaid request, 15
 * minutes after it was made; otherwise 24 hours after the provider could see it (its authorisation,
 * or its creation when no card is needed). Never later than its start.
 */
export function respondBy(b: LifecycleBooking): Date {
  const from = awaitsPayment(b)
    ? b.createdAt.getTime() + UNPAID_HOLD_MINUTES * MINUTE_MS
    : (b.authorisedAt ?? b.createdAt).getTime() + RESPONSE_WINDOW_HOURS * HOUR_MS;
  return new Date(Math.min(from, b.start.getTime()));
}

/**
 * The status as of `now`, whether or not the background job has written it yet: a PENDING booking
 * past respondBy is CANCELED, a CONFIRMED or PAID one past its end is COMPLETED. Every read in
 * TypeScript goes through this; SQL reads go through locora_effective_status (src/server/db/functions.sql),
 * and a test holds the two to the same answers.
 */
export function effectiveStatus(b: LifecycleBooking, now: Date): BookingStatus {
  if (b.status === 'PENDING' && now.getTime() >= respondBy(b).getTime()) return 'CANCELED';
  if ((b.status === 'CONFIRMED' || b.status === 'PAID') && now.getTime() >= b.end.getTime()) return 'COMPLETED';
  return b.status as BookingStatus;
}

/**
 * Whether cancelling a booking the provider accepted refunds the traveler in full: always when the
 * provider cancels; when the traveler does, only at least 24 hours before the start.
 */
export function cancelRefundsInFull(actor: 'TRAVELER' | 'PROVIDER', start: Date, now: Date): boolean {
  if (actor === 'PROVIDER') return true;
  return start.getTime() - now.getTime() >= FREE_CANCELLATION_HOURS * HOUR_MS;
}

// ------------------------------------------------------------------------------------- events

export const BOOKING_EVENTS = [
  /** The traveler asks for a time (a new booking). */
  'request',
  /** Stripe: the card is authorised (money held, not taken). */
  'payment_authorised',
  /** Stripe: an attempt to pay failed (another card may be tried). */
  'payment_failed',
  /** System: an unpaid request's 15 minutes have passed. */
  'hold_lapsed',
  /** The provider accepts a request. */
  'accept',
  /** The provider declines a request. */
  'decline',
  /** System: the provider did not answer in time. */
  'expire',
  'traveler_cancel',
  'provider_cancel',
  /** System: an accepted booking's end has passed. */
  'complete',
  /** Stripe: the money was taken. */
  'captured',
  /** Stripe: the money is back with the traveler (refund succeeded, or the hold released for a refund owed). */
  'refunded',
  /** Stripe: a refund failed or was canceled. */
  'refund_failed',
  'dispute_opened',
  'dispute_closed',
  /** System: the provider's payouts account can no longer receive money (decision 038); their requests are released. */
  'payee_restricted',
  /** An admin suspended the traveler or the provider (decision 051): every open booking of theirs ends, refunded in full. */
  'account_suspended',
] as const;
export type BookingEvent = (typeof BOOKING_EVENTS)[number];

export type PaymentAction = 'capture' | 'cancel' | 'refund';
/** When a payout owed by a change is due: at once, or at the booking's end. */
export type PayoutDue = 'now' | 'at_end';
export type BookingActor = 'TRAVELER' | 'PROVIDER' | 'SYSTEM' | 'STRIPE';

/** Who causes each event (the server refuses an event from anyone else). */
export const EVENT_ACTOR: Record<BookingEvent, BookingActor> = {
  request: 'TRAVELER',
  payment_authorised: 'STRIPE',
  payment_failed: 'STRIPE',
  hold_lapsed: 'SYSTEM',
  accept: 'PROVIDER',
  decline: 'PROVIDER',
  expire: 'SYSTEM',
  traveler_cancel: 'TRAVELER',
  provider_cancel: 'PROVIDER',
  complete: 'SYSTEM',
  captured: 'STRIPE',
  refunded: 'STRIPE',
  refund_failed: 'STRIPE',
  dispute_opened: 'STRIPE',
  dispute_closed: 'STRIPE',
  payee_restricted: 'SYSTEM',
  account_suspended: 'SYSTEM',
};

/** The message every notice becomes: an email (the first four, and 'request'), a live update to both parties always. */
export type NoticeKind =
  | 'request'
  /** The traveler's card is authorised: their receipt, with the amount held. */
  | 'authorised'
  | 'accepted'
  | 'declined'
  | 'canceled'
  | 'expired'
  | 'hold_lapsed'
  | 'paid'
  | 'refunded'
  | 'refund_failed'
  | 'dispute';
export type Notice = { to: 'traveler' | 'provider' | 'admin'; kind: NoticeKind };

/** A booking as the machine sees it. `status` null: not made yet (only 'request' applies). */
export interface MachineBooking extends LifecycleBooking {
  status: BookingStatus | (string & {});
  /** Its card payment's Stripe status, or null when it has none. */
  paymentStatus: string | null;
  /** A refund is owed to the traveler and Stripe has not reported it made. */
  refundPending: boolean;
}

export type Decision = {
  refused?: undefined;
  /** The status after the event (the same status when the event changes nothing of it). */
  to: BookingStatus;
  /** Whether the status changes (a history row is written only then). */
  moved: boolean;
  /** The call owed to Stripe, written with the change and made after the commit. */
  payment: PaymentAction | null;
  /**
   * The provider's payout this change owes: due now (the booking is COMPLETED), or after the
   * booking's end (cancelled late by the traveler, the money kept); null: none.
   */
  payout: PayoutDue | null;
  refundPending: boolean;
  /** The card was authorised now: the provider's answer clock starts. */
  authorised: boolean;
  /** Kept in the booking's history and, for a cancel, as its reason when none was given. */
  note: string | null;
  notify: Notice[];
};
export type Refusal = { refused: string; code: 'CONFLICT' | 'FORBIDDEN' };
export type Outcome = Decision | Refusal;

export interface MachineContext {
  now: Date;
  /** Stripe is configured (a live payment must be authorised before an accept). */
  cardPayments: boolean;
}

/** Whether a payment still holds or took money, or may yet (neither released nor refunded). */
export const isLivePayment = (status: string | null): status is string =>
  status !== null && status !== 'canceled' && status !== 'refunded';
/** Whether Stripe holds (authorised) or took the money. */
export const holdsMoney = (status: string | null) =>
  status === 'requires_capture' || status === 'processing' || status === 'succeeded';

export const CARD_NOT_AUTHORISED_MESSAGE =
  'The traveler’s card payment is not authorised yet. You can accept once it is, or decline the request.';
export const CARD_PAYMENTS_OFF_MESSAGE =
  'This request was made to be paid by card, and card payments are not available now. Decline it, and the traveler can book again.';
export const EXPIRED_REASON = 'expired';
export const HOLD_LAPSED_REASON = 'payment not completed';
export const PAYEE_RESTRICTED_NOTE = 'provider cannot be paid';
export const ACCOUNT_SUSPENDED_NOTE = 'Canceled by Locora: an account in this booking was suspended.';

const ACTION_WORD: Partial<Record<BookingEvent, string>> = {
  accept: 'accept',
  decline: 'decline',
  traveler_cancel: 'cancel',
  provider_cancel: 'cancel',
  expire: 'expire',
  complete: 'complete',
  hold_lapsed: 'release',
  payee_restricted: 'release',
  account_suspended: 'cancel',
};
/** The words shown when a booking cannot move: 'Cannot accept this booking: it is CONFIRMED'. */
export function wrongTransitionMessage(word: string, status: string): string {
  return `Cannot ${word} this booking: it is ${status}`;
}

const refuse = (refused: string, code: Refusal['code'] = 'CONFLICT'): Refusal => ({ refused, code });

/**
 * The one function: what `event` does to `b` at `ctx.now`. Person's events (request, accept,
 * decline, cancels) and the system's (expire, complete, hold_lapsed) are refused with a reason when
 * they do not apply; Stripe's never are.
 */
export function decide(b: MachineBooking | null, event: BookingEvent, ctx: MachineContext): Outcome {
  const { now } = ctx;
  if (event === 'request') {
    if (b) return refuse('This booking was already requested.');
    // The provider hears of a request to be paid by card only once the card is authorised.
    return {
      to: 'PENDING',
      moved: true,
      payment: null,
      payout: null,
      refundPending: false,
      authorised: false,
      note: null,
      notify: [{ to: 'provider', kind: 'request' }],
    };
  }
  if (!b) return refuse('There is no such booking.');
  // Time has its say first: an expired request reads CANCELED, a finished booking COMPLETED.
  const status = effectiveStatus(b, now);
  const pay = b.paymentStatus;
  const same = (extra: Partial<Decision> = {}): Decision => ({
    to: b.status as BookingStatus,
    moved: false,
    payment: null,
    payout: null,
    refundPending: b.refundPending,
    authorised: false,
    note: null,
    notify: [],
    ...extra,
  });
  const move = (to: BookingStatus, extra: Partial<Decision> = {}): Decision => ({
    ...same(),
    to,
    moved: to !== b.status,
    ...extra,
  });
  const word = ACTION_WORD[event] ?? event;
  const wrong = () => refuse(wrongTransitionMessage(word, status));
  const beforeStart = now.getTime() < b.start.getTime();
  const started = () => refuse(`${wrongTransitionMessage(word, status)} and has already started.`);
  /** Releasing what a request holds: the call is owed only while the payment is live. */
  const release = isLivePayment(pay) ? ('cancel' as const) : null;

  switch (event) {
    // ---------------------------------------------------------------------- Stripe reports
    case 'payment_authorised':
      if (b.status === 'PENDING' && status === 'PENDING')
        return b.authorisedAt
          ? same()
          : same({
              authorised: true,
              // Now the provider sees it (it was hidden while unpaid), and the traveler gets their
              // receipt, with the amount held on their card.
              notify: b.paymentRequired
                ? [
                    { to: 'provider', kind: 'request' },
                    { to: 'traveler', kind: 'authorised' },
                  ]
                : [],
            });
      // Authorised after the booking ended (declined, expired, cancelled meanwhile): let go of it.
      if ((status === 'CANCELED' || status === 'REFUNDED' || b.status === 'PENDING') && isLivePayment(pay))
        return same({ payment: b.refundPending ? 'refund' : 'cancel' });
      return same();
    case 'payment_failed':
      return same();
    case 'captured':
      if (b.status === 'CONFIRMED') return move('PAID', { notify: [{ to: 'traveler', kind: 'paid' }] });
      // Taken after the booking was cancelled with nothing owed back: it stays taken (the policy).
      return same();
    case 'refunded':
      if (b.status === 'REFUNDED') return same({ refundPending: false });
      if (b.status === 'CANCELED' && b.refundPending)
        return move('REFUNDED', { refundPending: false, notify: [{ to: 'traveler', kind: 'refunded' }] });
      // A full refund made at Stripe (its dashboard) of a booking the provider accepted.
      if (b.status === 'CONFIRMED' || b.status === 'PAID' || b.status === 'COMPLETED')
        return move('REFUNDED', {
          refundPending: false,
          note: 'refunded at Stripe',
          notify: [
            { to: 'traveler', kind: 'refunded' },
            { to: 'provider', kind: 'refunded' },
          ],
        });
      return same();
    case 'refund_failed':
      // The money did not reach the traveler after all: the refund is owed again.
      if (b.status === 'REFUNDED')
        return move('CANCELED', {
          refundPending: true,
          payment: 'refund',
          note: 'refund failed',
          notify: [{ to: 'admin', kind: 'refund_failed' }],
        });
      if (b.status === 'CANCELED' && b.refundPending)
        return same({ payment: 'refund', notify: [{ to: 'admin', kind: 'refund_failed' }] });
      return same();
    case 'dispute_opened':
    case 'dispute_closed':
      return same({ note: event.replace('_', ' '), notify: [{ to: 'admin', kind: 'dispute' }] });

    // ---------------------------------------------------------------------- the system
    case 'hold_lapsed':
      if (b.status !== 'PENDING' || !awaitsPayment(b)) return wrong();
      if (now.getTime() < respondBy(b).getTime()) return refuse('The unpaid hold has not lapsed yet.');
      return move('CANCELED', {
        payment: release,
        note: HOLD_LAPSED_REASON,
        notify: [{ to: 'traveler', kind: 'hold_lapsed' }],
      });
    case 'expire':
      if (b.status !== 'PENDING' || awaitsPayment(b) || status !== 'CANCELED') return wrong();
      return move('CANCELED', {
        payment: release,
        note: EXPIRED_REASON,
        notify: [{ to: 'traveler', kind: 'expired' }],
      });
    case 'payee_restricted':
      // A request its provider can no longer be paid for: let go of it, as a decline would.
      if (b.status !== 'PENDING' || status !== 'PENDING') return wrong();
      return move('CANCELED', {
        payment: release,
        note: PAYEE_RESTRICTED_NOTE,
        notify: awaitsPayment(b) ? [] : [{ to: 'traveler', kind: 'canceled' }],
      });
    case 'account_suspended': {
      // Open bookings end, even one under way: a suspension is about safety. Whatever was held is
      // released and whatever was taken refunded in full, whoever was suspended.
      if (status !== 'PENDING' && status !== 'CONFIRMED' && status !== 'PAID') return wrong();
      const notify: Notice[] = awaitsPayment(b)
        ? [{ to: 'traveler', kind: 'canceled' }]
        : [
            { to: 'traveler', kind: 'canceled' },
            { to: 'provider', kind: 'canceled' },
          ];
      if (status === 'PENDING') return move('CANCELED', { payment: release, note: ACCOUNT_SUSPENDED_NOTE, notify });
      if (!isLivePayment(pay)) return move('CANCELED', { note: ACCOUNT_SUSPENDED_NOTE, notify });
      return move('CANCELED', {
        payment: 'refund',
        refundPending: holdsMoney(pay),
        note: ACCOUNT_SUSPENDED_NOTE,
        notify,
      });
    }
    case 'complete':
      if ((b.status !== 'CONFIRMED' && b.status !== 'PAID') || status !== 'COMPLETED') return wrong();
      return move('COMPLETED', { payout: 'now' });

    // ---------------------------------------------------------------------- the provider
    case 'accept':
      if (status !== 'PENDING') return wrong();
      if (!beforeStart) return started();
      if (ctx.cardPayments && isLivePayment(pay) && !holdsMoney(pay)) return refuse(CARD_NOT_AUTHORISED_MESSAGE);
      if (b.paymentRequired && !holdsMoney(pay))
        return refuse(ctx.cardPayments ? CARD_NOT_AUTHORISED_MESSAGE : CARD_PAYMENTS_OFF_MESSAGE);
      return move('CONFIRMED', {
        payment: isLivePayment(pay) ? 'capture' : null,
        notify: [{ to: 'traveler', kind: 'accepted' }],
      });
    case 'decline':
      if (status !== 'PENDING') return wrong();
      if (!beforeStart) return started();
      return move('CANCELED', { payment: release, notify: [{ to: 'traveler', kind: 'declined' }] });

    // ---------------------------------------------------------------------- either party cancels
    case 'traveler_cancel':
    case 'provider_cancel': {
      if (status !== 'PENDING' && status !== 'CONFIRMED' && status !== 'PAID') return wrong();
      if (!beforeStart) return started();
      const actor = event === 'traveler_cancel' ? 'TRAVELER' : 'PROVIDER';
      // The other party is told; a traveler who cancels is told too when money was held or taken
      // (what is released, refunded or kept).
      const notify: Notice[] =
        actor === 'TRAVELER'
          ? [
              { to: 'provider', kind: 'canceled' },
              ...(holdsMoney(pay) ? [{ to: 'traveler' as const, kind: 'canceled' as const }] : []),
            ]
          : [{ to: 'traveler', kind: 'canceled' }];
      // A request: nothing was charged, the hold (if any) is released.
      if (status === 'PENDING') {
        // A provider never saw an unpaid request: there is no one to tell.
        return move('CANCELED', { payment: release, notify: awaitsPayment(b) ? [] : notify });
      }
      if (!isLivePayment(pay)) return move('CANCELED', { notify });
      // Late, by the traveler: the money is kept, and the provider's share paid out after the end.
      if (!cancelRefundsInFull(actor, b.start, now)) return move('CANCELED', { notify, payout: 'at_end' });
      // Refund in full: what was taken is refunded, what is held released. Owed to the traveler
      // (refund pending) only when money was held or taken.
      return move('CANCELED', { payment: 'refund', refundPending: holdsMoney(pay), notify });
    }
  }
}

/** Whether `actor` may cause `event` on the booking now (the buttons a person is offered). */
export function canTakeAction(b: MachineBooking, event: BookingEvent, ctx: MachineContext): boolean {
  return !decide(b, event, ctx).refused;
}
