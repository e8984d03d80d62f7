import { describe, expect, it } from 'vitest';
import { capPerProvider, interleaveProviders } from './diversity.ts';

/** Items written as "A1": provider A, its first service. */
const providerOf = (item: string) => item[0] as string;
const list = (s: string) => s.split(' ').filter(Boolean);

describe('capPerProvider', () => {
  it.each([
    ['A1 A2 A3 A4 B1 C1 B2 C2', 2, 6, 'A1 A2 B1 C1 B2 C2'],
    ['A1 A2 A3 A4 B1 C1 B2 C2', 1, 6, 'A1 B1 C1'],
    ['A1 B1 A2 B2 A3 B3 C1', 2, 6, 'A1 B1 A2 B2 C1'],
    ['A1 A2 A3', 2, 6, 'A1 A2'],
    ['A1 B1 C1 D1 E1 F1 G1', 2, 6, 'A1 B1 C1 D1 E1 F1'],
    ['', 2, 6, ''],
  ])('%s, %i per provider, %i at most -> %s', (ranked, per, limit, expected) => {
    expect(capPerProvider(list(ranked), providerOf, per, limit)).toEqual(list(expected));
  });
});

describe('interleaveProviders', () => {
  it.each([
    ['A1 A2 A3 B1 C1', 'A1 B1 A2 C1 A3'],
    ['A1 A2 A3 A4 B1', 'A1 B1 A2 A3 A4'],
    ['A1 B1 C1 D1', 'A1 B1 C1 D1'], // already varied: unchanged
    ['A1 B1 A2 B2', 'A1 B1 A2 B2'],
    ['B1 A1 A2 A3 C1 C2', 'B1 A1 C1 A2 C2 A3'],
    ['A1 A2 B1 B2', 'A1 B1 A2 B2'],
    ['A1', 'A1'],
    ['', ''],
  ])('%s -> %s', (ranked, expected) => {
    expect(interleaveProviders(list(ranked), providerOf)).toEqual(list(expected));
  });

  it('keeps the set, each provider’s order and the others’ order, on many shapes', () => {
    const shapes = ['A1 A2 A3 A4 A5 B1 C1 D1 A6 A7 E1', 'A1 A2 B1 B2 B3 C1 A3 A4', 'C1 C2 C3 A1 A2 B1'];
    for (const shape of shapes) {
      const ranked = list(shape);
      const out = interleaveProviders(ranked, providerOf);
      expect([...out].sort()).toEqual([...ranked].sort());
      for (const p of new Set(ranked.map(providerOf))) {
        const own = (xs: string[]) => xs.filter((x) => providerOf(x) === p);
        expect(own(out)).toEqual(own(ranked));
      }
      // Neighbours share a provider only when nothing else was left.
      for (let i = 1; i < out.length; i += 1) {
        if (providerOf(out[i]!) === providerOf(out[i - 1]!)) {
          expect(out.slice(i).every((x) => providerOf(x) === providerOf(out[i]!))).toBe(true);
        }
      }
    }
  });
});
