import { describe, expect, it } from 'vitest';
import { DEMO_EXCHANGE_RATES } from '../db/seed/content/exchange-rates.ts';
import { buildDemoMoney } from '../db/seed/demo-money.ts';
import { createBooking, createCategory, createFavorite, createService, createUser } from '../db/seed/factories.ts';
import { ledgerEntries, manualSettlements, payments } from '../db/schema.ts';
import { createSession, SESSION_COOKIE } from './session.ts';
import { signUp, useTestApp } from '../test/test-app.ts';

const t = useTestApp();

/** The visible text of the page's root, tags and React's text separators removed. */
function pageText(html: string): string {
  const root = html.slice(html.indexOf('<div id="root">'), html.indexOf('locora-page-data'));
  return root
    .replace(/<!--.*?-->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ');
}

/** `price` shown whole: '$40' must not be read in '$40.00' or '$400'. */
const shows = (text: string, price: string) =>
  new RegExp(`${price.replace(/[$.]/g, (c) => `\\${c}`)}(?![\\d.,])`).test(text);

/** The three prices every screen must show exactly (decision 035). */
const PRICES = [
  { title: 'Tide pool walk', cents: 3999, text: '$39.99', unit: 'per hour' as const },
  { title: 'Harbour kayak hour', cents: 4000, text: '$40', unit: 'per hour' as const },
  { title: 'Private yacht day', cents: 125_050, text: '$1,250.50', unit: 'per day' as const },
];

async function adminCookies() {
  const admin = await createUser(t.db, { role: 'ADMIN', name: 'Ada Admin' });
  const { token } = await createSession(t.db, admin.id, 'test');
  return { [SESSION_COOKIE]: token };
}

/** A provider (signed up, so they have cookies) with the three services, and a traveler. */
async function marketplace() {
  const provider = await signUp(t.app, { role: 'PROVIDER', name: 'Marta Provider', timeZone: 'America/New_York' });
  const me = (await t.app.inject({ url: '/api/provider/me', cookies: provider.cookies })).json();
  const category = await createCategory(t.db, { name: 'Boat trips', slug: 'boat-trips' });
  const services = [];
  for (const p of PRICES)
    services.push(
      await createService(t.db, {
        providerId: me.id,
        categoryId: category.id,
        title: p.title,
        city: 'Lisbon',
        priceCents: p.cents,
        pricingUnit: p.unit,
        minHours: p.unit === 'per day' ? 8 : 1,
      }),
    );
  const traveler = await signUp(t.app, { name: 'Tomas Traveler' });
  return { provider, providerUserId: me.userId as string, services, traveler };
}

describe('one exact price on every screen: $39.99, $40 and $1,250.50', () => {
  it('browse cards, the service page, the provider profile, favourites, checkout and admin moderation', async () => {
    const m = await marketplace();
    for (const s of m.services) await createFavorite(t.db, { userId: m.traveler.user.id, serviceId: s.id });
    const admin = await adminCookies();

    const screens: [string, Record<string, string> | undefined][] = [
      ['/browse', undefined],
      [`/provider/${m.providerUserId}`, undefined],
      ['/dashboard/traveler?tab=saved', m.traveler.cookies],
      ['/admin/services', admin],
    ];
    for (const [url, cookies] of screens) {
      const res = await t.app.inject({ url, ...(cookies ? { cookies } : {}) });
      expect(res.statusCode, url).toBe(200);
      const text = pageText(res.body);
      for (const p of PRICES) {
        expect(text, `${url}: ${p.title}`).toContain(p.title);
        expect(shows(text, p.text), `${url} shows ${p.text}`).toBe(true);
      }
      // Whole-dollar rounding would have shown these.
      expect(shows(text, '$1,251'), url).toBe(false);
      expect(text, url).not.toContain('.00');
    }

    for (const [i, p] of PRICES.entries()) {
      const service = m.services[i]!;
      const page = pageText((await t.app.inject({ url: `/service/${service.id}` })).body);
      expect(page).toContain(`${p.text} ${p.unit}`);
      const checkout = pageText(
        (await t.app.inject({ url: `/checkout/${service.id}?date=2026-12-01`, cookies: m.traveler.cookies })).body,
      );
      expect(checkout, p.title).toContain(`Price ${p.text} ${p.unit}`);
    }
  });

  it("the provider's dashboard: service cards, Revenue, and what the traveler pays and the provider receives", async () => {
    const m = await marketplace();
    const [walk, kayak, yacht] = m.services as [(typeof m.services)[0], (typeof m.services)[0], (typeof m.services)[0]];
    const past = new Date(Date.now() - 10 * 24 * 3600_000);
    // Revenue: one completed day on the yacht, $1,250.50, paid by card (Revenue reads the ledger).
    const day = await createBooking(t.db, {
      service: yacht,
      userId: m.traveler.user.id,
      status: 'COMPLETED',
      startAt: past,
      hours: 8,
    });
    const admin = await createUser(t.db, { role: 'ADMIN', name: 'Ada Admin' });
    const money = buildDemoMoney([day], {
      now: new Date(),
      adminId: admin.id,
      rates: DEMO_EXCHANGE_RATES,
    });
    await t.db.insert(payments).values(money.payments);
    await t.db.insert(ledgerEntries).values(money.ledgerEntries);
    await t.db.insert(manualSettlements).values(money.manualSettlements);
    // A request for two hours of the walk: $79.98 + $4 fee = $83.98.
    await createBooking(t.db, {
      service: walk,
      userId: m.traveler.user.id,
      hours: 2,
      startAt: new Date(Date.now() + 5 * 24 * 3600_000),
    });
    // A request for one hour of the kayak, declined with a reason.
    const declined = await createBooking(t.db, {
      service: kayak,
      userId: m.traveler.user.id,
      hours: 1,
      startAt: new Date(Date.now() + 6 * 24 * 3600_000),
    });
    const answer = await t.app.inject({
      method: 'POST',
      url: `/api/bookings/${declined.id}/decline`,
      cookies: m.provider.cookies,
      payload: { reason: 'The boat is in repair' },
    });
    expect(answer.statusCode).toBe(200);

    const services = pageText((await t.app.inject({ url: '/dashboard/provider', cookies: m.provider.cookies })).body);
    for (const p of PRICES) expect(services, p.title).toContain(`${p.text} ${p.unit}`);
    expect(services).toContain('Revenue $1,250.50');
    expect(services).toContain('Welcome back, Marta Provider.');

    const requests = pageText(
      (await t.app.inject({ url: '/dashboard/provider?tab=bookings', cookies: m.provider.cookies })).body,
    );
    expect(requests).toContain('Traveler pays $83.98 You receive $79.98');
    expect(requests).toContain('Traveler paid $1,313.03 You receive $1,250.50');
    // The declined request reads Declined, with its reason; nothing is promised to the provider.
    expect(requests).toContain('Declined');
    expect(requests).not.toContain('Canceled');
    expect(requests).toContain('You declined this request. Reason: The boat is in repair');
    expect(requests).toContain('Booking total $42');
    expect(shows(requests, '$42')).toBe(true);

    const traveler = pageText((await t.app.inject({ url: '/dashboard/traveler', cookies: m.traveler.cookies })).body);
    expect(traveler).toContain('You pay $83.98');
    const travelerPast = pageText(
      (await t.app.inject({ url: '/dashboard/traveler?tab=past', cookies: m.traveler.cookies })).body,
    );
    expect(travelerPast).toContain('You paid $1,313.03');
    expect(travelerPast).toContain('Booking total $42');
    expect(travelerPast).toContain('Marta Provider declined this request. Reason: The boat is in repair');
  });

  it('a brand-new provider is welcomed, not welcomed back, and has a rating of New, not 0.0', async () => {
    const { cookies } = await signUp(t.app, { role: 'PROVIDER', name: 'Nina New', timeZone: 'America/New_York' });
    const text = pageText((await t.app.inject({ url: '/dashboard/provider', cookies })).body);
    expect(text).toContain('Welcome, Nina New.');
    expect(text).not.toContain('Welcome back');
    expect(text).toContain('Rating New No reviews yet');
    expect(text).not.toContain('0.0');
    expect(text).toContain('Revenue $0');
  });

  it('search engines read a plain decimal price; the page description reads it as the screens do', async () => {
    const m = await marketplace();
    for (const [i, p] of PRICES.entries()) {
      const html = (await t.app.inject({ url: `/service/${m.services[i]!.id}` })).body;
      const ld = JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)![1]!);
      const decimal = (p.cents / 100).toFixed(2);
      expect(ld.offers).toMatchObject({ price: decimal, priceCurrency: 'USD' });
      expect(ld.offers.priceSpecification.price).toBe(decimal);
      expect(html).toContain(`${p.text} ${p.unit}.`);
    }
    const profile = (await t.app.inject({ url: `/provider/${m.providerUserId}` })).body;
    const ld = JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(profile)![1]!);
    expect(ld.makesOffer.map((o: { price: string }) => o.price).sort()).toEqual(['1250.50', '39.99', '40.00']);
  });
});
