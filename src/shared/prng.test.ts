import { describe, expect, it } from 'vitest';
import { hashString, mulberry32, Rng } from './prng.ts';

describe('prng', () => {
  it('is deterministic for a seed and differs between seeds', () => {
    const a = new Rng('locora');
    const b = new Rng('locora');
    const c = new Rng('locora-2');
    const xs = Array.from({ length: 20 }, () => a.float());
    expect(Array.from({ length: 20 }, () => b.float())).toEqual(xs);
    expect(Array.from({ length: 20 }, () => c.float())).not.toEqual(xs);
    expect(new Rng(42).float()).toBe(mulberry32(42)());
    expect(new Rng('x').float()).toBe(mulberry32(hashString('x'))());
  });

  it('keeps its known values (the demo data and artwork depend on them)', () => {
    expect(hashString('')).toBe(0x811c9dc5);
    expect(hashString('a')).toBe(0xe40c292c);
    expect(mulberry32(1)()).toBeCloseTo(0.6270739405881613, 15);
  });

  it('stays in range', () => {
    const r = new Rng(7);
    for (let i = 0; i < 2000; i++) {
      const f = r.float();
      expect(f).toBeGreaterThanOrEqual(0);
      expect(f).toBeLessThan(1);
      const n = r.int(3, 5);
      expect([3, 4, 5]).toContain(n);
      const x = r.range(-2, 2);
      expect(x).toBeGreaterThanOrEqual(-2);
      expect(x).toBeLessThan(2);
    }
  });

  it('picks, weighs, shuffles and samples', () => {
    const r = new Rng('pick');
    expect(() => r.pick([])).toThrow();
    expect(() => r.weighted([])).toThrow();
    const counts = { a: 0, b: 0 };
    for (let i = 0; i < 4000; i++)
      counts[
        r.weighted([
          ['a', 3],
          ['b', 1],
        ] as const)
      ]++;
    expect(counts.a).toBeGreaterThan(counts.b * 2);
    const items = [1, 2, 3, 4, 5, 6];
    const shuffled = r.shuffle(items);
    expect([...shuffled].sort()).toEqual(items);
    expect(items).toEqual([1, 2, 3, 4, 5, 6]);
    expect(r.sample(items, 3)).toHaveLength(3);
    expect(r.sample(items, -1)).toEqual([]);
  });

  it('makes version-4-shaped UUIDs', () => {
    const r = new Rng('ids');
    for (let i = 0; i < 50; i++) {
      expect(r.uuid()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    }
  });
});
