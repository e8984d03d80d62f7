import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '../../../shared/api/errors.ts';
import { UPLOAD_FIELD, uploadResponseSchema } from '../../../shared/api/uploads.ts';
import { UPLOAD_MAX_BYTES } from '../../../shared/domain/constants.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/open.ts';
import { readMultipartFile } from '../../http/multipart-file.ts';
import { AppError } from '../../http/errors.ts';
import { requireUser } from '../../http/session.ts';
import { UPLOAD_TOO_LARGE_MESSAGE } from '../../storage/images.ts';
import { requireUploadAllowance, storeUpload } from '../../storage/upload-registry.ts';
import type { Storage } from '../../storage/storage.ts';

/**
 * Uploads one user may have in progress on this instance at once: each holds up to 10 MB in memory
 * and a decoding slot, so a burst from one account is refused before it is read, not queued.
 */
export const UPLOADS_IN_FLIGHT_PER_USER = 4;
const inFlight = new Map<string, number>();

/** The user's uploads in progress in this process (tests wait on it). */
export function uploadsInFlightFor(userId: string): number {
  return inFlight.get(userId) ?? 0;
}

export const uploadRoutes: FastifyPluginAsyncZod<{ db: Db; config: Config; storage: Storage }> = async (
  app,
  { db, config, storage },
) => {
  app.post(
    '/api/uploads',
    {
      schema: {
        tags: ['media'],
        summary:
          'Upload a photo (multipart field "file": JPEG, PNG, WebP or HEIC, at most 10 MB). It is re-encoded to WebP at several widths with its metadata removed; attach its url to a service or profile within an hour, or it is deleted.',
        consumes: ['multipart/form-data'],
        response: {
          201: uploadResponseSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          413: errorBodySchema,
          415: errorBodySchema,
          429: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const running = inFlight.get(user.id) ?? 0;
      if (running >= UPLOADS_IN_FLIGHT_PER_USER) {
        throw new AppError('RATE_LIMITED', 'Wait for your other photos to finish uploading, then try again.');
      }
      inFlight.set(user.id, running + 1);
      try {
        // Over a quota already: refused before the body is read.
        await requireUploadAllowance(db, user.id, config.uploads);
        const bytes = await readMultipartFile(request, UPLOAD_FIELD, UPLOAD_MAX_BYTES, UPLOAD_TOO_LARGE_MESSAGE);
        const upload = await storeUpload(db, storage, user.id, bytes, config.uploads);
        return reply.code(201).send({ upload });
      } finally {
        const left = (inFlight.get(user.id) ?? 1) - 1;
        if (left > 0) inFlight.set(user.id, left);
        else inFlight.delete(user.id);
      }
    },
  );
};
