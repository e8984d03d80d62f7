/**
 * A booking's payment row: locking it, its history, and the call owed to Stripe. Used by the one
 * writer (src/server/bookings/booking-writer.ts), which decides, and by the payment-action job,
 * which makes the calls.
 */
import { sql } from 'drizzle-orm';
import type { PaymentAction } from '../../shared/domain/booking-machine.ts';
import { queryRows, type Executor } from '../db/open.ts';

/** The app's address for links in emails written by payment work (the request email once a card is authorised). */
export const DEFAULT_APP_URL = process.env.PUBLIC_URL ?? 'http://localhost:3000';

export type PaymentRow = {
  id: string;
  booking_id: string;
  amount_cents: number;
  status: string;
  pending_action: PaymentAction | null;
};

/** The booking's payment, locked (the caller holds the booking's row lock first: always booking, then payment). */
export async function lockPaymentOfBooking(tx: Executor, bookingId: string): Promise<PaymentRow | undefined> {
  const [row] = await queryRows<PaymentRow>(
    tx,
    sql`select id, booking_id, amount_cents, status, pending_action from payments
        where booking_id = ${bookingId} for update`,
  );
  return row;
}

export async function recordPaymentEvent(
  tx: Executor,
  e: { paymentId: string; kind: string; status: string; detail?: string | null; stripeEventId?: string | null },
) {
  await tx.execute(
    sql`insert into payment_events (payment_id, kind, status, detail, stripe_event_id)
        values (${e.paymentId}, ${e.kind}, ${e.status}, ${e.detail ?? null}, ${e.stripeEventId ?? null})`,
  );
}

/**
 * Owes Stripe `action` for this payment, due now on the database's clock (in the transaction of
 * the booking's change). A claim on an earlier action is void: the new one may be claimed at once.
 */
export async function queuePaymentAction(tx: Executor, payment: PaymentRow, action: PaymentAction, now: Date) {
  await tx.execute(
    sql`update payments set pending_action = ${action}, action_due_at = now(), action_attempts = 0,
          action_error = null, lease_token = null, updated_at = ${now.toISOString()}::timestamptz
        where id = ${payment.id}`,
  );
  await recordPaymentEvent(tx, { paymentId: payment.id, kind: `${action}_requested`, status: payment.status });
}
