// What the booking API returns, in zod/mini like catalog-responses.ts, so the browser can
// check answers without the full zod runtime. Request schemas are in bookings.ts.
import * as z from 'zod/mini';
import { currencySchema } from './money.ts';
import { BOOKING_STATUSES } from '../domain/booking-status.ts';
import { LOCATION_TYPES } from '../domain/service-location.ts';
import { bookingReviewSchema } from './trust-responses.ts';
import { pricingUnitSchema } from './catalog-responses.ts';

/** A booking's status: one of the six (PENDING, CONFIRMED, PAID, COMPLETED, CANCELED, REFUNDED). */
export const bookingStatusSchema = z.enum(BOOKING_STATUSES);

/**
 * Where a booking happens: the type, the area, and the exact address when its reader may know it
 * (the traveler's own address; a place or meeting point once confirmed, or always for its provider).
 */
export const bookingLocationSchema = z.object({
  type: z.enum(LOCATION_TYPES),
  area: z.nullable(z.string()),
  address: z.nullable(z.string()),
});
export type BookingLocation = z.infer<typeof bookingLocationSchema>;

/** One bookable start time: ISO instants (UTC). */
export const slotSchema = z.object({ start: z.string(), end: z.string() });
export type Slot = z.infer<typeof slotSchema>;

/** GET /api/services/{id}/slots: the free start times of one day in the provider's zone. */
export const slotsResponseSchema = z.object({
  /** The provider's IANA zone: `date` is a day there, and times are labelled with it. */
  timeZone: z.string(),
  date: z.string(),
  slots: z.array(slotSchema),
});
export type SlotsResponse = z.infer<typeof slotsResponseSchema>;

/** GET /api/services/{id}/available-days: the days of a month (provider's zone) with a free slot. */
export const availableDaysResponseSchema = z.object({
  timeZone: z.string(),
  month: z.string(),
  /** 'yyyy-MM-dd' days, ascending. */
  days: z.array(z.string()),
});
export type AvailableDaysResponse = z.infer<typeof availableDaysResponseSchema>;

/**
 * A booking as its traveler, its provider or an admin sees it (the booking's fields,
 * plus what the screens need). `status` is the effective status: an unanswered request past its
 * respond-by time reads CANCELED and a booking whose end has passed reads COMPLETED, whether or not
 * the background job has written it yet.
 */
export const bookingSchema = z.object({
  id: z.uuid(),
  status: bookingStatusSchema,
  /** ISO instants (UTC). */
  start: z.string(),
  end: z.string(),
  hours: z.int(),
  /**
   * The subtotal (pricing unit, decision 035) as an integer in the minor unit of `currency` (the
   * name is the product contract's; yen for JPY, cents for USD: decision 047).
   */
  amountCents: z.int(),
  /** 5 % service fee, in minor units of `currency`. */
  feeCents: z.int(),
  totalCents: z.int(),
  /** The currency of every amount of the booking (its service's at the request), e.g. "JPY". */
  currency: currencySchema,
  address: z.nullable(z.string()),
  notes: z.nullable(z.string()),
  createdAt: z.string(),
  /**
   * PENDING only: the instant the request lapses: 15 minutes after it was made while its card is
   * not authorised (awaitingPayment), else when the provider's time to answer ends.
   */
  respondBy: z.nullable(z.string()),
  /**
   * A request made to be paid by card whose card is not authorised yet: it holds its time until
   * respondBy and its provider does not see it. Once lapsed, it is CANCELED with the reason
   * 'payment not completed'. Optional in the schema: an older answer reads as false.
   */
  awaitingPayment: z.optional(z.boolean()),
  /**
   * When its card was authorised (its provider's 24 hours to answer start then); null: not, or
   * no card needed. Optional in the schema: an older answer reads as never authorised.
   */
  authorisedAt: z.optional(z.nullable(z.string())),
  /**
   * CANCELED with a refund owed that Stripe has not reported made yet (decision 031); it becomes
   * REFUNDED once it has. Optional in the schema: an older answer reads as false.
   */
  refundPending: z.optional(z.boolean()),
  /** The reason given when it was canceled or declined, if any. */
  cancelReason: z.nullable(z.string()),
  /** A request the provider declined (from the booking's history; its status stays CANCELED). */
  declined: z.optional(z.boolean()),
  /**
   * Declined with other times offered (decision 065): up to three ISO instants, each a start the
   * traveler can request at checkout. Empty otherwise.
   */
  alternativeStarts: z.optional(z.array(z.string())),
  /** Who canceled a canceled booking (from its history), or null. */
  canceledBy: z.optional(z.nullable(z.enum(['TRAVELER', 'PROVIDER', 'SYSTEM']))),
  /** Where it happens; a place's or meeting point's address only once the booking is confirmed. */
  location: z.optional(bookingLocationSchema),
  /** The provider's IANA zone: dates and times are shown in it, labelled. */
  timeZone: z.string(),
  /** The traveler: name and image. */
  user: z.object({ id: z.uuid(), name: z.nullable(z.string()), image: z.nullable(z.string()) }),
  service: z.object({
    id: z.uuid(),
    title: z.string(),
    photos: z.array(z.string()),
    city: z.string(),
    pricingUnit: pricingUnitSchema,
    /** The price per unit when it was booked, in minor units of the booking's currency. */
    price: z.int(),
    category: z.object({ name: z.string(), slug: z.string() }),
    /**
     * Whether the service is still offered: live, paused by its provider, or withdrawn (deactivated
     * or deleted; its page is then a 404 and the booking keeps what it was).
     */
    listing: z.optional(z.enum(['live', 'paused', 'withdrawn'])),
    provider: z.object({ id: z.uuid(), userId: z.uuid(), displayName: z.string(), avatar: z.nullable(z.string()) }),
  }),
  /**
   * The traveler's review of it, once written: to the traveler at once, to anyone else once
   * published (decision 050). With when it was published, the provider's answer, an admin's note.
   */
  review: z.nullable(bookingReviewSchema),
  /** The provider's review of the traveler, once published (decision 050). */
  providerReview: z.optional(z.nullable(bookingReviewSchema)),
  /** Whether the provider has written their review of the traveler (shown before it is published). */
  providerReviewed: z.optional(z.boolean()),
  /** A COMPLETED booking: until when each side can write its review. */
  reviewWindowEndsAt: z.optional(z.nullable(z.string())),
  /** The provider's phone number, from their profile, once the booking is confirmed (decision 051). */
  providerPhone: z.optional(z.nullable(z.string())),
  /**
   * Its card payment's Stripe status (decision 024: 'requires_capture' = authorised, not charged;
   * 'succeeded' = charged; 'canceled' = released; 'refunded'), or null when it has none.
   */
  paymentStatus: z.optional(z.nullable(z.string())),
});
export type Booking = z.infer<typeof bookingSchema>;
export const bookingListSchema = z.array(bookingSchema);
export const bookingResponseSchema = z.object({ booking: bookingSchema });

/** POST /api/reviews answers 201 with the review. */
export const reviewResponseSchema = z.object({
  review: z.object({
    id: z.uuid(),
    bookingId: z.uuid(),
    serviceId: z.uuid(),
    rating: z.int(),
    text: z.string(),
    createdAt: z.string(),
    /** Null until published: when the provider has reviewed the traveler too, or the 14 days end (decision 050). */
    publishedAt: z.optional(z.nullable(z.string())),
  }),
});
export type ReviewResponse = z.infer<typeof reviewResponseSchema>;
