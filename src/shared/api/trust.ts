/**
 * Requests of the reviews, reports and moderation API (decisions 050 and 051). The traveler's
 * review is POST /api/reviews (createReviewSchema in bookings.ts); the provider's review of a
 * traveler takes the same fields.
 */
import { z } from 'zod';
import { ANSWER_TEXT_MAX } from '../domain/reviews.ts';
import { REPORT_ACTIONS, REPORT_REASONS, REPORT_TARGET_TYPES } from './trust-responses.ts';

export * from './trust-responses.ts';

export const REPORT_NOTE_MAX = 1000;
export const MODERATION_REASON_MAX = 1000;

export const reviewParamsSchema = z.object({ id: z.uuid('Not a valid review id') });
export const userParamsSchema = z.object({ id: z.uuid('Not a valid user id') });
export const reportParamsSchema = z.object({ id: z.uuid('Not a valid report id') });

/** POST /api/reviews/{id}/answer */
export const answerSchema = z.object({
  text: z
    .string({ error: 'An answer is required' })
    .trim()
    .min(1, 'An answer cannot be empty')
    .max(ANSWER_TEXT_MAX, `An answer is at most ${ANSWER_TEXT_MAX} characters`),
});

/** POST /api/reports */
export const createReportSchema = z.object({
  targetType: z.enum(REPORT_TARGET_TYPES, { error: `targetType must be one of ${REPORT_TARGET_TYPES.join(', ')}` }),
  targetId: z.uuid('targetId must be an id'),
  reason: z.enum(REPORT_REASONS, { error: `reason must be one of ${REPORT_REASONS.join(', ')}` }),
  note: z
    .string({ error: 'note must be text' })
    .trim()
    .max(REPORT_NOTE_MAX, `A note is at most ${REPORT_NOTE_MAX} characters`)
    .default(''),
});
export type CreateReportInput = z.infer<typeof createReportSchema>;

const moderationReason = z
  .string({ error: 'A reason is required' })
  .trim()
  .min(1, 'A reason is required')
  .max(MODERATION_REASON_MAX, `A reason is at most ${MODERATION_REASON_MAX} characters`);

/** POST /api/admin/reports/{id}/resolve: one action, with the reason kept in the audit log. */
export const resolveReportSchema = z.object({
  action: z.enum(REPORT_ACTIONS, { error: `action must be one of ${REPORT_ACTIONS.join(', ')}` }),
  reason: moderationReason,
});
export type ResolveReportInput = z.infer<typeof resolveReportSchema>;

/** POST /api/admin/users/{id}/suspend and /unsuspend. */
export const suspendSchema = z.object({ reason: moderationReason });
