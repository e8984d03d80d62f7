import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../../http/errors.ts';
import {
  ILLUSTRATION_CATEGORIES,
  MAX_VARIANT,
  isIllustrationCategory,
  renderAvatar,
  renderServiceIllustration,
} from './illustrations.ts';

const serviceParamsSchema = z.object({
  category: z.string().max(64),
  n: z.coerce.number().int('The variant must be a whole number').min(1).max(MAX_VARIANT),
});

const avatarParamsSchema = z.object({
  seed: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[\p{L}\p{N}_-]+$/u, 'The avatar seed may contain letters, digits, "-" and "_" only'),
});

const avatarQuerySchema = z.object({
  /** Initials to draw (escaped; at most 3 characters are used). */
  i: z.string().max(8, 'Initials must be at most 8 characters').optional(),
});

function sendSvg(reply: FastifyReply, svg: string) {
  return reply.header('content-type', 'image/svg+xml').header('cache-control', 'public, max-age=86400').send(svg);
}

/**
 * The demo data's pictures, drawn on request at the URLs the seed stores
 * (/media/services/{category}/{n}.svg and /media/avatars/{seed}.svg). The client also falls back
 * to a category's first illustration for a service whose photo is missing.
 */
export const demoArtworkRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/media/services/:category/:n.svg',
    {
      schema: {
        tags: ['media'],
        summary: `A 4:3 service illustration; category is one of ${ILLUSTRATION_CATEGORIES.join(', ')}`,
        params: serviceParamsSchema,
      },
    },
    async (request, reply) => {
      const { category, n } = request.params;
      if (!isIllustrationCategory(category))
        throw new AppError('NOT_FOUND', `No illustrations for category "${category}".`);
      return sendSvg(reply, renderServiceIllustration(category, n));
    },
  );

  app.get(
    '/media/avatars/:seed.svg',
    {
      schema: {
        tags: ['media'],
        summary: 'A square avatar with initials (?i=AB) on a gradient chosen from the seed',
        params: avatarParamsSchema,
        querystring: avatarQuerySchema,
      },
    },
    async (request, reply) => sendSvg(reply, renderAvatar(request.params.seed, request.query.i)),
  );
};
