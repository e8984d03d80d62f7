import { describe, expect, it } from 'vitest';
import { CATEGORIES, CATEGORY_SLUGS, isCategorySlug } from './categories.ts';

describe('categories', () => {
  it('are the nine of the marketplace, each with a unique slug, a name and an icon', () => {
    expect(CATEGORY_SLUGS).toEqual([
      'massage',
      'tours',
      'private-chef',
      'doctor',
      'yoga',
      'babysitting',
      'driver',
      'beauty',
      'fitness',
    ]);
    expect(new Set(CATEGORIES.map((c) => c.name)).size).toBe(9);
    for (const c of CATEGORIES) {
      expect(c.slug).toMatch(/^[a-z]+(-[a-z]+)*$/);
      expect(c.icon.length).toBeGreaterThan(0);
    }
  });

  it('recognise slugs exactly', () => {
    expect(isCategorySlug('private-chef')).toBe(true);
    expect(isCategorySlug('Private Chef')).toBe(false);
    expect(isCategorySlug('surfing')).toBe(false);
    expect(isCategorySlug('')).toBe(false);
  });
});
