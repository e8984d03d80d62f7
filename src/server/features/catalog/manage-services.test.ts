import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { availabilityRules, bookings, reviews, services } from '../../db/schema.ts';
import { addCalendarDays, calendarDateIn, zonedToUtc } from '../../../shared/domain/time.ts';
import {
  createAvailability,
  createBooking,
  createCategory,
  createFavorite,
  createProvider,
  createReview,
  createService,
  createUser,
  createMessage,
} from '../../db/seed/factories.ts';
import { mapDatabaseError } from '../../http/errors.ts';
import { createSession, SESSION_COOKIE } from '../../http/session.ts';
import { useTestApp } from '../../test/test-app.ts';
import { registerUploads } from '../../test/uploads.ts';

const t = useTestApp();

async function cookieFor(userId: string) {
  const { token } = await createSession(t.db, userId, 'test');
  return { [SESSION_COOKIE]: token };
}

type Fixture = Awaited<ReturnType<typeof buildFixture>>;
let f: Fixture;

async function buildFixture() {
  const massage = await createCategory(t.db, { name: 'Massage', slug: 'massage' });
  const tours = await createCategory(t.db, { name: 'Tours', slug: 'tours' });
  const owner = await createProvider(t.db, { displayName: 'Ana Lima' });
  // What the owner has uploaded (POST /api/uploads records these; the files do not matter here).
  await registerUploads(t.db, owner.user.id, [
    '/uploads/photos/a.webp',
    '/uploads/photos/b.webp',
    '/uploads/a.webp',
    '/uploads/b.webp',
    '/uploads/c.webp',
    '/uploads/new.webp',
  ]);
  const other = await createProvider(t.db, { displayName: 'Bruno Costa' });
  const traveler = await createUser(t.db, { name: 'Rita' });
  const admin = await createUser(t.db, { role: 'ADMIN' });
  const ownService = await createService(t.db, {
    providerId: owner.provider.id,
    categoryId: massage.id,
    title: 'Deep tissue massage',
    createdAt: new Date('2026-01-01T10:00:00Z'),
  });
  const othersService = await createService(t.db, {
    providerId: other.provider.id,
    categoryId: massage.id,
    title: 'Other massage',
  });
  return {
    massage,
    tours,
    owner,
    other,
    traveler,
    admin,
    ownService,
    othersService,
    cookies: {
      owner: await cookieFor(owner.user.id),
      other: await cookieFor(other.user.id),
      traveler: await cookieFor(traveler.id),
      admin: await cookieFor(admin.id),
    },
  };
}

beforeEach(async () => {
  f = await buildFixture();
});

const validPayload = () => ({
  title: 'Sunset walking tour',
  description: 'Two hours through Alfama.\nWe end at a viewpoint.',
  categoryId: f.tours.id,
  price: 4500,
  pricingUnit: 'per session',
  minHours: 2,
  city: 'Lisbon',
});

function create(payload: unknown, cookies: Record<string, string> | undefined = f.cookies.owner) {
  return t.app.inject({ method: 'POST', url: '/api/services', payload: payload as object, cookies });
}
function patch(id: string, payload: unknown, cookies: Record<string, string> | undefined = f.cookies.owner) {
  return t.app.inject({ method: 'PATCH', url: `/api/services/${id}`, payload: payload as object, cookies });
}
function del(id: string, cookies: Record<string, string> | undefined = f.cookies.owner) {
  return t.app.inject({ method: 'DELETE', url: `/api/services/${id}`, cookies });
}
async function listOwn(cookies = f.cookies.owner) {
  const res = await t.app.inject({ url: '/api/provider/services', cookies });
  expect(res.statusCode).toBe(200);
  return res.json<{ id: string; title: string; isActive: boolean; isPaused: boolean }[]>();
}

describe('POST /api/services', () => {
  it('creates the service for the signed-in provider: 201 { service } with what was sent', async () => {
    const res = await create({ ...validPayload(), photos: ['/uploads/photos/a.webp', '/uploads/photos/b.webp'] });
    expect(res.statusCode).toBe(201);
    const { service } = res.json();
    expect(service).toMatchObject({
      title: 'Sunset walking tour',
      description: 'Two hours through Alfama.\nWe end at a viewpoint.',
      categoryId: f.tours.id,
      category: { name: 'Tours', slug: 'tours' },
      price: 4500,
      pricingUnit: 'per session',
      minHours: 2,
      city: 'Lisbon',
      photos: ['/uploads/photos/a.webp', '/uploads/photos/b.webp'],
      isActive: true,
      isPaused: false,
      provider: { id: f.owner.provider.id, displayName: 'Ana Lima' },
    });
    const [row] = await t.db.select().from(services).where(eq(services.id, service.id));
    expect(row).toMatchObject({ providerId: f.owner.provider.id, priceCents: 4500, deletedAt: null });
  });

  it('fills the product defaults: per hour, minHours 1, empty description, no photos', async () => {
    const { description: _d, pricingUnit: _u, minHours: _m, ...rest } = validPayload();
    const res = await create(rest);
    expect(res.statusCode).toBe(201);
    expect(res.json().service).toMatchObject({ pricingUnit: 'per hour', minHours: 1, description: '', photos: [] });
  });

  it('trims text and accepts the limits exactly (title 3 and 120, price $0 when free and $100,000, minHours 24)', async () => {
    for (const extra of [
      { title: '  Yo!  ', price: 0, free: true, minHours: 1 },
      { title: 'x'.repeat(120), price: 10_000_000, minHours: 24, description: 'd'.repeat(5000), city: 'c'.repeat(100) },
    ]) {
      const res = await create({ ...validPayload(), ...extra });
      expect(res.statusCode, res.body).toBe(201);
    }
    expect((await listOwn()).map((s) => s.title)).toContain('Yo!');
  });

  const bad: [string, Record<string, unknown>, RegExp][] = [
    ['title missing', { title: undefined }, /Title is required/],
    ['title too short', { title: 'ab' }, /at least 3/],
    ['title blank after trim', { title: '    ' }, /at least 3/],
    ['title too long', { title: 'x'.repeat(121) }, /at most 120/],
    ['title not text', { title: 42 }, /Title/],
    ['title with bidi override', { title: 'Massage \u202Eegassam' }, /control/],
    ['description too long', { description: 'd'.repeat(5001) }, /at most 5000/],
    ['description with control char', { description: 'bell \u0007' }, /control/],
    ['description not text', { description: ['x'] }, /Description/],
    ['category missing', { categoryId: undefined }, /Category is required/],
    ['category not a uuid', { categoryId: 'massage' }, /Category is required/],
    ['category unknown', { categoryId: '00000000-0000-4000-8000-000000000000' }, /category does not exist/],
    ['price missing', { price: undefined }, /^Enter a price, or mark the service as free \(free: true\)$/],
    [
      'price 0 without free',
      { price: 0 },
      /^A price of 0 makes the service free: mark it as free \(free: true\) or enter a price above 0$/,
    ],
    ['price 0 with free false', { price: 0, free: false }, /mark it as free/],
    ['free with a price', { price: 4500, free: true }, /^A free service has no price/],
    ['free not a boolean', { price: 0, free: 'yes' }, /free must be true or false/],
    ['price negative', { price: -1 }, /negative/],
    ['price fractional cents', { price: 10.5 }, /whole number of USD cents/],
    ['price above $100,000', { price: 10_000_001 }, /at most \$100,000/],
    ['price as text', { price: '4500' }, /Price must be a number/],
    ['price below Stripe’s minimum', { price: 49 }, /USD must be at least \$0\.50/],
    ['currency unknown', { currency: 'XYZ' }, /Unknown currency "XYZ"/],
    ['currency not the provider’s', { currency: 'EUR' }, /Your prices are in USD/],
    ['unit unknown', { pricingUnit: 'per week' }, /Unit must be one of/],
    ['minHours 0', { minHours: 0 }, /at least 1/],
    ['minHours 25', { minHours: 25 }, /at most 24/],
    ['minHours fractional', { minHours: 1.5 }, /whole number/],
    ['city missing', { city: undefined }, /City is required/],
    ['city blank', { city: '  ' }, /City is required/],
    ['city too long', { city: 'c'.repeat(101) }, /at most 100/],
    ['photos not a list', { photos: '/uploads/a.webp' }, /Photos must be a list/],
    ['more than 8 photos', { photos: Array.from({ length: 9 }, (_, i) => `/uploads/p${i}.webp`) }, /at most 8 photos/],
    ['duplicate photo', { photos: ['/uploads/a.webp', '/uploads/a.webp'] }, /listed twice/],
    ['photo not an upload', { photos: ['https://evil.example/x.jpg'] }, /not one of your uploads/],
    ['unknown field isActive', { isActive: false }, /isActive|Unrecognized/i],
  ];
  it.each(bad)('refuses %s with 400 and a message', async (_name, change, message) => {
    const res = await create({ ...validPayload(), ...change });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toMatch(message);
    expect(await listOwn()).toHaveLength(1);
  });

  it('publishes a free service only when asked to: free: true stores a price of 0, with or without price 0', async () => {
    for (const [title, extra] of [
      ['Free walking tour', { price: 0, free: true }],
      ['Free city chat', { price: undefined, free: true }],
    ] as const) {
      const res = await create({ ...validPayload(), title, ...extra });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().service).toMatchObject({ title, price: 0 });
      expect(res.json().service).not.toHaveProperty('free');
      const [row] = await t.db.select().from(services).where(eq(services.id, res.json().service.id));
      expect(row?.priceCents).toBe(0);
    }
    // A priced service needs no `free` (clients that predate it), and free: false is the same.
    const priced = await create({ ...validPayload(), title: 'Priced massage', price: 3000, free: false });
    expect(priced.statusCode, priced.body).toBe(201);
    expect(priced.json().service.price).toBe(3000);
  });

  it('names the price field in the 400 of a $0 price without free, for the form to show at the field', async () => {
    const res = await create({ ...validPayload(), price: 0 });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual(
      expect.arrayContaining([expect.objectContaining({ path: 'body.price', message: expect.stringMatching(/free/) })]),
    );
  });

  it('answers 400 for a body that is not JSON object', async () => {
    const res = await create([1, 2]);
    expect(res.statusCode).toBe(400);
  });
});

describe('prices in the provider’s own currency', () => {
  async function providerIn(currency: 'JPY' | 'IDR' | 'EUR') {
    const p = await createProvider(t.db, { displayName: `Provider in ${currency}`, currency });
    return { provider: p, cookies: await cookieFor(p.user.id) };
  }

  it('a Tokyo provider prices in yen: the service carries "JPY" on every read', async () => {
    const tokyo = await providerIn('JPY');
    const res = await create(
      { ...validPayload(), price: 8000, pricingUnit: 'per session', minHours: 2 },
      tokyo.cookies,
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().service).toMatchObject({ price: 8000, currency: 'JPY' });
    const id = res.json().service.id as string;
    const one = await t.app.inject({ url: `/api/services/${id}` });
    expect(one.json()).toMatchObject({ price: 8000, currency: 'JPY' });
    const list = await t.app.inject({ url: '/api/services?q=sunset' });
    expect(list.json().find((s: { id: string }) => s.id === id)).toMatchObject({ price: 8000, currency: 'JPY' });
    const [row] = await t.db.select().from(services).where(eq(services.id, id));
    expect(row).toMatchObject({ priceCents: 8000, currency: 'JPY' });
  });

  it('refuses a fractional yen, a price below ¥50 and a rupiah fraction, each naming the currency', async () => {
    const tokyo = await providerIn('JPY');
    const fraction = await create({ ...validPayload(), price: 8000.5 }, tokyo.cookies);
    expect(fraction.statusCode).toBe(400);
    expect(fraction.json().message).toMatch(/JPY has no fractions/);
    const tooLow = await create({ ...validPayload(), price: 30 }, tokyo.cookies);
    expect(tooLow.statusCode).toBe(400);
    expect(tooLow.json().message).toMatch(/A price in JPY must be at least ¥50/);
    const bali = await providerIn('IDR');
    const sen = await create({ ...validPayload(), price: 35_000_050 }, bali.cookies);
    expect(sen.statusCode).toBe(400);
    expect(sen.json().message).toMatch(/IDR is in whole units/);
    const rupiah = await create({ ...validPayload(), price: 35_000_000, currency: 'idr' }, bali.cookies);
    expect(rupiah.statusCode, rupiah.body).toBe(201);
    expect(rupiah.json().service).toMatchObject({ price: 35_000_000, currency: 'IDR' });
  });

  it('a service priced before its provider changed currency keeps its own until re-priced in the new one', async () => {
    const res = await create({ ...validPayload(), price: 4500 });
    const id = res.json().service.id as string;
    const changed = await t.app.inject({
      method: 'PATCH',
      url: '/api/provider/me',
      cookies: f.cookies.owner,
      payload: { currency: 'EUR' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ currency: 'EUR', currencyLockedReason: null });
    // Other fields change; the price stays in dollars.
    const retitled = await patch(id, { title: 'Sunset tour' });
    expect(retitled.json().service).toMatchObject({ price: 4500, currency: 'USD' });
    // A currency alone cannot re-label a price.
    const relabel = await patch(id, { currency: 'EUR' });
    expect(relabel.statusCode).toBe(400);
    expect(relabel.json().message).toMatch(/set together with a price/);
    // A new price is in euros.
    const repriced = await patch(id, { price: 4000 });
    expect(repriced.statusCode, repriced.body).toBe(200);
    expect(repriced.json().service).toMatchObject({ price: 4000, currency: 'EUR' });
    const wrong = await patch(id, { price: 4000, currency: 'USD' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toMatch(/Your prices are in EUR/);
  });
});

describe('GET /api/provider/services', () => {
  it('lists the provider’s own services, active, inactive and paused, not deleted, newest first', async () => {
    const inactive = await createService(t.db, {
      providerId: f.owner.provider.id,
      categoryId: f.massage.id,
      title: 'Inactive one',
      isActive: false,
      createdAt: new Date('2026-02-01T10:00:00Z'),
    });
    const paused = await createService(t.db, {
      providerId: f.owner.provider.id,
      categoryId: f.massage.id,
      title: 'Paused one',
      isPaused: true,
      createdAt: new Date('2026-03-01T10:00:00Z'),
    });
    const deleted = await createService(t.db, {
      providerId: f.owner.provider.id,
      categoryId: f.massage.id,
      title: 'Deleted one',
      deletedAt: new Date(),
    });
    const list = await listOwn();
    expect(list.map((s) => s.id)).toEqual([paused.id, inactive.id, f.ownService.id]);
    expect(list.map((s) => s.id)).not.toContain(deleted.id);
    expect(list.find((s) => s.id === inactive.id)).toMatchObject({ isActive: false, isPaused: false });
    expect(list.find((s) => s.id === paused.id)).toMatchObject({ isActive: true, isPaused: true });
  });

  it('shows another provider only their own', async () => {
    expect((await listOwn(f.cookies.other)).map((s) => s.id)).toEqual([f.othersService.id]);
  });
});

describe('PATCH /api/services/{id}', () => {
  it('changes any field of the create payload and keeps the rest', async () => {
    const res = await patch(f.ownService.id, {
      title: 'Hot stone massage',
      categoryId: f.tours.id,
      price: 9900,
      pricingUnit: 'per day',
      minHours: 3,
      city: 'Porto',
      description: 'New words',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().service).toMatchObject({
      id: f.ownService.id,
      title: 'Hot stone massage',
      category: { slug: 'tours' },
      price: 9900,
      pricingUnit: 'per day',
      minHours: 3,
      city: 'Porto',
      description: 'New words',
    });
    const only = await patch(f.ownService.id, { price: 100 });
    expect(only.json().service).toMatchObject({ title: 'Hot stone massage', price: 100 });
  });

  it('makes a service free only with free: true, and priced again only with a price', async () => {
    const zero = await patch(f.ownService.id, { price: 0 });
    expect(zero.statusCode).toBe(400);
    expect(zero.json().message).toMatch(/^A price of 0 makes the service free/);
    const both = await patch(f.ownService.id, { price: 2500, free: true });
    expect(both.statusCode).toBe(400);
    expect(both.json().message).toMatch(/^A free service has no price/);
    const notFree = await patch(f.ownService.id, { free: false });
    expect(notFree.statusCode).toBe(400);
    expect(notFree.json().message).toMatch(/^Enter a price/);
    const [before] = await t.db.select().from(services).where(eq(services.id, f.ownService.id));

    const free = await patch(f.ownService.id, { free: true });
    expect(free.statusCode, free.body).toBe(200);
    expect(free.json().service.price).toBe(0);
    expect((await t.db.select().from(services).where(eq(services.id, f.ownService.id)))[0]?.priceCents).toBe(0);
    // Other edits leave the price as it is.
    const renamed = await patch(f.ownService.id, { title: 'Free massage' });
    expect(renamed.json().service).toMatchObject({ title: 'Free massage', price: 0 });
    const priced = await patch(f.ownService.id, { price: before!.priceCents, free: false });
    expect(priced.statusCode, priced.body).toBe(200);
    expect(priced.json().service.price).toBe(before!.priceCents);
  });

  it('reorders photos (the first is the cover) and adds new uploads', async () => {
    await patch(f.ownService.id, { photos: ['/uploads/a.webp', '/uploads/b.webp'] });
    const res = await patch(f.ownService.id, { photos: ['/uploads/b.webp', '/uploads/a.webp', '/uploads/c.webp'] });
    expect(res.json().service.photos).toEqual(['/uploads/b.webp', '/uploads/a.webp', '/uploads/c.webp']);
  });

  it('keeps a photo that is already attached even when it is not an upload (seeded pictures)', async () => {
    await t.db
      .update(services)
      .set({ photos: ['/media/services/massage/1.svg'] })
      .where(eq(services.id, f.ownService.id));
    const res = await patch(f.ownService.id, { photos: ['/uploads/new.webp', '/media/services/massage/1.svg'] });
    expect(res.statusCode, res.body).toBe(200);
    const refused = await patch(f.ownService.id, { photos: ['/media/services/tours/1.svg'] });
    expect(refused.statusCode).toBe(400);
  });

  it('pauses and resumes: a paused service leaves search and the profile, and comes back', async () => {
    const search = async () =>
      (await t.app.inject({ url: '/api/services?q=massage' })).json<{ id: string }[]>().map((s) => s.id);
    expect(await search()).toContain(f.ownService.id);
    const paused = await patch(f.ownService.id, { isPaused: true });
    expect(paused.json().service).toMatchObject({ isPaused: true, isActive: true });
    expect(await search()).not.toContain(f.ownService.id);
    const profile = await t.app.inject({ url: `/api/providers/${f.owner.user.id}` });
    expect(profile.json().services).toHaveLength(0);
    await patch(f.ownService.id, { isPaused: false });
    expect(await search()).toContain(f.ownService.id);
  });

  it('a service an admin deactivated stays inactive whatever the provider does', async () => {
    await t.db.update(services).set({ isActive: false }).where(eq(services.id, f.ownService.id));
    const resumed = await patch(f.ownService.id, { isPaused: false, title: 'Still here' });
    expect(resumed.json().service).toMatchObject({ isActive: false, isPaused: false, title: 'Still here' });
    const sneaky = await patch(f.ownService.id, { isActive: true });
    expect(sneaky.statusCode).toBe(400);
    const [row] = await t.db.select().from(services).where(eq(services.id, f.ownService.id));
    expect(row?.isActive).toBe(false);
    expect((await t.app.inject({ url: `/api/services/${f.ownService.id}` })).statusCode).toBe(404);
  });

  const bad: [string, unknown, RegExp][] = [
    ['an empty body', {}, /Nothing to change/],
    ['a short title', { title: 'a' }, /at least 3/],
    ['a long description', { description: 'd'.repeat(5001) }, /at most 5000/],
    ['an unknown category', { categoryId: '00000000-0000-4000-8000-000000000000' }, /category does not exist/],
    ['a negative price', { price: -5 }, /negative/],
    ['a huge price', { price: 1e12 }, /at most/],
    ['minHours 0', { minHours: 0 }, /at least 1/],
    ['an empty city', { city: '' }, /City is required/],
    ['isPaused as text', { isPaused: 'yes' }, /isPaused/],
    ['nine photos', { photos: Array.from({ length: 9 }, (_, i) => `/uploads/${i}.webp`) }, /at most 8/],
    ['a foreign photo', { photos: ['http://example.com/a.png'] }, /not one of your uploads/],
    ['an unknown field', { providerId: f?.other?.provider.id ?? 'x' }, /Unrecognized|providerId/i],
  ];
  it.each(bad)('refuses %s with 400', async (_name, body, message) => {
    const res = await patch(f.ownService.id, body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toMatch(message);
  });

  it('answers 404 for a deleted service and 400 for a malformed id', async () => {
    await t.db.update(services).set({ deletedAt: new Date() }).where(eq(services.id, f.ownService.id));
    expect((await patch(f.ownService.id, { title: 'Back again' })).statusCode).toBe(404);
    expect((await patch('not-a-uuid', { title: 'Back again' })).statusCode).toBe(400);
  });
});

describe('DELETE /api/services/{id}', () => {
  it('soft-deletes: gone from the dashboard, search, featured, profile, sitemap and detail; history stays', async () => {
    const traveler = f.traveler;
    const past = await createBooking(t.db, {
      service: f.ownService,
      userId: traveler.id,
      status: 'COMPLETED',
      startAt: new Date('2025-06-01T10:00:00Z'),
    });
    const review = await createReview(t.db, past, { text: 'Lovely' });
    await createMessage(t.db, { bookingId: past.id, senderId: traveler.id, body: 'Thanks!' });
    await createFavorite(t.db, { userId: traveler.id, serviceId: f.ownService.id });
    const canceled = await createBooking(t.db, {
      service: f.ownService,
      userId: traveler.id,
      status: 'CANCELED',
      startAt: new Date(Date.now() + 5 * 24 * 3600_000),
    });

    const sitemapBefore = await t.app.inject({ url: '/sitemap-en.xml' });
    expect(sitemapBefore.body).toContain(f.ownService.id);
    const featuredBefore = await t.app.inject({ url: '/api/services/featured' });
    expect(featuredBefore.json().map((s: { id: string }) => s.id)).toContain(f.ownService.id);

    const res = await del(f.ownService.id);
    expect(res.statusCode, res.body).toBe(200);

    expect((await listOwn()).map((s) => s.id)).not.toContain(f.ownService.id);
    const search = await t.app.inject({ url: '/api/services?q=massage' });
    expect(search.json().map((s: { id: string }) => s.id)).not.toContain(f.ownService.id);
    const featured = await t.app.inject({ url: '/api/services/featured' });
    expect(featured.json().map((s: { id: string }) => s.id)).not.toContain(f.ownService.id);
    const profile = await t.app.inject({ url: `/api/providers/${f.owner.user.id}` });
    expect(profile.json().services.map((s: { id: string }) => s.id)).not.toContain(f.ownService.id);
    const sitemap = await t.app.inject({ url: '/sitemap-en.xml' });
    expect(sitemap.body).not.toContain(f.ownService.id);
    expect((await t.app.inject({ url: `/api/services/${f.ownService.id}`, cookies: f.cookies.owner })).statusCode).toBe(
      404,
    );

    // History keeps its service.
    const [row] = await t.db.select().from(services).where(eq(services.id, f.ownService.id));
    expect(row?.deletedAt).not.toBeNull();
    const kept = await t.db.select().from(bookings).where(eq(bookings.serviceId, f.ownService.id));
    expect(kept.map((b) => b.id).sort()).toEqual([past.id, canceled.id].sort());
    const [keptReview] = await t.db.select().from(reviews).where(eq(reviews.id, review.id));
    expect(keptReview?.serviceId).toBe(f.ownService.id);

    // Deleting again is a 404; the deleted service takes no new bookings.
    expect((await del(f.ownService.id)).statusCode).toBe(404);
    const refused = await createBooking(t.db, {
      service: f.ownService,
      userId: traveler.id,
      startAt: new Date(Date.now() + 9 * 86400_000),
    }).catch((err: unknown) => err);
    expect(mapDatabaseError(refused)).toMatchObject({
      statusCode: 409,
      message: 'This service has been deleted and takes no new bookings.',
    });
  });

  it.each(['PENDING', 'CONFIRMED', 'PAID'] as const)(
    'refuses (409, saying why) while an upcoming %s booking exists',
    async (status) => {
      await createBooking(t.db, {
        service: f.ownService,
        userId: f.traveler.id,
        status,
        startAt: new Date(Date.now() + 3 * 86400_000),
      });
      const res = await del(f.ownService.id);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toMatch(/upcoming booking.*cannot be deleted/);
      expect((await listOwn()).map((s) => s.id)).toContain(f.ownService.id);
    },
  );

  it('says why in the provider’s language, with how many bookings', async () => {
    for (const days of [3, 4])
      await createBooking(t.db, {
        service: f.ownService,
        userId: f.traveler.id,
        status: 'CONFIRMED',
        startAt: new Date(Date.now() + days * 86400_000),
      });
    const ask = (locale: string) =>
      t.app.inject({
        method: 'DELETE',
        url: `/api/services/${f.ownService.id}`,
        cookies: f.cookies.owner,
        headers: { 'x-locale': locale },
      });
    const ja = await ask('ja');
    expect([ja.statusCode, ja.json().code, ja.json().message]).toEqual([
      409,
      'CONFLICT',
      'このサービスには今後の予約（リクエスト中・確定・支払い済み）が 2 件あるため、まだ削除できません。代わりに一時停止し、予約が完了またはキャンセルされてから削除してください。',
    ]);
    expect((await ask('pt-BR')).json().message).toBe(
      'Este serviço tem 2 reservas futuras (pendentes, confirmadas ou pagas), então ainda não pode ser excluído. Pause-o e exclua-o quando elas forem concluídas ou canceladas.',
    );
  });

  it('allows deleting when live-status bookings are all in the past, or only canceled/refunded/completed ahead', async () => {
    await createBooking(t.db, {
      service: f.ownService,
      userId: f.traveler.id,
      status: 'PAID',
      startAt: new Date(Date.now() - 10 * 86400_000),
    });
    for (const status of ['CANCELED', 'REFUNDED'] as const) {
      await createBooking(t.db, {
        service: f.ownService,
        userId: f.traveler.id,
        status,
        startAt: new Date(Date.now() + (status === 'CANCELED' ? 3 : 4) * 86400_000),
      });
    }
    expect((await del(f.ownService.id)).statusCode).toBe(200);
  });
});

describe('access matrix', () => {
  const routes = () => [
    { method: 'GET' as const, url: '/api/provider/services' },
    { method: 'POST' as const, url: '/api/services', payload: validPayload() },
    { method: 'PATCH' as const, url: `/api/services/${f.ownService.id}`, payload: { title: 'Changed title' } },
    { method: 'DELETE' as const, url: `/api/services/${f.ownService.id}` },
  ];

  it('anonymous: 401 on every route', async () => {
    for (const r of routes()) {
      const res = await t.app.inject(r);
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(401);
    }
    // Who is asking comes before what they sent: a bad body from nobody is still a 401.
    const bad = await t.app.inject({ method: 'POST', url: '/api/services', payload: { title: 1 } });
    expect(bad.statusCode).toBe(401);
    const badId = await t.app.inject({ method: 'PATCH', url: '/api/services/not-a-uuid', payload: {} });
    expect(badId.statusCode).toBe(401);
  });

  it('traveler and admin: 403 on every route', async () => {
    for (const who of ['traveler', 'admin'] as const) {
      for (const r of routes()) {
        const res = await t.app.inject({ ...r, cookies: f.cookies[who] });
        expect(res.statusCode, `${who} ${r.method} ${r.url}`).toBe(403);
      }
    }
    expect((await listOwn()).map((s) => s.id)).toEqual([f.ownService.id]);
  });

  it('another provider: 404 on the owner’s service, which is left untouched', async () => {
    expect((await patch(f.ownService.id, { title: 'Hijacked', isPaused: true }, f.cookies.other)).statusCode).toBe(404);
    expect((await del(f.ownService.id, f.cookies.other)).statusCode).toBe(404);
    const [row] = await t.db.select().from(services).where(eq(services.id, f.ownService.id));
    expect(row).toMatchObject({ title: 'Deep tissue massage', isPaused: false, deletedAt: null });
  });

  it('owner: every route works', async () => {
    expect((await create(validPayload())).statusCode).toBe(201);
    expect((await patch(f.ownService.id, { title: 'Changed title' })).statusCode).toBe(200);
    expect((await del(f.ownService.id)).statusCode).toBe(200);
  });
});

// Two connections are needed to race a delete and a booking: PostgreSQL only (PGlite is one).
describe.skipIf(!process.env.TEST_DATABASE_URL)('delete under concurrency (PostgreSQL)', () => {
  const upcoming = () => new Date(Date.now() + 6 * 86400_000);

  it('a booking inserted while the service is being deleted is refused', async () => {
    let insert: Promise<unknown> = Promise.resolve();
    await t.db.transaction(async (tx) => {
      // What deleteService does: lock the row, then mark it deleted.
      await tx.select({ id: services.id }).from(services).where(eq(services.id, f.ownService.id)).for('update');
      insert = createBooking(t.db, { service: f.ownService, userId: f.traveler.id, startAt: upcoming() }).catch(
        (err: unknown) => err,
      );
      // Let the insert reach the lock (whether it waits or arrives after the commit, it must be refused).
      await new Promise((resolve) => setTimeout(resolve, 200));
      await tx.update(services).set({ deletedAt: new Date() }).where(eq(services.id, f.ownService.id));
    });
    expect(mapDatabaseError(await insert)).toMatchObject({
      statusCode: 409,
      message: 'This service has been deleted and takes no new bookings.',
    });
    expect(await t.db.select().from(bookings).where(eq(bookings.serviceId, f.ownService.id))).toHaveLength(0);
  });

  it('a delete that starts while a booking is being made waits for it, then refuses (409)', async () => {
    let deletion: Promise<{ statusCode: number; body: string }> = Promise.resolve({ statusCode: 0, body: '' });
    await t.db.transaction(async (tx) => {
      await createBooking(tx, { service: f.ownService, userId: f.traveler.id, startAt: upcoming() });
      deletion = del(f.ownService.id);
      await new Promise((resolve) => setTimeout(resolve, 200));
    });
    const res = await deletion;
    expect(res.statusCode, res.body).toBe(409);
    const [row] = await t.db.select().from(services).where(eq(services.id, f.ownService.id));
    expect(row?.deletedAt).toBeNull();
  });
});

describe('a per-day service whose day no availability window holds', () => {
  it('comes back with a warning at save time (create and edit), and none once a window holds the day', async () => {
    const zone = f.owner.provider.timeZone;
    const day = (n: number) => addCalendarDays(calendarDateIn(new Date(), zone), n);
    // 09:00-13:00 in three days: four hours.
    await createAvailability(t.db, {
      providerId: f.owner.provider.id,
      startAt: zonedToUtc(day(3), '09:00', zone),
      endAt: zonedToUtc(day(3), '13:00', zone),
    });
    const res = await create({ ...validPayload(), title: 'Full-day tour', pricingUnit: 'per day', minHours: 8 });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().dayLengthWarning).toEqual({ longestWindowHours: 4, hoursNeeded: 8 });
    const id = res.json().service.id as string;
    // Shorter days fit: no warning; back to 8 hours: warned again.
    expect((await patch(id, { minHours: 4 })).json().dayLengthWarning).toBeNull();
    expect((await patch(id, { minHours: 8 })).json().dayLengthWarning).toEqual({
      longestWindowHours: 4,
      hoursNeeded: 8,
    });
    // A weekly schedule of 08:00-18:00 (read lazily) holds the day.
    await t.db.insert(availabilityRules).values({
      providerId: f.owner.provider.id,
      recurrenceDays: [0, 1, 2, 3, 4, 5, 6],
      startsOn: day(1),
      startTime: '08:00',
      endTime: '18:00',
    });
    expect((await patch(id, { title: 'Full-day tour, lunch included' })).json().dayLengthWarning).toBeNull();
    // Per hour: never warned, however long the minimum.
    const hourly = await create({ ...validPayload(), title: 'Long walk', pricingUnit: 'per hour', minHours: 12 });
    expect(hourly.json().dayLengthWarning).toBeNull();
  });
});
