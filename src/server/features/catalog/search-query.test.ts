import { describe, expect, it } from 'vitest';
import { buildTsQuery } from './search-query.ts';

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
