import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { HIDDEN_MESSAGE_NOTE, HIDDEN_REVIEW_NOTE } from '@shared/domain/reports';
import { messages as en } from '../../locales/en/public';
import { messages as ja } from '../../locales/ja/public';
import { messages as ptBR } from '../../locales/pt-BR/public';
import { hiddenNoteWords } from './moderation-words';

const i18nOf = (locale: string, messages: typeof ja) => setupI18n({ locale, messages: { [locale]: messages } });

describe('what is shown in place of a hidden review or message', () => {
  it('our fixed note is worded in the reader’s language', () => {
    const inJapanese = i18nOf('ja', ja);
    expect(hiddenNoteWords(inJapanese, HIDDEN_REVIEW_NOTE)).toBe(
      'このレビューは報告を受けてLocoraが非表示にしました。コンテンツに関するルールに違反していました。',
    );
    expect(hiddenNoteWords(i18nOf('pt-BR', ptBR), HIDDEN_MESSAGE_NOTE)).toBe(
      'A Locora ocultou esta mensagem após uma denúncia: ela violava nossas regras.',
    );
    expect(hiddenNoteWords(i18nOf('en', en), HIDDEN_REVIEW_NOTE)).toBe(HIDDEN_REVIEW_NOTE);
  });

  it('any other note is shown as it was written', () => {
    expect(hiddenNoteWords(i18nOf('ja', ja), 'Removed: spam.')).toBe('Removed: spam.');
  });
});
