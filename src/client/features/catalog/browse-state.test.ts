import { describe, expect, it } from 'vitest';
import { historyStep, resultCountText } from './browse-state';

describe('resultCountText', () => {
  const shown = (total: number, isTotalCapped = false) =>
    resultCountText({ data: { total, isTotalCapped }, isSearching: false, isError: false });

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
    expect(resultCountText({ data: { total: 5, isTotalCapped: false }, isSearching: true, isError: false })).toBe(
      'Searching...',
    );
    expect(resultCountText({ data: undefined, isSearching: false, isError: true })).toBe('Could not load services');
  });
});

describe('historyStep: Back steps from search to search', () => {
  const committed = (search: string) => ({ search, isTypedSearch: false });
  const typed = (search: string) => ({ search, isTypedSearch: true });

  it('typing after a committed search adds one entry, and later pauses replace it', () => {
    expect(historyStep(committed('q=massage'), { search: 'q=massage&city=Bang', isTyping: true })).toEqual({
      action: 'push',
      isTypedSearch: true,
    });
    expect(historyStep(typed('q=massage&city=Bang'), { search: 'q=massage&city=Bangkok', isTyping: true })).toEqual({
      action: 'replace',
      isTypedSearch: true,
    });
  });

  it('a committed search replaces the entry typing made, or adds one', () => {
    expect(historyStep(typed('q=massage&city=Bang'), { search: 'q=massage&city=Bangkok', isTyping: false })).toEqual({
      action: 'replace',
      isTypedSearch: false,
    });
    expect(historyStep(committed('q=massage'), { search: 'q=massage&category=massage', isTyping: false })).toEqual({
      action: 'push',
      isTypedSearch: false,
    });
  });

  it('Enter on a typed search commits it where it is; nothing else adds an entry for an unchanged address', () => {
    expect(historyStep(typed('q=massage'), { search: 'q=massage', isTyping: false })).toEqual({
      action: 'replace',
      isTypedSearch: false,
    });
    expect(historyStep(committed('q=massage'), { search: 'q=massage', isTyping: false }).action).toBe('none');
    expect(historyStep(typed('q=massage'), { search: 'q=massage', isTyping: true }).action).toBe('none');
  });
});
