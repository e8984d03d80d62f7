import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createFsStorage, readOrCreateSigningKey } from '../storage/storage.ts';
import { sweepOrphanUploads } from '../storage/upload-registry.ts';
import { signUp, useTestApp } from '../test/test-app.ts';

const t = useTestApp();

const PNG_1x1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

function multipartAvatar(content: Buffer) {
  const boundary = '----locoratest' + randomUUID();
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="avatar"; filename="me.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** The same storage the app uses (same directory, same signing key). */
const appStorage = () =>
  createFsStorage({ root: t.config.uploadDir, signingKey: readOrCreateSigningKey(t.config.dataDir) });

describe('GET /uploads/*', () => {
  it('serves an uploaded avatar with its type, forever-cacheable and never sniffed; gone once removed', async () => {
    const { cookies } = await signUp(t.app);
    const up = await t.app.inject({ method: 'POST', url: '/api/account/avatar', cookies, ...multipartAvatar(PNG_1x1) });
    expect(up.statusCode).toBe(200);
    const image: string = up.json().user.image;
    expect(image).toMatch(/^\/uploads\/photos\/[0-9a-f-]{36}-w1\.webp$/);
    const stored = fs.readFileSync(path.join(t.config.uploadDir, 'photos', path.basename(image)));

    const res = await t.app.inject({ url: image });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(stored)).toBe(true);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['content-length']).toBe(String(stored.length));
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['x-content-type-options']).toBe('nosniff');

    const head = await t.app.inject({ method: 'HEAD', url: image });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('image/webp');

    await t.app.inject({ method: 'DELETE', url: '/api/account/avatar', cookies });
    // Removing it only drops the reference; the orphan sweeper deletes the file.
    await sweepOrphanUploads(t.db, appStorage(), { graceSeconds: 0 });
    const gone = await t.app.inject({ url: image });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
  });

  it('keeps serving avatars stored before the storage module (same URLs, same files)', async () => {
    const name = `${randomUUID()}.png`;
    fs.mkdirSync(path.join(t.config.uploadDir, 'avatars'), { recursive: true });
    fs.writeFileSync(path.join(t.config.uploadDir, 'avatars', name), PNG_1x1);
    const res = await t.app.inject({ url: `/uploads/avatars/${name}` });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(PNG_1x1)).toBe(true);
  });

  it('serves nothing outside the storage, nor types it does not know', async () => {
    fs.writeFileSync(path.join(t.config.uploadDir, '..', 'outside.png'), PNG_1x1);
    fs.mkdirSync(t.config.uploadDir, { recursive: true });
    fs.writeFileSync(path.join(t.config.uploadDir, 'page.html'), '<script>alert(1)</script>');
    for (const url of [
      '/uploads/..%2foutside.png',
      '/uploads/avatars/..%2f..%2foutside.png',
      '/uploads/%2e%2e/outside.png',
      '/uploads/..%5coutside.png',
      '/uploads/..%2fstorage-signing.key',
      '/uploads/page.html',
      '/uploads/',
      '/uploads/avatars/missing.png',
    ]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toMatchObject({ code: 'NOT_FOUND' });
    }
  });

  it('serves a private object only through a valid, unexpired signed URL', async () => {
    const storage = appStorage();
    const key = `private/ids/${randomUUID()}.pdf`;
    await storage.put(key, Buffer.from('%PDF-1.7 id'), { contentType: 'application/pdf' });

    const plain = await t.app.inject({ url: `/uploads/${key}` });
    expect(plain.statusCode).toBe(403);
    expect(plain.json().message).toBe('This link has expired or is not valid.');

    const signed = await t.app.inject({ url: storage.signedUrl(key) });
    expect(signed.statusCode).toBe(200);
    expect(signed.body).toBe('%PDF-1.7 id');
    expect(signed.headers['content-type']).toBe('application/pdf');
    expect(signed.headers['cache-control']).toBe('private, no-store');
    expect(signed.headers['x-content-type-options']).toBe('nosniff');

    const expired = storage.signedUrl(key, { expiresInSeconds: 60, now: new Date(Date.now() - 120_000) });
    expect((await t.app.inject({ url: expired })).statusCode).toBe(403);

    const url = new URL(storage.signedUrl(key), 'http://x');
    url.searchParams.set('expires', String(Number(url.searchParams.get('expires')) + 86_400));
    expect((await t.app.inject({ url: url.pathname + url.search })).statusCode).toBe(403);

    const otherKey = `private/ids/${randomUUID()}.pdf`;
    await storage.put(otherKey, Buffer.from('%PDF-1.7 other'), { contentType: 'application/pdf' });
    const borrowed = new URL(storage.signedUrl(key), 'http://x');
    expect((await t.app.inject({ url: `/uploads/${otherKey}${borrowed.search}` })).statusCode).toBe(403);
  });
});
