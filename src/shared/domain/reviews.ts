/**
 * Two-sided blind reviews (decision 050): once a booking is COMPLETED each side has
 * REVIEW_WINDOW_DAYS from its end to review the other. Neither sees the other's review until both
 * are written or the window is over; then both are published together. The reviewed side may
 * answer a published review once, publicly, and edit the answer for ANSWER_EDIT_HOURS.
 */
import { DAY_MS, HOUR_MS } from './time.ts';

export const REVIEW_WINDOW_DAYS = 14;
export const ANSWER_EDIT_HOURS = 48;
export const ANSWER_TEXT_MAX = 2000;

/** The instant the booking's review window closes (its end + 14 days). */
export function reviewWindowEndsAt(end: Date): Date {
  return new Date(end.getTime() + REVIEW_WINDOW_DAYS * DAY_MS);
}

/** Whether a side may still write its review of a booking that ended at `end`. */
export function isReviewWindowOpen(end: Date, now: Date): boolean {
  return now.getTime() < reviewWindowEndsAt(end).getTime();
}

/** Until when an answer written at `answeredAt` can be edited. */
export function answerEditableUntil(answeredAt: Date): Date {
  return new Date(answeredAt.getTime() + ANSWER_EDIT_HOURS * HOUR_MS);
}

export const REVIEW_WINDOW_CLOSED_MESSAGE = `The ${REVIEW_WINDOW_DAYS} days to review this booking are over.`;
export const ANSWER_LOCKED_MESSAGE = `An answer can be changed for ${ANSWER_EDIT_HOURS} hours after it is written; this one can no longer be changed.`;
export const NOT_PUBLISHED_MESSAGE = 'This review is not published yet: it can be answered once it is.';
