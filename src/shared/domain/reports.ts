// What a report is about, why it was made and what an admin can do with it: the fixed lists the API,
// the database's checks and the screens share. Plain constants, no schema library, so a page that
// only shows a "Report" button does not load the response schemas (trust-responses.ts builds on these).

export const REPORT_TARGET_TYPES = ['review', 'message', 'service', 'provider', 'booking'] as const;
export type ReportTargetType = (typeof REPORT_TARGET_TYPES)[number];
export const REPORT_REASONS = ['safety', 'harassment', 'fraud', 'inappropriate', 'misleading', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_ACTIONS = ['dismiss', 'hide', 'deactivate_service', 'warn', 'suspend'] as const;
export type ReportAction = (typeof REPORT_ACTIONS)[number];

/**
 * What is shown in place of what an admin hid: fixed texts of ours, stored with the hidden item in
 * English; each screen words them in its reader's language (src/client/lib/moderation-words.ts).
 */
export const HIDDEN_REVIEW_NOTE = 'This review was hidden by Locora after a report: it broke our content rules.';
export const HIDDEN_MESSAGE_NOTE = 'This message was hidden by Locora after a report: it broke our rules.';
