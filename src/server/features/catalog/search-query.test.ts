import { describe, expect, it } from 'vitest';
import { buildCountTsQuery, buildTsQuery, MAX_COUNT_COMPLETIONS } from './search-query.ts';

describe('buildTsQuery', () => {
  it('requires every word, as a prefix', () => {
    expect(
      buildTsQuery([
        { word: 'deep', known: true, alternatives: [] },
        { word: 'massa', known: true, alternatives: [] },
      ]),
    ).toBe('deep:* & massa:*');
  });

  it('widens an unknown word to its closest known terms', () => {
    expect(buildTsQuery([{ word: 'masage', known: false, alternatives: ['massage', 'message'] }])).toBe(
      '(masage:* | massage:* | message:*)',
    );
  });

  it('keeps an unknown word without alternatives, so it matches nothing', () => {
    expect(buildTsQuery([{ word: 'zzqq', known: false, alternatives: [] }])).toBe('zzqq:*');
  });

  it('drops tsquery syntax from words and returns undefined for nothing', () => {
    expect(buildTsQuery([{ word: "a&b|!:*'", known: true, alternatives: [] }])).toBe('ab:*');
    expect(buildTsQuery([{ word: '&|', known: true, alternatives: [] }])).toBeUndefined();
    expect(buildTsQuery([])).toBeUndefined();
  });
});

describe('buildCountTsQuery', () => {
  it('looks every word up as the exact terms it completes to, quoted', () => {
    expect(
      buildCountTsQuery([
        { word: 'yoga', known: true, alternatives: [], completions: ['yoga', 'yoga-inspired'] },
        { word: 'bali', known: true, alternatives: [], completions: ['bali'] },
      ]),
    ).toBe("('yoga' | 'yoga-inspired') & ('bali')");
    expect(buildCountTsQuery([{ word: 'it', known: true, alternatives: [], completions: ["it's", 'a\\b'] }])).toBe(
      "('it''s' | 'a\\\\b')",
    );
  });

  it('gives the count nothing of its own when a word is unknown, has too many completions, or is not searched as typed', () => {
    const many = Array.from({ length: MAX_COUNT_COMPLETIONS + 1 }, (_, i) => `zq${i}`);
    const yoga = { word: 'yoga', known: true, alternatives: [], completions: ['yoga'] };
    expect(buildCountTsQuery([yoga, { word: 'zq', known: true, alternatives: [], completions: many }])).toBeUndefined();
    expect(buildCountTsQuery([yoga, { word: 'zq', known: true, alternatives: [] }])).toBeUndefined();
    expect(
      buildCountTsQuery([yoga, { word: 'masage', known: false, alternatives: ['massage'], completions: [] }]),
    ).toBeUndefined();
    expect(buildCountTsQuery([{ word: 'a:b', known: true, alternatives: [], completions: ['ab'] }])).toBeUndefined();
    expect(buildCountTsQuery([])).toBeUndefined();
  });
});
