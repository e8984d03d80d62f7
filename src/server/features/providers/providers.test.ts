import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { users } from '../../db/schema.ts';
import { createCategory, createProvider, createService, createUser } from '../../db/seed/factories.ts';
import { useTestApp } from '../../test/test-app.ts';

const t = useTestApp();

type Fixture = Awaited<ReturnType<typeof buildFixture>>;
let f: Fixture;

async function buildFixture() {
  const massage = await createCategory(t.db, { name: 'Massage', slug: 'massage' });
  const a = await createProvider(t.db, {
    displayName: 'Ana Lima',
    baseCity: 'Lisbon',
    govIdStatus: 'APPROVED',
    rating: 4.8,
    ratingCount: 40,
    user: { email: 'ana@example.com' },
  });
  const service = (title: string, isActive = true) =>
    createService(t.db, { providerId: a.provider.id, categoryId: massage.id, title, isActive });
  const s = {
    deepTissue: await service('Deep tissue massage'),
    walkingTour: await service('Alfama walking tour'),
    hidden: await service('Hidden massage', false),
  };
  return { a, s };
}

beforeEach(async () => {
  f = await buildFixture();
});

describe('GET /api/providers/{username}', () => {
  it('returns the public profile by user id with visible services and counts, no email', async () => {
    const res = await t.app.inject({ url: `/api/providers/${f.a.user.id}` });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      id: f.a.provider.id,
      userId: f.a.user.id,
      displayName: 'Ana Lima',
      baseCity: 'Lisbon',
      timeZone: 'Europe/Lisbon',
      rating: 4.8,
      ratingCount: 40,
      govIdStatus: 'APPROVED',
      _count: { services: 2 },
    });
    expect(body.services.map((s: { id: string }) => s.id).sort()).toEqual(
      [f.s.deepTissue.id, f.s.walkingTour.id].sort(),
    );
    expect(res.body).not.toContain('@');
  });

  it('finds the profile by provider id too', async () => {
    const res = await t.app.inject({ url: `/api/providers/${f.a.provider.id}` });
    expect(res.json().userId).toBe(f.a.user.id);
  });

  it('stays public when the provider switches to traveler for a while', async () => {
    await t.db.update(users).set({ role: 'TRAVELER' }).where(eq(users.id, f.a.user.id));
    expect((await t.app.inject({ url: `/api/providers/${f.a.user.id}` })).statusCode).toBe(200);
    expect((await t.app.inject({ url: `/api/providers/${f.a.user.id}/reviews` })).statusCode).toBe(200);
  });

  it('is 404 for unknown ids, non-uuids and users who are not providers', async () => {
    const traveler = await createUser(t.db);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'ana', traveler.id]) {
      const res = await t.app.inject({ url: `/api/providers/${id}` });
      expect(res.statusCode, id).toBe(404);
      expect(res.json().message, id).toBe('Provider not found.');
    }
  });
});
