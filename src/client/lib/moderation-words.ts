import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { HIDDEN_MESSAGE_NOTE, HIDDEN_REVIEW_NOTE } from '@shared/domain/reports';

/*
 * What is shown in place of a review or a message an admin hid, in the reader's language (the
 * `public` catalog, lingui.config.ts). The API sends the note as stored: one of our fixed texts,
 * in English, which is worded here; any other note is shown as it was written.
 */
const NOTES: Record<string, MessageDescriptor> = {
  [HIDDEN_REVIEW_NOTE]: msg`This review was hidden by Locora after a report: it broke our content rules.`,
  [HIDDEN_MESSAGE_NOTE]: msg`This message was hidden by Locora after a report: it broke our rules.`,
};

/** A hidden item's note in the reader's language when it is one of ours, else as it is. */
export function hiddenNoteWords(i18n: I18n, note: string): string {
  const words = NOTES[note];
  return words ? i18n._(words) : note;
}

/** hiddenNoteWords with the page's language. */
export function useHiddenNoteWords(): (note: string) => string {
  const { i18n } = useLingui();
  return (note) => hiddenNoteWords(i18n, note);
}
