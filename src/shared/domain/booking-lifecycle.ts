/**
 * The booking's constants and the words of its policy. What happens to a booking (statuses,
 * events, money) is decided in one place, booking-machine.ts; this file re-exports its rules of
 * time and gives the client the buttons a person may press.
 */
import {
  cancelRefundsInFull,
  decide,
  FREE_CANCELLATION_HOURS,
  type BookingEvent,
  type LifecycleBooking,
} from './booking-machine.ts';
import { HOUR_MS } from './time.ts';

export {
  awaitsPayment,
  cancelRefundsInFull,
  effectiveStatus,
  EXPIRED_REASON,
  FREE_CANCELLATION_HOURS,
  HOLD_LAPSED_REASON,
  RESPONSE_WINDOW_HOURS,
  respondBy,
  UNPAID_HOLD_MINUTES,
  wrongTransitionMessage,
  type BookingActor,
  type LifecycleBooking,
} from './booking-machine.ts';

/** No slot starts sooner than this from now. */
export const MIN_LEAD_HOURS = 2;
/** No slot starts later than this many days from now. */
export const MAX_BOOKING_DAYS_AHEAD = 180;
/** A declined request may offer the traveler up to this many other starts (decision 065). */
export const MAX_ALTERNATIVE_STARTS = 3;
/** Start times are offered on this grid (minutes past the hour, in the provider's zone). */
export const SLOT_STEP_MINUTES = 30;
/** The most hours one booking may last. */
export const BOOKING_MAX_HOURS = 24;
export const BOOKING_ADDRESS_MAX = 300;
export const BOOKING_NOTES_MAX = 2000;
export const CANCEL_REASON_MAX = 500;
export const REVIEW_TEXT_MAX = 2000;

/** What a person can do to a booking from its page. */
export type BookingAction = 'accept' | 'decline' | 'cancel';

const EVENT_OF: Record<'TRAVELER' | 'PROVIDER', Record<BookingAction, BookingEvent>> = {
  TRAVELER: { accept: 'accept', decline: 'decline', cancel: 'traveler_cancel' },
  PROVIDER: { accept: 'accept', decline: 'decline', cancel: 'provider_cancel' },
};
const ACTOR_OF: Record<BookingAction, readonly ('TRAVELER' | 'PROVIDER')[]> = {
  accept: ['PROVIDER'],
  decline: ['PROVIDER'],
  cancel: ['TRAVELER', 'PROVIDER'],
};

/** The actions a person (traveler or provider) may take on a booking now, for the buttons (the state machine decides). */
export function availableActions(
  booking: LifecycleBooking & { paymentStatus?: string | null },
  actor: 'TRAVELER' | 'PROVIDER',
  now: Date,
): BookingAction[] {
  const b = { ...booking, paymentStatus: booking.paymentStatus ?? null, refundPending: false };
  return (['accept', 'decline', 'cancel'] as const).filter(
    (action) =>
      ACTOR_OF[action].includes(actor) && !decide(b, EVENT_OF[actor][action], { now, cardPayments: false }).refused,
  );
}

/** A booking's end: start plus whole hours. */
export function bookingEnd(start: Date, hours: number): Date {
  return new Date(start.getTime() + hours * HOUR_MS);
}

export const SLOT_TAKEN_MESSAGE = 'That time was just booked by someone else. Please pick another time.';

// ------------------------------------------------------------------ cancellation policy (decision 024)

/** The policy itself, under a heading that names it (the booking page, the service page). */
export const CANCELLATION_POLICY_RULE =
  `Cancel at least ${FREE_CANCELLATION_HOURS} hours before the start for a full refund; ` +
  `cancel later and the payment is not refunded. If the provider declines, cancels or does not answer, ` +
  `you are never charged or are refunded in full.`;

/** The policy as checkout states it, in one line with its name. */
export const CANCELLATION_POLICY_TEXT =
  `Cancellation policy: cancel at least ${FREE_CANCELLATION_HOURS} hours before the start for a full refund; ` +
  `cancel later and the payment is not refunded. If the provider declines, cancels or does not answer, ` +
  `you are never charged or are refunded in full.`;

/** The cancellation policy as a provider cancelling a booking reads it: the traveler is refunded in full. */
export function providerCancelPolicyNote(paymentStatus: string | null | undefined): string {
  if (paymentStatus === 'succeeded' || paymentStatus === 'requires_capture' || paymentStatus === 'processing')
    return 'When a provider cancels, the traveler is refunded in full: their card payment is returned.';
  return 'When a provider cancels, the traveler is refunded in full for any payment made.';
}

/**
 * What cancelling now means for the money: a request not accepted yet (`pending`: nothing is
 * charged), early enough for a full refund (`full`), or too late for one (`late`).
 */
export function cancelPolicyKind(status: string, start: Date, now: Date): 'pending' | 'full' | 'late' {
  if (status === 'PENDING') return 'pending';
  return cancelRefundsInFull('TRAVELER', start, now) ? 'full' : 'late';
}

/** What cancelling now means for the money, as the traveler's cancel dialog says it (in English). */
export function cancelPolicyNote(status: string, start: Date, now: Date): string {
  const kind = cancelPolicyKind(status, start, now);
  if (kind === 'pending') return 'The provider has not accepted yet: any card hold is released and nothing is charged.';
  if (kind === 'full')
    return `You are cancelling at least ${FREE_CANCELLATION_HOURS} hours before the start: any payment is refunded in full.`;
  return `You are cancelling less than ${FREE_CANCELLATION_HOURS} hours before the start: a payment made is not refunded.`;
}
