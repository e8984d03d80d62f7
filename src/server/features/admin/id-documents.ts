/**
 * Identity documents: a provider uploads one (JPEG, PNG or PDF, at most 10 MB, recognised by its
 * bytes); only admins read it back, through an authorised route. Files live in their own private
 * store (config.idDocumentDir), outside the public uploads root, under random names: no URL
 * reaches them, signed or not. Pictures go through the photos' pixel limit and are re-encoded
 * without metadata (no EXIF or GPS is kept); PDFs are stored as sent and only ever served as
 * downloads (decision 021).
 */
import { eq } from 'drizzle-orm';
import type { GovIdStatus } from '../../../shared/api/providers.ts';
import type { Executor } from '../../db/open.ts';
import { providers } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import { reencodeDocumentImage, sniffImage } from '../../storage/images.ts';
import { newStorageKey, type Storage, type StoredObject } from '../../storage/storage.ts';

export type IdDocumentMime = 'image/jpeg' | 'image/png' | 'application/pdf';

export const ID_DOCUMENT_UNSUPPORTED_MESSAGE = 'The document must be a JPEG or PNG image or a PDF file.';
export const ID_DOCUMENT_TOO_LARGE_MESSAGE = 'The document must be at most 10 MB.';

const EXTENSION: Record<IdDocumentMime, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'application/pdf': 'pdf',
};

/**
 * What the bytes are, and what is stored: a JPEG or PNG that decodes as what its first bytes
 * claim, within the photos' pixel limit, re-encoded without metadata; or a PDF (header at the
 * start, end-of-file marker at the end; its size was checked while it was read), as sent.
 * Anything else is 415.
 */
export async function prepareIdDocument(bytes: Buffer): Promise<{ mime: IdDocumentMime; bytes: Buffer }> {
  if (bytes.length === 0) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'The file is empty.');
  const image = sniffImage(bytes);
  if (image === 'jpeg' || image === 'png') {
    return {
      mime: image === 'jpeg' ? 'image/jpeg' : 'image/png',
      bytes: await reencodeDocumentImage(bytes, image),
    };
  }
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-') {
    const tail = bytes.subarray(Math.max(0, bytes.length - 2048)).toString('latin1');
    if (tail.includes('%%EOF')) return { mime: 'application/pdf', bytes };
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'The PDF could not be read. Is the file complete?');
  }
  throw new AppError('UNSUPPORTED_MEDIA_TYPE', ID_DOCUMENT_UNSUPPORTED_MESSAGE);
}

/** A new random name for a document in the private store. */
export function newIdDocumentKey(mime: IdDocumentMime): string {
  return newStorageKey('documents', EXTENSION[mime]);
}

/**
 * Stores the provider's identity document, replacing an earlier one. A rejected provider who
 * sends a new document is pending again (the rejection reason goes); a verified one cannot
 * replace theirs (409). The file is written first, then the row changes in one transaction with
 * the row locked; the replaced file is removed after the commit (or the new one, on failure).
 */
export async function uploadIdDocument(
  db: Executor,
  store: Storage,
  userId: string,
  upload: Buffer,
): Promise<{ idDocument: { mime: IdDocumentMime; uploadedAt: string }; govIdStatus: GovIdStatus }> {
  const { mime, bytes } = await prepareIdDocument(upload);
  const [profile] = await db.select({ id: providers.id }).from(providers).where(eq(providers.userId, userId)).limit(1);
  if (!profile) throw new AppError('NOT_FOUND', 'You have no provider profile yet. Switch to provider to create one.');
  const key = newIdDocumentKey(mime);
  await store.put(key, bytes, { contentType: mime });
  let replaced: string | null = null;
  let result: { uploadedAt: Date; govIdStatus: GovIdStatus };
  try {
    result = await db.transaction(async (tx) => {
      const [current] = await tx
        .select({ govIdStatus: providers.govIdStatus, key: providers.idDocumentKey })
        .from(providers)
        .where(eq(providers.id, profile.id))
        .for('update');
      if (!current) throw new AppError('NOT_FOUND', 'You have no provider profile yet.');
      if (current.govIdStatus === 'APPROVED') {
        throw new AppError('CONFLICT', 'Your identity is already verified, so there is no document to send.');
      }
      replaced = current.key;
      const uploadedAt = new Date();
      await tx
        .update(providers)
        .set({
          idDocumentKey: key,
          idDocumentMime: mime,
          idDocumentUploadedAt: uploadedAt,
          govIdStatus: 'PENDING',
          govIdRejectionReason: null,
        })
        .where(eq(providers.id, profile.id));
      return { uploadedAt, govIdStatus: 'PENDING' as const };
    });
  } catch (err) {
    await store.delete(key).catch(() => undefined);
    throw err;
  }
  if (replaced && replaced !== key) await store.delete(replaced).catch(() => undefined);
  return { idDocument: { mime, uploadedAt: result.uploadedAt.toISOString() }, govIdStatus: result.govIdStatus };
}

/** The document of a provider, for an admin. 404 when none was submitted or its file is gone. */
export async function openIdDocument(db: Executor, store: Storage, providerId: string): Promise<StoredObject> {
  const [row] = await db
    .select({ key: providers.idDocumentKey })
    .from(providers)
    .where(eq(providers.id, providerId))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', 'Provider not found.');
  if (!row.key) throw new AppError('NOT_FOUND', 'This provider has not submitted an identity document.');
  const object = await store.get(row.key);
  if (!object) throw new AppError('NOT_FOUND', 'The document file is missing. Ask the provider to upload it again.');
  return object;
}
