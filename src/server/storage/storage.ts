import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/**
 * Stored files (uploads), behind an interface an object store (S3, R2, GCS) can implement: keys
 * are paths like `avatars/<uuid>.png`; keys under `private/` are never public and are reached only
 * through a signed, expiring URL (identity documents); every other key is public.
 */
export interface Storage {
  /** Stores bytes under a key (replacing what was there); the content type must match the key's extension. */
  put(key: string, bytes: Uint8Array, opts: { contentType: string }): Promise<void>;
  /** The object, or undefined when there is none. */
  get(key: string): Promise<StoredObject | undefined>;
  /** Removes an object; removing a missing one is not an error. */
  delete(key: string): Promise<void>;
  /** The URL of a public object. Throws for a private key: use signedUrl. */
  url(key: string): string;
  /** A URL that grants access to the object until it expires (default: 15 minutes). */
  signedUrl(key: string, opts?: { expiresInSeconds?: number; now?: Date }): string;
  /** Whether a signed URL's `expires` and `signature` grant access to the key now. */
  verifySignedUrl(key: string, query: { expires?: string; signature?: string }, now?: Date): boolean;
  /** The key a URL made by url() points at, or undefined when the URL is not one of ours. */
  keyFromUrl(url: string): string | undefined;
}

export type StoredObject = { body: Readable; contentType: string; size: number };

export class InvalidStorageKeyError extends Error {
  constructor(key: unknown, why: string) {
    super(`Invalid storage key ${JSON.stringify(String(key).slice(0, 80))}: ${why}.`);
    this.name = 'InvalidStorageKeyError';
  }
}

/** The types we store, by extension: what a key's object is served as (never sniffed). */
const CONTENT_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  avif: 'image/avif',
  gif: 'image/gif',
  pdf: 'application/pdf',
};

const SEGMENT_RE = /^[A-Za-z0-9][A-Za-z0-9_-]*(?:\.[A-Za-z0-9_-]+)*$/;
const MAX_KEY_LENGTH = 512;
const MAX_SEGMENTS = 8;
const MAX_SEGMENT_LENGTH = 128;
const PRIVATE_PREFIX = 'private/';
const DEFAULT_SIGNED_URL_SECONDS = 15 * 60;

/**
 * Checks a key and returns its content type. Keys are `/`-separated segments of letters, digits,
 * `-`, `_` and single dots (no `..`, no leading dot, no empty segment, no backslash), ending in a
 * known extension: nothing in a key can leave the storage root or name an unexpected type.
 */
export function requireStorageKey(key: string): { contentType: string } {
  if (typeof key !== 'string' || key.length === 0) throw new InvalidStorageKeyError(key, 'empty');
  if (key.length > MAX_KEY_LENGTH) throw new InvalidStorageKeyError(key, 'too long');
  const segments = key.split('/');
  if (segments.length > MAX_SEGMENTS) throw new InvalidStorageKeyError(key, 'too deep');
  for (const segment of segments) {
    if (segment.length > MAX_SEGMENT_LENGTH || !SEGMENT_RE.test(segment)) {
      throw new InvalidStorageKeyError(
        key,
        'use segments of letters, digits, "-", "_" and single dots, separated by "/"',
      );
    }
  }
  const ext = key.slice(key.lastIndexOf('.') + 1).toLowerCase();
  const contentType = key.includes('.') ? CONTENT_TYPES[ext] : undefined;
  if (!contentType) {
    throw new InvalidStorageKeyError(key, `the name must end in one of .${Object.keys(CONTENT_TYPES).join(', .')}`);
  }
  return { contentType };
}

export function isStorageKey(key: string): boolean {
  try {
    requireStorageKey(key);
    return true;
  } catch {
    return false;
  }
}

export function isPrivateKey(key: string): boolean {
  return key.startsWith(PRIVATE_PREFIX);
}

/**
 * Whether the object under a key never changes: its name is a UUID or a content hash (at least 32
 * hex digits). Such names are made once and never rewritten, so they can be cached forever.
 */
export function isImmutableKey(key: string): boolean {
  const name = path.posix.basename(key).replace(/\.[^.]+$/, '');
  // A UUID, optionally with a variant suffix (`<uuid>-w800`: one width of an uploaded photo).
  return (
    /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(?:-w\d{1,5})?$/i.test(name) ||
    /^[0-9a-f]{32,}$/i.test(name)
  );
}

/** A new, never-reused key under a folder: `<folder>/<uuid>.<ext>`. */
export function newStorageKey(folder: string, ext: string): string {
  const key = `${folder}/${randomUUID()}.${ext}`;
  requireStorageKey(key);
  return key;
}

/**
 * The key that signs URLs to private objects, kept beside the data (DATA_DIR is shared by every
 * app instance that stores files on disk). Made once, atomically, readable by this user only.
 */
export function readOrCreateSigningKey(dataDir: string): Buffer {
  const file = path.join(dataDir, 'storage-signing.key');
  try {
    return Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'hex');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const tmp = `${file}.${process.pid}.${randomUUID()}.tmp`;
  fs.writeFileSync(tmp, randomBytes(32).toString('hex'), { mode: 0o600 });
  try {
    fs.linkSync(tmp, file); // fails if another process made it first: then use theirs
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  } finally {
    fs.rmSync(tmp, { force: true });
  }
  return Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'hex');
}

export type FsStorageOptions = {
  /** The directory holding the objects (config.uploadDir). */
  root: string;
  /** The secret that signs private URLs (at least 32 bytes). */
  signingKey: Buffer;
  /** Where the app serves objects (the uploads route): `/uploads`. */
  urlPrefix?: string;
};

/**
 * The URL half of a Storage, the same for every backend: objects are served by the app at
 * `<urlPrefix>/<key>` (the uploads route), private keys only with an HMAC signature that expires.
 */
export function createUrlSigner(
  signingKey: Buffer,
  urlPrefix = '/uploads',
): Pick<Storage, 'url' | 'signedUrl' | 'verifySignedUrl' | 'keyFromUrl'> {
  if (signingKey.length < 32) throw new Error('The storage signing key must be at least 32 bytes.');
  const prefix = urlPrefix.replace(/\/$/, '');
  const sign = (key: string, expires: string): Buffer =>
    createHmac('sha256', signingKey).update(`${key}\n${expires}`).digest();
  return {
    url(key) {
      requireStorageKey(key);
      if (isPrivateKey(key)) throw new Error(`${key} is private: use signedUrl().`);
      return `${prefix}/${key}`;
    },

    signedUrl(key, { expiresInSeconds = DEFAULT_SIGNED_URL_SECONDS, now = new Date() } = {}) {
      requireStorageKey(key);
      const expires = String(Math.floor(now.getTime() / 1000) + Math.max(1, Math.floor(expiresInSeconds)));
      const signature = sign(key, expires).toString('base64url');
      return `${prefix}/${key}?expires=${expires}&signature=${signature}`;
    },

    verifySignedUrl(key, { expires, signature }, now = new Date()) {
      if (!isStorageKey(key) || !expires || !signature || !/^\d{1,12}$/.test(expires)) return false;
      if (Number(expires) * 1000 <= now.getTime()) return false;
      const given = Buffer.from(signature, 'base64url');
      const expected = sign(key, expires);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },

    keyFromUrl(url) {
      if (!url.startsWith(`${prefix}/`)) return undefined;
      const key = url.slice(prefix.length + 1);
      return isStorageKey(key) ? key : undefined;
    },
  };
}

/** Throws unless the content type given for a put is the one the key's extension names. */
export function requireMatchingContentType(key: string, contentType: string): string {
  const expected = requireStorageKey(key).contentType;
  const given = contentType.split(';')[0]!.trim().toLowerCase();
  if (given !== expected) {
    throw new Error(`Content type "${given}" does not match the key ${key} (${expected}).`);
  }
  return expected;
}

/** Storage in a directory of the local (or a shared network) file system. */
export function createFsStorage(opts: FsStorageOptions): Storage {
  const urls = createUrlSigner(opts.signingKey, opts.urlPrefix);
  const root = path.resolve(opts.root);

  function fileOf(key: string): string {
    requireStorageKey(key);
    const file = path.resolve(root, ...key.split('/'));
    // Defence in depth: the key rules already keep every path inside the root.
    if (!file.startsWith(root + path.sep)) throw new InvalidStorageKeyError(key, 'outside the storage root');
    return file;
  }

  return {
    ...urls,

    async put(key, bytes, { contentType }) {
      const file = fileOf(key);
      requireMatchingContentType(key, contentType);
      await fsp.mkdir(path.dirname(file), { recursive: true });
      // Written aside, then renamed: a reader sees the old object or the whole new one, never half.
      const tmp = path.join(path.dirname(file), `.tmp-${randomUUID()}`);
      try {
        await fsp.writeFile(tmp, bytes);
        await fsp.rename(tmp, file);
      } catch (err) {
        await fsp.rm(tmp, { force: true });
        throw err;
      }
    },

    async get(key) {
      const file = fileOf(key);
      const { contentType } = requireStorageKey(key);
      let handle: fsp.FileHandle;
      try {
        handle = await fsp.open(file, 'r');
      } catch (err) {
        const code = (err as NodeJS.ErrnoException).code;
        if (code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR') return undefined;
        throw err;
      }
      const stat = await handle.stat().catch(async (err: unknown) => {
        await handle.close();
        throw err;
      });
      if (!stat.isFile()) {
        await handle.close();
        return undefined;
      }
      return { body: handle.createReadStream(), contentType, size: stat.size };
    },

    async delete(key) {
      await fsp.rm(fileOf(key), { force: true });
    },
  };
}
