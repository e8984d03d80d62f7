import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/open.ts';
import { originOf as originFor } from '../../http/origin.ts';
import { listSitemapServices } from '../catalog/catalog.ts';
import { listSitemapProviders } from '../providers/providers.ts';
import { isLocale, LOCALES, type Locale } from '../../../shared/domain/locales.ts';
import { SITEMAP_INDEX_PATH, sitemapIndexXml, sitemapXml } from './sitemap.ts';

/** Stays under the protocol's 50,000 URLs per sitemap (one sitemap per language). */
const SITEMAP_LIMIT = 50_000;

/** The sitemaps (an index and one per language) and robots.txt (the pages' own head is server-rendered with them: http/pages.ts). */
export const seoRoutes: FastifyPluginAsync<{ db: Db; config: Config }> = async (app, { db, config }) => {
  // Without PUBLIC_URL, absolute URLs come from the Host header: never let a shared cache keep them.
  const publicCache = (maxAge: number) => (config.publicUrl ? `public, max-age=${maxAge}` : 'no-store');
  const originOf = (request: FastifyRequest) => originFor(config, request);
  // With payments configured, services that cannot be booked yet are not listed (as in search).
  const connect = config.stripe ? { platformCountry: config.stripe.platformCountry } : undefined;

  /** One language's sitemap: the same pages, in that language, each with its alternates. */
  async function sitemap(request: FastifyRequest, reply: FastifyReply, locale: Locale) {
    const origin = originOf(request);
    const [serviceRows, providerRows] = await Promise.all([
      listSitemapServices(db, SITEMAP_LIMIT - 5000, connect),
      listSitemapProviders(db, 4990, connect),
    ]);
    const pages = [
      { path: '/' },
      { path: '/browse' },
      ...serviceRows.map((r) => ({ path: `/service/${r.id}`, lastmod: r.createdAt.toISOString().slice(0, 10) })),
      ...providerRows.map((r) => ({ path: `/provider/${r.userId}` })),
    ];
    return reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', publicCache(3600))
      .send(sitemapXml(origin, locale, pages));
  }

  // The index: one address (robots.txt names it) from which every language's sitemap is reached.
  app.get(SITEMAP_INDEX_PATH, { schema: { hide: true } }, (request, reply) =>
    reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', publicCache(3600))
      .send(sitemapIndexXml(originOf(request), LOCALES)),
  );
  // /sitemap-en.xml, /sitemap-ja.xml, /sitemap-pt-BR.xml, ...: a language that is not ours is a 404.
  app.get<{ Params: { locale: string } }>('/sitemap-:locale.xml', { schema: { hide: true } }, (request, reply) => {
    const { locale } = request.params;
    if (!isLocale(locale)) return reply.code(404).type('text/plain').send('Not Found');
    return sitemap(request, reply, locale);
  });

  app.get('/robots.txt', { schema: { hide: true } }, async (request, reply) => {
    const origin = originOf(request);
    const body = [
      'User-agent: *',
      'Allow: /',
      'Disallow: /api/',
      'Disallow: /dashboard/',
      'Disallow: /messages',
      'Disallow: /checkout/',
      'Disallow: /admin',
      'Disallow: /settings',
      `Sitemap: ${origin}${SITEMAP_INDEX_PATH}`,
      '',
    ].join('\n');
    return reply.type('text/plain; charset=utf-8').header('cache-control', publicCache(86400)).send(body);
  });
};
