import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { bookings, favorites, reviews, services } from '../../db/schema.ts';
import {
  createBooking,
  createCategory,
  createFavorite,
  createProvider,
  createReview,
  createService,
  createUser,
} from '../../db/seed/factories.ts';
import { SESSION_COOKIE } from '../../http/session.ts';
import { sessionCookie, signUp, useTestApp } from '../../test/test-app.ts';

/**
 * One "visible service" condition (active, not paused, not deleted) serves every public query:
 * a service that is deleted, paused by its provider or deactivated by an admin is absent from
 * search, featured, the provider's profile and reviews, the sitemap and favourites, and a
 * deleted one is a 404 even to its owner, while its bookings and reviews stay.
 */
const t = useTestApp();

type Fixture = Awaited<ReturnType<typeof buildFixture>>;
let f: Fixture;

async function buildFixture() {
  const category = await createCategory(t.db, { name: 'Massage', slug: 'massage' });
  const owner = await createProvider(t.db, {
    displayName: 'Ana Lima',
    user: { email: 'ana@example.com', password: 'anapass123' },
  });
  const make = (title: string, extra: Partial<typeof services.$inferInsert> = {}) =>
    createService(t.db, {
      providerId: owner.provider.id,
      categoryId: category.id,
      title,
      description: 'Massage in Lisbon.',
      city: 'Lisbon',
      ...extra,
    });
  const s = {
    visible: await make('Visible massage'),
    deleted: await make('Deleted massage'),
    paused: await make('Paused massage', { isPaused: true }),
    inactive: await make('Inactive massage', { isActive: false }),
  };
  // Every service has a completed booking with a review, and is someone's favourite.
  const traveler = await createUser(t.db, { name: 'Rita', email: 'rita@example.com', password: 'ritapass123' });
  let day = 1;
  for (const service of Object.values(s)) {
    const booking = await createBooking(t.db, {
      service,
      userId: traveler.id,
      status: 'COMPLETED',
      startAt: new Date(Date.UTC(2025, 0, day++, 10)),
    });
    await createReview(t.db, booking, { text: `Review of ${service.title}` });
    await createFavorite(t.db, { userId: traveler.id, serviceId: service.id });
  }
  await t.db.update(services).set({ deletedAt: new Date() }).where(eq(services.id, s.deleted.id));
  // A provider whose only service is deleted.
  const gone = await createProvider(t.db, { displayName: 'Gone Provider' });
  const goneService = await createService(t.db, { providerId: gone.provider.id, categoryId: category.id });
  await t.db.update(services).set({ deletedAt: new Date() }).where(eq(services.id, goneService.id));
  return { category, owner, s, traveler, gone };
}

beforeEach(async () => {
  f = await buildFixture();
});

async function signIn(email: string, password: string) {
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  return { [SESSION_COOKIE]: sessionCookie(res)! };
}

const hidden = () => [f.s.deleted, f.s.paused, f.s.inactive];
const idsOf = (body: { id: string }[]) => body.map((x) => x.id);

describe('a service that is not visible', () => {
  it('is absent from search, whatever the query', async () => {
    for (const qs of [
      '',
      'q=massage',
      'city=lisbon',
      'category=massage',
      'q=massage&city=lisb&category=massage&sortBy=rating',
      'sortBy=price-low',
      'minRating=0',
    ]) {
      const res = await t.app.inject({ url: `/api/services?${qs}` });
      expect(idsOf(res.json()), qs).toEqual([f.s.visible.id]);
      expect(res.headers['x-total-count'], qs).toBe('1');
    }
  });

  it('is absent from featured services', async () => {
    expect(idsOf((await t.app.inject({ url: '/api/services/featured' })).json())).toEqual([f.s.visible.id]);
  });

  it('is absent from the provider’s profile and its counts', async () => {
    const body = (await t.app.inject({ url: `/api/providers/${f.owner.user.id}` })).json();
    expect(idsOf(body.services)).toEqual([f.s.visible.id]);
    expect(body._count).toEqual({ services: 1 });
  });

  it('does not leak through the provider’s reviews (id or title)', async () => {
    const res = await t.app.inject({ url: `/api/providers/${f.owner.user.id}/reviews` });
    expect(res.json()).toEqual([
      expect.objectContaining({
        text: 'Review of Visible massage',
        service: { id: f.s.visible.id, title: 'Visible massage' },
      }),
    ]);
    for (const s of hidden()) {
      expect(res.body).not.toContain(s.id);
      expect(res.body).not.toContain(s.title);
    }
  });

  it('is absent from the sitemap, and so is a provider with nothing visible', async () => {
    const res = await t.app.inject({ url: '/sitemap-en.xml', headers: { host: 'locora.test' } });
    expect(res.body).toContain(`/service/${f.s.visible.id}</loc>`);
    for (const s of hidden()) expect(res.body).not.toContain(s.id);
    expect(res.body).toContain(`/provider/${f.owner.user.id}</loc>`);
    expect(res.body).not.toContain(f.gone.user.id);
  });

  it('drops out of favourites and cannot be saved again', async () => {
    const rita = await signIn('rita@example.com', 'ritapass123');
    expect(idsOf((await t.app.inject({ url: '/api/favorites', cookies: rita })).json())).toEqual([f.s.visible.id]);
    for (const s of hidden()) {
      const res = await t.app.inject({ method: 'POST', url: `/api/favorites/${s.id}`, cookies: rita });
      expect(res.statusCode, s.title).toBe(404);
    }
  });
});

describe('a direct link', () => {
  it('to a deleted service is a 404 for everyone, its owner and admins included', async () => {
    const owner = await signIn('ana@example.com', 'anapass123');
    const admin = await signUp(t.app);
    await t.db.execute(sql`update users set role = 'ADMIN' where id = ${admin.user.id}`);
    const adminCookies = await signIn(admin.email, admin.password);
    for (const cookies of [undefined, owner, adminCookies]) {
      const res = await t.app.inject({ url: `/api/services/${f.s.deleted.id}`, cookies });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Service not found.');
    }
    expect((await t.app.inject({ url: `/service/${f.s.deleted.id}` })).statusCode).toBe(404);
  });

  it('to a paused or inactive service is a 404 to the public, and open to its owner', async () => {
    const owner = await signIn('ana@example.com', 'anapass123');
    for (const s of [f.s.paused, f.s.inactive]) {
      expect((await t.app.inject({ url: `/api/services/${s.id}` })).statusCode, s.title).toBe(404);
      const mine = await t.app.inject({ url: `/api/services/${s.id}`, cookies: owner });
      expect(mine.statusCode, s.title).toBe(200);
      expect(mine.json().title).toBe(s.title);
    }
  });
});

describe('the records of a deleted service', () => {
  it('stay: its bookings, reviews and favourites still point at it', async () => {
    const where = eq(bookings.serviceId, f.s.deleted.id);
    expect(await t.db.select({ status: bookings.status }).from(bookings).where(where)).toEqual([
      { status: 'COMPLETED' },
    ]);
    expect(
      await t.db.select({ text: reviews.text }).from(reviews).where(eq(reviews.serviceId, f.s.deleted.id)),
    ).toEqual([{ text: 'Review of Deleted massage' }]);
    expect(await t.db.select().from(favorites).where(eq(favorites.serviceId, f.s.deleted.id))).toHaveLength(1);
  });

  it('no longer count in the owner’s own service count', async () => {
    const owner = await signIn('ana@example.com', 'anapass123');
    const me = (await t.app.inject({ url: '/api/provider/me', cookies: owner })).json();
    expect(me._count).toEqual({ services: 3 }); // visible, paused and inactive
  });
});
