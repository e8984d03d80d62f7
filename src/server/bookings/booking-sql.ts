/**
 * What every part of the server reads and writes about a booking, in one place: the effective
 * status in SQL (locora_effective_status, the twin of effectiveStatus in
 * shared/domain/booking-machine.ts), whether its provider may see it, its parties for notices, its
 * history rows, and the inquiry that becomes its thread.
 */
import { sql, type SQL } from 'drizzle-orm';
import { formatDateIn, formatTimeIn, zoneLabel, type ZonePlaces } from '../../shared/domain/time.ts';
import { queryRows, type Executor } from '../db/open.ts';
import { enqueueEmail } from '../email/outbox.ts';
import { bookingStatusEmail, type BookingEmailStatus, type CanceledBy, type MoneyMoved } from '../email/templates.ts';
import type { LocationType } from '../../shared/domain/service-location.ts';
import type { CurrencyCode } from '../../shared/domain/currency.ts';
import type { PricingUnit } from '../../shared/domain/pricing.ts';
import { msg } from '@lingui/core/macro';
import type { Locale } from '../../shared/domain/locales.ts';
import { i18nFor } from '../i18n.ts';

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

/**
 * The start as the recipient reads it, in their language, in the provider's zone named as the app
 * names it: 'Nov 27, 2026 at 6:00 PM Lisbon (UTC)', 'Dec 3, 2026 at 9:00 AM Bali (UTC+8)',
 * '2026年12月3日 9:00 バリ (UTC+8)'. `places`: the service's city, then the provider's base city.
 */
export function startText(start: Date, timeZone: string, places: ZonePlaces, locale: Locale): string {
  const date = formatDateIn(start, timeZone, locale);
  const time = formatTimeIn(start, timeZone, locale);
  const zone = zoneLabel(timeZone, start, places, locale);
  return i18nFor(locale)._(msg`${date} at ${time} ${zone}`);
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
  service_id: string;
  provider_id: string;
  traveler_id: string;
  traveler_email: string;
  traveler_name: string | null;
  traveler_active: boolean;
  /** The traveler's account language, for their emails. */
  traveler_language: Locale;
  provider_user_id: string;
  provider_email: string;
  provider_user_name: string | null;
  provider_active: boolean;
  /** The provider's account language, for their emails. */
  provider_language: Locale;
  provider_name: string;
  provider_base_city: string | null;
  time_zone: string;
  title: string;
  location_type: LocationType;
  location_address: string | null;
  location_area: string | null;
  service_city: string;
  booking_address: string | null;
  booking_notes: string | null;
  /** The booking's amounts (subtotal and Locora's fee), in minor units of its currency. */
  amount_cents: number;
  fee_cents: number;
  currency: CurrencyCode;
  pricing_unit: PricingUnit;
};

export const partiesSelect = sql`b.id, b.status, b.start_at, b.end_at, b.created_at, b.payment_required,
  b.authorised_at, b.refund_pending, b.hours, b.service_id, b.provider_id,
  tu.id as traveler_id, tu.email as traveler_email, tu.name as traveler_name,
  (tu.deactivated_at is null) as traveler_active, tu.language as traveler_language,
  p.user_id as provider_user_id, pu.email as provider_email, pu.name as provider_user_name,
  (pu.deactivated_at is null) as provider_active, pu.language as provider_language,
  p.display_name as provider_name, p.base_city as provider_base_city, p.time_zone, s.title,
  s.location_type, s.location_address, s.location_area, s.city as service_city,
  b.address as booking_address, b.notes as booking_notes, b.amount_cents, b.fee_cents, b.currency, s.pricing_unit`;
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

/**
 * Where a booking happens, as its parties may be told: the traveler's address for a service at the
 * traveler's, else the place or meeting point (with the area and city when no address is set).
 */
export function bookingWhere(
  b: Pick<BookingParties, 'location_type' | 'location_address' | 'location_area' | 'service_city' | 'booking_address'>,
): string | null {
  if (b.location_type === 'traveler_address') return b.booking_address;
  return b.location_address ?? ([b.location_area, b.service_city].filter(Boolean).join(', ') || null);
}

/** Checkout for `serviceId` with `start` chosen: where an offered other time leads (decision 065). */
export function alternativeCheckoutPath(serviceId: string, start: Date): string {
  const iso = start.toISOString();
  return `/checkout/${serviceId}?date=${encodeURIComponent(iso)}&start=${encodeURIComponent(iso)}`;
}

/** The status email to `to` ('traveler' or 'provider'), written in the transaction of the change. */
export async function enqueueStatusEmail(
  tx: Executor,
  appUrl: string,
  b: BookingParties,
  to: 'traveler' | 'provider',
  status: BookingEmailStatus,
  more: {
    reason?: string | null;
    canceledBy?: CanceledBy;
    money?: MoneyMoved | null;
    alternativeStarts?: readonly Date[];
  } = {},
) {
  const active = to === 'traveler' ? b.traveler_active : b.provider_active;
  if (!active) return;
  const locale = to === 'traveler' ? b.traveler_language : b.provider_language;
  const email = bookingStatusEmail({
    locale,
    appUrl,
    status,
    recipientName: to === 'traveler' ? b.traveler_name : b.provider_name,
    travelerName: b.traveler_name,
    providerName: b.provider_name,
    serviceTitle: b.title,
    startText: startText(b.start_at, b.time_zone, [b.service_city, b.provider_base_city], locale),
    reason: more.reason,
    canceledBy: more.canceledBy,
    // Declined with other times offered: each one a click from a new request at checkout.
    alternatives:
      status === 'declined' && to === 'traveler'
        ? (more.alternativeStarts ?? []).map((start) => ({
            startText: startText(start, b.time_zone, [b.service_city, b.provider_base_city], locale),
            path: alternativeCheckoutPath(b.service_id, start),
          }))
        : undefined,
    // Accepted: the exact address, now that the booking is confirmed.
    where: status === 'accepted' ? bookingWhere(b) : null,
    // A provider lands on their Booking Requests tab.
    dashboardPath: to === 'traveler' ? '/dashboard/traveler' : '/dashboard/provider?tab=bookings',
    // The traveler's "Add to calendar" download of the accepted booking (calendars feature).
    calendarUrl: status === 'accepted' && to === 'traveler' ? `${appUrl}/api/bookings/${b.id}/calendar.ics` : undefined,
    to,
    money: more.money ?? null,
  });
  await enqueueEmail(tx, {
    to: to === 'traveler' ? b.traveler_email : b.provider_email,
    ...email,
    kind: `booking-${status}`,
    dedupeKey: `booking:${b.id}:${status}:${to}`,
  });
}

/**
 * The traveler's open inquiry about this service, if any, becomes the new booking's thread
 * (decision 025): the conversation is tied to the booking and its messages are the booking's.
 * Called by the booking request, in its transaction (features/bookings/request.ts).
 */
export async function attachInquiryToBooking(
  tx: Executor,
  booking: { id: string; userId: string; serviceId: string },
): Promise<void> {
  const [inquiry] = await queryRows<{ id: string }>(
    tx,
    sql`update conversations set booking_id = ${booking.id}
        where traveler_id = ${booking.userId} and service_id = ${booking.serviceId} and booking_id is null
        returning id`,
  );
  if (inquiry)
    await tx.execute(
      sql`update messages set booking_id = ${booking.id} where conversation_id = ${inquiry.id} and booking_id is null`,
    );
}
