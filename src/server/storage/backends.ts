import path from 'node:path';
import type { Config } from '../config.ts';
import { restrictToOwner } from '../db/lock.ts';
import { createS3Storage, s3SigningKey } from './s3-storage.ts';
import { createFsStorage, readOrCreateSigningKey, type Storage } from './storage.ts';

type StorageConfig = Pick<Config, 'uploadDir' | 'idDocumentDir' | 'dataDir' | 's3'>;

/**
 * Where uploads (photos, avatars) are stored (decision 036): the S3 bucket's `uploads/` folder
 * when S3 is configured, else files under config.uploadDir. Either way the app serves them at
 * /uploads/<key>.
 */
export function createUploadStorage(config: StorageConfig): Storage {
  if (config.s3) return createS3Storage({ s3: config.s3, prefix: 'uploads/', signingKey: s3SigningKey(config.s3) });
  return createFsStorage({ root: config.uploadDir, signingKey: readOrCreateSigningKey(config.dataDir) });
}

/**
 * The private store of identity documents: its own place beside, never inside, the uploads (the
 * bucket's `id-documents/` folder, or config.idDocumentDir on disk), so no /uploads URL (signed or
 * not) can reach a document. No route serves it as files; the admin route streams one document
 * after checking the role.
 */
export function createIdDocumentStorage(config: StorageConfig): Storage {
  if (config.s3) {
    return createS3Storage({
      s3: config.s3,
      prefix: 'id-documents/',
      signingKey: s3SigningKey(config.s3),
      urlPrefix: '/no-public-url',
    });
  }
  // DATA_DIR's private/ folder: this user's only.
  restrictToOwner(path.dirname(config.idDocumentDir));
  return createFsStorage({
    root: config.idDocumentDir,
    signingKey: readOrCreateSigningKey(config.dataDir),
    urlPrefix: '/no-public-url',
  });
}
