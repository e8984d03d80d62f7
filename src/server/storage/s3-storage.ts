import { createHmac } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import type { S3Config } from '../config.ts';
import { AppError } from '../http/errors.ts';
import { createUrlSigner, requireMatchingContentType, requireStorageKey, type Storage } from './storage.ts';

/**
 * Storage in a bucket of any S3-compatible service (AWS S3, MinIO, Cloudflare R2, Backblaze B2,
 * Garage...), through the official SDK (decision 036). Objects sit under `prefix` in the bucket;
 * the bucket needs no public access: the app serves objects at /uploads/<key> as it does from
 * disk (storage.ts createUrlSigner), so stored URLs do not depend on the backend.
 */
export type S3StorageOptions = {
  s3: S3Config;
  /** The folder of the bucket this store uses (`uploads/`, `id-documents/`). */
  prefix: string;
  /** The secret that signs private URLs (at least 32 bytes): see s3SigningKey. */
  signingKey: Buffer;
  /** Where the app serves objects (the uploads route): `/uploads`. */
  urlPrefix?: string;
};

/**
 * The store's client, made on first use: the SDK is loaded only when S3 is configured and
 * something is stored or read, never on the embedded default's start.
 */
function lazyClient(s3: S3Config): () => Promise<S3Client> {
  let client: Promise<S3Client> | undefined;
  return () =>
    (client ??= import('@aws-sdk/client-s3').then(
      ({ S3Client: Client }) =>
        new Client({
          region: s3.region,
          endpoint: s3.endpoint,
          // MinIO, Garage and most self-hosted services need /<bucket>/<key> addressing.
          forcePathStyle: s3.endpoint !== undefined,
          credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
          // Checksums only where the API requires them: several S3-compatible services refuse
          // the newer default checksum headers and trailers.
          requestChecksumCalculation: 'WHEN_REQUIRED',
          responseChecksumValidation: 'WHEN_REQUIRED',
          requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
          maxAttempts: 3,
        }),
    ));
}

/**
 * The key that signs private URLs when files are in S3: derived from the bucket's secret, which
 * every instance using the bucket has, so a link made by one instance is valid on all of them
 * (DATA_DIR, where the disk backend keeps its key, is not shared).
 */
export function s3SigningKey(s3: S3Config): Buffer {
  return createHmac('sha256', s3.secretAccessKey).update(`locora storage url signing\n${s3.bucket}`).digest();
}

type S3Error = { name?: string; $metadata?: { httpStatusCode?: number } };

function statusOf(err: unknown): number | undefined {
  return (err as S3Error | undefined)?.$metadata?.httpStatusCode;
}

function isMissing(err: unknown): boolean {
  const name = (err as S3Error | undefined)?.name;
  return name === 'NoSuchKey' || name === 'NotFound' || statusOf(err) === 404;
}

/**
 * A store that cannot be reached (network, 5xx after the SDK's retries) is the service being
 * down, not a bug: 503 with Retry-After, like the database. Other errors (403: wrong credentials
 * or bucket policy) stay 500s, logged, because only the operator can fix them.
 */
function unavailable(err: unknown): unknown {
  const status = statusOf(err);
  if (status === undefined || status >= 500) {
    return new AppError('UNAVAILABLE', 'File storage is unavailable. Please try again in a moment.', {
      'retry-after': '5',
    });
  }
  return err;
}

export function createS3Storage(opts: S3StorageOptions): Storage {
  const urls = createUrlSigner(opts.signingKey, opts.urlPrefix);
  const prefix = opts.prefix.replace(/\/?$/, '/');
  const bucket = opts.s3.bucket;
  const objectKey = (key: string) => {
    requireStorageKey(key);
    return `${prefix}${key}`;
  };
  const clientFor = lazyClient(opts.s3);
  const sdk = () => import('@aws-sdk/client-s3');

  return {
    ...urls,

    async put(key, bytes, { contentType }) {
      const Key = objectKey(key);
      const type = requireMatchingContentType(key, contentType);
      const [client, { PutObjectCommand }] = await Promise.all([clientFor(), sdk()]);
      try {
        // A PUT replaces the whole object at once: readers see the old one or the new one.
        await client.send(
          new PutObjectCommand({ Bucket: bucket, Key, Body: bytes, ContentType: type, ContentLength: bytes.length }),
        );
      } catch (err) {
        throw unavailable(err);
      }
    },

    async get(key) {
      const Key = objectKey(key);
      const { contentType } = requireStorageKey(key);
      const [client, { GetObjectCommand }] = await Promise.all([clientFor(), sdk()]);
      try {
        const out = await client.send(new GetObjectCommand({ Bucket: bucket, Key }));
        if (!out.Body) return undefined;
        // The type comes from the key, never from what the bucket says (as on disk).
        return { body: out.Body as Readable, contentType, size: out.ContentLength ?? 0 };
      } catch (err) {
        if (isMissing(err)) return undefined;
        throw unavailable(err);
      }
    },

    async delete(key) {
      const Key = objectKey(key);
      const [client, { DeleteObjectCommand }] = await Promise.all([clientFor(), sdk()]);
      try {
        // S3 answers 204 for a missing key too.
        await client.send(new DeleteObjectCommand({ Bucket: bucket, Key }));
      } catch (err) {
        if (isMissing(err)) return;
        throw unavailable(err);
      }
    },
  };
}
