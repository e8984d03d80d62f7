/**
 * The booking lifecycle (issue 9): which actor may move a booking from which status to which, and
 * the rules of time that move it on their own (a request expires, a booking completes). One table,
 * used by the server to enforce and by the client to decide which buttons to show.
 */
import type { BookingStatus } from './booking-status.ts';
import { HOUR_MS } from './time.ts';

/** A provider has this long to answer a request (or until its start, whichever comes first). */
export const RESPONSE_WINDOW_HOURS = 24;
/** No slot starts sooner than this from now. */
export const MIN_LEAD_HOURS = 2;
/** No slot starts later than this many days from now. */
export const MAX_BOOKING_DAYS_AHEAD = 180;
/** Start times are offered on this grid (minutes past the hour, in the provider's zone). */
export const SLOT_STEP_MINUTES = 30;
/** The most hours one booking may last. */
export const BOOKING_MAX_HOURS = 24;
export const BOOKING_ADDRESS_MAX = 300;
export const BOOKING_NOTES_MAX = 2000;
export const CANCEL_REASON_MAX = 500;
export const REVIEW_TEXT_MAX = 2000;

export type BookingActor = 'TRAVELER' | 'PROVIDER' | 'SYSTEM';
export type BookingAction = 'accept' | 'decline' | 'cancel' | 'expire' | 'complete';

export interface BookingTransition {
  action: BookingAction;
  from: readonly BookingStatus[];
  to: BookingStatus;
  actors: readonly BookingActor[];
  /** Only allowed strictly before the booking's start. */
  beforeStartOnly: boolean;
}

/**
 * Every allowed move. Anything not listed is refused (409 with the current status). Cancelling an
 * accepted booking that holds a payment ends in REFUNDED instead when the policy refunds it
 * (cancelRefundsInFull below; server: bookings.ts transitionBooking).
 */
export const BOOKING_TRANSITIONS: readonly BookingTransition[] = [
  { action: 'accept', from: ['PENDING'], to: 'CONFIRMED', actors: ['PROVIDER'], beforeStartOnly: true },
  { action: 'decline', from: ['PENDING'], to: 'CANCELED', actors: ['PROVIDER'], beforeStartOnly: true },
  {
    action: 'cancel',
    from: ['PENDING', 'CONFIRMED', 'PAID'],
    to: 'CANCELED',
    actors: ['TRAVELER', 'PROVIDER'],
    beforeStartOnly: true,
  },
  { action: 'expire', from: ['PENDING'], to: 'CANCELED', actors: ['SYSTEM'], beforeStartOnly: false },
  { action: 'complete', from: ['CONFIRMED', 'PAID'], to: 'COMPLETED', actors: ['SYSTEM'], beforeStartOnly: false },
];

export function findTransition(action: BookingAction): BookingTransition {
  const transition = BOOKING_TRANSITIONS.find((t) => t.action === action);
  if (!transition) throw new Error(`unknown booking action ${action}`);
  return transition;
}

/** The instant by which the provider must answer a request: 24 hours after it was made, or its start if sooner. */
export function respondBy(createdAt: Date, start: Date): Date {
  return new Date(Math.min(createdAt.getTime() + RESPONSE_WINDOW_HOURS * HOUR_MS, start.getTime()));
}

export interface LifecycleBooking {
  status: string;
  start: Date;
  end: Date;
  createdAt: Date;
}

/**
 * The status as of `now`, whether or not the background job has persisted it yet: an unanswered
 * request past its respond-by time is CANCELED, a CONFIRMED or PAID booking whose end has passed is
 * COMPLETED. Every read goes through this, so no one ever sees a stale status.
 */
export function effectiveStatus(booking: LifecycleBooking, now: Date): string {
  if (booking.status === 'PENDING' && now.getTime() >= respondBy(booking.createdAt, booking.start).getTime())
    return 'CANCELED';
  if ((booking.status === 'CONFIRMED' || booking.status === 'PAID') && now.getTime() >= booking.end.getTime())
    return 'COMPLETED';
  return booking.status;
}

/** Whether `actor` may take `action` on the booking now (statuses as effectiveStatus gives them). */
export function canTakeAction(
  booking: LifecycleBooking,
  action: BookingAction,
  actor: BookingActor,
  now: Date,
): boolean {
  const transition = findTransition(action);
  const status = effectiveStatus(booking, now);
  if (!transition.actors.includes(actor)) return false;
  if (!(transition.from as readonly string[]).includes(status)) return false;
  if (transition.beforeStartOnly && now.getTime() >= booking.start.getTime()) return false;
  return true;
}

/** The actions a person (traveler or provider) may take on a booking now, for the buttons. */
export function availableActions(
  booking: LifecycleBooking,
  actor: 'TRAVELER' | 'PROVIDER',
  now: Date,
): BookingAction[] {
  return BOOKING_TRANSITIONS.filter((t) => canTakeAction(booking, t.action, actor, now)).map((t) => t.action);
}

/** A booking's end: start plus whole hours. */
export function bookingEnd(start: Date, hours: number): Date {
  return new Date(start.getTime() + hours * HOUR_MS);
}

/** The words shown when a booking cannot move: 'This booking is already CONFIRMED'. */
export function wrongTransitionMessage(action: BookingAction, status: string): string {
  return `Cannot ${action} this booking: it is ${status}`;
}

export const SLOT_TAKEN_MESSAGE = 'That time was just booked by someone else. Please pick another time.';

// ------------------------------------------------------------------ cancellation policy (issue 10)

/** A traveler who cancels an accepted booking at least this long before the start is refunded in full. */
export const FREE_CANCELLATION_HOURS = 24;

/**
 * Whether cancelling a booking the provider accepted refunds the traveler in full: always when the
 * provider cancels; when the traveler does, only at least 24 hours before the start. (A request
 * cancelled before it was accepted was never charged: its card hold is released.)
 */
export function cancelRefundsInFull(actor: 'TRAVELER' | 'PROVIDER', start: Date, now: Date): boolean {
  if (actor === 'PROVIDER') return true;
  return start.getTime() - now.getTime() >= FREE_CANCELLATION_HOURS * HOUR_MS;
}

/** The policy as checkout states it. */
export const CANCELLATION_POLICY_TEXT =
  `Cancellation policy: cancel at least ${FREE_CANCELLATION_HOURS} hours before the start for a full refund; ` +
  `cancel later and the payment is not refunded. If the provider declines, cancels or does not answer, ` +
  `you are never charged or are refunded in full.`;

/** The cancellation policy as a provider cancelling a booking reads it (issue 10): the traveler is refunded in full. */
export function providerCancelPolicyNote(paymentStatus: string | null | undefined): string {
  if (paymentStatus === 'succeeded' || paymentStatus === 'requires_capture' || paymentStatus === 'processing')
    return 'When a provider cancels, the traveler is refunded in full: their card payment is returned.';
  return 'When a provider cancels, the traveler is refunded in full for any payment made.';
}

/** What cancelling now means for the money, as the traveler's cancel dialog says it. */
export function cancelPolicyNote(status: string, start: Date, now: Date): string {
  if (status === 'PENDING')
    return 'The provider has not accepted yet: any card hold is released and nothing is charged.';
  if (cancelRefundsInFull('TRAVELER', start, now))
    return `You are cancelling at least ${FREE_CANCELLATION_HOURS} hours before the start: any payment is refunded in full.`;
  return `You are cancelling less than ${FREE_CANCELLATION_HOURS} hours before the start: a payment made is not refunded.`;
}
