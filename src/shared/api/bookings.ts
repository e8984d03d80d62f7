// Booking requests, in full zod for their messages. Responses are in bookings-responses.ts.
import { z } from 'zod';
import {
  BOOKING_ADDRESS_MAX,
  BOOKING_MAX_HOURS,
  BOOKING_NOTES_MAX,
  CANCEL_REASON_MAX,
  MAX_ALTERNATIVE_STARTS,
  REVIEW_TEXT_MAX,
} from '../domain/booking-lifecycle.ts';
import { isInAcceptedDateRange, outsideAcceptedDatesMessage } from '../domain/accepted-dates.ts';
import { acceptedDateText, calendarDateSchema } from './time.ts';

export * from './bookings-responses.ts';

const hoursSchema = z.coerce
  .number({ error: 'Hours must be a whole number' })
  .int('Hours must be a whole number')
  .min(1, 'Hours must be at least 1')
  .max(BOOKING_MAX_HOURS, `Hours must be at most ${BOOKING_MAX_HOURS}`);

/** GET /api/services/{id}/slots?date=yyyy-MM-dd&hours=N (below the service's minHours: 400 from the feature). */
export const slotsQuerySchema = z.object({ date: calendarDateSchema, hours: hoursSchema });
export type SlotsQuery = z.infer<typeof slotsQuerySchema>;

/** GET /api/services/{id}/available-days?month=yyyy-MM&hours=N */
export const availableDaysQuerySchema = z.object({
  month: acceptedDateText('month', 'Month must be yyyy-MM').regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Month must be yyyy-MM'),
  hours: hoursSchema,
});
export type AvailableDaysQuery = z.infer<typeof availableDaysQuerySchema>;

const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .optional()
    .transform((v) => (v ? v : undefined));

/** POST /api/bookings. Amounts are never taken from the client. */
export const createBookingSchema = z.object({
  serviceId: z.uuid('serviceId must be a service id'),
  /** An ISO instant with an offset or Z, one of the slots GET .../slots offers. */
  start: z.iso
    .datetime({ offset: true, error: 'Start must be an ISO date-time with a time zone offset' })
    .refine(isInAcceptedDateRange, { error: outsideAcceptedDatesMessage('start') }),
  hours: z
    .number({ error: 'Hours must be a whole number' })
    .int('Hours must be a whole number')
    .min(1, 'Hours must be at least 1')
    .max(BOOKING_MAX_HOURS, `Hours must be at most ${BOOKING_MAX_HOURS}`),
  address: optionalText('Service address', BOOKING_ADDRESS_MAX),
  notes: optionalText('Special requests', BOOKING_NOTES_MAX),
});
export type CreateBookingInput = z.infer<typeof createBookingSchema>;

/** GET /api/bookings?status=upcoming|past (the caller's own, as a traveler). */
export const bookingListQuerySchema = z.object({
  status: z.enum(['upcoming', 'past'], { error: 'status must be upcoming or past' }).default('upcoming'),
});

/** POST /api/bookings/{id}/cancel and /decline: an optional reason, kept in the history. */
export const bookingReasonSchema = z
  .object({ reason: optionalText('Reason', CANCEL_REASON_MAX) })
  .default({ reason: undefined });

/**
 * POST /api/bookings/{id}/decline: an optional reason, and up to three other starts the provider
 * offers instead, each one of the service's free starts for the request's length.
 */
export const declineBookingSchema = z
  .object({
    reason: optionalText('Reason', CANCEL_REASON_MAX),
    alternativeStarts: z
      .array(
        z.iso
          .datetime({ offset: true, error: 'Each other time must be an ISO date-time with a time zone offset' })
          .refine(isInAcceptedDateRange, { error: outsideAcceptedDatesMessage('alternativeStarts') }),
        { error: 'alternativeStarts must be a list of start times' },
      )
      .max(MAX_ALTERNATIVE_STARTS, `Offer at most ${MAX_ALTERNATIVE_STARTS} other times`)
      .refine((list) => new Set(list.map((s) => new Date(s).getTime())).size === list.length, {
        error: 'Offer each other time once',
      })
      .optional(),
  })
  .default({ reason: undefined });
export type DeclineBookingInput = z.input<typeof declineBookingSchema>;

/** POST /api/reviews */
export const createReviewSchema = z.object({
  bookingId: z.uuid('bookingId must be a booking id'),
  rating: z
    .number({ error: 'Rating must be 1 to 5 stars' })
    .int('Rating must be 1 to 5 stars')
    .min(1, 'Rating must be 1 to 5 stars')
    .max(5, 'Rating must be 1 to 5 stars'),
  text: z
    .string({ error: 'Review text is required' })
    .trim()
    .min(1, 'Review text is required')
    .max(REVIEW_TEXT_MAX, `Review text must be at most ${REVIEW_TEXT_MAX} characters`),
});
export type CreateReviewInput = z.infer<typeof createReviewSchema>;

/** The Idempotency-Key header of POST /api/bookings: 1-200 printable ASCII characters. */
export const idempotencyKeySchema = z
  .string({ error: 'Idempotency-Key must be text' })
  .regex(/^[\x21-\x7e][\x20-\x7e]{0,199}$/, 'Idempotency-Key must be 1 to 200 printable characters');
