/**
 * What happens to bookings on their own: an unanswered request expires (CANCELED, reason
 * 'expired'), an unpaid hold lapses after 15 minutes (CANCELED, reason 'payment not completed'),
 * and a CONFIRMED or PAID booking whose end has passed is COMPLETED. Reads never wait for this
 * (the effective status computes it on read); this writes it down through the state machine's
 * writer (booking-writer.ts), with a history row and notifications. Safe with several instances:
 * rows are claimed `FOR UPDATE SKIP LOCKED` (decision 018).
 */
import { sql, type SQL } from 'drizzle-orm';
import { awaitsPayment, effectiveStatus } from '../../../shared/domain/booking-machine.ts';
import { formatDateIn, formatTimeIn, zoneCity } from '../../../shared/domain/time.ts';
import { queryRows, type Db, type Executor } from '../../db/open.ts';
import { enqueueEmail } from '../../email/outbox.ts';
import { bookingStatusEmail, type BookingEmailStatus } from '../../email/templates.ts';
import { createPoller, type Poller } from '../../jobs/poller.ts';
import { lockPaymentOfBooking } from '../../payments/payment-actions.ts';
import { applyToLocked } from './booking-writer.ts';

/** How many overdue bookings one round of the job settles (a full round goes again at once). */
export const LIFECYCLE_BATCH_SIZE = 100;
export { EXPIRED_REASON } from '../../../shared/domain/booking-machine.ts';

const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/**
 * SQL: the status of the booking under `alias` as of `now`, by locora_effective_status (the SQL
 * twin of effectiveStatus, src/server/db/functions.sql). Every query that needs it reads this.
 */
export function effectiveStatusSql(now: Date, alias = 'b'): SQL<string> {
  const c = (column: string) => sql.raw(`${alias}.${column}`);
  return sql<string>`locora_effective_status(${c('status')}, ${c('start_at')}, ${c('end_at')}, ${c('created_at')},
    ${c('authorised_at')}, ${c('payment_required')}, ${ts(now)})`;
}

/**
 * SQL: the provider of the booking under `alias` may see it. A request made to be paid by card is
 * the traveler's alone until the card is authorised (and one never authorised stays so).
 */
export function visibleToProviderSql(alias = 'b'): SQL {
  return sql.raw(`not (${alias}.payment_required and ${alias}.authorised_at is null)`);
}

/** SQL: the booking (alias b) is overdue at `now`: its effective status is not the one written. */
export function overdueSql(now: Date) {
  return sql`(b.status in ('PENDING', 'CONFIRMED', 'PAID') and ${effectiveStatusSql(now)} <> b.status)`;
}

/** The start as the recipient reads it: 'Nov 27, 2026 at 6:00 PM (Lisbon)'. */
export function startText(start: Date, timeZone: string): string {
  return `${formatDateIn(start, timeZone)} at ${formatTimeIn(start, timeZone)} (${zoneCity(timeZone)})`;
}

/** Who a booking's notifications go to, and what they name. */
export type BookingParties = {
  id: string;
  status: string;
  start_at: Date;
  end_at: Date;
  created_at: Date;
  payment_required: boolean;
  authorised_at: Date | null;
  refund_pending: boolean;
  hours: number;
  traveler_id: string;
  traveler_email: string;
  traveler_name: string | null;
  traveler_active: boolean;
  provider_user_id: string;
  provider_email: string;
  provider_user_name: string | null;
  provider_active: boolean;
  provider_name: string;
  time_zone: string;
  title: string;
};

export const partiesSelect = sql`b.id, b.status, b.start_at, b.end_at, b.created_at, b.payment_required,
  b.authorised_at, b.refund_pending, b.hours,
  tu.id as traveler_id, tu.email as traveler_email, tu.name as traveler_name,
  (tu.deactivated_at is null) as traveler_active,
  p.user_id as provider_user_id, pu.email as provider_email, pu.name as provider_user_name,
  (pu.deactivated_at is null) as provider_active,
  p.display_name as provider_name, p.time_zone, s.title`;
export const partiesFrom = sql`bookings b
  join users tu on tu.id = b.user_id
  join providers p on p.id = b.provider_id
  join users pu on pu.id = p.user_id
  join services s on s.id = b.service_id`;

/** pg returns Dates, PGlite too; normalise in case a driver hands back strings. */
export function normaliseParties(r: BookingParties): BookingParties {
  return {
    ...r,
    start_at: new Date(r.start_at),
    end_at: new Date(r.end_at),
    created_at: new Date(r.created_at),
    authorised_at: r.authorised_at ? new Date(r.authorised_at) : null,
  };
}

/** One history row. */
export async function recordBookingEvent(
  tx: Executor,
  e: {
    bookingId: string;
    actorUserId: string | null;
    actorRole: 'TRAVELER' | 'PROVIDER' | 'SYSTEM';
    from: string | null;
    to: string;
    reason?: string | null;
  },
) {
  await tx.execute(
    sql`insert into booking_events (booking_id, actor_user_id, actor_role, from_status, to_status, reason)
        values (${e.bookingId}, ${e.actorUserId}, ${e.actorRole}, ${e.from}::booking_status, ${e.to}::booking_status, ${e.reason ?? null})`,
  );
}

/** The status email to `to` ('traveler' or 'provider'), written in the transaction of the change. */
export async function enqueueStatusEmail(
  tx: Executor,
  appUrl: string,
  b: BookingParties,
  to: 'traveler' | 'provider',
  status: BookingEmailStatus,
) {
  const active = to === 'traveler' ? b.traveler_active : b.provider_active;
  if (!active) return;
  const email = bookingStatusEmail({
    appUrl,
    status,
    travelerName: to === 'traveler' ? b.traveler_name : b.provider_name,
    providerName: b.provider_name,
    serviceTitle: b.title,
    startText: startText(b.start_at, b.time_zone),
    // A provider lands on their Booking Requests tab.
    dashboardPath: to === 'traveler' ? '/dashboard/traveler' : '/dashboard/provider?tab=bookings',
  });
  await enqueueEmail(tx, {
    to: to === 'traveler' ? b.traveler_email : b.provider_email,
    ...email,
    kind: `booking-${status}`,
    dedupeKey: `booking:${b.id}:${status}:${to}`,
  });
}

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

/** The poller every instance runs (main.ts). */
export function createBookingLifecycleWorker(opts: {
  db: Db;
  appUrl: string;
  intervalMs?: number;
  onError?: (err: unknown) => void;
}): Poller {
  return createPoller({
    name: 'booking-lifecycle',
    intervalMs: opts.intervalMs ?? 60_000,
    batchSize: LIFECYCLE_BATCH_SIZE,
    round: () => runBookingLifecycle(opts.db, { appUrl: opts.appUrl }),
    onError: (err) => opts.onError?.(err),
  });
}
