/** API messages the client recognises in an error body (no zod here: the browser imports this). */

/** The refusal when a new provider profile would be created without a zone. */
export const PROVIDER_TIME_ZONE_REQUIRED =
  'A provider needs a time zone: send timeZone, an IANA name such as Europe/Lisbon';
