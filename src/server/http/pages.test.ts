import { describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import {
  createBooking,
  createCategory,
  createFavorite,
  createProvider,
  createReview,
  createService,
  createUser,
} from '../db/seed/factories.ts';
import { signUp, testConfig, useTestApp } from '../test/test-app.ts';
import { openTestDatabase } from '../test/test-db.ts';

const t = useTestApp();

/** The page data the HTML carries for hydration. */
function pageData(html: string) {
  const m = html.match(/<script type="application\/json" id="locora-page-data">([\s\S]*?)<\/script>/);
  if (!m) throw new Error('no page data in the HTML');
  return JSON.parse(m[1]!) as {
    queries: { queries: { queryKey: unknown[]; state: { status: string; data: unknown; error: unknown } }[] };
    routeErrors: Record<string, unknown> | null;
    clock: { timeZone: string; today: string };
  };
}

const rootHtml = (html: string) => html.slice(html.indexOf('<div id="root">'), html.indexOf('locora-page-data'));

async function catalog() {
  const category = await createCategory(t.db, { name: 'Yoga', slug: 'yoga' });
  const { user, provider } = await createProvider(t.db, { displayName: 'Maya Flow Studio', baseCity: 'Bali' });
  const service = await createService(t.db, {
    providerId: provider.id,
    categoryId: category.id,
    title: 'Sunrise Vinyasa on the Beach',
    description: 'Ninety minutes of flow as the sun comes up.',
    city: 'Bali',
    priceCents: 4500,
  });
  return { category, user, provider, service };
}

describe('public pages are rendered on the server with their data', () => {
  it('home: featured services and categories are in the HTML, and in the page data', async () => {
    const { service } = await catalog();
    const res = await t.app.inject({ url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const body = rootHtml(res.body);
    expect(body).toContain('Sunrise Vinyasa on the Beach');
    expect(body).toContain('Yoga');
    const keys = pageData(res.body).queries.queries.map((q) => q.queryKey[0]);
    expect(keys).toEqual(expect.arrayContaining(['/api/auth/me', '/api/categories', '/api/services/featured']));
    const featured = pageData(res.body).queries.queries.find((q) => q.queryKey[0] === '/api/services/featured');
    expect(featured?.state.data).toEqual([expect.objectContaining({ id: service.id })]);
  });

  it('browse: the search in the address is run on the server', async () => {
    await catalog();
    await createService(t.db, { title: 'Thai Massage by the River', city: 'Bangkok' });
    const res = await t.app.inject({ url: '/browse?q=vinyasa' });
    expect(res.statusCode).toBe(200);
    const body = rootHtml(res.body);
    expect(body).toContain('Sunrise Vinyasa on the Beach');
    expect(body).not.toContain('Thai Massage by the River');
    expect(res.body).toMatch(/<title>Browse services · Locora<\/title>/);
  });

  it('service and provider pages: their content, reviews and provider', async () => {
    const { user, service } = await catalog();
    const traveler = await createUser(t.db, { name: 'Lena Traveler' });
    const booking = await createBooking(t.db, {
      serviceId: service.id,
      providerId: service.providerId,
      userId: traveler.id,
      status: 'COMPLETED',
    });
    await createReview(t.db, booking, { text: 'The best way to start a day in Bali.' });

    const servicePage = await t.app.inject({ url: `/service/${service.id}` });
    expect(servicePage.statusCode).toBe(200);
    expect(rootHtml(servicePage.body)).toContain('Ninety minutes of flow as the sun comes up.');
    expect(rootHtml(servicePage.body)).toContain('Maya Flow Studio');
    expect(rootHtml(servicePage.body)).toContain('The best way to start a day in Bali.');
    // The cancellation policy, before booking, as checkout states it.
    expect(rootHtml(servicePage.body)).toContain(
      'Cancellation policy: cancel at least 24 hours before the start for a full refund',
    );

    const providerPage = await t.app.inject({ url: `/provider/${user.id}` });
    expect(providerPage.statusCode).toBe(200);
    expect(rootHtml(providerPage.body)).toContain('Maya Flow Studio');
    expect(rootHtml(providerPage.body)).toContain('Sunrise Vinyasa on the Beach');
    expect(rootHtml(providerPage.body)).toContain('The best way to start a day in Bali.');
  });

  it('/services/{id}, as people type it, is moved for good to /service/{id} (language and query kept)', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    const plain = await t.app.inject({ url: `/services/${id}?date=2031-02-14` });
    expect(plain.statusCode).toBe(301);
    expect(plain.headers.location).toBe(`/service/${id}?date=2031-02-14`);
    const ja = await t.app.inject({ url: `/ja/services/${id}` });
    expect(ja.statusCode).toBe(301);
    expect(ja.headers.location).toBe(`/ja/service/${id}`);
    // The API's own path is not a page.
    expect((await t.app.inject({ url: `/api/services/${id}` })).statusCode).toBe(404);
  });

  it("service page: the booking calendar's free days are in the page data, for the month it opens on", async () => {
    const { service } = await catalog();
    const freeDaysOf = (html: string) =>
      pageData(html).queries.queries.filter((q) => q.queryKey[2] === 'available-days' && q.queryKey[1] === service.id);

    const res = await t.app.inject({ url: `/service/${service.id}`, cookies: { tz: 'Asia/Tokyo' } });
    const { today } = pageData(res.body).clock;
    const [first, ...more] = freeDaysOf(res.body);
    expect(more).toEqual([]);
    expect(first?.queryKey[3]).toEqual({ month: today.slice(0, 7), hours: service.minHours });
    expect(first?.state.status).toBe('success');
    expect(first?.state.data).toMatchObject({ month: today.slice(0, 7) });
    // The calendar is rendered knowing them (it waits for nothing in the browser).
    expect(rootHtml(res.body)).toContain('data-free-days="known"');

    // A chosen date (back from sign-in) opens the calendar on its month.
    const chosen = await t.app.inject({ url: `/service/${service.id}?date=2031-02-14` });
    expect(freeDaysOf(chosen.body).map((q) => q.queryKey[3])).toEqual([{ month: '2031-02', hours: service.minHours }]);
  });

  it('carries no router state: the browser routes declaratively and runs no loader to hydrate', async () => {
    const { service } = await catalog();
    const res = await t.app.inject({ url: `/service/${service.id}` });
    const data = pageData(res.body);
    expect(data.routeErrors).toBeNull();
    expect(data).not.toHaveProperty('router');
    expect(data.queries.queries.some((q) => q.queryKey[0] === '/api/services' && q.queryKey[1] === service.id)).toBe(
      true,
    );
  });
});

describe('the visitor', () => {
  it('anonymous: the page carries a signed-out user, so the browser never asks /api/auth/me', async () => {
    await catalog();
    const res = await t.app.inject({ url: '/' });
    const me = pageData(res.body).queries.queries.find((q) => q.queryKey[0] === '/api/auth/me');
    expect(me?.state).toMatchObject({ status: 'success', data: null });
    expect(rootHtml(res.body)).toContain('Sign In');
  });

  it('signed in: the header and the saved hearts are theirs, and the page is private', async () => {
    const { service } = await catalog();
    const { user, cookies } = await signUp(t.app, { name: 'Priya Shah' });
    await createFavorite(t.db, { userId: user.id, serviceId: service.id });
    const res = await t.app.inject({ url: `/service/${service.id}`, cookies });
    expect(res.statusCode).toBe(200);
    const data = pageData(res.body);
    const me = data.queries.queries.find((q) => q.queryKey[0] === '/api/auth/me');
    expect(me?.state.data).toMatchObject({ id: user.id, name: 'Priya Shah' });
    expect(rootHtml(res.body)).not.toContain('>Sign In<');
    expect(rootHtml(res.body)).toContain('aria-label="Remove from saved"');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers.vary).toMatch(/Cookie/);

    // Another visitor's page holds none of it.
    const other = await t.app.inject({ url: `/service/${service.id}` });
    expect(other.body).not.toContain('Priya Shah');
    expect(rootHtml(other.body)).toContain('aria-label="Save service"');
  });
});

describe('status, theme and clock', () => {
  it('answers 404 with the not-found page for unknown paths and records', async () => {
    for (const url of ['/no-such-page', '/service/00000000-0000-4000-8000-000000000000', '/provider/nope']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(rootHtml(res.body), url).toContain('Page Not Found');
      expect(res.body, url).toContain('<meta name="robots" content="noindex" />');
    }
  });

  it('renders in the theme the visitor chose (no flash before scripts run)', async () => {
    const dark = await t.app.inject({ url: '/', cookies: { theme: 'dark' } });
    expect(dark.body).toContain('<html lang="en" dir="ltr" class="dark" style="color-scheme: dark">');
    const light = await t.app.inject({ url: '/', cookies: { theme: 'light' } });
    expect(light.body).toContain('<html lang="en" dir="ltr" class="light" style="color-scheme: light">');
    const junk = await t.app.inject({ url: '/', cookies: { theme: '"><script>' } });
    expect(junk.body).toContain('<html lang="en" dir="ltr">');
  });

  it('writes dates in the zone the browser reported (tz cookie), UTC on a first visit', async () => {
    const { service } = await catalog();
    const traveler = await createUser(t.db);
    const booking = await createBooking(t.db, {
      serviceId: service.id,
      providerId: service.providerId,
      userId: traveler.id,
      status: 'COMPLETED',
    });
    // 23:30 UTC on 8 March 2026 is already 9 March in Tokyo.
    await createReview(t.db, booking, { createdAt: new Date('2026-03-08T23:30:00Z') });
    const utc = await t.app.inject({ url: `/service/${service.id}` });
    expect(rootHtml(utc.body)).toContain('Mar 8, 2026');
    expect(pageData(utc.body).clock.timeZone).toBe('UTC');
    const tokyo = await t.app.inject({ url: `/service/${service.id}`, cookies: { tz: 'Asia/Tokyo' } });
    expect(rootHtml(tokyo.body)).toContain('Mar 9, 2026');
    expect(pageData(tokyo.body).clock.timeZone).toBe('Asia/Tokyo');
    const bogus = await t.app.inject({ url: `/service/${service.id}`, cookies: { tz: 'Mars/Olympus' } });
    expect(pageData(bogus.body).clock.timeZone).toBe('UTC');
  });

  it('a page whose data cannot be loaded is a useful 503 page, never a stack', async () => {
    const database = await openTestDatabase();
    const app = await buildApp({ db: database.db, config: testConfig(), logger: false });
    try {
      const { cookies } = await signUp(app);
      await database.close();
      // A signed-in visitor whose session cannot be checked is not sent to sign in.
      const settings = await app.inject({ url: '/settings', cookies });
      expect(settings.statusCode).not.toBe(302);
      expect(settings.body).not.toMatch(/"fetchFailureReason":\{/);
      for (const url of ['/service/00000000-0000-4000-8000-000000000000', '/']) {
        const res = await app.inject({ url });
        expect(res.statusCode, url).toBe(503);
        expect(res.headers['content-type'], url).toMatch(/^text\/html/);
        expect(rootHtml(res.body), url).toContain('Try again');
        expect(res.body, url).not.toMatch(/at \w+ \(|Error:/);
      }
    } finally {
      await app.close();
    }
  });
});

describe('signed-in screens', () => {
  it('an email verification link opened signed out goes to sign in and back, without rendering the page', async () => {
    const res = await t.app.inject({ url: '/auth/verify-email?token=abc123' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/auth/signin?next=%2Fauth%2Fverify-email%3Ftoken%3Dabc123&reason=verify');
    // Without a token there is nothing to confirm: the page itself says so.
    expect((await t.app.inject({ url: '/auth/verify-email' })).statusCode).toBe(200);
    // Signed in, the page is rendered (and confirms in the browser).
    const { cookies } = await signUp(t.app, { name: 'Ines Costa' });
    const signedIn = await t.app.inject({ url: '/auth/verify-email?token=abc123', cookies });
    expect(signedIn.statusCode).toBe(200);
    expect(rootHtml(signedIn.body)).toContain('Verify your email');
  });

  it('settings: a signed-out visitor is sent to sign in; the owner gets the page with their sessions', async () => {
    const anonymous = await t.app.inject({ url: '/settings' });
    expect(anonymous.statusCode).toBe(302);
    expect(anonymous.headers.location).toBe('/auth/signin?next=%2Fsettings');
    // The page's query goes along (decision 016).
    const withQuery = await t.app.inject({ url: '/settings?tab=sessions' });
    expect(withQuery.headers.location).toBe('/auth/signin?next=%2Fsettings%3Ftab%3Dsessions');

    const { cookies, email } = await signUp(t.app, { name: 'Ines Costa' });
    const res = await t.app.inject({ url: '/settings', cookies });
    expect(res.statusCode).toBe(200);
    expect(rootHtml(res.body)).toContain('Ines Costa');
    const sessions = pageData(res.body).queries.queries.find((q) => q.queryKey[0] === '/api/account/sessions');
    expect(sessions?.state.status).toBe('success');
    expect(res.body).toContain(email);
  });

  it('sign-in and sign-up send a signed-in visitor home', async () => {
    const { cookies } = await signUp(t.app);
    for (const url of ['/auth/signin', '/auth/signup']) {
      const res = await t.app.inject({ url, cookies });
      expect(res.statusCode, url).toBe(302);
      expect(res.headers.location, url).toBe('/');
      expect((await t.app.inject({ url })).statusCode, url).toBe(200);
    }
  });

  it('sign-in and sign-up send a signed-in visitor on to a safe next, and home for a hostile one', async () => {
    const { cookies } = await signUp(t.app);
    for (const page of ['/auth/signin', '/auth/signup']) {
      const res = await t.app.inject({
        url: `${page}?next=${encodeURIComponent('/service/1?date=2026-12-01')}`,
        cookies,
      });
      expect(res.headers.location, page).toBe('/service/1?date=2026-12-01');
      for (const hostile of ['//evil.com', '/\\evil.com', 'https://evil.com', 'javascript:alert(1)', '/auth/signin']) {
        const bad = await t.app.inject({ url: `${page}?next=${encodeURIComponent(hostile)}`, cookies });
        expect(bad.statusCode, hostile).toBe(302);
        expect(bad.headers.location, hostile).toBe('/');
      }
    }
  });

  it('Google sign-in hands back only a safe next', async () => {
    const ok = await t.app.inject({ url: `/api/auth/google?next=${encodeURIComponent('/browse?city=Lisbon')}` });
    expect(ok.statusCode).toBe(302);
    expect(ok.headers.location).toBe('/auth/signin?error=google_not_configured&next=%2Fbrowse%3Fcity%3DLisbon');
    for (const hostile of ['//evil.com', 'https://evil.com', '/%2F%2Fevil.com', 'x'.repeat(5000)]) {
      const res = await t.app.inject({ url: `/api/auth/google?next=${encodeURIComponent(hostile)}` });
      expect(res.headers.location, hostile).toBe('/auth/signin?error=google_not_configured');
    }
  });
});
