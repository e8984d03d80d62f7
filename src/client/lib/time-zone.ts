import { TIME_ZONE_REQUIRED_CODE } from '@shared/api/messages';
import { isGenericTimeZone, isValidTimeZone } from '@shared/domain/zones';
import { ApiError } from './api';
import { useBrowserValue } from './hydration';

/** The browser's IANA zone, or undefined when it reports none the app knows. */
export function detectTimeZone(): string | undefined {
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    return isValidTimeZone(zone) ? zone : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The browser's zone for rendering: undefined while a server-rendered page hydrates (the server
 * cannot know it), then the zone, or null when the browser reports none the app knows.
 */
export function useDetectedTimeZone(): string | null | undefined {
  return useBrowserValue<string | null | undefined>(() => detectTimeZone() ?? null, undefined);
}

/** The zone to show the viewer's own dates in (UTC only when the browser reports none). */
export function browserTimeZone(): string {
  return detectTimeZone() ?? 'UTC';
}

/**
 * The zone to give a new provider without asking: the browser's, when it names a place. UTC and
 * 'Etc/*' (what a machine whose zone was never set reports) must be confirmed by the person.
 */
export function detectProviderTimeZone(): string | undefined {
  const zone = detectTimeZone();
  return zone && !isGenericTimeZone(zone) ? zone : undefined;
}

/**
 * Whether a switch to provider was refused for want of a zone (then the app asks for one): known
 * by the error's code, whatever language its message is in.
 */
export function isTimeZoneRequired(error: unknown): boolean {
  return error instanceof ApiError && error.body?.code === TIME_ZONE_REQUIRED_CODE;
}
