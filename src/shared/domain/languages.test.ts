import { describe, expect, it } from 'vitest';
import { KNOWN_LANGUAGES, languageName } from './languages.ts';

describe('languageName', () => {
  it('names Balinese in every language from its own words (browsers have no name for it)', () => {
    expect(languageName('Balinese', 'ja')).toBe('バリ語');
    expect(languageName('Balinese', 'th')).toBe('บาหลี');
    expect(languageName('Balinese', 'es')).toBe('Balinés');
    expect(languageName('Balinese', 'pt-PT')).toBe('Balinês');
    expect(languageName('Balinese', 'id')).toBe('Bali');
    expect(languageName('Balinese', 'en')).toBe('Balinese');
  });

  it('names every known language in Japanese, not in English', () => {
    const english = KNOWN_LANGUAGES.filter((name) => languageName(name, 'ja') === name);
    expect(english).toEqual([]);
  });

  it('keeps a language Locora does not know as it was stored', () => {
    expect(languageName('Klingon', 'ja')).toBe('Klingon');
  });
});
