/**
 * The booking's constants and the rules of its cancellation policy. What happens to a booking
 * (statuses, events, money) is decided in one place, booking-machine.ts; this file re-exports its
 * rules of time and gives the client the buttons a person may press. The policy's words are the
 * screens' and the emails', in the reader's language.
 */
import { cancelRefundsInFull, decide, type BookingEvent, type LifecycleBooking } from './booking-machine.ts';
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
// The policy's words are the screens' (checkout, the service's and the booking's pages) and the
// emails', in the reader's language; here are its rules.

/** What cancelling now means for the money, as a provider cancelling reads it: whether a card payment is returned. */
export function providerCancelRefundsCard(paymentStatus: string | null | undefined): boolean {
  return paymentStatus === 'succeeded' || paymentStatus === 'requires_capture' || paymentStatus === 'processing';
}

/**
 * What cancelling now means for the money: a request not accepted yet (`pending`: nothing is
 * charged), early enough for a full refund (`full`), or too late for one (`late`).
 */
export type CancelPolicyKind = 'pending' | 'full' | 'late';

export function cancelPolicyKind(status: string, start: Date, now: Date): CancelPolicyKind {
  if (status === 'PENDING') return 'pending';
  return cancelRefundsInFull('TRAVELER', start, now) ? 'full' : 'late';
}
