/**
 * A provider's measured response time (decision 063); the server computes it
 * (read-models/response-time.ts), the service page words it.
 */

/** The days of requests the median is taken over. */
export const RESPONSE_WINDOW_DAYS = 90;
/** Below this many counted requests a provider is "New". */
export const MIN_RESPONSE_REQUESTS = 3;
/** An inquiry left unanswered this long counts as unanswered. */
export const RESPONSE_WAIT_HOURS = 24;

export type ProviderResponse = {
  /** Requests counted (answered, or whose time to answer is over) in the window. */
  requests: number;
  /** The median minutes to the first answer, rounded up; null when new or mostly unanswered. */
  medianMinutes: number | null;
  /** More than half of the counted requests were never answered. */
  isMostlyUnanswered: boolean;
};

/** What the service page says, before words: new, within N minutes/hours/days, or rarely answers. */
export type ResponseLabel = { kind: 'new' } | { kind: 'minutes' | 'hours' | 'days'; count: number } | { kind: 'slow' };

/**
 * The figure as a reader wants it: up to 55 minutes in minutes rounded up to 5 ("within 15
 * minutes"), then up to two days in hours ("within 1 hour"), then days (each rounded up, so it is never a promise the
 * median breaks).
 */
export function responseLabel(response: ProviderResponse): ResponseLabel {
  if (response.isMostlyUnanswered) return { kind: 'slow' };
  const minutes = response.medianMinutes;
  if (minutes === null || response.requests < MIN_RESPONSE_REQUESTS) return { kind: 'new' };
  if (minutes <= 55) return { kind: 'minutes', count: Math.max(5, Math.ceil(minutes / 5) * 5) };
  if (minutes <= 48 * 60) return { kind: 'hours', count: Math.ceil(minutes / 60) };
  return { kind: 'days', count: Math.ceil(minutes / (24 * 60)) };
}
