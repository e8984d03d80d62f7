import { describe, expect, it } from 'vitest';
import { categoryIconGlyph } from './format';

describe('categoryIconGlyph', () => {
  it('draws an emoji, even one of several code points, and leaves icon names to the fallback', () => {
    expect(categoryIconGlyph('💆')).toBe('💆');
    expect(categoryIconGlyph('🧑‍🍳')).toBe('🧑‍🍳');
    expect(categoryIconGlyph('🏄‍♀️')).toBe('🏄‍♀️');
    expect(categoryIconGlyph('waves')).toBeNull();
    expect(categoryIconGlyph('')).toBeNull();
    expect(categoryIconGlyph(null)).toBeNull();
  });
});
