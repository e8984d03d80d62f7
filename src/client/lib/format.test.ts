import { describe, expect, it } from 'vitest';
import { bookingLengthText, categoryIconGlyph, minimumHoursText, pricingUnitText } from './format';

describe('pricingUnitText', () => {
  it('says the minimum hours of an hourly service', () => {
    expect(pricingUnitText('per hour', 1)).toBe('Minimum 1 hour');
    expect(pricingUnitText('per hour', 2)).toBe(minimumHoursText(2));
    expect(pricingUnitText('per hour', 2)).toBe('Minimum 2 hours');
  });

  it('says a per-session or per-day price is one session or day of its length, never "Minimum 1 hour"', () => {
    expect(pricingUnitText('per session', 2)).toBe('Priced per session · 2 hours a session');
    expect(pricingUnitText('per session', 1)).toBe('Priced per session · 1 hour a session');
    expect(pricingUnitText('per day', 8)).toBe('Priced per day · 8 hours a day');
  });
});

describe('bookingLengthText', () => {
  it('is the hours per hour, and one session or one day with its length otherwise', () => {
    expect(bookingLengthText('per hour', 3)).toBe('3 hours');
    expect(bookingLengthText('per session', 3)).toBe('1 session · 3 hours');
    expect(bookingLengthText('per day', 8)).toBe('1 day · 8 hours');
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
