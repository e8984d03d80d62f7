import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { messages as spanish } from '../../../locales/es/public';
import { historySteps, resultCountText } from './browse-state';

describe('resultCountText', () => {
  // English, the source language: the words as written.
  const i18n = setupI18n({ locale: 'en', messages: { en: {} } });
  const shown = (total: number, isTotalCapped = false) =>
    resultCountText({ data: { total, isTotalCapped }, isSearching: false, isError: false, i18n });

  it('says exactly how many were found, with thousands separators', () => {
    expect(shown(0)).toBe('0 services found');
    expect(shown(1)).toBe('1 service found');
    expect(shown(139)).toBe('139 services found');
    expect(shown(1_000)).toBe('1,000 services found');
    expect(shown(1_050)).toBe('1,050 services found');
  });

  it('reads "1,000+" past the count the server went up to', () => {
    expect(shown(1_000, true)).toBe('1,000+ services found');
  });

  it("says 'Searching...' while loading and when it could not load", () => {
    expect(resultCountText({ data: { total: 5, isTotalCapped: false }, isSearching: true, isError: false, i18n })).toBe(
      'Searching...',
    );
    expect(resultCountText({ data: undefined, isSearching: false, isError: true, i18n })).toBe(
      'Could not load services',
    );
  });

  it("says it in the reader's language, with their separators", () => {
    const es = setupI18n({ locale: 'es', messages: { es: spanish } });
    const inSpanish = (total: number) =>
      resultCountText({
        data: { total, isTotalCapped: false },
        isSearching: false,
        isError: false,
        locale: 'es',
        i18n: es,
      });
    expect(inSpanish(1)).toBe('1 servicio encontrado');
    expect(inSpanish(1_050)).toBe('1050 servicios encontrados');
  });
});

describe('historySteps: Back returns to the previous search', () => {
  const committed = (search: string) => ({ search, typedFrom: null });

  it('typing replaces the current entry and remembers the committed search it replaced', () => {
    expect(historySteps(committed('q=massage'), { search: 'q=massage&city=Bang', isTyping: true })).toEqual([
      { action: 'replace', search: 'q=massage&city=Bang', typedFrom: 'q=massage' },
    ]);
    expect(
      historySteps(
        { search: 'q=massage&city=Bang', typedFrom: 'q=massage' },
        { search: 'q=massage&city=Bangk', isTyping: true },
      ),
    ).toEqual([{ action: 'replace', search: 'q=massage&city=Bangk', typedFrom: 'q=massage' }]);
  });

  it('a committed search adds an entry', () => {
    expect(historySteps(committed('q=massage'), { search: 'q=massage&category=massage', isTyping: false })).toEqual([
      { action: 'push', search: 'q=massage&category=massage', typedFrom: null },
    ]);
  });

  it('after typing, a committed search gives the entry its search back, then adds its own', () => {
    expect(
      historySteps(
        { search: 'q=massage&city=Bang', typedFrom: 'q=massage' },
        { search: 'q=massage&city=Bangkok', isTyping: false },
      ),
    ).toEqual([
      { action: 'replace', search: 'q=massage', typedFrom: null },
      { action: 'push', search: 'q=massage&city=Bangkok', typedFrom: null },
    ]);
    // Enter on what typing left in the address commits it the same way.
    expect(historySteps({ search: 'q=yoga', typedFrom: '' }, { search: 'q=yoga', isTyping: false })).toEqual([
      { action: 'replace', search: '', typedFrom: null },
      { action: 'push', search: 'q=yoga', typedFrom: null },
    ]);
  });

  it('adds nothing for an unchanged address, and nothing twice', () => {
    expect(historySteps(committed('q=massage'), { search: 'q=massage', isTyping: false })).toEqual([]);
    expect(historySteps(committed('q=massage'), { search: 'q=massage', isTyping: true })).toEqual([]);
    // Typed back to where it started, then committed: one entry, not two of the same search.
    expect(
      historySteps({ search: 'q=massage', typedFrom: 'q=massage' }, { search: 'q=massage', isTyping: false }),
    ).toEqual([{ action: 'replace', search: 'q=massage', typedFrom: null }]);
  });
});
