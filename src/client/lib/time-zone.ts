import { isGenericTimeZone, isValidTimeZone } from '@shared/domain/time';
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
 * Zones offered in pickers, west to east (pickers skip any the browser does not know, and add the
 * detected zone when it is not among them).
 */
export const COMMON_TIME_ZONES: readonly string[] = [
  'Pacific/Pago_Pago',
  'Pacific/Honolulu',
  'America/Anchorage',
  'America/Los_Angeles',
  'America/Denver',
  'America/Phoenix',
  'America/Chicago',
  'America/Mexico_City',
  'America/New_York',
  'America/Toronto',
  'America/Bogota',
  'America/Lima',
  'America/Caracas',
  'America/Halifax',
  'America/Santiago',
  'America/Sao_Paulo',
  'America/Argentina/Buenos_Aires',
  'Atlantic/Azores',
  'Atlantic/Reykjavik',
  'Europe/Lisbon',
  'Europe/London',
  'Africa/Casablanca',
  'Africa/Lagos',
  'Europe/Madrid',
  'Europe/Paris',
  'Europe/Berlin',
  'Europe/Rome',
  'Europe/Amsterdam',
  'Africa/Cairo',
  'Africa/Johannesburg',
  'Europe/Athens',
  'Europe/Istanbul',
  'Africa/Nairobi',
  'Asia/Dubai',
  'Asia/Karachi',
  'Asia/Kolkata',
  'Asia/Kathmandu',
  'Asia/Dhaka',
  'Asia/Bangkok',
  'Asia/Jakarta',
  'Asia/Makassar',
  'Asia/Singapore',
  'Asia/Hong_Kong',
  'Asia/Shanghai',
  'Asia/Manila',
  'Asia/Seoul',
  'Asia/Tokyo',
  'Australia/Perth',
  'Australia/Adelaide',
  'Australia/Sydney',
  'Pacific/Auckland',
  'Pacific/Fiji',
  'Pacific/Kiritimati',
];
