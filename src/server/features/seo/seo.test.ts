import { describe, expect, it } from 'vitest';
import {
  createBooking,
  createCategory,
  createProvider,
  createReview,
  createService,
  createUser,
} from '../../db/seed/factories.ts';
import { useTestApp } from '../../test/test-app.ts';
import { escapeHtml, safeJsonForHtml, truncate } from '../../../shared/seo/head.ts';

const t = useTestApp();

function jsonLdOf(html: string) {
  const m = html.match(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/);
  return m ? JSON.parse(m[1]!) : undefined;
}

async function fixture() {
  const category = await createCategory(t.db, { name: 'Massage', slug: 'massage' });
  const { user, provider } = await createProvider(t.db, {
    displayName: 'Ana "The Hands" <Lima>',
    baseCity: 'Lisbon',
    bio: 'Licensed therapist. </script><script>alert(1)</script>',
    govIdStatus: 'APPROVED',
    avatar: '/media/avatars/ana.svg',
  });
  const service = await createService(t.db, {
    providerId: provider.id,
    categoryId: category.id,
    title: 'Deep tissue </title><script>x</script>',
    description: 'Firm pressure & care.',
    city: 'Lisbon',
    priceCents: 8050,
    photos: ['/media/services/massage/1.svg'],
  });
  // Two reviews (5 and 4): the service and its provider are both 4.5 from 2 (the reviews trigger).
  const traveler = await createUser(t.db);
  for (const [i, rating] of [5, 4].entries()) {
    const booking = await createBooking(t.db, {
      service,
      userId: traveler.id,
      status: 'COMPLETED',
      startAt: new Date(Date.now() - (10 + i) * 86400_000),
    });
    await createReview(t.db, booking, { rating });
  }
  return { user, provider, service, category };
}

describe('service and provider pages carry their own head', () => {
  it('renders title, description, canonical, Open Graph, Twitter and Service JSON-LD, escaped', async () => {
    const { service, user } = await fixture();
    const res = await t.app.inject({ url: `/service/${service.id}`, headers: { host: 'locora.test' } });
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(html).toContain(
      '<title>Deep tissue &lt;/title&gt;&lt;script&gt;x&lt;/script&gt; in Lisbon · Locora</title>',
    );
    expect(html).not.toContain('<script>x</script>');
    expect(html).not.toContain('Shell description');
    expect(html).toContain(`<link rel="canonical" href="http://locora.test/service/${service.id}" />`);
    expect(html).toContain('<meta property="og:image" content="http://locora.test/media/services/massage/1.svg" />');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
    // The first photo is the page's largest paint: asked for at the top of the head, before its scripts.
    expect(html).toContain(
      '<link rel="preload" as="image" fetchpriority="high" href="/media/services/massage/1.svg" />',
    );
    expect(html).toMatch(
      /<meta name="description" content="Massage in Lisbon by Ana &quot;The Hands&quot; &lt;Lima&gt;: \$80\.50 per hour\. Firm pressure &amp; care\." \/>/,
    );
    const ld = jsonLdOf(html);
    expect(ld).toMatchObject({
      '@type': 'Service',
      name: 'Deep tissue </title><script>x</script>',
      offers: { '@type': 'Offer', price: '80.50', priceCurrency: 'USD' },
      aggregateRating: { '@type': 'AggregateRating', ratingValue: '4.5', reviewCount: 2 },
      provider: { url: `http://locora.test/provider/${user.id}` },
    });
  });

  it('writes a page’s head in its language, its canonical address under its prefix', async () => {
    const { service, user } = await fixture();
    const res = await t.app.inject({ url: `/ja/service/${service.id}`, headers: { host: 'locora.test' } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(
      '<title>Deep tissue &lt;/title&gt;&lt;script&gt;x&lt;/script&gt;（Lisbon）· Locora</title>',
    );
    expect(res.body).toContain(`<link rel="canonical" href="http://locora.test/ja/service/${service.id}" />`);
    expect(res.body).toMatch(/<meta name="description" content="Lisbonのマッサージ、提供者 Ana/);
    expect(res.body).not.toContain(' in Lisbon by ');
    const profile = await t.app.inject({ url: `/th/provider/${user.id}`, headers: { host: 'locora.test' } });
    expect(profile.body).toContain(`<link rel="canonical" href="http://locora.test/th/provider/${user.id}" />`);
    expect(profile.body).toContain('ใน Lisbon · Locora</title>');
  });

  it('preloads an uploaded first photo at the width the carousel will choose (its srcset and sizes)', async () => {
    const { provider, category } = await fixture();
    const photo = '/uploads/photos/0b6f3f5e-52a3-4a8e-9a55-3c1d2b7f9e10-w1600.webp';
    const uploaded = await createService(t.db, { providerId: provider.id, categoryId: category.id, photos: [photo] });
    const res = await t.app.inject({ url: `/service/${uploaded.id}` });
    expect(res.statusCode).toBe(200);
    const link = /<link rel="preload" as="image"[^>]*>/.exec(res.body)?.[0] ?? '';
    expect(link).toContain('imagesrcset="/uploads/photos/0b6f3f5e-52a3-4a8e-9a55-3c1d2b7f9e10-w');
    expect(link).toContain('-w1600.webp 1600w"');
    expect(link).toContain('imagesizes="(min-width: 1280px) 830px, (min-width: 1024px) calc(100vw - 27rem), 100vw"');
    // The same choice the page's <img> offers.
    const img = /<img[^>]*src="\/uploads\/photos\/[^>]*>/.exec(res.body)?.[0] ?? '';
    const src = / src="([^"]+)"/.exec(img)?.[1];
    const srcset = / srcset="([^"]+)"/i.exec(img)?.[1];
    expect(src).toBeDefined();
    expect(link).toContain(`href="${src}"`);
    expect(link).toContain(`imagesrcset="${srcset}"`);
  });

  it("gives an unrated service no aggregateRating, even when its provider's is high", async () => {
    const { provider, category } = await fixture();
    const fresh = await createService(t.db, { providerId: provider.id, categoryId: category.id, title: 'New one' });
    const res = await t.app.inject({ url: `/service/${fresh.id}`, headers: { host: 'locora.test' } });
    expect(res.statusCode).toBe(200);
    expect(jsonLdOf(res.body).aggregateRating).toBeUndefined();
  });

  it('renders a LocalBusiness for a provider, with the bio unable to break out of its script', async () => {
    const { user } = await fixture();
    const res = await t.app.inject({ url: `/provider/${user.id}`, headers: { host: 'locora.test' } });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('</script><script>alert(1)');
    const ld = jsonLdOf(res.body);
    expect(ld).toMatchObject({
      '@type': 'LocalBusiness',
      name: 'Ana "The Hands" <Lima>',
      address: { addressLocality: 'Lisbon' },
      aggregateRating: { ratingValue: '4.5' },
    });
    expect(ld.makesOffer).toHaveLength(1);
    expect(res.body).toContain('<meta property="og:type" content="profile" />');
  });

  it('answers 404 with noindex for unknown, malformed and inactive services', async () => {
    const { service } = await fixture();
    const { services } = await import('../../db/schema.ts');
    await t.db.update(services).set({ isActive: false });
    for (const url of [
      `/service/${service.id}`,
      '/service/nope',
      '/service/00000000-0000-4000-8000-000000000000',
      '/provider/nope',
    ]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body).toContain('noindex');
    }
  });
});

describe('sitemap and robots', () => {
  it('lists active services and providers with services', async () => {
    const { service, user } = await fixture();
    const hidden = await createService(t.db, { isActive: false });
    const res = await t.app.inject({ url: '/sitemap-en.xml', headers: { host: 'locora.test' } });
    expect(res.headers['content-type']).toContain('application/xml');
    expect(res.body).toContain(`<loc>http://locora.test/service/${service.id}</loc>`);
    expect(res.body).toContain(`<loc>http://locora.test/provider/${user.id}</loc>`);
    expect(res.body).not.toContain(hidden.id);
  });

  it('a sitemap per language: the same pages under the language, each with its alternates; others 404', async () => {
    const { service } = await fixture();
    const english = await t.app.inject({ url: '/sitemap-en.xml', headers: { host: 'locora.test' } });
    expect(english.body).toContain(
      `<xhtml:link rel="alternate" hreflang="ja" href="http://locora.test/ja/service/${service.id}"/>`,
    );
    expect(english.body).toContain(
      `<xhtml:link rel="alternate" hreflang="x-default" href="http://locora.test/service/${service.id}"/>`,
    );
    for (const locale of ['es', 'pt-BR', 'pt-PT', 'ja', 'th', 'id']) {
      const res = await t.app.inject({ url: `/sitemap-${locale}.xml`, headers: { host: 'locora.test' } });
      expect(res.statusCode, locale).toBe(200);
      expect(res.headers['content-type']).toContain('application/xml');
      expect(res.body).toContain(`<loc>http://locora.test/${locale}/service/${service.id}</loc>`);
      expect(res.body).toContain(`<loc>http://locora.test/${locale}</loc>`);
      expect(res.body).toContain(`<loc>http://locora.test/${locale}/browse</loc>`);
      expect(res.body).not.toContain(`<loc>http://locora.test/service/`);
    }
    for (const other of ['/sitemap-fr.xml', '/sitemap-JA.xml', '/sitemap-.xml'])
      expect((await t.app.inject({ url: other })).statusCode, other).toBe(404);
  });

  it('/sitemap.xml is an index of the sitemap of every language, and robots.txt points at it', async () => {
    const index = await t.app.inject({ url: '/sitemap.xml', headers: { host: 'locora.test' } });
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toContain('application/xml');
    expect(index.body).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const listed = [...index.body.matchAll(/<sitemap><loc>([^<]+)<\/loc><\/sitemap>/g)].map((m) => m[1]);
    expect(listed).toEqual(
      ['en', 'es', 'pt-BR', 'pt-PT', 'ja', 'th', 'id'].map((locale) => `http://locora.test/sitemap-${locale}.xml`),
    );
    for (const address of listed) {
      const res = await t.app.inject({ url: new URL(address!).pathname, headers: { host: 'locora.test' } });
      expect(res.statusCode, address).toBe(200);
      expect(res.body, address).toContain('<urlset');
    }
    const robots = await t.app.inject({ url: '/robots.txt', headers: { host: 'locora.test' } });
    expect(robots.body).toContain('Sitemap: http://locora.test/sitemap.xml');
    expect(robots.body).toContain('Disallow: /api/');
  });
});

describe('escaping helpers', () => {
  it('escape HTML and JSON for inline use', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
    expect(safeJsonForHtml({ a: '</script>&\u2028' })).toBe('{"a":"\\u003c/script\\u003e\\u0026\\u2028"}');
    expect(JSON.parse(safeJsonForHtml({ a: '</script>' }))).toEqual({ a: '</script>' });
    expect(truncate('one two three four', 10)).toBe('one two…');
  });
});

describe('hostile text and headers', () => {
  it('keeps "$&" and "$`" in names literal in the head', async () => {
    const { user } = await createProvider(t.db, { displayName: 'Eve $` $& $$ x', baseCity: 'Lisbon' });
    const res = await t.app.inject({ url: `/provider/${user.id}`, headers: { host: 'locora.test' } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Eve $` $&amp; $$ x in Lisbon · Locora</title>');
    expect(res.body.match(/<title>/g)).toHaveLength(1);
  });

  it('does not fail on a malformed Host header', async () => {
    const { service } = await fixture();
    for (const host of ['a b', '[', 'x:99999']) {
      const res = await t.app.inject({ url: `/service/${service.id}`, headers: { host } });
      // The page is served, with absolute URLs on the local origin instead of the bad host.
      expect(res.statusCode, host).toBe(200);
      expect(res.headers['content-type'], host).toMatch(/^text\/html/);
      expect(res.body, host).toContain(
        `<link rel="canonical" href="http://localhost:${t.config.port}/service/${service.id}" />`,
      );
      expect(res.body, host).not.toContain(host === '[' ? 'http://[' : `//${host}`);
    }
  });
});
