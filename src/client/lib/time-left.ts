import { MINUTE_MS } from '@shared/domain/time';

/**
 * How long a provider still has to answer a booking request (its respondBy, booking-lifecycle.ts),
 * as the dashboard says it: 'Respond within 5 h' while an hour or more is left, 'Expires in 40 min'
 * in the last hour, 'Expired' once it has passed. Rounded up: 'within 5 h' is true at 4 h 10 min.
 */
export type TimeLeft = { expired: boolean; urgent: boolean; text: string };

export function timeLeftToRespond(respondBy: Date, now: Date): TimeLeft {
  const ms = respondBy.getTime() - now.getTime();
  if (ms <= 0) return { expired: true, urgent: true, text: 'Expired' };
  const minutes = Math.ceil(ms / MINUTE_MS);
  if (minutes < 60) return { expired: false, urgent: true, text: `Expires in ${minutes} min` };
  return { expired: false, urgent: false, text: `Respond within ${Math.ceil(minutes / 60)} h` };
}
