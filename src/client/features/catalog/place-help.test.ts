import { describe, expect, it } from 'vitest';
import { isKnownPlace, placeKey } from './place-help';

describe('placeKey', () => {
  it.each([
    ['São Paulo', 'sao paulo'],
    ['  NAKA-meguro ', 'naka meguro'],
    ['New York, NY', 'new york ny'],
    ['Zürich', 'zurich'],
  ])('%s -> %s', (typed, key) => {
    expect(placeKey(typed)).toBe(key);
  });
});

describe('isKnownPlace (whether the empty state offers "Did you mean")', () => {
  const lisbon = { city: 'Lisbon', serviceCount: 3 };
  const bali = { city: 'Bali', serviceCount: 2, matchedAlias: 'Ubud' };
  it('knows a city, its prefix, and an alias it names', () => {
    expect(isKnownPlace('lisbon', [lisbon])).toBe(true);
    expect(isKnownPlace('LISB', [lisbon])).toBe(true);
    expect(isKnownPlace('ubud', [bali])).toBe(true);
  });
  it('does not know a typo or an unknown place', () => {
    expect(isKnownPlace('Lisbonn', [lisbon])).toBe(false);
    expect(isKnownPlace('Ubu', [bali])).toBe(false);
    expect(isKnownPlace('Atlantis', [])).toBe(false);
  });
});
