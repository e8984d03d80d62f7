import { describe, expect, it } from 'vitest';
import { intersectCities, splitPlaces, type PlaceMatch } from './query-places.ts';

/**
 * The words as the database splits them (lower case, no accents) and the runs it found to name a
 * place, as the demo's places table knows them: cities by name, other names, and areas.
 */
const KNOWN: Record<string, { cities: string[]; isCity: boolean; isText?: boolean }> = {
  lisbon: { cities: ['lisbon'], isCity: true, isText: true },
  bali: { cities: ['bali'], isCity: true, isText: true },
  bangkok: { cities: ['bangkok'], isCity: true, isText: true },
  bkk: { cities: ['bangkok'], isCity: true },
  nyc: { cities: ['new york'], isCity: true },
  'new york': { cities: ['new york'], isCity: true, isText: true },
  'new york city': { cities: ['new york'], isCity: true, isText: true },
  'sao paulo': { cities: ['sao paulo'], isCity: true, isText: true },
  ubud: { cities: ['bali'], isCity: false },
  // An area whose name the catalogue's titles also use ("Alfama walking tour").
  alfama: { cities: ['lisbon'], isCity: false, isText: true },
  'bairro alto': { cities: ['lisbon'], isCity: false },
  // One name, two places: an area of Lisbon and a city near São Paulo.
  santos: { cities: ['lisbon', 'sao paulo'], isCity: false },
};

/** What the look-up statement returns for `query`. */
function lookUp(query: string): { tokens: string[]; matches: PlaceMatch[] } {
  const tokens = query
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  const matches: PlaceMatch[] = [];
  for (let start = 0; start < tokens.length; start++) {
    for (let length = 1; length <= 4 && start + length <= tokens.length; length++) {
      const known = KNOWN[tokens.slice(start, start + length).join(' ')];
      if (known) matches.push({ start, length, cities: known.cities, isCity: known.isCity, isText: !!known.isText });
    }
  }
  return { tokens, matches };
}

const split = (query: string) => {
  const { tokens, matches } = lookUp(query);
  return splitPlaces(tokens, matches);
};

describe('splitPlaces: a place named in the search text narrows, the rest ranks', () => {
  it('takes a city with "in", with "near" or without, before or after the words', () => {
    for (const q of [
      'massage in Lisbon',
      'massage near Lisbon',
      'massage Lisbon',
      'Lisbon massage',
      'in Lisbon massage',
    ]) {
      expect(split(q), q).toEqual({ cities: ['lisbon'], words: ['massage'] });
    }
    expect(split('yoga in Bali')).toEqual({ cities: ['bali'], words: ['yoga'] });
  });

  it('takes other names of a city: NYC, New York City, BKK', () => {
    expect(split('NYC')).toEqual({ cities: ['new york'], words: [] });
    expect(split('jazz in New York City')).toEqual({ cities: ['new york'], words: ['jazz'] });
    expect(split('thai massage BKK')).toEqual({ cities: ['bangkok'], words: ['thai', 'massage'] });
  });

  it('prefers the longest name: "New York City" is one place, not "New York" and the word "city"', () => {
    expect(split('new york city tour')).toEqual({ cities: ['new york'], words: ['tour'] });
    expect(split('new york tour')).toEqual({ cities: ['new york'], words: ['tour'] });
  });

  it('a place alone is a place with no words left', () => {
    expect(split('Bali')).toEqual({ cities: ['bali'], words: [] });
    expect(split('in Bali')).toEqual({ cities: ['bali'], words: [] });
  });

  it('two places narrow to either, and "or"/"and" between them are dropped', () => {
    expect(split('yoga in Bali or Lisbon')).toEqual({ cities: ['bali', 'lisbon'], words: ['yoga'] });
    expect(split('yoga in Bali or in Lisbon')).toEqual({ cities: ['bali', 'lisbon'], words: ['yoga'] });
    expect(split('massage Lisbon Bangkok')).toEqual({ cities: ['bangkok', 'lisbon'], words: ['massage'] });
    // "and" that is not between two places is a word of the search.
    expect(split('bed and breakfast in Bali')).toEqual({ cities: ['bali'], words: ['bed', 'and', 'breakfast'] });
  });

  it('an area is a place; one named in two cities narrows to both', () => {
    expect(split('yoga near Ubud')).toEqual({ cities: ['bali'], words: ['yoga'] });
    expect(split('Ubud yoga')).toEqual({ cities: ['bali'], words: ['yoga'] });
    expect(split('dinner in Bairro Alto')).toEqual({ cities: ['lisbon'], words: ['dinner'] });
    expect(split('surf Santos')).toEqual({ cities: ['lisbon', 'sao paulo'], words: ['surf'] });
  });

  it('a word that is both an area and a word of the catalogue is a place only after "in" or "near"', () => {
    expect(split('Alfama walking tour')).toEqual({ cities: null, words: ['alfama', 'walking', 'tour'] });
    expect(split('walking tour in Alfama')).toEqual({ cities: ['lisbon'], words: ['walking', 'tour'] });
    expect(split('tour near Alfama')).toEqual({ cities: ['lisbon'], words: ['tour'] });
  });

  it('ignores accents and case: São Paulo and Sao Paulo are one place', () => {
    expect(split('massage in São Paulo')).toEqual({ cities: ['sao paulo'], words: ['massage'] });
    expect(split('MASSAGE IN SAO PAULO')).toEqual({ cities: ['sao paulo'], words: ['massage'] });
  });

  it('keeps every word when no place is named, "in" and "near" included', () => {
    expect(split('massage in Atlantis')).toEqual({ cities: null, words: ['massage', 'in', 'atlantis'] });
    expect(split('yoga near')).toEqual({ cities: null, words: ['yoga', 'near'] });
    expect(split('')).toEqual({ cities: null, words: [] });
  });

  it('ignores matches the database could not have returned', () => {
    expect(splitPlaces(['yoga'], [{ start: 3, length: 1, cities: ['bali'], isCity: true, isText: false }])).toEqual({
      cities: null,
      words: ['yoga'],
    });
    expect(splitPlaces(['bali'], [{ start: 0, length: 1, cities: [], isCity: true, isText: false }])).toEqual({
      cities: null,
      words: ['bali'],
    });
  });
});

describe('intersectCities: the city box and a place in the text', () => {
  it('keeps the cities both allow; either alone is the answer', () => {
    expect(intersectCities(['lisbon'], ['lisbon'])).toEqual(['lisbon']);
    expect(intersectCities(['lisbon'], ['bangkok'])).toEqual([]);
    expect(intersectCities(['lisbon', 'sao paulo'], ['sao paulo'])).toEqual(['sao paulo']);
    expect(intersectCities(null, ['bali'])).toEqual(['bali']);
    expect(intersectCities(['bali'], null)).toEqual(['bali']);
    expect(intersectCities(null, null)).toBeNull();
  });
});
