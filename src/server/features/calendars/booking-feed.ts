/**
 * Bookings as iCalendar events (decision 040), written with ical-generator: the provider's private
 * feed and a traveler's "Add to calendar" file share one event shape.
 *
 * - UID: the booking's id at Locora's domain, the same for the booking's whole life, so a calendar
 *   updates the event in place and removes it when it turns CANCELLED.
 * - SEQUENCE: the number of changes in the booking's history (booking_events), plus one while an
 *   expiry the lifecycle job has not yet written is already in effect: it only grows.
 * - DTSTAMP: the booking's last change, so an unchanged booking writes the same bytes.
 * - STATUS: PENDING is TENTATIVE; CONFIRMED, PAID and COMPLETED are CONFIRMED; CANCELED and
 *   REFUNDED are CANCELLED.
 */
import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';

export type FeedEvent = {
  id: string;
  /** The effective status (locora_effective_status). */
  status: string;
  start: Date;
  end: Date;
  sequence: number;
  changedAt: Date;
  summary: string;
  description: string;
  location: string | null;
  url: string;
};

export const UID_DOMAIN = 'locora.app';

export function eventStatus(status: string): ICalEventStatus {
  if (status === 'PENDING') return ICalEventStatus.TENTATIVE;
  if (status === 'CANCELED' || status === 'REFUNDED') return ICalEventStatus.CANCELLED;
  return ICalEventStatus.CONFIRMED;
}

/** A whole calendar of events. `publish`: a single event a person adds (METHOD:PUBLISH). */
export function bookingCalendar(name: string, events: FeedEvent[], opts: { publish?: boolean } = {}): string {
  const calendar = ical({
    name,
    prodId: { company: 'Locora', product: 'Bookings', language: 'EN' },
    // Calendar apps that read it poll about this often.
    ttl: 15 * 60,
    ...(opts.publish ? { method: ICalCalendarMethod.PUBLISH } : {}),
  });
  for (const e of events) {
    calendar.createEvent({
      id: `${e.id}@${UID_DOMAIN}`,
      sequence: e.sequence,
      stamp: e.changedAt,
      start: e.start,
      end: e.end,
      summary: e.summary,
      description: e.description,
      location: e.location,
      url: e.url,
      status: eventStatus(e.status),
    });
  }
  return calendar.toString();
}

/** The first name of a person's name ('Ana Lopes' -> 'Ana'); 'Traveler' when none is known. */
export function firstName(name: string | null | undefined): string {
  return name?.trim().split(/\s+/)[0] || 'Traveler';
}
