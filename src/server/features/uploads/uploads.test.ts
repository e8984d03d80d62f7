import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { uploads } from '../../db/schema.ts';
import { HEIC_96x64, halves, jpegWithGps, png, pngBomb, webp } from '../../storage/test-images.ts';
import { signUp, useTestApp } from '../../test/test-app.ts';
import { multipart } from '../../test/multipart.ts';
import { UPLOADS_IN_FLIGHT_PER_USER, uploadsInFlightFor } from './routes.ts';

const t = useTestApp();
// The database is emptied before each test; so are the stored files.
beforeEach(() => fs.rmSync(t.config.uploadDir, { recursive: true, force: true }));

const URL_RE = /^\/uploads\/photos\/([0-9a-f-]{36})-w(\d+)\.webp$/;

async function upload(cookies: Record<string, string> | undefined, filename: string, type: string, bytes: Buffer) {
  return t.app.inject({ method: 'POST', url: '/api/uploads', cookies, ...multipart('file', filename, type, bytes) });
}

function filesOnDisk(): string[] {
  const dir = path.join(t.config.uploadDir, 'photos');
  return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
}

async function signUpAdmin() {
  const admin = await signUp(t.app);
  await t.db.execute(sql`update users set role = 'ADMIN' where id = ${admin.user.id}`);
  return admin;
}

describe('POST /api/uploads: who may upload', () => {
  it('refuses an anonymous upload (401) and stores nothing', async () => {
    const res = await upload(undefined, 'a.png', 'image/png', await png());
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('You need to sign in first.');
    expect(filesOnDisk()).toEqual([]);
    expect(await t.db.select().from(uploads)).toEqual([]);
  });

  it.each(['TRAVELER', 'PROVIDER', 'ADMIN'] as const)('lets a %s upload; the photo is theirs', async (role) => {
    const who = role === 'ADMIN' ? await signUpAdmin() : await signUp(t.app, { role });
    const res = await upload(who.cookies, 'holiday.jpg', 'image/jpeg', await jpegWithGps(1200, 900));
    expect(res.statusCode).toBe(201);
    const { upload: body } = res.json<{ upload: { id: string; url: string; width: number; height: number } }>();
    expect(body).toMatchObject({ width: 1200, height: 900 });
    const [, base, width] = URL_RE.exec(body.url) ?? [];
    expect(width).toBe('1200');
    // Every width is stored, and served as WebP with immutable caching.
    expect(filesOnDisk()).toEqual([160, 400, 800, 1200].map((w) => `${base}-w${w}.webp`).sort());
    for (const w of [160, 400, 800, 1200]) {
      const served = await t.app.inject({ url: `/uploads/photos/${base}-w${w}.webp` });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect((await sharp(served.rawPayload).metadata()).width).toBe(w);
    }
    const [row] = await t.db.select().from(uploads).where(eq(uploads.id, body.id));
    expect(row).toMatchObject({ userId: who.user.id, url: body.url, width: 1200, height: 900 });
    expect(row!.keys).toHaveLength(4);
    expect(row!.bytes).toBe(
      [160, 400, 800, 1200].reduce(
        (sum, w) => sum + fs.statSync(path.join(t.config.uploadDir, 'photos', `${base}-w${w}.webp`)).size,
        0,
      ),
    );
  });

  it('never reuses a name: the same file twice gives two uploads', async () => {
    const { cookies } = await signUp(t.app);
    const bytes = await png();
    const a = (await upload(cookies, 'a.png', 'image/png', bytes)).json().upload.url;
    const b = (await upload(cookies, 'a.png', 'image/png', bytes)).json().upload.url;
    expect(a).not.toBe(b);
  });
});

describe('POST /api/uploads: what is accepted', () => {
  it('recognises content, not names: a PNG called .jpg is fine, WebP and HEIC too', async () => {
    const { cookies } = await signUp(t.app);
    expect((await upload(cookies, 'photo.jpg', 'image/jpeg', await png())).statusCode).toBe(201);
    expect((await upload(cookies, 'photo', 'application/octet-stream', await webp())).statusCode).toBe(201);
    const heic = await upload(cookies, 'IMG_0001.HEIC', 'image/heic', HEIC_96x64);
    expect(heic.statusCode).toBe(201);
    expect(heic.json().upload).toMatchObject({ width: 96, height: 64 });
    const served = await t.app.inject({ url: heic.json().upload.url });
    expect((await sharp(served.rawPayload).metadata()).format).toBe('webp');
  });

  it.each([
    [
      'an SVG with a script, called .png',
      'x.png',
      'image/png',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    ],
    ['an HTML page', 'x.jpg', 'image/jpeg', Buffer.from('<!doctype html><script>alert(document.cookie)</script>')],
    ['a PDF', 'x.pdf', 'application/pdf', Buffer.from('%PDF-1.7\n1 0 obj\n')],
    ['a GIF', 'x.gif', 'image/gif', Buffer.from('GIF89a\x01\x00\x01\x00\x80\x00\x00')],
    ['an empty file', 'x.png', 'image/png', Buffer.alloc(0)],
  ])('refuses %s with 415', async (_what, filename, type, bytes) => {
    const { cookies } = await signUp(t.app);
    const res = await upload(cookies, filename, type, bytes);
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toMatch(/^The file (must be a JPEG, PNG, WebP or HEIC image|is empty)\.$/);
    expect(filesOnDisk()).toEqual([]);
  });

  it('refuses a truncated JPEG and a decompression bomb with 415', async () => {
    const { cookies } = await signUp(t.app);
    const jpeg = await halves(600, 400).jpeg().toBuffer();
    const cut = await upload(cookies, 'cut.jpg', 'image/jpeg', jpeg.subarray(0, jpeg.length - 200));
    expect(cut.statusCode).toBe(415);
    expect(cut.json().message).toBe('The image could not be read. Is the file complete?');
    const bomb = await upload(cookies, 'bomb.png', 'image/png', pngBomb(20000));
    expect(bomb.statusCode).toBe(415);
    expect(bomb.json().message).toMatch(/too large: at most 50 megapixels/);
    expect(filesOnDisk()).toEqual([]);
    expect(await t.db.select().from(uploads)).toEqual([]);
  });

  it('takes a photo of several megabytes (up to 10 MB)', async () => {
    const { cookies } = await signUp(t.app);
    // Noise does not compress: a 1400 x 1000 PNG of it is about 4 MB.
    const noise = Buffer.from(Array.from({ length: 1400 * 1000 * 3 }, () => Math.floor(Math.random() * 256)));
    const big = await sharp(noise, { raw: { width: 1400, height: 1000, channels: 3 } })
      .png({ compressionLevel: 1 })
      .toBuffer();
    expect(big.length).toBeGreaterThan(3 * 1024 * 1024);
    const res = await upload(cookies, 'noise.png', 'image/png', big);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().upload).toMatchObject({ width: 1400, height: 1000 });
  });

  it('refuses a file over 10 MB with 413, and bad requests with 4xx', async () => {
    const { cookies } = await signUp(t.app);
    const big = Buffer.concat([await png(), Buffer.alloc(11 * 1024 * 1024)]);
    const res = await upload(cookies, 'big.png', 'image/png', big);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('The image must be at most 10 MB.');
    const wrongField = await t.app.inject({
      method: 'POST',
      url: '/api/uploads',
      cookies,
      ...multipart('photo', 'a.png', 'image/png', await png()),
    });
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().message).toBe('Choose an image to upload (multipart field "file").');
    const json = await t.app.inject({ method: 'POST', url: '/api/uploads', cookies, payload: { file: 'x' } });
    expect(json.statusCode).toBe(415);
    expect(filesOnDisk()).toEqual([]);
  });
});

describe('POST /api/uploads in the API description', () => {
  it('is documented with its 201 body', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json();
    const op = doc.paths['/api/uploads'].post;
    expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['201', '401', '413', '415', '429']));
    expect(JSON.stringify(op.responses['201'])).toContain('width');
  });
});

describe('POST /api/uploads: uploads in progress', () => {
  it(`refuses a user's ${UPLOADS_IN_FLIGHT_PER_USER + 1}th upload while ${UPLOADS_IN_FLIGHT_PER_USER} are still arriving, before reading it`, async () => {
    const alice = await signUp(t.app);
    const base = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const cookie = Object.entries(alice.cookies)
      .map(([k, v]) => `${k}=${v}`)
      .join('; ');
    const { payload, headers } = multipart('file', 'a.png', 'image/png', await png());
    // Slow phones: each sends the start of its photo and then nothing.
    const slow = Array.from({ length: UPLOADS_IN_FLIGHT_PER_USER }, () => {
      const req = http.request(`${base}/api/uploads`, {
        method: 'POST',
        headers: { ...headers, cookie, 'content-length': payload.length },
      });
      req.on('error', () => {});
      req.flushHeaders();
      req.write(payload.subarray(0, 200));
      return req;
    });
    try {
      await vi.waitFor(() => expect(uploadsInFlightFor(alice.user.id)).toBe(UPLOADS_IN_FLIGHT_PER_USER), {
        timeout: 10_000,
      });
      const refused = await upload(alice.cookies, 'b.png', 'image/png', await png());
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toBe('Wait for your other photos to finish uploading, then try again.');
      // Another user is not held up by Alice's.
      const bob = await signUp(t.app);
      expect((await upload(bob.cookies, 'c.png', 'image/png', await png())).statusCode).toBe(201);
    } finally {
      for (const req of slow) req.destroy();
    }
    // Once they are gone, Alice can upload again.
    await vi.waitFor(
      async () => expect((await upload(alice.cookies, 'd.png', 'image/png', await png())).statusCode).toBe(201),
      { timeout: 10_000 },
    );
  });
});
