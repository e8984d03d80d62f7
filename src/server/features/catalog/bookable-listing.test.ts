import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Config } from '../../config.ts';
import { createCategory, createProvider, createService } from '../../db/seed/factories.ts';
import { onboardProvider } from '../../test/connect-fixture.ts';
import { startStripeServer, type StripeServer } from '../../test/stripe-server.ts';
import { useTestApp } from '../../test/test-app.ts';

/**
 * With card payments configured, a service whose provider cannot be paid yet is not listed:
 * search (and its count), featured, the city suggestions' counts, the sitemap and the provider's
 * public list leave it out until the provider's payouts account can receive the money; its own
 * page still opens and says why it cannot be booked.
 */
let stripe: StripeServer;
beforeAll(async () => {
  stripe = await startStripeServer({ connectWebhookSecret: 'whsec_locora_connect_test' });
});
afterAll(async () => {
  await stripe?.close();
});

const t = useTestApp({
  get stripe(): Config['stripe'] {
    return {
      secretKey: stripe.secretKey,
      publishableKey: stripe.publishableKey,
      webhookSecret: stripe.webhookSecret,
      connectWebhookSecret: stripe.connectWebhookSecret,
      platformCountry: 'US',
      apiUrl: stripe.url,
      timeoutMs: 700,
    };
  },
  publicUrl: 'http://localhost:3000',
} as Partial<Config>);

type Fixture = Awaited<ReturnType<typeof buildFixture>>;
let f: Fixture;

async function buildFixture() {
  const category = await createCategory(t.db, { name: 'Massage', slug: 'massage' });
  const make = async (name: string) => {
    const p = await createProvider(t.db, { displayName: name, baseCity: 'Lisbon', timeZone: 'Europe/Lisbon' });
    const service = await createService(t.db, {
      providerId: p.provider.id,
      categoryId: category.id,
      title: `Massage by ${name}`,
      city: 'Lisbon',
    });
    return { ...p, service };
  };
  const paid = await make('Paula Paid');
  const none = await make('Nuno NoAccount');
  const pending = await make('Pia Pending');
  const japan = await make('Jun Japan');
  await onboardProvider(t.db, stripe, paid.provider.id, { country: 'US' });
  await onboardProvider(t.db, stripe, pending.provider.id, { country: 'US', state: 'details_needed' });
  // A Japanese account is charged on its behalf: it needs card payments active too (it is, once onboarded).
  await onboardProvider(t.db, stripe, japan.provider.id, { country: 'JP' });
  return { category, paid, none, pending, japan };
}

beforeEach(async () => {
  f = await buildFixture();
});

const idsOf = (body: { id: string }[]) => body.map((x) => x.id).sort();

describe('with payments configured, a provider who cannot be paid', () => {
  it('is absent from search, and the count is exact', async () => {
    const listed = [f.paid.service.id, f.japan.service.id].sort();
    for (const qs of ['', 'q=massage', 'city=lisbon', 'category=massage&city=lisb', 'q=massage+in+lisbon']) {
      const res = await t.app.inject({ url: `/api/services?${qs}` });
      expect(idsOf(res.json()), qs).toEqual(listed);
      expect(res.headers['x-total-count'], qs).toBe('2');
    }
  });

  it('is absent from featured services, the city box counts and the sitemap', async () => {
    const featured = (await t.app.inject({ url: '/api/services/featured' })).json();
    expect(idsOf(featured)).toEqual([f.paid.service.id, f.japan.service.id].sort());
    const cities = (await t.app.inject({ url: '/api/cities/suggest?q=lisb' })).json();
    expect(cities).toEqual([expect.objectContaining({ city: 'Lisbon', serviceCount: 2 })]);
    const sitemap = (await t.app.inject({ url: '/sitemap-en.xml' })).body;
    expect(sitemap).toContain(`/service/${f.paid.service.id}`);
    expect(sitemap).toContain(`/provider/${f.paid.user.id}`);
    for (const x of [f.none, f.pending]) {
      expect(sitemap).not.toContain(x.service.id);
      expect(sitemap).not.toContain(x.user.id);
    }
  });

  it('lists nothing on their public profile, while their service page says why', async () => {
    const profile = (await t.app.inject({ url: `/api/providers/${f.none.user.id}` })).json();
    expect(profile.services).toEqual([]);
    expect(profile._count).toEqual({ services: 0 });
    const page = (await t.app.inject({ url: `/api/services/${f.none.service.id}` })).json();
    expect(page.bookingsClosedReason).toBe('This provider is not accepting bookings yet.');
    const paid = (await t.app.inject({ url: `/api/providers/${f.paid.user.id}` })).json();
    expect(idsOf(paid.services)).toEqual([f.paid.service.id]);
  });

  it('is listed as soon as their account becomes active', async () => {
    await onboardProvider(t.db, stripe, f.none.provider.id, { country: 'US' });
    const res = await t.app.inject({ url: '/api/services?q=massage' });
    expect(res.headers['x-total-count']).toBe('3');
    expect(idsOf(res.json())).toContain(f.none.service.id);
  });
});
