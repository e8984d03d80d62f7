/**
 * What happens to bookings on their own (issue 9): an unanswered request expires (CANCELED, by the
 * system, reason 'expired') and a CONFIRMED or PAID booking whose end has passed is COMPLETED.
 * Reads never wait for this (effectiveStatus computes it on read); this persists it, with a history
 * row and notifications. Safe with several instances: rows are claimed `FOR UPDATE SKIP LOCKED`
 * (decision 018), and each update is guarded by the status it expects.
 */
import { sql } from 'drizzle-orm';
import { effectiveStatus, RESPONSE_WINDOW_HOURS, type BookingActor } from '../../../shared/domain/booking-lifecycle.ts';
import { formatDateIn, formatTimeIn, zoneCity } from '../../../shared/domain/time.ts';
import { queryRows, type Db, type Executor } from '../../db/open.ts';
import { enqueueEmail } from '../../email/outbox.ts';
import { bookingStatusEmail, type BookingEmailStatus, type CanceledBy } from '../../email/templates.ts';
import type { LocationType } from '../../../shared/domain/service-location.ts';
import { createPoller, type Poller } from '../../jobs/poller.ts';
import { isLivePayment, lockPaymentOfBooking, queuePaymentAction } from '../../payments/payment-actions.ts';
import { publishUserEvent } from '../../realtime/events.ts';

/** How many overdue bookings one round of the job settles (a full round goes again at once). */
export const LIFECYCLE_BATCH_SIZE = 100;
export const EXPIRED_REASON = 'expired';

const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/** SQL: the booking (alias b) is overdue at `now`: a request past its respond-by time, or a booking past its end. */
export function overdueSql(now: Date) {
  return sql`((b.status = 'PENDING'
                and least(b.created_at + make_interval(hours => ${RESPONSE_WINDOW_HOURS}), b.start_at) <= ${ts(now)})
           or (b.status in ('CONFIRMED', 'PAID') and b.end_at <= ${ts(now)}))`;
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
  location_type: LocationType;
  location_address: string | null;
  location_area: string | null;
  service_city: string;
  booking_address: string | null;
};

export const partiesSelect = sql`b.id, b.status, b.start_at, b.end_at, b.created_at, b.payment_required,
  tu.id as traveler_id, tu.email as traveler_email, tu.name as traveler_name,
  (tu.deactivated_at is null) as traveler_active,
  p.user_id as provider_user_id, pu.email as provider_email, pu.name as provider_user_name,
  (pu.deactivated_at is null) as provider_active,
  p.display_name as provider_name, p.time_zone, s.title,
  s.location_type, s.location_address, s.location_area, s.city as service_city, b.address as booking_address`;
export const partiesFrom = sql`bookings b
  join users tu on tu.id = b.user_id
  join providers p on p.id = b.provider_id
  join users pu on pu.id = p.user_id
  join services s on s.id = b.service_id`;

/** pg returns Dates, PGlite too; normalise in case a driver hands back strings. */
export function normaliseParties(r: BookingParties): BookingParties {
  return { ...r, start_at: new Date(r.start_at), end_at: new Date(r.end_at), created_at: new Date(r.created_at) };
}

/** One history row. */
export async function recordBookingEvent(
  tx: Executor,
  e: {
    bookingId: string;
    actorUserId: string | null;
    actorRole: BookingActor;
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

/**
 * Where a booking happens, as its parties may be told: the traveler's address for a service at the
 * traveler's, else the place or meeting point (with the area and city when no address is set).
 */
export function bookingWhere(b: BookingParties): string | null {
  if (b.location_type === 'traveler_address') return b.booking_address;
  return b.location_address ?? ([b.location_area, b.service_city].filter(Boolean).join(', ') || null);
}

/** The status email to `to` ('traveler' or 'provider'), written in the transaction of the change. */
export async function enqueueStatusEmail(
  tx: Executor,
  appUrl: string,
  b: BookingParties,
  to: 'traveler' | 'provider',
  status: BookingEmailStatus,
  more: { reason?: string | null; canceledBy?: CanceledBy } = {},
) {
  const active = to === 'traveler' ? b.traveler_active : b.provider_active;
  if (!active) return;
  const email = bookingStatusEmail({
    appUrl,
    status,
    recipientName: to === 'traveler' ? b.traveler_name : b.provider_name,
    travelerName: b.traveler_name,
    providerName: b.provider_name,
    serviceTitle: b.title,
    startText: startText(b.start_at, b.time_zone),
    reason: more.reason,
    canceledBy: more.canceledBy,
    // Accepted: the exact address, now that the booking is confirmed.
    where: status === 'accepted' ? bookingWhere(b) : null,
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
  opts: { now: Date; appUrl: string; providerId?: string; bookingId?: string; limit?: number },
): Promise<number> {
  const scope = opts.providerId
    ? sql`and b.provider_id = ${opts.providerId}`
    : opts.bookingId
      ? sql`and b.id = ${opts.bookingId}`
      : sql``;
  const rows = (
    await queryRows<BookingParties>(
      tx,
      sql`select ${partiesSelect} from ${partiesFrom}
          where ${overdueSql(opts.now)} ${scope}
          order by b.end_at, b.id
          limit ${opts.limit ?? LIFECYCLE_BATCH_SIZE}
          for update of b skip locked`,
    )
  ).map(normaliseParties);
  let moved = 0;
  for (const b of rows) {
    const to = effectiveStatus(
      { status: b.status, start: b.start_at, end: b.end_at, createdAt: b.created_at },
      opts.now,
    );
    if (to === b.status) continue;
    const expired = b.status === 'PENDING';
    const updated = await queryRows<{ id: string }>(
      tx,
      sql`update bookings set status = ${to}::booking_status,
            cancel_reason = ${expired ? sql`coalesce(cancel_reason, ${EXPIRED_REASON})` : sql`cancel_reason`}
          where id = ${b.id} and status = ${b.status}::booking_status
          returning id`,
    );
    if (updated.length === 0) continue;
    moved += 1;
    await recordBookingEvent(tx, {
      bookingId: b.id,
      actorUserId: null,
      actorRole: 'SYSTEM',
      from: b.status,
      to,
      reason: expired ? EXPIRED_REASON : null,
    });
    await publishUserEvent(tx, [b.traveler_id, b.provider_user_id], 'booking', {
      bookingId: b.id,
      status: to,
      action: expired ? 'expire' : 'complete',
    });
    if (expired) {
      await enqueueStatusEmail(tx, opts.appUrl, b, 'traveler', 'expired');
      // An unanswered request's card hold is released (the payment worker makes the call).
      const payment = await lockPaymentOfBooking(tx, b.id);
      if (payment && isLivePayment(payment.status)) await queuePaymentAction(tx, payment, 'cancel', opts.now);
    }
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
