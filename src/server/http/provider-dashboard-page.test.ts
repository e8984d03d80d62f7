import { describe, expect, it } from 'vitest';
import { createBooking, createCategory, createService, createUser } from '../db/seed/factories.ts';
import { signUp, useTestApp } from '../test/test-app.ts';

const t = useTestApp();

function pageData(html: string) {
  const m = html.match(/<script type="application\/json" id="locora-page-data">([\s\S]*?)<\/script>/);
  if (!m) throw new Error('no page data in the HTML');
  return JSON.parse(m[1]!) as { queries: { queries: { queryKey: unknown[]; state: { status: string } }[] } };
}
const rootHtml = (html: string) => html.slice(html.indexOf('<div id="root">'), html.indexOf('locora-page-data'));

describe('/dashboard/provider (server-rendered)', () => {
  it('sends a signed-out visitor to sign in', async () => {
    const res = await t.app.inject({ url: '/dashboard/provider' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/auth/signin?next=%2Fdashboard%2Fprovider');
  });

  it('renders a provider’s dashboard with their numbers, services and bookings in their zone', async () => {
    const { cookies, user } = await signUp(t.app, {
      role: 'PROVIDER',
      name: 'Nadia Provider',
      timeZone: 'America/New_York',
    });
    const category = await createCategory(t.db, { name: 'Massage', slug: 'massage' });
    const me = await t.app.inject({ url: '/api/provider/me', cookies });
    const service = await createService(t.db, {
      providerId: me.json().id,
      categoryId: category.id,
      title: 'Harbour massage',
      priceCents: 4500,
      pricingUnit: 'per session',
    });
    await createService(t.db, {
      providerId: me.json().id,
      categoryId: category.id,
      title: 'Moderated walk',
      isActive: false,
    });
    const traveler = await createUser(t.db, { name: 'Rui Traveler' });
    // 14:00 UTC on 2026-07-01 is 10:00 in New York (EDT).
    await createBooking(t.db, { service, userId: traveler.id, startAt: new Date('2026-07-01T14:00:00Z'), hours: 2 });

    const res = await t.app.inject({ url: '/dashboard/provider', cookies });
    expect(res.statusCode).toBe(200);
    const html = rootHtml(res.body);
    expect(html).toContain('Provider Dashboard');
    expect(html).toContain('Harbour massage');
    expect(html).toContain('$45');
    expect(html).toContain('Pending Requests');
    // The provider can pause their own service, not undo an admin's deactivation.
    expect(html).toContain('aria-label="Pause Harbour massage"');
    expect(html).toContain('Inactive — deactivated by an admin');
    expect(html).not.toContain('Pause Moderated walk');
    const loaded = pageData(res.body)
      .queries.queries.filter((q) => q.state.status === 'success')
      .map((q) => q.queryKey[0]);
    expect(loaded).toEqual(
      expect.arrayContaining([
        '/api/provider/me',
        '/api/provider/stats',
        '/api/provider/services',
        '/api/provider/bookings',
        '/api/categories',
      ]),
    );
    expect(user.role).toBe('PROVIDER');
  });

  it('renders the tab named by ?tab= selected, its panel in the HTML; an unknown tab is Services', async () => {
    const { cookies } = await signUp(t.app, { role: 'PROVIDER', name: 'Tomas Provider' });
    /** The tab (role="tab") that is selected, by its text, and the visible panel's text. */
    const selected = (html: string) => {
      const tabs = [...html.matchAll(/<a [^>]*role="tab"[^>]*>([^<]*)<\/a>/g)];
      const on = tabs.filter((m) => m[0].includes('aria-selected="true"'));
      return { count: tabs.length, on: on.map((m) => m[1]), hrefs: tabs.map((m) => /href="([^"]*)"/.exec(m[0])?.[1]) };
    };

    const bookings = rootHtml((await t.app.inject({ url: '/dashboard/provider?tab=bookings', cookies })).body);
    expect(selected(bookings)).toEqual({
      count: 5,
      on: ['Booking Requests'],
      // Each tab is a link to its own address: a tap before hydration is a navigation to it.
      hrefs: [
        '/dashboard/provider',
        '/dashboard/provider?tab=bookings',
        '/dashboard/provider?tab=availability',
        '/dashboard/provider?tab=profile',
        '/dashboard/provider?tab=payouts',
      ],
    });
    expect(bookings).toContain('No booking requests');
    expect(bookings).not.toContain('No services yet');

    const profile = rootHtml((await t.app.inject({ url: '/dashboard/provider?tab=profile', cookies })).body);
    expect(selected(profile).on).toEqual(['Profile']);
    expect(profile).not.toContain('No booking requests');

    for (const url of ['/dashboard/provider', '/dashboard/provider?tab=nonsense']) {
      const html = rootHtml((await t.app.inject({ url, cookies })).body);
      expect(selected(html).on, url).toEqual(['Services']);
      expect(html).toContain('No services yet');
      expect(html).not.toContain('No booking requests');
    }
  });

  it('renders the Payouts tab with its figures: the account, the earnings and their bookings in the HTML', async () => {
    const { cookies } = await signUp(t.app, { role: 'PROVIDER', name: 'Paula Provider' });
    const category = await createCategory(t.db, { name: 'Sailing', slug: 'sailing' });
    const me = await t.app.inject({ url: '/api/provider/me', cookies });
    const service = await createService(t.db, {
      providerId: me.json().id,
      categoryId: category.id,
      title: 'Sunset sail',
      priceCents: 12_000,
      pricingUnit: 'per session',
    });
    const traveler = await createUser(t.db, { name: 'Ines Traveler' });
    await createBooking(t.db, {
      service,
      userId: traveler.id,
      status: 'COMPLETED',
      startAt: new Date(Date.now() - 3 * 24 * 60 * 60 * 1000),
      hours: 2,
    });

    const res = await t.app.inject({ url: '/dashboard/provider?tab=payouts', cookies });
    expect(res.statusCode).toBe(200);
    const html = rootHtml(res.body);
    // The tab's own words and figures, not its loading states.
    expect(html).toContain('Payment processing is not configured: travelers pay you as you agree with them.');
    expect(html).toContain('data-testid="earnings-all-time"');
    expect(html).toContain('data-testid="earning-row"');
    expect(html).toContain('Sunset sail');
    expect(html).toContain('No card payment');
    for (const loading of ['Loading your payouts', 'Loading your earnings', 'Loading your money'])
      expect(html, loading).not.toContain(loading);
    const loaded = pageData(res.body)
      .queries.queries.filter((q) => q.state.status === 'success')
      .map((q) => q.queryKey[0]);
    expect(loaded).toEqual(
      expect.arrayContaining([
        '/api/provider/payouts/account',
        '/api/provider/payouts/summary',
        '/api/provider/earnings',
        '/api/provider/payouts',
      ]),
    );
  });

  it('renders the Booking Requests tab with whether card payments are on', async () => {
    const { cookies } = await signUp(t.app, { role: 'PROVIDER', name: 'Bruno Provider' });
    const res = await t.app.inject({ url: '/dashboard/provider?tab=bookings', cookies });
    const loaded = pageData(res.body)
      .queries.queries.filter((q) => q.state.status === 'success')
      .map((q) => q.queryKey[0]);
    expect(loaded).toContain('/api/payments/config');
  });

  it('offers a traveler the switch, without asking for provider data', async () => {
    const { cookies } = await signUp(t.app, { name: 'Tara Traveler' });
    const res = await t.app.inject({ url: '/dashboard/provider', cookies });
    expect(res.statusCode).toBe(200);
    expect(rootHtml(res.body)).toContain('Switch to Provider');
    expect(rootHtml(res.body)).toContain('Become a provider');
    const keys = pageData(res.body).queries.queries.map((q) => String(q.queryKey[0]));
    expect(keys.filter((k) => k.startsWith('/api/provider/'))).toEqual([]);
  });
});
