import { beforeEach, describe, expect, it } from 'vitest';
import {
  createBooking,
  createCategory,
  createProvider,
  createReview,
  createService,
  createUser,
} from '../../db/seed/factories.ts';
import { useTestApp } from '../../test/test-app.ts';

const t = useTestApp();

type Fixture = Awaited<ReturnType<typeof buildFixture>>;
let f: Fixture;

async function buildFixture() {
  const category = await createCategory(t.db);
  const a = await createProvider(t.db, { displayName: 'Ana Lima' });
  const b = await createProvider(t.db, { displayName: 'Bruno Sá' });
  const deepTissue = await createService(t.db, {
    providerId: a.provider.id,
    categoryId: category.id,
    title: 'Deep tissue massage',
  });
  const walkingTour = await createService(t.db, {
    providerId: a.provider.id,
    categoryId: category.id,
    title: 'Alfama walking tour',
  });
  return { a, b, deepTissue, walkingTour };
}

beforeEach(async () => {
  f = await buildFixture();
});

describe('GET /api/providers/{username}/reviews', () => {
  it('lists reviews of the provider’s services, newest first, with the author’s public name only', async () => {
    const u = await createUser(t.db, { name: 'Rita', email: 'rita@example.com', image: '/media/avatars/rita.svg' });
    const b1 = await createBooking(t.db, {
      service: f.deepTissue,
      userId: u.id,
      status: 'COMPLETED',
      startAt: new Date(Date.now() - 20 * 86400_000),
    });
    const b2 = await createBooking(t.db, {
      service: f.walkingTour,
      userId: u.id,
      status: 'COMPLETED',
      startAt: new Date(Date.now() - 10 * 86400_000),
    });
    await createReview(t.db, b1, { rating: 5, text: 'First', createdAt: new Date(Date.now() - 19 * 86400_000) });
    await createReview(t.db, b2, { rating: 4, text: 'Second', createdAt: new Date(Date.now() - 9 * 86400_000) });
    const res = await t.app.inject({ url: `/api/providers/${f.a.user.id}/reviews` });
    expect(res.json()).toEqual([
      {
        id: expect.any(String),
        rating: 4,
        text: 'Second',
        createdAt: expect.any(String),
        author: { name: 'Rita', image: '/media/avatars/rita.svg' },
        service: { id: f.walkingTour.id, title: 'Alfama walking tour' },
      },
      expect.objectContaining({ text: 'First', service: { id: f.deepTissue.id, title: 'Deep tissue massage' } }),
    ]);
    expect(res.body).not.toContain('rita@example.com');
    expect((await t.app.inject({ url: `/api/providers/${f.b.user.id}/reviews` })).json()).toEqual([]);
  });

  it('is 404 for an unknown provider or a non-uuid', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'ana']) {
      const res = await t.app.inject({ url: `/api/providers/${id}/reviews` });
      expect(res.statusCode, id).toBe(404);
    }
  });
});
