import { describe, expect, it } from 'vitest';
import { placeAliases } from '../../db/schema.ts';
import { placeAliasRows } from '../../db/seed/content/places.ts';
import { createCategory, createProvider, createService } from '../../db/seed/factories.ts';
import { uniqueIp, useTestApp } from '../../test/test-app.ts';

const t = useTestApp();

/** Two Lisbon services, one Bali, one New York, one São Paulo, one Tokyo, and the demo's places. */
async function fixture() {
  await t.db.insert(placeAliases).values(placeAliasRows()).onConflictDoNothing();
  const category = await createCategory(t.db, { name: 'Massage', slug: 'massage' });
  const { provider } = await createProvider(t.db, { displayName: 'Ana' });
  const make = (title: string, city: string) =>
    createService(t.db, { providerId: provider.id, categoryId: category.id, title, city });
  return {
    lisbon: [await make('Alfama walk', 'Lisbon'), await make('Fado night', 'Lisbon')],
    bali: await make('Balinese massage', 'Bali'),
    newYork: await make('Harlem jazz', 'New York'),
    saoPaulo: await make('Samba class', 'São Paulo'),
    tokyo: await make('Sushi lesson', 'Tokyo'),
    mexico: await make('Taco tour', 'Mexico City'),
  };
}

async function search(city: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/services?city=${encodeURIComponent(city)}`,
    remoteAddress: uniqueIp(),
  });
  expect(res.statusCode).toBe(200);
  return (res.json() as { city: string }[]).map((s) => s.city);
}

async function suggest(q: string | undefined) {
  const res = await t.app.inject({
    method: 'GET',
    url: q === undefined ? '/api/cities/suggest' : `/api/cities/suggest?q=${encodeURIComponent(q)}`,
    remoteAddress: uniqueIp(),
  });
  expect(res.statusCode).toBe(200);
  return res.json() as { city: string; serviceCount: number; matchedAlias?: string }[];
}

describe('GET /api/services?city= resolves places (decision 016)', () => {
  it('takes aliases, areas, accents, case, punctuation and typos to the city that serves them', async () => {
    await fixture();
    const cases: [string, string, number][] = [
      ['NYC', 'New York', 1],
      ['nyc', 'New York', 1],
      ['New York City', 'New York', 1],
      ['Manhattan', 'New York', 1],
      ['brooklyn', 'New York', 1],
      ['Lisboa', 'Lisbon', 2],
      ['LISBOA', 'Lisbon', 2],
      ['Belem', 'Lisbon', 2],
      ['Belém', 'Lisbon', 2],
      ['CDMX', 'Mexico City', 1],
      ['Ciudad de Mexico', 'Mexico City', 1],
      ['Coyoacán', 'Mexico City', 1],
      ['Ubud', 'Bali', 1],
      ['Seminyak', 'Bali', 1],
      ['canggu', 'Bali', 1],
      ['Shibuya', 'Tokyo', 1],
      ['Naka-Meguro', 'Tokyo', 1],
      ['naka meguro', 'Tokyo', 1],
      ['東京', 'Tokyo', 1],
      ['Sampa', 'São Paulo', 1],
      ['SAO PAULO', 'São Paulo', 1],
      ['Vila Madalena', 'São Paulo', 1],
      // Typos: the one closest city or alias.
      ['Lisbn', 'Lisbon', 2],
      ['Tokyio', 'Tokyo', 1],
      ['Manhatan', 'New York', 1],
      ['Seminyack', 'Bali', 1],
      // Prefixes of city names, as before.
      ['lisb', 'Lisbon', 2],
      ['  tokyo  ', 'Tokyo', 1],
    ];
    for (const [typed, city, count] of cases) {
      const cities = await search(typed);
      expect(cities, typed).toHaveLength(count);
      expect(new Set(cities), typed).toEqual(new Set([city]));
    }
  });

  it('finds nothing for a place it cannot place, and never widens a known city by typo', async () => {
    await fixture();
    for (const typed of ['Atlantis', 'Reykjavik', 'zz', '!!!', '%', '_']) {
      expect(await search(typed), typed).toEqual([]);
    }
    // "Bali" is a city: the typo rule (which would also like "Bari") is not consulted.
    expect(await search('Bali')).toEqual(['Bali']);
  });

  it('follows a new alias inserted into the table, with no code change', async () => {
    await fixture();
    expect(await search('Olisipo')).toEqual([]);
    await t.db.insert(placeAliases).values({ alias: 'Olisipo', city: 'Lisbon', kind: 'alias' });
    expect(await search('olisipo')).toHaveLength(2);
  });
});

describe('GET /api/cities/suggest', () => {
  it('suggests cities by name prefix with their visible service counts', async () => {
    await fixture();
    expect(await suggest('lis')).toEqual([{ city: 'Lisbon', serviceCount: 2 }]);
    expect(await suggest('LISBON')).toEqual([{ city: 'Lisbon', serviceCount: 2 }]);
    expect(await suggest('sao')).toEqual([{ city: 'São Paulo', serviceCount: 1 }]);
  });

  it('names the alias or area that matched', async () => {
    await fixture();
    expect(await suggest('ubu')).toEqual([{ city: 'Bali', serviceCount: 1, matchedAlias: 'Ubud' }]);
    expect((await suggest('nyc'))[0]).toEqual({ city: 'New York', serviceCount: 1, matchedAlias: 'NYC' });
    expect((await suggest('Shibuya'))[0]).toEqual({ city: 'Tokyo', serviceCount: 1, matchedAlias: 'Shibuya' });
    expect((await suggest('cdmx'))[0]).toMatchObject({ city: 'Mexico City', matchedAlias: 'CDMX' });
  });

  it('tolerates typos: the nearest cities for "Did you mean"', async () => {
    await fixture();
    expect((await suggest('Lisbonn'))[0]?.city).toBe('Lisbon');
    expect((await suggest('Barcelna')).map((s) => s.city)).not.toContain('Barcelona'); // not served here
    expect((await suggest('Tokoy'))[0]?.city).toBe('Tokyo');
    expect((await suggest('Balli'))[0]?.city).toBe('Bali');
  });

  it('lists every city served, busiest first, without text; leaves out cities with no visible service', async () => {
    await fixture();
    const all = await suggest(undefined);
    expect(all[0]).toEqual({ city: 'Lisbon', serviceCount: 2 });
    expect(all.map((s) => s.city).sort()).toEqual(
      ['Bali', 'Lisbon', 'Mexico City', 'New York', 'São Paulo', 'Tokyo'].sort(),
    );
    expect(await suggest('')).toEqual(all);
    expect(await suggest('Atlantis')).toEqual([]);
  });

  it('is open to everyone and validates its input', async () => {
    await fixture();
    const res = await t.app.inject({ method: 'GET', url: `/api/cities/suggest?q=${'x'.repeat(101)}` });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/at most 100/);
  });
});
