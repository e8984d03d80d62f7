import { describe, expect, it } from 'vitest';
import { placeAliases } from '../../db/schema.ts';
import { placeAliasRows } from '../../db/seed/content/places.ts';
import { createCategory, createProvider, createService } from '../../db/seed/factories.ts';
import { seedDemo } from '../../db/seed/seed.ts';
import { uniqueIp, useTestApp } from '../../test/test-app.ts';

const t = useTestApp();

/** A small catalogue across five cities, with the demo's places (other names and areas). */
async function fixture() {
  await t.db.insert(placeAliases).values(placeAliasRows()).onConflictDoNothing();
  const massage = await createCategory(t.db, { name: 'Massage', slug: 'massage' });
  const yoga = await createCategory(t.db, { name: 'Yoga', slug: 'yoga' });
  const tours = await createCategory(t.db, { name: 'Tours', slug: 'tours' });
  const { provider } = await createProvider(t.db, { displayName: 'Ana' });
  const make = (title: string, city: string, categoryId: string, description = 'A good time.') =>
    createService(t.db, { providerId: provider.id, categoryId, title, city, description });
  await make('Swedish relaxation massage', 'Lisbon', massage.id);
  await make('Couples massage in your room', 'Lisbon', massage.id);
  await make('Prenatal massage', 'Lisbon', massage.id);
  await make('Alfama walking tour', 'Lisbon', tours.id);
  await make('Private yoga session', 'Lisbon', yoga.id);
  await make('Balinese massage', 'Bali', massage.id);
  await make('Yin yoga and sound bath', 'Bali', yoga.id);
  await make('Yoga for jet lag', 'Bali', yoga.id);
  await make('Sunrise yoga in the rice fields', 'Bali', yoga.id);
  await make('Hot stone massage in New York', 'New York', massage.id);
  await make('Harlem jazz walk', 'New York', tours.id);
  await make('Chinatown food tour', 'New York', tours.id);
  await make('Thai massage', 'Bangkok', massage.id);
  await make('Sunrise yoga by the river', 'Bangkok', yoga.id);
  await make('Prenatal massage in São Paulo', 'São Paulo', massage.id);
  // Names Lisbon and Alfama in its text, but is in São Paulo.
  await make('Fado night', 'São Paulo', tours.id, 'Songs as you would hear them in Alfama, Lisbon.');
}

/** The titles a search finds, sorted (the sets are what is asserted; ranking has its own tests). */
async function titles(query: Record<string, string>) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/services?${new URLSearchParams(query).toString()}`,
    remoteAddress: uniqueIp(),
  });
  expect(res.statusCode).toBe(200);
  const found = (res.json() as { title: string }[]).map((s) => s.title).sort();
  expect(Number(res.headers['x-total-count'])).toBe(found.length);
  return found;
}

const LISBON_MASSAGES = ['Couples massage in your room', 'Prenatal massage', 'Swedish relaxation massage'];
const BALI_YOGA = ['Sunrise yoga in the rice fields', 'Yin yoga and sound bath', 'Yoga for jet lag'];
const NEW_YORK = ['Chinatown food tour', 'Harlem jazz walk', 'Hot stone massage in New York'];

describe('GET /api/services?q= with a place in the text (decision 041)', () => {
  it('"massage in Lisbon" finds what "massage Lisbon", "Lisbon massage" and City=Lisbon find', async () => {
    await fixture();
    expect(await titles({ q: 'massage', city: 'Lisbon' })).toEqual(LISBON_MASSAGES);
    for (const q of [
      'massage in Lisbon',
      'massage Lisbon',
      'Lisbon massage',
      'massage near lisbon',
      'MASSAGE IN LISBOA',
    ]) {
      expect(await titles({ q }), q).toEqual(LISBON_MASSAGES);
    }
  });

  it('"yoga in Bali" finds every yoga service in Bali, and an area of Bali narrows the same way', async () => {
    await fixture();
    expect(await titles({ q: 'yoga in Bali' })).toEqual(BALI_YOGA);
    expect(await titles({ q: 'yoga near Ubud' })).toEqual(BALI_YOGA);
    expect(await titles({ q: 'Ubud yoga' })).toEqual(BALI_YOGA);
  });

  it('other names of a city: NYC, New York City, BKK', async () => {
    await fixture();
    expect(await titles({ q: 'NYC' })).toEqual(NEW_YORK);
    expect(await titles({ city: 'NYC' })).toEqual(NEW_YORK);
    expect(await titles({ q: 'New York City' })).toEqual(NEW_YORK);
    expect(await titles({ q: 'massage nyc' })).toEqual(['Hot stone massage in New York']);
    expect(await titles({ q: 'bkk massage' })).toEqual(['Thai massage']);
  });

  it('a place alone lists that place, not services that only mention it', async () => {
    await fixture();
    expect(await titles({ q: 'Lisbon' })).toEqual([
      'Alfama walking tour',
      'Couples massage in your room',
      'Prenatal massage',
      'Private yoga session',
      'Swedish relaxation massage',
    ]);
  });

  it('two places find either', async () => {
    await fixture();
    expect(await titles({ q: 'massage in Lisbon or Bangkok' })).toEqual([...LISBON_MASSAGES, 'Thai massage'].sort());
    expect(await titles({ q: 'yoga Bali Bangkok' })).toEqual([...BALI_YOGA, 'Sunrise yoga by the river'].sort());
  });

  it('São Paulo and Sao Paulo are one place', async () => {
    await fixture();
    expect(await titles({ q: 'massage in São Paulo' })).toEqual(['Prenatal massage in São Paulo']);
    expect(await titles({ q: 'massage sao paulo' })).toEqual(['Prenatal massage in São Paulo']);
  });

  it('a word that is both an area and a word of the catalogue narrows only after "in" or "near"', async () => {
    await fixture();
    expect(await titles({ q: 'Alfama' })).toEqual(['Alfama walking tour', 'Fado night']);
    expect(await titles({ q: 'tour in Alfama' })).toEqual(['Alfama walking tour']);
    expect(await titles({ q: 'massage in Alfama' })).toEqual(LISBON_MASSAGES);
  });

  it('the city box and a place in the text must agree', async () => {
    await fixture();
    expect(await titles({ q: 'massage in Bangkok', city: 'Lisbon' })).toEqual([]);
    expect(await titles({ q: 'massage lisbon', city: 'Lisbon' })).toEqual(LISBON_MASSAGES);
    expect(await titles({ q: 'massage in Lisbon or Bangkok', city: 'Bangkok' })).toEqual(['Thai massage']);
  });

  it('keeps every word when no place is named', async () => {
    await fixture();
    expect(await titles({ q: 'massage in Atlantis' })).toEqual([]);
    expect(await titles({ q: 'couples massage in' })).toEqual(['Couples massage in your room']);
  });
});

describe('the demo catalogue: searches as people type them', () => {
  it('finds the same services however the place is typed, and counts them exactly', async () => {
    await seedDemo(t.db);
    const byBox = await titles({ q: 'massage', city: 'Lisbon' });
    expect(byBox.length).toBeGreaterThan(1);
    expect(await titles({ q: 'massage in Lisbon' })).toEqual(byBox);
    expect(await titles({ q: 'massage Lisbon' })).toEqual(byBox);
    const baliYoga = await titles({ q: 'yoga', city: 'Bali' });
    expect(await titles({ q: 'yoga in Bali' })).toEqual(baliYoga);
    const newYork = await titles({ city: 'New York', pageSize: '48' });
    expect(await titles({ q: 'NYC', pageSize: '48' })).toEqual(newYork);
    // The whole catalogue, counted exactly on the first page and the last.
    const res = await t.app.inject({ url: '/api/services?pageSize=24', remoteAddress: uniqueIp() });
    const last = await t.app.inject({ url: '/api/services?pageSize=24&page=6', remoteAddress: uniqueIp() });
    expect(res.headers['x-total-count']).toBe(last.headers['x-total-count']);
    expect([res.headers['x-total-count-capped'], last.headers['x-total-count-capped']]).toEqual(['false', 'false']);
    expect(Number(res.headers['x-total-count'])).toBe(24 * 5 + (last.json() as unknown[]).length);
    // It seeds the whole demo data set inside the test: the same allowance as a seeding hook.
  }, 120_000);
});
