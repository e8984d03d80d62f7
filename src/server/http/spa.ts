import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isKnownPage } from '../../shared/routes.ts';
import { notFoundBody } from './errors.ts';

/**
 * Serves the built client: hashed assets cached forever, index.html never cached, and the SPA
 * shell for every page path (404 status for paths that are not a screen, so crawlers see it).
 */
export const spaPlugin = fp(
  async (app: FastifyInstance, opts: { clientDir: string }) => {
    const indexFile = path.join(opts.clientDir, 'index.html');
    const hasClient = fs.existsSync(indexFile);

    if (hasClient) {
      await app.register(fastifyStatic, {
        root: opts.clientDir,
        prefix: '/',
        wildcard: false,
        index: false,
        preCompressed: true,
        setHeaders(res, filePath) {
          if (filePath.includes(`${path.sep}assets${path.sep}`)) {
            res.header('cache-control', 'public, max-age=31536000, immutable');
          } else {
            res.header('cache-control', 'no-cache');
          }
        },
      });
    }

    app.setNotFoundHandler((request, reply) => {
      const url = request.url.split('?')[0] ?? '/';
      const wantsPage =
        (request.method === 'GET' || request.method === 'HEAD') &&
        !url.startsWith('/api/') &&
        !url.startsWith('/uploads/') &&
        !url.startsWith('/media/') &&
        !/\.[a-z0-9]+$/i.test(url);
      if (!wantsPage) {
        return reply.status(404).send(notFoundBody(String(request.id), `No route for ${request.method} ${url}`));
      }
      if (!hasClient) {
        return reply
          .status(503)
          .type('text/plain; charset=utf-8')
          .send('The client is not built. Run `npm run build` (npm start does this for you).');
      }
      return reply
        .status(isKnownPage(url) ? 200 : 404)
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(fs.createReadStream(indexFile));
    });
  },
  { name: 'spa' },
);
