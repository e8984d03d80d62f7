import { describe, expect, it } from 'vitest';
import { buildDemoData } from './demo-data.ts';

const data = buildDemoData(new Date('2026-11-23T12:00:00Z'), 'not-a-real-hash');

describe('the demo catalogue looks real (decision 016)', () => {
  it('never repeats a title, within a city or across cities', () => {
    const titles = data.services.map((s) => s.title);
    const repeated = titles.filter((t, i) => titles.indexOf(t) !== i);
    expect(repeated).toEqual([]);
  });

  it('gives every service of a category its own cover illustration', () => {
    const byCategory = new Map<string, string[]>();
    for (const s of data.services) {
      const cover = s.photos?.[0];
      if (!cover) continue;
      const category = cover.split('/')[3] as string;
      byCategory.set(category, [...(byCategory.get(category) ?? []), cover]);
    }
    expect(byCategory.size).toBeGreaterThan(5);
    for (const [category, covers] of byCategory) {
      expect(new Set(covers).size, category).toBe(covers.length);
    }
  });
});
