// What the provider's workspace API returns, in zod/mini (like catalog-responses.ts), so the
// browser can check answers without the full zod runtime.
import * as z from 'zod/mini';
import { bookingLocationSchema, bookingStatusSchema } from './bookings-responses.ts';
import { serviceSchema } from './catalog-responses.ts';
import { currencySchema, moneyTotalsSchema } from './money.ts';
import { bookingReviewSchema, travelerRecordSchema } from './trust-responses.ts';

/** A service as its provider sees it (GET /api/provider/services): the card plus the pause flag. */
export const providerServiceSchema = z.extend(serviceSchema, {
  /** The provider's own pause; isActive is the admin's moderation and is never set by the provider. */
  isPaused: z.boolean(),
  /** The exact address of the provider's place or the meeting point (their own services only). */
  locationAddress: z.nullable(z.string()),
});
export type ProviderService = z.infer<typeof providerServiceSchema>;
export const providerServiceListSchema = z.array(providerServiceSchema);
/**
 * A per-day service whose day no availability window can hold (in the next 60 days): the longest
 * window the provider has then, in whole hours (0: none), and the day's length. Travelers would
 * see no free day; the dashboard warns at save time.
 */
export const dayLengthWarningSchema = z.object({ longestWindowHours: z.int(), hoursNeeded: z.int() });
export type DayLengthWarning = z.infer<typeof dayLengthWarningSchema>;

export const providerServiceResponseSchema = z.object({
  service: providerServiceSchema,
  /** Per-day services only: set when no availability window holds the day (else absent or null). */
  dayLengthWarning: z.optional(z.nullable(dayLengthWarningSchema)),
});

/** An incoming booking as the provider's dashboard lists it (GET /api/provider/bookings). */
export const providerBookingSchema = z.object({
  id: z.uuid(),
  status: bookingStatusSchema,
  /** ISO instant (UTC); shown in the provider's zone. */
  start: z.string(),
  end: z.string(),
  hours: z.int(),
  /** The subtotal, without the service fee, in minor units of `currency`. */
  amountCents: z.int(),
  /** The 5 % service fee Locora keeps, in minor units of `currency`. */
  feeCents: z.int(),
  /** The booking's currency (its service's at the request). */
  currency: currencySchema,
  /** What the traveler pays: subtotal + fee (bookingShares in shared/domain/pricing.ts). */
  totalCents: z.int(),
  /** What the provider receives: the subtotal (bookingShares). */
  providerReceivesCents: z.int(),
  /** The reason given when it was canceled or declined, if any. */
  cancelReason: z.optional(z.nullable(z.string())),
  /** A request the provider declined (from the booking's history; its status stays CANCELED). */
  declined: z.optional(z.boolean()),
  /** Who canceled a canceled booking (from its history), or null. */
  canceledBy: z.optional(z.nullable(z.enum(['TRAVELER', 'PROVIDER', 'SYSTEM']))),
  createdAt: z.string(),
  /** PENDING only: when the request expires unless the provider answers (booking-lifecycle.ts). */
  respondBy: z.nullable(z.string()),
  /** The provider's IANA zone: times are shown in it. */
  timeZone: z.string(),
  user: z.object({ name: z.nullable(z.string()), image: z.nullable(z.string()) }),
  service: z.object({ id: z.uuid(), title: z.string(), photos: z.array(z.string()) }),
  /**
   * Its card payment's Stripe status (decision 024: 'requires_capture' = authorised, 'succeeded' =
   * charged, 'canceled' = released, 'refunded'; others = not authorised yet), or null: no card payment.
   */
  paymentStatus: z.optional(z.nullable(z.string())),
  /**
   * Made while card payments were on with a card-payable total (decision 024's addendum): it can
   * be accepted only once its card is authorised. Absent from older servers: read as false.
   */
  paymentRequired: z.optional(z.boolean()),
  /** When its card was authorised: the 24 hours to answer run from then (null: not, or no card). */
  authorisedAt: z.optional(z.nullable(z.string())),
  /** The traveler's address (a service at their address) and special requests, as typed at checkout. */
  address: z.optional(z.nullable(z.string())),
  notes: z.optional(z.nullable(z.string())),
  location: z.optional(bookingLocationSchema),
  /** Who is asking (decision 050): when they joined, completed bookings, providers' rating of them. */
  traveler: z.optional(travelerRecordSchema),
  /** The traveler's review of the service, once published. */
  review: z.optional(z.nullable(bookingReviewSchema)),
  /** The provider's own review of the traveler, once written (published or not). */
  travelerReview: z.optional(z.nullable(bookingReviewSchema)),
  /** Whether the traveler has written their review (shown before it is published). */
  travelerReviewed: z.optional(z.boolean()),
  /** A COMPLETED booking: until when each side can write its review. */
  reviewWindowEndsAt: z.optional(z.nullable(z.string())),
  /** The traveler's phone number, from their profile, once the booking is confirmed (decision 051). */
  travelerPhone: z.optional(z.nullable(z.string())),
});
export type ProviderBooking = z.infer<typeof providerBookingSchema>;
export const providerBookingListSchema = z.array(providerBookingSchema);

/** GET /api/provider/stats: the dashboard's four numbers. */
export const providerStatsSchema = z.object({
  services: z.int(),
  pendingRequests: z.int(),
  rating: z.number(),
  ratingCount: z.int(),
  /**
   * What the provider kept of their bookings' charges, from the ledger (the Revenue card, the
   * Earnings' all-time total: after refunds and Locora's fee; decision 060, addendum), one total per
   * currency, never summed across currencies (decision 047).
   */
  revenue: moneyTotalsSchema,
  /**
   * A provider who has never been here in a useful sense: no service ever created (not even one
   * since deleted) and no booking ever received. The dashboard greets them 'Welcome', not
   * 'Welcome back'. Absent from older servers: read as not new.
   */
  isNew: z.optional(z.boolean()),
});
export type ProviderStats = z.infer<typeof providerStatsSchema>;

/** The steps of a new provider's setup, in the order the dashboard lists them (decision 054). */
export const SETUP_STEPS = ['profile', 'identity', 'service', 'availability', 'payouts', 'calendar'] as const;
export type SetupStepKey = (typeof SETUP_STEPS)[number];

/**
 * One step: done, still to do, waiting on someone else (in review), refused (an identity document
 * an admin rejected, with their reason), or not needed here (payouts while card payments are not
 * configured).
 */
export const setupStepSchema = z.object({
  key: z.enum(SETUP_STEPS),
  status: z.enum(['done', 'todo', 'in_review', 'rejected', 'not_needed']),
  /** The calendar is optional: the checklist is complete without it. */
  isOptional: z.boolean(),
  /** Why an identity document was rejected (the admin's words), else null. */
  reason: z.nullable(z.string()),
});
export type SetupStep = z.infer<typeof setupStepSchema>;

/** GET /api/provider/setup: the dashboard's setup checklist, and whether travelers can book now. */
export const providerSetupSchema = z.object({
  steps: z.array(setupStepSchema),
  /** Every step that is not optional is done (or not needed). */
  isComplete: z.boolean(),
  /** Travelers can book this provider now (with card payments: their payouts account can be paid). */
  canBeBooked: z.boolean(),
});
export type ProviderSetup = z.infer<typeof providerSetupSchema>;
