import { beforeEach, describe, expect, it } from 'vitest';
import { createCategory, createProvider, createService } from '../../db/seed/factories.ts';
import { signUp, useTestApp } from '../../test/test-app.ts';

const t = useTestApp();

type Fixture = Awaited<ReturnType<typeof buildFixture>>;
let f: Fixture;

async function buildFixture() {
  const category = await createCategory(t.db);
  const { provider } = await createProvider(t.db);
  const service = (title: string, isActive = true) =>
    createService(t.db, { providerId: provider.id, categoryId: category.id, title, isActive });
  return {
    s: {
      deepTissue: await service('Deep tissue massage'),
      sunriseYoga: await service('Sunrise yoga'),
      hidden: await service('Hidden massage', false),
    },
  };
}

beforeEach(async () => {
  f = await buildFixture();
});

describe('favourites', () => {
  it('needs a signed-in user', async () => {
    expect((await t.app.inject({ url: '/api/favorites' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: `/api/favorites/${f.s.deepTissue.id}` })).statusCode).toBe(401);
  });

  it('saves and unsaves idempotently, and nobody else sees the list', async () => {
    const me = await signUp(t.app);
    const other = await signUp(t.app);
    for (let i = 0; i < 2; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/favorites/${f.s.deepTissue.id}`,
        cookies: me.cookies,
      });
      expect(res.json()).toEqual({ serviceId: f.s.deepTissue.id, saved: true });
    }
    await t.app.inject({ method: 'POST', url: `/api/favorites/${f.s.sunriseYoga.id}`, cookies: me.cookies });
    const mine = await t.app.inject({ url: '/api/favorites', cookies: me.cookies });
    expect(mine.json().map((s: { id: string }) => s.id)).toEqual([f.s.sunriseYoga.id, f.s.deepTissue.id]);
    expect((await t.app.inject({ url: '/api/favorites', cookies: other.cookies })).json()).toEqual([]);
    // Another user cannot remove my favourite: DELETE is scoped to the caller.
    await t.app.inject({ method: 'DELETE', url: `/api/favorites/${f.s.deepTissue.id}`, cookies: other.cookies });
    expect((await t.app.inject({ url: '/api/favorites', cookies: me.cookies })).json()).toHaveLength(2);
    for (let i = 0; i < 2; i++) {
      const res = await t.app.inject({
        method: 'DELETE',
        url: `/api/favorites/${f.s.deepTissue.id}`,
        cookies: me.cookies,
      });
      expect(res.json()).toEqual({ serviceId: f.s.deepTissue.id, saved: false });
    }
    expect((await t.app.inject({ url: '/api/favorites', cookies: me.cookies })).json()).toHaveLength(1);
  });

  it('refuses unknown, inactive and malformed services', async () => {
    const me = await signUp(t.app);
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/favorites/${f.s.hidden.id}`, cookies: me.cookies })).statusCode,
    ).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/favorites/00000000-0000-4000-8000-000000000000',
          cookies: me.cookies,
        })
      ).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: '/api/favorites/123', cookies: me.cookies })).statusCode).toBe(
      400,
    );
  });
});
