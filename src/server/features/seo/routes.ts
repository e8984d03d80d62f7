import fs from 'node:fs';
import path from 'node:path';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/open.ts';
import { AppError } from '../../http/errors.ts';
import { isUuid } from '../../../shared/domain/ids.ts';
import { getServiceDetail, listSitemapServices } from '../catalog/catalog.ts';
import { getPublicProvider, listSitemapProviders } from '../providers/providers.ts';
import { injectHead, providerHead, serviceHead, sitemapXml, type HeadTags } from './seo.ts';

const SITEMAP_LIMIT = 50_000;

/** Server-rendered <head> for service and provider pages, plus sitemap.xml and robots.txt. */
export const seoRoutes: FastifyPluginAsync<{ db: Db; config: Config }> = async (app, { db, config }) => {
  const indexFile = path.join(config.clientDir, 'index.html');
  let shell: string | undefined;
  const readShell = () => (shell ??= fs.existsSync(indexFile) ? fs.readFileSync(indexFile, 'utf8') : undefined);
  /** PUBLIC_URL, else the origin the request came to (a malformed Host falls back to localhost). */
  const originOf = (request: FastifyRequest) => {
    if (config.publicUrl) return config.publicUrl;
    try {
      return new URL(`${request.protocol}://${request.host}`).origin;
    } catch {
      return `http://localhost:${config.port}`;
    }
  };
  // Without PUBLIC_URL, absolute URLs come from the Host header: never let a shared cache keep them.
  const publicCache = (maxAge: number) => (config.publicUrl ? `public, max-age=${maxAge}` : 'no-store');

  async function sendPage(reply: FastifyReply, build: () => Promise<HeadTags>) {
    const html = readShell();
    if (!html)
      return reply.status(503).type('text/plain; charset=utf-8').send('The client is not built. Run `npm run build`.');
    void reply.header('cache-control', config.publicUrl ? 'no-cache' : 'no-store').type('text/html; charset=utf-8');
    try {
      return reply.send(injectHead(html, await build()));
    } catch (err) {
      if (err instanceof AppError && (err.statusCode === 404 || err.statusCode === 400)) {
        return reply
          .status(404)
          .send(html.replace('</head>', '    <meta name="robots" content="noindex" />\n  </head>'));
      }
      throw err;
    }
  }

  app.get<{ Params: { id: string } }>('/service/:id', { schema: { hide: true } }, (request, reply) =>
    sendPage(reply, async () => {
      if (!isUuid(request.params.id)) throw new AppError('NOT_FOUND', 'Service not found.');
      // Pages are public: an inactive service is a 404 page here for everyone (its owner still
      // sees it in the app, which reads the API with their session).
      return serviceHead(await getServiceDetail(db, request.params.id, null), originOf(request));
    }),
  );

  app.get<{ Params: { username: string } }>('/provider/:username', { schema: { hide: true } }, (request, reply) =>
    sendPage(reply, async () => providerHead(await getPublicProvider(db, request.params.username), originOf(request))),
  );

  app.get('/sitemap.xml', { schema: { hide: true } }, async (request, reply) => {
    const origin = originOf(request);
    const [serviceRows, providerRows] = await Promise.all([
      listSitemapServices(db, SITEMAP_LIMIT - 5000),
      listSitemapProviders(db, 4990),
    ]);
    const urls = [
      { loc: `${origin}/` },
      { loc: `${origin}/browse` },
      ...serviceRows.map((r) => ({
        loc: `${origin}/service/${r.id}`,
        lastmod: r.createdAt.toISOString().slice(0, 10),
      })),
      ...providerRows.map((r) => ({ loc: `${origin}/provider/${r.userId}` })),
    ];
    return reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', publicCache(3600))
      .send(sitemapXml(urls));
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
      `Sitemap: ${origin}/sitemap.xml`,
      '',
    ].join('\n');
    return reply.type('text/plain; charset=utf-8').header('cache-control', publicCache(86400)).send(body);
  });
};
