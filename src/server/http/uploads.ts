import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isImmutableKey, isPrivateKey, isStorageKey, type Storage } from '../storage/storage.ts';
import { AppError } from './errors.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const PUBLIC = 'public, max-age=86400';
const PRIVATE = 'private, no-store';

/**
 * Serves stored objects at /uploads/<key>: public keys to anyone, private keys only with a valid,
 * unexpired signature (Storage.signedUrl). Types come from the key, never from sniffing.
 */
export const uploadsRoutes: FastifyPluginAsyncZod<{ storage: Storage }> = async (app, { storage }) => {
  app.get(
    '/uploads/*',
    {
      schema: {
        tags: ['media'],
        summary: 'A stored file (avatars; private files need the signed link they were shared with)',
        params: z.object({ '*': z.string() }),
        querystring: z.object({ expires: z.string().max(20).optional(), signature: z.string().max(100).optional() }),
      },
    },
    async (request, reply) => {
      const key = request.params['*'];
      if (!isStorageKey(key)) throw new AppError('NOT_FOUND', 'No such file.');
      const isPrivate = isPrivateKey(key);
      if (isPrivate && !storage.verifySignedUrl(key, request.query)) {
        throw new AppError('FORBIDDEN', 'This link has expired or is not valid.');
      }
      const object = await storage.get(key);
      if (!object) throw new AppError('NOT_FOUND', 'No such file.');
      return reply
        .header('content-type', object.contentType)
        .header('content-length', object.size)
        .header('cache-control', isPrivate ? PRIVATE : isImmutableKey(key) ? IMMUTABLE : PUBLIC)
        .header('x-content-type-options', 'nosniff')
        .send(object.body);
    },
  );
};
