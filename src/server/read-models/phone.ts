/** A stored phone number (E.164) as people write it: '+351 912 345 678' (libphonenumber-js). */
import { parsePhoneNumberFromString } from 'libphonenumber-js';

export function formatPhone(e164: string | null): string | null {
  if (!e164) return null;
  return parsePhoneNumberFromString(e164)?.formatInternational() ?? e164;
}
