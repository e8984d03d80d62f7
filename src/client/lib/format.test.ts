import { describe, expect, it } from 'vitest';
import { categoryIconGlyph, minimumHoursText, pricingUnitText } from './format';

describe('pricingUnitText', () => {
  it('says the minimum hours of an hourly service', () => {
    expect(pricingUnitText('per hour', 1)).toBe('Minimum 1 hour');
    expect(pricingUnitText('per hour', 2)).toBe(minimumHoursText(2));
    expect(pricingUnitText('per hour', 2)).toBe('Minimum 2 hours');
  });

  it('says a per-session or per-day price is one, never just "Minimum 1 hour"', () => {
    expect(pricingUnitText('per session', 2)).toBe('Priced per session · minimum 2 hours');
    expect(pricingUnitText('per session', 1)).toBe('Priced per session · minimum 1 hour');
    expect(pricingUnitText('per day', 8)).toBe('Priced per day · minimum 8 hours');
  });
});

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
