import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { expect, test } from './fixtures';
import { expectNoSeriousA11yViolations, uniqueEmail } from './helpers';

/**
 * The photo pipeline in the built server (sharp and the HEIC decoder loaded from the compiled
 * bundle), over HTTP and through the /settings avatar chooser.
 */

const HEIC = fs.readFileSync(path.join(import.meta.dirname, '..', 'src/server/storage/fixtures/photo.heic'));

function photoWithGps(width: number, height: number) {
  return sharp({ create: { width, height, channels: 3, background: '#3a7' } })
    .jpeg()
    .withExif({
      IFD0: { Model: 'Secret Model' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '38/1 42/1 30/1', GPSLongitudeRef: 'W', GPSLongitude: '9/1 8/1 20/1' },
    })
    .toBuffer();
}

test.describe('photo uploads', () => {
  test('over HTTP: JPEG and HEIC become clean WebP at several widths; an SVG is refused', async ({ page, request }) => {
    const signup = await page.request.post('/api/auth/signup', {
      data: { email: uniqueEmail('photos'), password: 'photos-pass-123', name: 'Photo Tester', role: 'TRAVELER' },
    });
    expect(signup.status()).toBe(201);

    // `request` has no session: signed out.
    const anon = await request.post('/api/uploads', {
      multipart: { file: { name: 'a.jpg', mimeType: 'image/jpeg', buffer: await photoWithGps(100, 80) } },
    });
    expect(anon.status()).toBe(401);

    const jpeg = await page.request.post('/api/uploads', {
      multipart: { file: { name: 'holiday.jpg', mimeType: 'image/jpeg', buffer: await photoWithGps(1000, 750) } },
    });
    expect(jpeg.status(), await jpeg.text()).toBe(201);
    const { upload } = (await jpeg.json()) as { upload: { url: string; width: number; height: number } };
    expect(upload).toMatchObject({ width: 1000, height: 750 });
    expect(upload.url).toMatch(/^\/uploads\/photos\/[0-9a-f-]{36}-w1000\.webp$/);
    for (const w of [160, 400, 800, 1000]) {
      const res = await page.request.get(upload.url.replace('-w1000.', `-w${w}.`));
      expect(res.status()).toBe(200);
      expect(res.headers()['content-type']).toBe('image/webp');
      expect(res.headers()['cache-control']).toContain('immutable');
      const meta = await sharp(await res.body()).metadata();
      expect(meta.width).toBe(w);
      expect(meta.exif).toBeUndefined();
    }

    const heic = await page.request.post('/api/uploads', {
      multipart: { file: { name: 'IMG_0001.HEIC', mimeType: 'image/heic', buffer: HEIC } },
    });
    expect(heic.status(), await heic.text()).toBe(201);
    expect(((await heic.json()) as { upload: { width: number } }).upload.width).toBe(96);

    const svg = await page.request.post('/api/uploads', {
      multipart: {
        file: {
          name: 'photo.png',
          mimeType: 'image/png',
          buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        },
      },
    });
    expect(svg.status()).toBe(415);
    expect(((await svg.json()) as { message: string }).message).toBe(
      'The file must be a JPEG, PNG, WebP or HEIC image.',
    );
  });

  test('the /settings avatar goes through the pipeline and is shown right-sized', async ({ page }) => {
    const signup = await page.request.post('/api/auth/signup', {
      data: { email: uniqueEmail('avatar'), password: 'avatar-pass-123', name: 'Avatar Tester', role: 'TRAVELER' },
    });
    expect(signup.status()).toBe(201);
    await page.goto('/settings');
    await page.locator('#avatar-file').setInputFiles({
      name: 'me.jpg',
      mimeType: 'image/jpeg',
      buffer: await photoWithGps(600, 600),
    });
    await page.getByRole('button', { name: 'Save photo' }).click();
    await expect(page.getByText('Profile photo updated').first()).toBeVisible();

    const avatar = page.getByRole('banner').locator('img[data-slot="avatar-image"]');
    await expect(avatar).toHaveAttribute('srcset', /\/uploads\/photos\/[0-9a-f-]{36}-w160\.webp 160w/);
    await expect(avatar).toHaveAttribute('sizes', '64px');
    await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    // The browser picked a small width for a small avatar.
    expect(await avatar.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/-w(160|400)\.webp$/);
    await expectNoSeriousA11yViolations(page, 'settings after an avatar upload');
  });
});
