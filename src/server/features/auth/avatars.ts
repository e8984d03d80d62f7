import type { FastifyRequest } from 'fastify';
import type { User } from '../../../shared/api/auth.ts';
import { AVATAR_MAX_BYTES } from '../../../shared/domain/constants.ts';
import type { Db } from '../../db/open.ts';
import { readMultipartFile } from '../../http/multipart-file.ts';
import { UPLOAD_TOO_LARGE_MESSAGE } from '../../storage/images.ts';
import type { Storage } from '../../storage/storage.ts';
import { requireOwnedUploads, storeUpload, type UploadLimits } from '../../storage/upload-registry.ts';
import { setAvatar } from './auth.ts';

/**
 * A new avatar goes through the photo pipeline (content checked, re-encoded to WebP, EXIF and
 * GPS removed, orientation applied) and the upload registry. The previous picture is not deleted
 * here: once no row references it, the orphan sweeper removes it (no race with a parallel upload).
 */
export async function saveAvatar(
  db: Db,
  storage: Storage,
  user: User,
  request: FastifyRequest,
  limits: UploadLimits,
): Promise<User> {
  const bytes = await readMultipartFile(request, 'avatar', AVATAR_MAX_BYTES, UPLOAD_TOO_LARGE_MESSAGE);
  const upload = await storeUpload(db, storage, user.id, bytes, limits);
  return db.transaction(async (tx) => {
    // Locks the upload until the reference is committed (see upload-registry.ts).
    await requireOwnedUploads(tx, user.id, [upload.url], []);
    return setAvatar(tx, user.id, upload.url);
  });
}

export async function removeAvatar(db: Db, user: User): Promise<User> {
  return setAvatar(db, user.id, null);
}
