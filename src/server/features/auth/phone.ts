/**
 * The optional phone number of a profile (decision 051): validated with libphonenumber-js (each
 * country's numbering plan), stored in E.164, and shown to the other side of a booking only once
 * the provider has accepted it. Locora does not verify it.
 */
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/open.ts';
import { users } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import { formatPhone } from '../../read-models/phone.ts';

export const PHONE_INVALID_MESSAGE = 'Enter a phone number with its country code, e.g. +351 912 345 678.';

/** E.164 of a typed number ('+351 912 345 678' -> '+351912345678'), or a 400 with the reason. */
export function normalisePhone(typed: string): string {
  const parsed = parsePhoneNumberFromString(typed.trim());
  if (!parsed || !parsed.isValid()) throw new AppError('BAD_REQUEST', PHONE_INVALID_MESSAGE);
  return parsed.number;
}

export async function getPhone(db: Executor, userId: string) {
  const [row] = await db.select({ phone: users.phone }).from(users).where(eq(users.id, userId));
  return { phone: formatPhone(row?.phone ?? null) };
}

/** Sets (or, with null or '', removes) the caller's phone number. */
export async function setPhone(db: Executor, userId: string, typed: string | null) {
  const phone = typed && typed.trim() ? normalisePhone(typed) : null;
  await db.update(users).set({ phone }).where(eq(users.id, userId));
  return { phone: formatPhone(phone) };
}
