import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../http/errors.ts';
import { startS3Server, type S3Server } from '../test/s3-server.ts';
import { createS3Storage } from './s3-storage.ts';
import {
  createFsStorage,
  isImmutableKey,
  newStorageKey,
  readOrCreateSigningKey,
  requireStorageKey,
  type Storage,
} from './storage.ts';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'locora-storage-'));
let s3: S3Server;
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(async () => {
  fs.rmSync(tmp, { recursive: true, force: true });
  await s3?.close();
});

const s3Config = () => ({
  bucket: 'locora',
  endpoint: s3.endpoint,
  region: s3.region,
  accessKeyId: s3.accessKeyId,
  secretAccessKey: s3.secretAccessKey,
});

/**
 * Each backend, with a way to list what it holds: the same contract runs against files on disk
 * and against an S3-compatible server (the local stand-in of test/s3-server.ts).
 */
const backends: {
  name: string;
  make: (name: string, signingKey?: Buffer) => { storage: Storage; stored: () => string[] };
}[] = [
  {
    name: 'filesystem',
    make(name, signingKey = randomBytes(32)) {
      const root = path.join(tmp, name, 'uploads');
      const stored = () =>
        fs.existsSync(root) ? (fs.readdirSync(root, { recursive: true, withFileTypes: true }) as fs.Dirent[]) : [];
      return {
        storage: createFsStorage({ root, signingKey }),
        stored: () =>
          stored()
            .filter((e) => e.isFile())
            .map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join('/')),
      };
    },
  },
  {
    name: 'S3',
    make(name, signingKey = randomBytes(32)) {
      const prefix = `${name}/`;
      return {
        storage: createS3Storage({ s3: s3Config(), prefix, signingKey }),
        stored: () => [...s3.objects().keys()].filter((k) => k.startsWith(prefix)).map((k) => k.slice(prefix.length)),
      };
    },
  },
];

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);

describe.each(backends)('$name storage', ({ name: backend, make }) => {
  const makeStorage = (name: string, signingKey?: Buffer) => make(`${backend}-${name}`, signingKey);

  it('puts, gets and deletes an object', async () => {
    const { storage, stored } = makeStorage('roundtrip');
    await storage.put('avatars/a.png', PNG, { contentType: 'image/png' });
    expect(stored()).toEqual(['avatars/a.png']);

    const got = await storage.get('avatars/a.png');
    expect(got).toMatchObject({ contentType: 'image/png', size: PNG.length });
    expect((await buffer(got!.body)).equals(PNG)).toBe(true);

    await storage.put('avatars/a.png', Buffer.from('new'), { contentType: 'image/png' });
    expect((await buffer((await storage.get('avatars/a.png'))!.body)).toString()).toBe('new');

    await storage.delete('avatars/a.png');
    expect(await storage.get('avatars/a.png')).toBeUndefined();
    await storage.delete('avatars/a.png'); // deleting a missing object is fine
    expect(await storage.get('avatars/never.png')).toBeUndefined();
    // No temporary files are left behind.
    expect(stored()).toEqual([]);
  });

  it('keeps stores apart: a key of one is not an object of another', async () => {
    const one = makeStorage('apart-1');
    const other = makeStorage('apart-2');
    await one.storage.put('documents/x.pdf', Buffer.from('%PDF-'), { contentType: 'application/pdf' });
    expect(await other.storage.get('documents/x.pdf')).toBeUndefined();
    expect(other.stored()).toEqual([]);
  });

  it('serves the type the key names, and refuses a put whose type disagrees', async () => {
    const { storage } = makeStorage('types');
    await storage.put('docs/id.pdf', Buffer.from('%PDF-'), { contentType: 'application/pdf' });
    expect((await storage.get('docs/id.pdf'))?.contentType).toBe('application/pdf');
    await storage.put('p/x.JPG', PNG, { contentType: 'image/jpeg; charset=binary' });
    expect((await storage.get('p/x.JPG'))?.contentType).toBe('image/jpeg');
    await expect(storage.put('avatars/b.png', PNG, { contentType: 'text/html' })).rejects.toThrow(
      /does not match the key/,
    );
    expect(await storage.get('avatars/b.png')).toBeUndefined();
  });

  it.each([
    '../secret.png',
    'avatars/../../etc/passwd.png',
    '..',
    '/etc/x.png',
    'avatars//a.png',
    'avatars/./a.png',
    'avatars\\..\\a.png',
    '.hidden.png',
    'avatars/.tmp-x.png',
    'a..png',
    'avatars/a.png/',
    'avatars/a.html',
    'avatars/a.svg',
    'avatars/a',
    'avatars/%2e%2e/a.png',
    'avatars/a b.png',
    'avatars/a\u0000.png',
    '',
    `${'a/'.repeat(8)}a.png`,
    `${'a'.repeat(600)}.png`,
  ])('refuses the key %j (no path traversal, no unknown type)', async (key) => {
    const { storage, stored } = makeStorage('traversal');
    expect(() => requireStorageKey(key)).toThrow(/Invalid storage key/);
    await expect(storage.put(key, PNG, { contentType: 'image/png' })).rejects.toThrow(/Invalid storage key/);
    await expect(storage.get(key)).rejects.toThrow(/Invalid storage key/);
    await expect(storage.delete(key)).rejects.toThrow(/Invalid storage key/);
    expect(() => storage.url(key)).toThrow(/Invalid storage key/);
    expect(fs.existsSync(path.join(tmp, 'secret.png'))).toBe(false);
    expect(stored()).toEqual([]);
    expect(s3.calls.filter((c) => c.url.includes('..') || c.url.includes('%'))).toEqual([]);
  });

  it('gives public URLs for public keys and maps them back to keys', () => {
    const { storage } = makeStorage('urls');
    expect(storage.url('avatars/a.png')).toBe('/uploads/avatars/a.png');
    expect(storage.keyFromUrl('/uploads/avatars/a.png')).toBe('avatars/a.png');
    expect(storage.keyFromUrl('/uploads/../x.png')).toBeUndefined();
    expect(storage.keyFromUrl('https://lh3.googleusercontent.com/a.png')).toBeUndefined();
    expect(storage.keyFromUrl('/media/avatars/x.svg')).toBeUndefined();
    expect(() => storage.url('private/ids/a.pdf')).toThrow(/private/);
  });

  it('signs expiring URLs: valid until they expire, refused when tampered with', () => {
    const { storage } = makeStorage('signed');
    const now = new Date('2026-03-01T12:00:00Z');
    const url = new URL(storage.signedUrl('private/ids/a.pdf', { expiresInSeconds: 60, now }), 'http://x');
    expect(url.pathname).toBe('/uploads/private/ids/a.pdf');
    const query = { expires: url.searchParams.get('expires')!, signature: url.searchParams.get('signature')! };
    expect(query.expires).toBe(String(now.getTime() / 1000 + 60));

    expect(storage.verifySignedUrl('private/ids/a.pdf', query, now)).toBe(true);
    expect(storage.verifySignedUrl('private/ids/a.pdf', query, new Date(now.getTime() + 59_000))).toBe(true);
    // Expired.
    expect(storage.verifySignedUrl('private/ids/a.pdf', query, new Date(now.getTime() + 60_000))).toBe(false);
    // Tampered: another key, a later expiry, a changed or missing signature.
    expect(storage.verifySignedUrl('private/ids/b.pdf', query, now)).toBe(false);
    expect(
      storage.verifySignedUrl('private/ids/a.pdf', { ...query, expires: String(Number(query.expires) + 3600) }, now),
    ).toBe(false);
    const flipped = query.signature.startsWith('A') ? `B${query.signature.slice(1)}` : `A${query.signature.slice(1)}`;
    expect(storage.verifySignedUrl('private/ids/a.pdf', { ...query, signature: flipped }, now)).toBe(false);
    expect(
      storage.verifySignedUrl('private/ids/a.pdf', { ...query, signature: query.signature.slice(0, 10) }, now),
    ).toBe(false);
    expect(storage.verifySignedUrl('private/ids/a.pdf', { expires: query.expires }, now)).toBe(false);
    expect(storage.verifySignedUrl('private/ids/a.pdf', { ...query, expires: '1e12' }, now)).toBe(false);
    // Another secret (another deployment) does not accept it.
    const other = makeStorage('signed-other').storage;
    expect(other.verifySignedUrl('private/ids/a.pdf', query, now)).toBe(false);
  });
});

describe('S3 storage', () => {
  it('signs every request (SigV4): a wrong secret is refused and stores nothing', async () => {
    const storage = createS3Storage({
      s3: { ...s3Config(), secretAccessKey: 'not-the-secret' },
      prefix: 'wrong-secret/',
      signingKey: randomBytes(32),
    });
    const before = s3.calls.length;
    await expect(storage.put('avatars/a.png', PNG, { contentType: 'image/png' })).rejects.toMatchObject({
      name: 'SignatureDoesNotMatch',
    });
    expect(s3.calls.slice(before).map((c) => c.status)).toContain(403);
    expect([...s3.objects().keys()].filter((k) => k.startsWith('wrong-secret/'))).toEqual([]);
  });

  it("uses path-style addressing on a configured endpoint, under the store's folder", async () => {
    const storage = createS3Storage({ s3: s3Config(), prefix: 'paths/', signingKey: randomBytes(32) });
    const before = s3.calls.length;
    await storage.put('photos/p.webp', Buffer.from('RIFF'), { contentType: 'image/webp' });
    expect(s3.calls.slice(before)).toContainEqual({
      method: 'PUT',
      url: '/locora/paths/photos/p.webp?x-id=PutObject',
      status: 200,
    });
    expect(s3.objects().get('paths/photos/p.webp')?.contentType).toBe('image/webp');
  });

  it('the local stand-in answers HeadObject, ranged GetObject and paged ListObjectsV2 as S3 does', async () => {
    const { S3Client, HeadObjectCommand, GetObjectCommand, ListObjectsV2Command } = await import('@aws-sdk/client-s3');
    const client = new S3Client({
      region: s3.region,
      endpoint: s3.endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
    });
    const storage = createS3Storage({ s3: s3Config(), prefix: 'sdk/', signingKey: randomBytes(32) });
    for (const name of ['a', 'b', 'c']) await storage.put(`photos/${name}.png`, PNG, { contentType: 'image/png' });

    const head = await client.send(new HeadObjectCommand({ Bucket: 'locora', Key: 'sdk/photos/a.png' }));
    expect(head).toMatchObject({ ContentLength: PNG.length, ContentType: 'image/png' });
    await expect(client.send(new HeadObjectCommand({ Bucket: 'locora', Key: 'sdk/none.png' }))).rejects.toMatchObject({
      name: 'NotFound',
    });
    const part = await client.send(
      new GetObjectCommand({ Bucket: 'locora', Key: 'sdk/photos/a.png', Range: 'bytes=1-3' }),
    );
    expect(part.ContentRange).toBe(`bytes 1-3/${PNG.length}`);
    expect(Buffer.from(await part.Body!.transformToByteArray()).equals(PNG.subarray(1, 4))).toBe(true);

    const first = await client.send(new ListObjectsV2Command({ Bucket: 'locora', Prefix: 'sdk/', MaxKeys: 2 }));
    expect(first.Contents?.map((o) => o.Key)).toEqual(['sdk/photos/a.png', 'sdk/photos/b.png']);
    expect(first.IsTruncated).toBe(true);
    const rest = await client.send(
      new ListObjectsV2Command({ Bucket: 'locora', Prefix: 'sdk/', ContinuationToken: first.NextContinuationToken }),
    );
    expect(rest.Contents?.map((o) => o.Key)).toEqual(['sdk/photos/c.png']);
    client.destroy();
  });

  it('answers 503 (UNAVAILABLE) when the store cannot be reached', async () => {
    const down = await startS3Server();
    const endpoint = down.endpoint;
    await down.close();
    const storage = createS3Storage({
      s3: { ...s3Config(), endpoint },
      prefix: 'down/',
      signingKey: randomBytes(32),
    });
    const err = await storage.get('photos/p.webp').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({ statusCode: 503, headers: { 'retry-after': '5' } });
  });
});

describe('filesystem storage', () => {
  it('writes objects as files under its root', async () => {
    const root = path.join(tmp, 'files', 'uploads');
    const storage = createFsStorage({ root, signingKey: randomBytes(32) });
    await storage.put('avatars/a.png', PNG, { contentType: 'image/png' });
    expect(fs.readFileSync(path.join(root, 'avatars', 'a.png')).equals(PNG)).toBe(true);
  });

  it('keeps one signing key per data directory, shared by every instance using it', () => {
    const dir = path.join(tmp, 'keys');
    const first = readOrCreateSigningKey(dir);
    expect(first).toHaveLength(32);
    expect(readOrCreateSigningKey(dir).equals(first)).toBe(true);
    expect(fs.statSync(path.join(dir, 'storage-signing.key')).mode & 0o077).toBe(0);
    expect(readOrCreateSigningKey(path.join(tmp, 'keys-2')).equals(first)).toBe(false);
  });

  it('names new objects uniquely, and only such names count as immutable', () => {
    const a = newStorageKey('avatars', 'png');
    expect(a).toMatch(/^avatars\/[0-9a-f-]{36}\.png$/);
    expect(newStorageKey('avatars', 'png')).not.toBe(a);
    expect(isImmutableKey(a)).toBe(true);
    expect(isImmutableKey(`covers/${'ab12'.repeat(16)}.webp`)).toBe(true);
    expect(isImmutableKey('avatars/me.png')).toBe(false);
  });
});
