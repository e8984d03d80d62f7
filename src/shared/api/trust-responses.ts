// What the reviews, reports and moderation API returns (decisions 050 and 051), in zod/mini like
// catalog-responses.ts. Request schemas are in trust.ts.
import * as z from 'zod/mini';

import { REPORT_ACTIONS, REPORT_REASONS, REPORT_TARGET_TYPES } from '../domain/reports.ts';

export { REPORT_ACTIONS, REPORT_REASONS, REPORT_TARGET_TYPES };
export type { ReportAction, ReportReason, ReportTargetType } from '../domain/reports.ts';

/** A review as one of the booking's two people sees it (their own at any time, the other side's once published). */
export const bookingReviewSchema = z.object({
  id: z.uuid(),
  rating: z.int(),
  text: z.string(),
  createdAt: z.optional(z.string()),
  /** Null until published (both sides wrote, or the 14-day window is over). */
  publishedAt: z.optional(z.nullable(z.string())),
  /** The reviewed side's public answer, once written (editable for 48 hours). */
  answer: z.optional(z.nullable(z.string())),
  answeredAt: z.optional(z.nullable(z.string())),
  /** An admin hid it after a report: this note is shown in its place. */
  hiddenNote: z.optional(z.nullable(z.string())),
});
export type BookingReview = z.infer<typeof bookingReviewSchema>;

/** A traveler's record as a provider sees it on a request: from providers' published reviews. */
export const travelerRecordSchema = z.object({
  id: z.uuid(),
  name: z.nullable(z.string()),
  image: z.nullable(z.string()),
  joinedAt: z.string(),
  completedBookings: z.int(),
  /** The average of providers' published ratings, one decimal; 0 with none. */
  rating: z.number(),
  ratingCount: z.int(),
});
export type TravelerRecord = z.infer<typeof travelerRecordSchema>;

/** A published review of a traveler by a provider, on the traveler's card. */
export const travelerCardReviewSchema = z.object({
  id: z.uuid(),
  rating: z.int(),
  text: z.string(),
  publishedAt: z.string(),
  author: z.object({ name: z.string(), image: z.nullable(z.string()) }),
  answer: z.nullable(z.string()),
  answeredAt: z.nullable(z.string()),
});
export type TravelerCardReview = z.infer<typeof travelerCardReviewSchema>;

/** GET /api/travelers/{id}: the traveler's card. */
export const travelerCardSchema = z.object({
  traveler: travelerRecordSchema,
  reviews: z.array(travelerCardReviewSchema),
});
export type TravelerCard = z.infer<typeof travelerCardSchema>;

/** POST /api/provider/reviews answers 201 with the review (unpublished until both wrote or the window ends). */
export const writtenReviewSchema = z.object({
  review: z.object({
    id: z.uuid(),
    bookingId: z.uuid(),
    rating: z.int(),
    text: z.string(),
    createdAt: z.string(),
    publishedAt: z.nullable(z.string()),
  }),
});

/** POST /api/reviews/{id}/answer. */
export const answerResponseSchema = z.object({
  review: z.object({
    id: z.uuid(),
    answer: z.string(),
    answeredAt: z.string(),
    /** The answer can be changed until then. */
    editableUntil: z.string(),
  }),
});
export type AnswerResponse = z.infer<typeof answerResponseSchema>;

/** POST /api/reports answers 201. */
export const reportCreatedSchema = z.object({
  report: z.object({
    id: z.uuid(),
    targetType: z.enum(REPORT_TARGET_TYPES),
    reason: z.enum(REPORT_REASONS),
    createdAt: z.string(),
  }),
});

const personSchema = z.object({
  id: z.uuid(),
  name: z.nullable(z.string()),
  email: z.string(),
  suspended: z.boolean(),
});

/** A message as an admin reads it in a report's context: what the recipient got and, when masked, what was typed. */
export const adminMessageSchema = z.object({
  id: z.uuid(),
  senderId: z.uuid(),
  senderName: z.nullable(z.string()),
  body: z.string(),
  originalBody: z.nullable(z.string()),
  hiddenNote: z.nullable(z.string()),
  createdAt: z.string(),
  /** The reported message. */
  reported: z.boolean(),
});

/** One report of the admin queue, with the reported item in context. */
export const adminReportSchema = z.object({
  id: z.uuid(),
  targetType: z.enum(REPORT_TARGET_TYPES),
  targetId: z.uuid(),
  reason: z.enum(REPORT_REASONS),
  note: z.string(),
  status: z.enum(['open', 'dismissed', 'actioned']),
  action: z.nullable(z.enum(REPORT_ACTIONS)),
  resolutionReason: z.nullable(z.string()),
  resolvedAt: z.nullable(z.string()),
  createdAt: z.string(),
  reporter: personSchema,
  subject: personSchema,
  /** What the admin can do about this kind of target. */
  actions: z.array(z.enum(REPORT_ACTIONS)),
  context: z.object({
    /** A line naming the item: the review's service, the service's title, the provider's name. */
    title: z.string(),
    /** The review, the service's description, the provider's bio. */
    text: z.nullable(z.string()),
    rating: z.optional(z.nullable(z.int())),
    hiddenNote: z.optional(z.nullable(z.string())),
    /** The service or provider is public now (not deactivated, paused or suspended). */
    live: z.optional(z.boolean()),
    serviceId: z.optional(z.nullable(z.uuid())),
    booking: z.optional(
      z.nullable(
        z.object({
          id: z.uuid(),
          status: z.string(),
          start: z.string(),
          serviceTitle: z.string(),
          travelerName: z.nullable(z.string()),
          providerName: z.string(),
          totalCents: z.int(),
        }),
      ),
    ),
    /** The thread around a reported message, or of a reported booking. */
    messages: z.optional(z.array(adminMessageSchema)),
  }),
});
export type AdminReport = z.infer<typeof adminReportSchema>;

export const suspendedUserSchema = z.object({
  id: z.uuid(),
  name: z.nullable(z.string()),
  email: z.string(),
  role: z.string(),
  reason: z.string(),
  suspendedAt: z.string(),
});
export type SuspendedUser = z.infer<typeof suspendedUserSchema>;

/** GET /api/admin/reports: the queue (open first: safety, then newest), recent decisions, and suspended accounts. */
export const adminReportListSchema = z.object({
  open: z.array(adminReportSchema),
  resolved: z.array(adminReportSchema),
  suspended: z.array(suspendedUserSchema),
});
export type AdminReportList = z.infer<typeof adminReportListSchema>;

export const suspensionResponseSchema = z.object({
  user: z.object({ id: z.uuid(), suspended: z.boolean() }),
  /** Open bookings canceled by the suspension (their travelers refunded in full). */
  canceledBookings: z.int(),
  /** Services hidden by the suspension (or shown again when it is lifted). */
  services: z.int(),
});
export type SuspensionResponse = z.infer<typeof suspensionResponseSchema>;
