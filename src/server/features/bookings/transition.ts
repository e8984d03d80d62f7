/**
 * A person's move on a booking: the provider accepts or declines, either party cancels. The state
 * machine (shared/domain/booking-machine.ts) decides, the writer (src/server/bookings/booking-writer.ts) applies, in
 * one transaction with the booking row locked; the call owed to Stripe is made after the commit.
 */
import { sql } from 'drizzle-orm';
import type { Booking } from '../../../shared/api/bookings.ts';
import { effectiveStatus, type BookingEvent } from '../../../shared/domain/booking-machine.ts';
import type { Db } from '../../db/open.ts';
import { AppError } from '../../http/errors.ts';
import { immediateCall, performPaymentAction, refreshPaymentBeforeAccept } from '../../payments/payment-actions.ts';
import { lockPaymentOfBooking } from '../../payments/payment-rows.ts';
import type { Stripe } from '../../payments/stripe-client.ts';
import { applyToLocked, lockBooking } from '../../bookings/booking-writer.ts';
import { checkAlternativeStarts } from './alternatives.ts';
import { settleOverdue } from './lifecycle.ts';
import { BOOKING_NOT_FOUND, loadBooking } from './queries.ts';

export { CARD_NOT_AUTHORISED_MESSAGE, CARD_PAYMENTS_OFF_MESSAGE } from '../../../shared/domain/booking-machine.ts';

/**
 * Accept, decline or cancel, as the traveler or the provider of the booking. Someone else's booking
 * is 404; the wrong party 403; a move the state machine refuses is 409 with its reason. A booking
 * whose time already moved it on (expired, completed) has that written down first, then is refused.
 */
export async function transitionBooking(
  db: Db,
  user: { id: string },
  bookingId: string,
  action: 'accept' | 'decline' | 'cancel',
  opts: {
    appUrl: string;
    reason?: string | undefined;
    /** Decline: up to three other starts offered instead (decision 065). */
    alternativeStarts?: readonly string[] | undefined;
    now?: Date;
    stripe?: Stripe | undefined;
  },
): Promise<Booking> {
  const now = opts.now ?? new Date();
  const ctx = { now, appUrl: opts.appUrl, cardPayments: !!opts.stripe };
  let owed: string | undefined;
  // A card authorised a moment ago may not have reached us yet (a late webhook): ask Stripe first.
  if (action === 'accept' && opts.stripe)
    await refreshPaymentBeforeAccept(db, opts.stripe, user.id, bookingId, now, opts.appUrl);
  // A refusal after writing down an expiry still commits that write: it is returned, then thrown.
  const result = await db.transaction(async (tx): Promise<Booking | AppError> => {
    const mine = sql`and (b.user_id = ${user.id} or p.user_id = ${user.id})`;
    let locked = await lockBooking(tx, bookingId, mine);
    if (!locked) throw new AppError('NOT_FOUND', BOOKING_NOT_FOUND);
    const actor = locked.traveler_id === user.id ? 'TRAVELER' : 'PROVIDER';
    if (action !== 'cancel' && actor !== 'PROVIDER')
      throw new AppError('FORBIDDEN', `Only the provider can ${action} this booking.`);
    const lifecycle = {
      status: locked.status,
      start: locked.start_at,
      end: locked.end_at,
      createdAt: locked.created_at,
      authorisedAt: locked.authorised_at,
      paymentRequired: locked.payment_required,
    };
    if (effectiveStatus(lifecycle, now) !== locked.status) {
      // Expired or completed already (the job has not run yet): write it down before refusing.
      await settleOverdue(tx, { now, appUrl: opts.appUrl, bookingId });
      locked = (await lockBooking(tx, bookingId, mine))!;
    }
    const event: BookingEvent =
      action === 'cancel' ? (actor === 'TRAVELER' ? 'traveler_cancel' : 'provider_cancel') : action;
    const payment = await lockPaymentOfBooking(tx, bookingId);
    // Other times offered with a decline: checked while the request still waits (else the machine refuses).
    const alternativeStarts =
      action === 'decline' && opts.alternativeStarts?.length && locked.status === 'PENDING'
        ? await checkAlternativeStarts(tx, locked, opts.alternativeStarts, now)
        : [];
    const outcome = await applyToLocked(tx, locked, payment, event, ctx, {
      actorUserId: user.id,
      reason: action === 'accept' ? null : (opts.reason ?? null),
      ...(alternativeStarts.length ? { alternativeStarts } : {}),
    });
    if (outcome.refused !== undefined) return new AppError(outcome.code, outcome.refused);
    if (alternativeStarts.length)
      await tx.execute(
        sql`update bookings set alternative_starts = ${`{${alternativeStarts.map((d) => d.toISOString()).join(',')}}`}::timestamptz[]
            where id = ${bookingId}`,
      );
    if (outcome.payment && payment) owed = payment.id;
    return loadBooking(tx, bookingId, now);
  });
  if (result instanceof AppError) throw result;
  if (!owed || !opts.stripe) return result;
  // The call Stripe is owed, now that the change is committed; if it fails, the worker retries it.
  // A short call, no retry: a slow Stripe never keeps the user waiting long (the worker retries).
  const outcome = await performPaymentAction(db, opts.stripe, owed, now, immediateCall(opts.stripe), opts.appUrl).catch(
    () => 'failed' as const,
  );
  return outcome === 'done' ? loadBooking(db, bookingId, now) : result;
}
