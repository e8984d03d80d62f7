/**
 * What happens to bookings on their own: an unanswered request expires (CANCELED, reason
 * 'expired'), an unpaid hold lapses after 15 minutes (CANCELED, reason 'payment not completed'),
 * and a CONFIRMED or PAID booking whose end has passed is COMPLETED. Reads never wait for this
 * (the effective status computes it on read); this writes it down through the state machine's
 * writer (src/server/bookings/booking-writer.ts), with a history row and notifications. Safe with
 * several instances: rows are claimed `FOR UPDATE SKIP LOCKED` (decisions 018 and 032).
 */
import { sql } from 'drizzle-orm';
import { awaitsPayment, effectiveStatus } from '../../../shared/domain/booking-machine.ts';
import { queryRows, type Db, type Executor } from '../../db/open.ts';
import { applyToLocked } from '../../bookings/booking-writer.ts';
import {
  normaliseParties,
  overdueSql,
  partiesFrom,
  partiesSelect,
  type BookingParties,
} from '../../bookings/booking-sql.ts';
import type { RoundKind } from '../../jobs/runner.ts';
import { lockPaymentOfBooking } from '../../payments/payment-rows.ts';

/** How many overdue bookings one round of the job settles (a full round goes again at once). */
export const LIFECYCLE_BATCH_SIZE = 100;
export { EXPIRED_REASON } from '../../../shared/domain/booking-machine.ts';

/**
 * Persists expiry and completion of overdue bookings as of `now` (optionally of one provider, or
 * one booking), inside the caller's transaction. Rows another transaction holds are skipped (it is
 * settling or changing them). Returns how many it moved.
 */
export async function settleOverdue(
  tx: Executor,
  opts: {
    now: Date;
    appUrl: string;
    providerId?: string;
    bookingId?: string;
    limit?: number;
    /** Only requests to be paid by card whose card was never authorised (their 15 minutes are over). */
    lapsedHoldsOnly?: boolean;
  },
): Promise<number> {
  const holds = opts.lapsedHoldsOnly
    ? sql`and b.status = 'PENDING' and b.payment_required and b.authorised_at is null`
    : sql``;
  const scope = opts.providerId
    ? sql`and b.provider_id = ${opts.providerId}`
    : opts.bookingId
      ? sql`and b.id = ${opts.bookingId}`
      : sql``;
  const rows = (
    await queryRows<BookingParties>(
      tx,
      sql`select ${partiesSelect} from ${partiesFrom}
          where ${overdueSql(opts.now)} ${scope} ${holds}
          order by b.end_at, b.id
          limit ${opts.limit ?? LIFECYCLE_BATCH_SIZE}
          for update of b skip locked`,
    )
  ).map(normaliseParties);
  let moved = 0;
  for (const b of rows) {
    const lifecycle = {
      status: b.status,
      start: b.start_at,
      end: b.end_at,
      createdAt: b.created_at,
      authorisedAt: b.authorised_at,
      paymentRequired: b.payment_required,
    };
    if (effectiveStatus(lifecycle, opts.now) === b.status) continue;
    const event = b.status !== 'PENDING' ? 'complete' : awaitsPayment(lifecycle) ? 'hold_lapsed' : 'expire';
    const payment = await lockPaymentOfBooking(tx, b.id);
    const outcome = await applyToLocked(tx, b, payment, event, {
      now: opts.now,
      appUrl: opts.appUrl,
      cardPayments: false,
    });
    if (outcome.refused === undefined && outcome.moved) moved += 1;
  }
  return moved;
}

/** One round of the job: settles up to a batch in one transaction. */
export async function runBookingLifecycle(
  db: Db,
  opts: { appUrl: string; now?: Date; batchSize?: number },
): Promise<number> {
  return db.transaction((tx) =>
    settleOverdue(tx, { now: opts.now ?? new Date(), appUrl: opts.appUrl, limit: opts.batchSize }),
  );
}

/**
 * Releases the unpaid holds whose 15 minutes are over (CANCELED, reason 'payment not completed',
 * the traveler told, any payment started released), in one transaction. The lifecycle round does
 * this too, with expiry and completion; this is the same work for a runner that wants only it.
 */
export async function releaseLapsedHolds(
  db: Db,
  opts: { appUrl: string; now?: Date; batchSize?: number },
): Promise<number> {
  return db.transaction((tx) =>
    settleOverdue(tx, {
      now: opts.now ?? new Date(),
      appUrl: opts.appUrl,
      limit: opts.batchSize,
      lapsedHoldsOnly: true,
    }),
  );
}

/**
 * Expiry, lapsed holds and completion as a kind of the job runner (decision 032): a round's row
 * locks are its lease. What is overdue is decided on the clock given to buildApp (business time).
 */
export function lifecycleJobKind(opts: { db: Db; appUrl: string; now: () => Date; intervalMs?: number }): RoundKind {
  return {
    name: 'booking-lifecycle',
    intervalMs: opts.intervalMs ?? 60_000,
    batchSize: LIFECYCLE_BATCH_SIZE,
    round: () => runBookingLifecycle(opts.db, { appUrl: opts.appUrl, now: opts.now() }),
    async stats() {
      // One aggregate over the bookings alone: how many are overdue, and since when the oldest
      // (a request at its answer deadline, locora_respond_by; a booking at its end).
      const now = opts.now();
      const [row] = await queryRows<{ depth: number; oldest: Date | string | null }>(
        opts.db,
        sql`select count(*)::int as depth,
                   min(case when b.status = 'PENDING'
                            then locora_respond_by(b.start_at, b.created_at, b.authorised_at, b.payment_required)
                            else b.end_at end) as oldest
            from bookings b where ${overdueSql(now)}`,
      );
      const oldest = row?.oldest ? new Date(row.oldest).getTime() : now.getTime();
      return {
        depth: row?.depth ?? 0,
        due: row?.depth ?? 0,
        oldestDueSeconds: Math.max(0, (now.getTime() - oldest) / 1000),
      };
    },
  };
}
