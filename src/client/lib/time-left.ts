import { MINUTE_MS } from '@shared/domain/time';

/**
 * How long a provider still has to answer a booking request (its respondBy, booking-lifecycle.ts),
 * in minutes and whole hours, both rounded up ('within 5 h' is true at 4 h 10 min): the dashboard
 * says 'Respond within 5 h' while an hour or more is left (not urgent), 'Expires in 40 min' in the
 * last hour, 'Expired' once it has passed.
 */
export type TimeLeft = { expired: boolean; urgent: boolean; minutes: number; hours: number };

export function timeLeftToRespond(respondBy: Date, now: Date): TimeLeft {
  const ms = respondBy.getTime() - now.getTime();
  if (ms <= 0) return { expired: true, urgent: true, minutes: 0, hours: 0 };
  const minutes = Math.ceil(ms / MINUTE_MS);
  return { expired: false, urgent: minutes < 60, minutes, hours: Math.ceil(minutes / 60) };
}
