import { z } from 'zod';
import { isSlotDateTime, MAX_BULK_SLOTS, WEEKDAYS_MESSAGE, type SlotRequest } from '../domain/availability.ts';
import { recurrenceTypeSchema } from './availability-responses.ts';
import { acceptedDateText } from './time.ts';

export * from './availability-responses.ts';

const DATE_TIME_MESSAGE =
  "Must be an ISO 8601 date-time at a whole minute: 2026-03-09T13:00:00Z (an instant) or 2026-03-09T09:00 (the provider's clock)";

/**
 * A slot's start or end: with 'Z' or an offset, an instant; without one, a time on the provider's
 * wall clock (read in their zone, which is what a recurring schedule keeps).
 */
export const slotDateTimeSchema = (parameter: 'start' | 'end') =>
  acceptedDateText(parameter, DATE_TIME_MESSAGE).refine(isSlotDateTime, { error: DATE_TIME_MESSAGE });

/** One slot, the product's fields. The rules that need the zone and the clock are in planSlot. */
export const availabilityInputSchema = z.object({
  start: slotDateTimeSchema('start'),
  end: slotDateTimeSchema('end'),
  isBlocked: z.boolean({ error: 'isBlocked must be true or false' }).default(false),
  isRecurring: z.boolean({ error: 'isRecurring must be true or false' }).default(false),
  recurrenceType: z.nullish(recurrenceTypeSchema),
  /** Weekday indexes, 0 = Sunday ... 6 = Saturday; needed (at least one) when isRecurring. */
  recurrenceDays: z.nullish(
    z
      .array(z.int({ error: WEEKDAYS_MESSAGE }).min(0, WEEKDAYS_MESSAGE).max(6, WEEKDAYS_MESSAGE), {
        error: WEEKDAYS_MESSAGE,
      })
      .max(7, 'At most 7 days'),
  ),
}) satisfies z.ZodType<SlotRequest, unknown>;
export type AvailabilityInput = z.input<typeof availabilityInputSchema>;

export const availabilityBulkSchema = z.object({
  availabilities: z
    .array(availabilityInputSchema, { error: 'availabilities must be a list of slots' })
    .min(1, 'Send at least one slot')
    .max(MAX_BULK_SLOTS, `At most ${MAX_BULK_SLOTS} slots at a time`),
});
export type AvailabilityBulkInput = z.input<typeof availabilityBulkSchema>;

const RANGE_BOUND_MESSAGE = (name: string) => `"${name}" must be a date (yyyy-MM-dd) or a date-time with an offset`;

/** GET /api/availability/{providerId}: calendar dates (the zone's midnight) or date-times with an offset. */
export const availabilityRangeSchema = z.object({
  from: acceptedDateText('from', RANGE_BOUND_MESSAGE('from')).optional(),
  to: acceptedDateText('to', RANGE_BOUND_MESSAGE('to')).optional(),
});

export const providerIdParamSchema = z.object({
  /** The provider's user id (what the product's links use) or their provider id. */
  providerId: z.string().max(100),
});

export const availabilityIdParamSchema = z.object({ id: z.uuid('Not a valid availability id') });

export const availabilityDeleteQuerySchema = z.object({
  /** true: the whole recurring series this occurrence belongs to. */
  series: z
    .enum(['true', 'false'], { error: 'series must be true or false' })
    .optional()
    .transform((v) => v === 'true'),
  /** An occurrence of a weekly schedule (its occurrenceDate): which one goes, or from which one on with series. */
  date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'date must be a calendar date (yyyy-MM-dd)')
    .optional(),
});
