/**
 * Calendars Locora writes (decision 040): the provider's feed of the bookings they can see, and the
 * traveler's one booking as a file to add to their calendar.
 */
import { msg } from '@lingui/core/macro';
import { sql } from 'drizzle-orm';
import { localizedPath } from '../../../shared/domain/locale-path.ts';
import { DEFAULT_LOCALE, type Locale } from '../../../shared/domain/locales.ts';
import { i18nFor } from '../../i18n.ts';
import { DAY_MS } from '../../../shared/domain/time.ts';
import { isAddressRevealed, type LocationType } from '../../../shared/domain/service-location.ts';
import { queryRows, type Executor } from '../../db/open.ts';
import { AppError } from '../../http/errors.ts';
import { bookingWhere, effectiveStatusSql, visibleToProviderSql } from '../../bookings/booking-sql.ts';
import { bookingCalendar, firstName, type FeedEvent } from './booking-feed.ts';
import { ts } from './calendars.ts';

/** A cancelled booking stays in the feed this long (as CANCELLED), so calendars remove it. */
export const CANCELLED_KEPT_DAYS = 30;
/** Past bookings the feed keeps (COMPLETED work stays in the provider's calendar). */
export const FEED_PAST_DAYS = 365;
export const BOOKING_NOT_FOUND = 'Booking not found.';

type FeedRow = {
  id: string;
  status: string;
  effective: string;
  start_at: Date;
  end_at: Date;
  created_at: Date;
  title: string;
  traveler_name: string | null;
  provider_name: string;
  location_type: LocationType;
  location_address: string | null;
  location_area: string | null;
  service_city: string;
  booking_address: string | null;
  notes: string | null;
  changes: number;
  changed_at: Date | null;
  /** The account languages of each side: the feed and the file are written in their reader's. */
  provider_language: Locale;
  traveler_language: Locale;
};

const feedSelect = (now: Date) => sql`b.id, b.status, ${effectiveStatusSql(now)} as effective, b.start_at, b.end_at,
  b.created_at, s.title, tu.name as traveler_name, p.display_name as provider_name,
  s.location_type, s.location_address, s.location_area, s.city as service_city,
  b.address as booking_address, b.notes, tu.language as traveler_language,
  (select u.language from users u where u.id = p.user_id) as provider_language,
  (select count(*) from booking_events e where e.booking_id = b.id)::int as changes,
  (select max(e.created_at) from booking_events e where e.booking_id = b.id) as changed_at`;

const isCancelled = (status: string) => status === 'CANCELED' || status === 'REFUNDED';

function toFeedEvent(
  r: FeedRow,
  summary: string,
  description: string,
  location: string | null,
  url: string,
): FeedEvent {
  const written = r.status;
  return {
    id: r.id,
    status: r.effective,
    start: new Date(r.start_at),
    end: new Date(r.end_at),
    // An expiry already in effect but not yet written is one more change.
    sequence: r.changes + (r.effective !== written ? 1 : 0),
    changedAt: new Date(r.changed_at ?? r.created_at),
    summary,
    description,
    location,
    url,
  };
}

function descriptionOf(lines: (string | null | undefined | false)[]): string {
  return lines.filter((l): l is string => !!l).join('\n');
}

/**
 * The provider's feed: every booking they can see (never an unpaid hold that has not reached them)
 * that is PENDING (tentative), CONFIRMED, PAID or COMPLETED, from a year back; and for
 * CANCELLED_KEPT_DAYS after its last change, every cancelled or declined one, as CANCELLED.
 */
export async function providerFeed(db: Executor, providerId: string, appUrl: string, now: Date): Promise<string> {
  const rows = await queryRows<FeedRow>(
    db,
    sql`select ${feedSelect(now)}
        from bookings b
        join services s on s.id = b.service_id
        join providers p on p.id = b.provider_id
        join users tu on tu.id = b.user_id
        where b.provider_id = ${providerId} and ${visibleToProviderSql('b')}
          and b.start_at >= ${ts(new Date(now.getTime() - FEED_PAST_DAYS * DAY_MS))}
        order by b.start_at, b.id`,
  );
  const cutoff = now.getTime() - CANCELLED_KEPT_DAYS * DAY_MS;
  const events = rows
    .filter((r) => {
      if (!isCancelled(r.effective)) return true;
      // Cancelled: kept 30 days after its last change (an expiry not yet written has just happened).
      if (r.effective !== r.status) return true;
      return new Date(r.changed_at ?? r.created_at).getTime() >= cutoff;
    })
    .map((r) => {
      // In the provider's language (their account's, read with each row: the feed has no page).
      const i18n = i18nFor(r.provider_language);
      const traveler = r.traveler_name?.trim() ? firstName(r.traveler_name) : i18n._(msg`Traveler`);
      const title = r.title;
      const notes = r.notes;
      const link = `${appUrl}${localizedPath(r.provider_language, '/dashboard/provider?tab=bookings')}`;
      return toFeedEvent(
        r,
        `${title} – ${traveler}`,
        descriptionOf([
          i18n._(msg`${title} with ${traveler}`),
          r.effective === 'PENDING' && i18n._(msg`Request waiting for your answer.`),
          notes && i18n._(msg`Special requests: ${notes}`),
          i18n._(msg`Booking on Locora: ${link}`),
        ]),
        bookingWhere(r),
        link,
      );
    });
  const [owner] = await queryRows<{ language: Locale }>(
    db,
    sql`select u.language from providers p join users u on u.id = p.user_id where p.id = ${providerId}`,
  );
  return bookingCalendar(i18nFor(owner?.language ?? DEFAULT_LOCALE)._(msg`Locora bookings`), events);
}

/** The traveler's own booking as a one-event calendar ("Add to calendar"); 404 for anyone else's. */
export async function travelerBookingCalendar(
  db: Executor,
  userId: string,
  bookingId: string,
  appUrl: string,
  now: Date,
): Promise<string> {
  const [r] = await queryRows<FeedRow>(
    db,
    sql`select ${feedSelect(now)}
        from bookings b
        join services s on s.id = b.service_id
        join providers p on p.id = b.provider_id
        join users tu on tu.id = b.user_id
        where b.id = ${bookingId} and b.user_id = ${userId}`,
  );
  if (!r) throw new AppError('NOT_FOUND', BOOKING_NOT_FOUND);
  const locale = r.traveler_language;
  const i18n = i18nFor(locale);
  const link = `${appUrl}${localizedPath(locale, `/dashboard/traveler/bookings/${r.id}`)}`;
  const title = r.title;
  const provider = r.provider_name;
  const notes = r.notes;
  // The exact address of the provider's place or meeting point only once the booking is accepted
  // (as the booking view shows it): before that, or after a decline, the area and city.
  const where =
    isAddressRevealed(r.effective) || r.location_type === 'traveler_address'
      ? bookingWhere(r)
      : [r.location_area, r.service_city].filter(Boolean).join(', ');
  const event = toFeedEvent(
    r,
    i18n._(msg`${title} with ${provider}`),
    descriptionOf([
      i18n._(msg`${title} with ${provider}`),
      r.effective === 'PENDING' && i18n._(msg`Waiting for the provider to accept.`),
      notes && i18n._(msg`Your special requests: ${notes}`),
      i18n._(msg`Your booking on Locora: ${link}`),
    ]),
    where || null,
    link,
  );
  return bookingCalendar(r.title, [event], { publish: true });
}
