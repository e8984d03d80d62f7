/*
 * What the availability API returns, in zod/mini (decision 012): the dashboard checks these in the
 * browser without full zod. Request schemas, with their messages, are in availability.ts, which
 * re-exports everything here for the server.
 */
import * as z from 'zod/mini';

export const recurrenceTypeSchema = z.enum(['WEEKLY']);

/** One stored slot (the product's Availability, plus the series it belongs to). */
export const availabilitySlotSchema = z.object({
  id: z.uuid(),
  /** ISO 8601 instants in UTC ('2026-03-09T13:00:00.000Z'); show them in the provider's zone. */
  start: z.string(),
  end: z.string(),
  isBlocked: z.boolean(),
  isRecurring: z.boolean(),
  recurrenceType: z.nullable(recurrenceTypeSchema),
  /** Weekday indexes of the schedule the slot came from: 0 = Sunday ... 6 = Saturday. */
  recurrenceDays: z.nullable(z.array(z.int())),
  /** The occurrences made by one recurring schedule share it; null for a one-off slot. */
  seriesId: z.nullable(z.uuid()),
  /**
   * An occurrence of a weekly schedule that runs until the provider ends it (decision 064): the
   * date it falls on in the provider's zone (its id is the schedule's; pass this date to delete
   * only it). Null for a stored slot.
   */
  occurrenceDate: z.nullable(z.string()),
});
export type AvailabilitySlot = z.infer<typeof availabilitySlotSchema>;

/** GET /api/availability/{providerId}: a list of slots (docs/product.md), by start. */
export const availabilityListSchema = z.array(availabilitySlotSchema);

/** The header of GET /api/availability/{providerId} that names the provider's IANA zone. */
export const TIME_ZONE_HEADER = 'x-time-zone';

/** POST /api/availability and /bulk: what was stored. */
export const availabilityCreatedSchema = z.object({
  slots: z.array(availabilitySlotSchema),
  /** Slots already stored exactly so (same start, end and kind): not stored twice. */
  duplicates: z.int(),
  /** Dates a recurring schedule skipped: its times do not exist then (a spring-forward night). */
  skippedDates: z.array(z.string()),
});
export type AvailabilityCreated = z.infer<typeof availabilityCreatedSchema>;

/** DELETE /api/availability/{id}: how many occurrences went. */
export const availabilityDeletedSchema = z.object({ deleted: z.int() });

/**
 * One of the provider's own bookings on their Availability week (decision 053): accepted ones in
 * their status colour, a request still waiting for an answer as tentative, each with the
 * traveler's name and the service, linking to the request.
 */
export const calendarBookingSchema = z.object({
  id: z.uuid(),
  /** The booking's status now: PENDING (tentative), CONFIRMED, PAID or COMPLETED. */
  status: z.enum(['PENDING', 'CONFIRMED', 'PAID', 'COMPLETED']),
  /** ISO 8601 instants in UTC. */
  start: z.string(),
  end: z.string(),
  travelerName: z.nullable(z.string()),
  serviceTitle: z.string(),
});
export type CalendarBooking = z.infer<typeof calendarBookingSchema>;
export const calendarBookingListSchema = z.array(calendarBookingSchema);
