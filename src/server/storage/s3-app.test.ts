import fs from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Config } from '../config.ts';
import { providers, uploads } from '../db/schema.ts';
import { multipart } from '../test/multipart.ts';
import { startS3Server, type S3Server } from '../test/s3-server.ts';
import { signUp, useTestApp } from '../test/test-app.ts';
import { createUploadStorage } from './backends.ts';
import { png } from './test-images.ts';
import { sweepOrphanUploads } from './upload-registry.ts';

/**
 * The app with S3 configured (decision 036), against the local S3 stand-in: photos and identity
 * documents go to the bucket (nothing to DATA_DIR), photos are served by the app, documents
 * only to admins, and the per-user quota and the orphan sweep work on the bucket.
 */
let s3: S3Server;
const overrides: Partial<Config> = {
  uploads: {
    perUserPerHour: 1000,
    quotaBytesPerUser: 50 * 1024 * 1024,
    orphanGraceSeconds: 0,
    sweepIntervalSeconds: 0,
  },
};
beforeAll(async () => {
  s3 = await startS3Server();
  overrides.s3 = {
    bucket: 'locora',
    endpoint: s3.endpoint,
    region: s3.region,
    accessKeyId: s3.accessKeyId,
    secretAccessKey: s3.secretAccessKey,
  };
});
afterAll(async () => {
  await s3?.close();
});
const t = useTestApp(overrides);
beforeEach(() => s3.objects().clear());

const bucketKeys = (prefix = '') => [...s3.objects().keys()].filter((k) => k.startsWith(prefix)).sort();

async function upload(cookies: Record<string, string>, bytes: Buffer) {
  return t.app.inject({
    method: 'POST',
    url: '/api/uploads',
    cookies,
    ...multipart('file', 'a.png', 'image/png', bytes),
  });
}

describe('uploads in S3', () => {
  it('stores a photo in the bucket, not on disk, and the app serves it', async () => {
    const { cookies } = await signUp(t.app);
    const res = await upload(cookies, await png(640, 480));
    expect(res.statusCode, res.body).toBe(201);
    const { url } = res.json<{ upload: { url: string } }>().upload;
    expect(url).toMatch(/^\/uploads\/photos\/[0-9a-f-]{36}-w\d+\.webp$/);
    const key = `uploads/${url.slice('/uploads/'.length)}`;
    expect(bucketKeys('uploads/photos/')).toContain(key);
    expect(fs.existsSync(t.config.uploadDir)).toBe(false);

    const served = await t.app.inject({ url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.rawPayload.equals(s3.objects().get(key)!.body)).toBe(true);
    expect((await t.app.inject({ url: url.replace(/-w\d+/, '-w1') })).statusCode).toBe(404);
  });

  it('counts the quota over what the bucket holds, and stores nothing past it', async () => {
    const { cookies, user } = await signUp(t.app);
    expect((await upload(cookies, await png(640, 480))).statusCode).toBe(201);
    const [{ bytes } = { bytes: 0 }] = await t.db
      .select({ bytes: sql<number>`sum(${uploads.bytes})::int` })
      .from(uploads)
      .where(eq(uploads.userId, user.id));
    const stored = bucketKeys('uploads/');
    expect(stored.reduce((sum, k) => sum + s3.objects().get(k)!.body.length, 0)).toBe(bytes);

    t.config.uploads.quotaBytesPerUser = bytes + 10;
    try {
      const refused = await upload(cookies, await png(640, 480));
      expect(refused.statusCode).toBe(413);
      expect(bucketKeys('uploads/')).toEqual(stored);
    } finally {
      t.config.uploads.quotaBytesPerUser = 50 * 1024 * 1024;
    }
  });

  it('the orphan sweep deletes unreferenced photos from the bucket, and keeps referenced ones', async () => {
    const { cookies, user } = await signUp(t.app);
    const kept = (await upload(cookies, await png())).json<{ upload: { url: string } }>().upload.url;
    const orphan = (await upload(cookies, await png(80, 60))).json<{ upload: { url: string } }>().upload.url;
    await t.db.execute(sql`update users set image = ${kept} where id = ${user.id}`);
    const keysOf = (url: string) => {
      const base = url.slice('/uploads/'.length).replace(/-w\d+\.webp$/, '');
      return bucketKeys(`uploads/${base}`);
    };
    expect(keysOf(orphan).length).toBeGreaterThan(0);

    const deleted = await sweepOrphanUploads(t.db, createUploadStorage(t.config), { graceSeconds: 0 });
    expect(deleted).toBe(1);
    expect(keysOf(orphan)).toEqual([]);
    expect(keysOf(kept).length).toBeGreaterThan(0);
    expect((await t.app.inject({ url: orphan })).statusCode).toBe(404);
    expect((await t.app.inject({ url: kept })).statusCode).toBe(200);
  });

  it('keeps identity documents in their own folder of the bucket, readable by admins only', async () => {
    const provider = await signUp(t.app, { role: 'PROVIDER' });
    const admin = await signUp(t.app);
    await t.db.execute(sql`update users set role = 'ADMIN' where id = ${admin.user.id}`);
    const doc = await png();
    const up = await t.app.inject({
      method: 'POST',
      url: '/api/provider/id-document',
      cookies: provider.cookies,
      ...multipart('file', 'id.png', 'image/png', doc),
    });
    expect(up.statusCode, up.body).toBe(201);
    const [row] = await t.db
      .select({ id: providers.id, key: providers.idDocumentKey })
      .from(providers)
      .where(eq(providers.userId, provider.user.id));
    expect(bucketKeys()).toEqual([`id-documents/${row!.key}`]);
    expect(fs.existsSync(t.config.idDocumentDir)).toBe(false);

    // No public or guessed URL reaches it.
    for (const url of [
      `/uploads/${row!.key}`,
      `/uploads/id-documents/${row!.key}`,
      `/uploads/../id-documents/${row!.key}`,
    ]) {
      expect((await t.app.inject({ url })).statusCode).toBe(404);
    }
    const url = `/api/admin/providers/${row!.id}/id-document`;
    expect((await t.app.inject({ url, cookies: provider.cookies })).statusCode).toBe(403);
    const read = await t.app.inject({ url, cookies: admin.cookies });
    expect(read.statusCode).toBe(200);
    expect(read.headers['cache-control']).toBe('private, no-store');
    expect(read.rawPayload.length).toBeGreaterThan(0);
    expect(read.rawPayload.equals(s3.objects().get(`id-documents/${row!.key}`)!.body)).toBe(true);
  });
});
