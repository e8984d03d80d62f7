/**
 * What the client recognises in an error body (no zod here: the browser imports this): a `code`,
 * never the words of `message`, which are in the asker's language.
 */

/** The code of the refusal when a new provider profile would be created without a zone. */
export const TIME_ZONE_REQUIRED_CODE = 'TIME_ZONE_REQUIRED';

/** Its message in English (the API answers it in the asker's language, api-messages.ts). */
export const PROVIDER_TIME_ZONE_REQUIRED =
  'A provider needs a time zone: send timeZone, an IANA name such as Europe/Lisbon';
