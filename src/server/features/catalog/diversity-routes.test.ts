import { beforeEach, describe, expect, it } from 'vitest';
import { createCategory, createProvider, createService } from '../../db/seed/factories.ts';
import { useTestApp } from '../../test/test-app.ts';

const t = useTestApp();

type Card = { id: string; title: string; provider: { displayName: string } };

/**
 * One provider dominates: Dora (verified, 4.9 over 80 reviews) has eight services that all rank
 * above everyone else's; Eli (4.6) has two, Fay (4.2) and Gus (3.9) one each.
 */
async function dominated() {
  const category = await createCategory(t.db, { name: 'Massage', slug: 'massage' });
  const provider = (displayName: string, rating: number, ratingCount: number) =>
    createProvider(t.db, { displayName, govIdStatus: 'APPROVED', rating, ratingCount });
  const dora = await provider('Dora', 4.9, 80);
  const eli = await provider('Eli', 4.6, 30);
  const fay = await provider('Fay', 4.2, 20);
  const gus = await provider('Gus', 3.9, 10);
  // Each service rated like its provider (decision 019: the rankings read the service's own numbers).
  const make = async (p: typeof dora, title: string) =>
    createService(t.db, {
      providerId: p.provider.id,
      categoryId: category.id,
      title,
      city: 'Lisbon',
      rating: p.provider.rating,
      ratingCount: p.provider.ratingCount,
    });
  for (let i = 1; i <= 8; i += 1) await make(dora, `Dora ${i}`);
  await make(eli, 'Eli 1');
  await make(eli, 'Eli 2');
  await make(fay, 'Fay 1');
  await make(gus, 'Gus 1');
}

beforeEach(async () => {
  await dominated();
});

const names = (cards: Card[]) => cards.map((c) => c.provider.displayName);

describe('featured keeps diversity', () => {
  it('shows at most two services of one provider, best first otherwise', async () => {
    const res = await t.app.inject({ url: '/api/services/featured' });
    expect(res.statusCode).toBe(200);
    const cards = res.json() as Card[];
    expect(names(cards)).toEqual(['Dora', 'Dora', 'Eli', 'Eli', 'Fay', 'Gus']);
    // Dora's two are her two best (the id order breaks her equal scores, as the ranking does).
    const search = (await t.app.inject({ url: '/api/services?sortBy=rating' })).json() as Card[];
    const dorasBest = search.filter((c) => c.provider.displayName === 'Dora').slice(0, 2);
    expect(cards.slice(0, 2).map((c) => c.id)).toEqual(dorasBest.map((c) => c.id));
  });
});

describe('recommended interleaves a provider on the first page', () => {
  it('mixes the dominant provider with the others, keeping each one’s order and the page’s services', async () => {
    const rated = (await t.app.inject({ url: '/api/services?sortBy=rating' })).json() as Card[];
    const res = await t.app.inject({ url: '/api/services' });
    expect(res.statusCode).toBe(200);
    const page = res.json() as Card[];
    expect(names(page)).toEqual([
      'Dora',
      'Eli',
      'Dora',
      'Eli',
      'Dora',
      'Fay',
      'Dora',
      'Gus',
      'Dora',
      'Dora',
      'Dora',
      'Dora',
    ]);
    expect(res.headers['x-total-count']).toBe('12');
    // Same services; each provider's services in the ranking's order.
    expect(page.map((c) => c.id).sort()).toEqual(rated.map((c) => c.id).sort());
    for (const who of ['Dora', 'Eli']) {
      const own = (cards: Card[]) => cards.filter((c) => c.provider.displayName === who).map((c) => c.id);
      expect(own(page), who).toEqual(own(rated));
    }
  });

  it('leaves the other sorts and later pages in ranking order', async () => {
    const byRating = (await t.app.inject({ url: '/api/services?sortBy=rating' })).json() as Card[];
    expect(names(byRating).slice(0, 8)).toEqual(Array(8).fill('Dora'));
    const page2 = (await t.app.inject({ url: '/api/services?pageSize=4&page=2' })).json() as Card[];
    expect(names(page2)).toEqual(['Dora', 'Dora', 'Dora', 'Dora']);
    const page1 = (await t.app.inject({ url: '/api/services?pageSize=4' })).json() as Card[];
    expect(names(page1)).toEqual(['Dora', 'Dora', 'Dora', 'Dora']); // nothing else ranks that high
  });
});
