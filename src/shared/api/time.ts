import { z } from 'zod';
import { isInAcceptedDateRange, outsideAcceptedDatesMessage } from '../domain/accepted-dates.ts';
import { isCalendarDate, isValidTimeZone, normalizeTimeZone } from '../domain/time.ts';
import { PROVIDER_TIME_ZONE_REQUIRED } from './messages.ts';

/** An IANA time-zone name ('Europe/Lisbon'), stored with the runtime's spelling of its case. */
export const timeZoneSchema = z
  .string({ error: 'Time zone must be an IANA name such as Europe/Lisbon' })
  .max(64, 'Time zone must be an IANA name such as Europe/Lisbon')
  .refine(isValidTimeZone, {
    error: (issue) => `Unknown time zone "${String(issue.input)}": use an IANA name such as Europe/Lisbon`,
  })
  .transform(normalizeTimeZone);

/**
 * The start of every date parameter's schema (a date, a month, a date-time): text of at most 40
 * characters whose written year is inside the one accepted range (decision 034). That check runs
 * first and stops the others, so an out-of-range value gets a 400 naming `parameter`.
 */
export function acceptedDateText(parameter: string, formatMessage: string) {
  return z
    .string({ error: formatMessage })
    .max(40, formatMessage)
    .refine(isInAcceptedDateRange, { error: outsideAcceptedDatesMessage(parameter), abort: true });
}

/** A calendar day, 'yyyy-MM-dd', that exists (no '2026-02-30'); read in the provider's zone. */
export const calendarDateSchema = acceptedDateText('date', 'Date must be a calendar date, yyyy-MM-dd').refine(
  isCalendarDate,
  { error: 'Date must be a calendar date, yyyy-MM-dd' },
);

export { PROVIDER_TIME_ZONE_REQUIRED };

/**
 * For bodies that may make someone a provider: with role PROVIDER a time zone is required, because
 * a provider's calendar is read in it and a silent UTC would shift every slot.
 */
export function requireTimeZoneForProvider(
  value: { role?: string; timeZone?: string | undefined },
  ctx: z.RefinementCtx,
) {
  if (value.role === 'PROVIDER' && value.timeZone === undefined) {
    ctx.addIssue({
      code: 'custom',
      path: ['timeZone'],
      message: PROVIDER_TIME_ZONE_REQUIRED,
    });
  }
}
