import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PLACEHOLDER_PATH, PLACEHOLDER_SVG } from './placeholder.ts';

/**
 * The media the app itself serves: the placeholder for services without photos. (Uploaded files
 * are served from /uploads/; the demo data's artwork by db/seed/artwork/artwork-routes.ts.)
 */
export const mediaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    PLACEHOLDER_PATH,
    { schema: { tags: ['media'], summary: 'A neutral 4:3 image for services without photos' } },
    async (_request, reply) =>
      reply
        .header('content-type', 'image/svg+xml')
        .header('cache-control', 'public, max-age=86400')
        .send(PLACEHOLDER_SVG),
  );
};
