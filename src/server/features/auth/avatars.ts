import type { FastifyRequest } from 'fastify';
import type { User } from '../../../shared/api/auth.ts';
import { AVATAR_MAX_BYTES } from '../../../shared/domain/constants.ts';
import type { Executor } from '../../db/open.ts';
import { AppError } from '../../http/errors.ts';
import { newStorageKey, type Storage } from '../../storage/storage.ts';
import { setAvatar } from './auth.ts';

const AVATAR_FOLDER = 'avatars';
const CONTENT_TYPES = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp' } as const;

/** Recognises an image by its first bytes; the client's declared type is not trusted. */
export function sniffImage(buf: Buffer): 'png' | 'jpg' | 'webp' | undefined {
  if (buf.length >= 8 && buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png';
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'jpg';
  if (buf.length >= 12 && buf.toString('ascii', 0, 4) === 'RIFF' && buf.toString('ascii', 8, 12) === 'WEBP')
    return 'webp';
  return undefined;
}

/** Removes the user's previous upload (not an external picture, e.g. Google's). */
async function deleteOwnedFile(storage: Storage, image: string | null) {
  const key = image ? storage.keyFromUrl(image) : undefined;
  if (key?.startsWith(`${AVATAR_FOLDER}/`)) await storage.delete(key);
}

export async function saveAvatar(db: Executor, storage: Storage, user: User, request: FastifyRequest): Promise<User> {
  if (!request.isMultipart())
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the image as multipart/form-data in the field "avatar".');
  // A multipart body that cannot be parsed (no boundary, cut off) is the client's fault: 400.
  const malformed = (err: unknown): never => {
    if (err instanceof AppError) throw err;
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError('PAYLOAD_TOO_LARGE', 'The image must be at most 2 MB.');
    }
    throw new AppError('BAD_REQUEST', 'The upload could not be read. Please try again.');
  };
  const file = await request.file({ limits: { fileSize: AVATAR_MAX_BYTES, files: 1 } }).catch(malformed);
  if (!file || file.fieldname !== 'avatar') throw new AppError('BAD_REQUEST', 'Choose an image to upload.');
  const buf = await file.toBuffer().catch(malformed);
  const ext = sniffImage(buf);
  if (!ext) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'The avatar must be a PNG, JPEG or WebP image.');
  // A new, never-reused name (/uploads/avatars/<uuid>.<ext>), so it can be cached forever.
  const key = newStorageKey(AVATAR_FOLDER, ext);
  await storage.put(key, buf, { contentType: CONTENT_TYPES[ext] });
  const updated = await setAvatar(db, user.id, storage.url(key));
  await deleteOwnedFile(storage, user.image);
  return updated;
}

export async function removeAvatar(db: Executor, storage: Storage, user: User): Promise<User> {
  const updated = await setAvatar(db, user.id, null);
  await deleteOwnedFile(storage, user.image);
  return updated;
}
