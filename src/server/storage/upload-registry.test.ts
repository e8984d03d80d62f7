import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeEach, describe, expect, it } from 'vitest';
import { categories, providers, services, uploads, users } from '../db/schema.ts';
import { AppError } from '../http/errors.ts';
import { signUp, useTestApp } from '../test/test-app.ts';
import { multipart } from '../test/multipart.ts';
import { createFsStorage, readOrCreateSigningKey } from './storage.ts';
import { jpegWithGps, png } from './test-images.ts';
import { requireOwnedUploads, storeUpload, sweepOrphanUploads } from './upload-registry.ts';

const PER_HOUR = 25;
const t = useTestApp({
  uploads: {
    perUserPerHour: PER_HOUR,
    quotaBytesPerUser: 50 * 1024 * 1024,
    orphanGraceSeconds: 3600,
    sweepIntervalSeconds: 0,
  },
});
beforeEach(() => fs.rmSync(t.config.uploadDir, { recursive: true, force: true }));

const storage = () =>
  createFsStorage({ root: t.config.uploadDir, signingKey: readOrCreateSigningKey(t.config.dataDir) });
const limits = { perUserPerHour: 1000, quotaBytesPerUser: 1024 * 1024 * 1024 };

function filesOnDisk(): string[] {
  const dir = path.join(t.config.uploadDir, 'photos');
  return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
}
const filesOf = (url: string) =>
  filesOnDisk().filter((f) => f.startsWith(path.basename(url).replace(/-w\d+\.webp$/, '')));

async function postUpload(cookies: Record<string, string>, bytes: Buffer) {
  return t.app.inject({
    method: 'POST',
    url: '/api/uploads',
    cookies,
    ...multipart('file', 'p.png', 'image/png', bytes),
  });
}

async function postAvatar(cookies: Record<string, string>, bytes: Buffer) {
  return t.app.inject({
    method: 'POST',
    url: '/api/account/avatar',
    cookies,
    ...multipart('avatar', 'me.jpg', 'image/jpeg', bytes),
  });
}

async function refusalOf(promise: Promise<unknown>) {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}

describe('requireOwnedUploads', () => {
  it('accepts own uploads and already attached photos; refuses other users\u2019 and unknown URLs (400)', async () => {
    const alice = await signUp(t.app);
    const bob = await signUp(t.app);
    const mine = await storeUpload(t.db, storage(), alice.user.id, await png(), limits);
    const theirs = await storeUpload(t.db, storage(), bob.user.id, await png(), limits);

    await requireOwnedUploads(t.db, alice.user.id, [mine.url], []);
    await requireOwnedUploads(t.db, alice.user.id, [mine.url, mine.url], []);
    await requireOwnedUploads(t.db, alice.user.id, [], []);
    // A photo the row already has (e.g. demo artwork, or one kept while editing) stays allowed.
    await requireOwnedUploads(t.db, alice.user.id, ['/demo/artwork/x.webp', mine.url], ['/demo/artwork/x.webp']);
    await requireOwnedUploads(t.db, alice.user.id, [theirs.url], [theirs.url]);

    const other = await refusalOf(requireOwnedUploads(t.db, alice.user.id, [mine.url, theirs.url], []));
    expect(other.statusCode).toBe(400);
    expect(other.code).toBe('BAD_REQUEST');
    expect(other.message).toBe(
      `This photo is not one of your uploads (or it expired): ${theirs.url}. Upload it again.`,
    );
    const unknown = await refusalOf(
      requireOwnedUploads(
        t.db,
        alice.user.id,
        ['/uploads/photos/00000000-0000-4000-8000-000000000000-w800.webp', 'https://evil.example/x.jpg'],
        [],
      ),
    );
    expect(unknown.message).toBe('2 photos are not among your uploads (or they expired). Upload them again.');
    // Works inside a transaction, as features call it.
    await t.db.transaction(async (tx) => requireOwnedUploads(tx, bob.user.id, [theirs.url], []));
  });
});

describe('the orphan sweeper', () => {
  it('deletes exactly the uploads no row references, once the grace period is over', async () => {
    const provider = await signUp(t.app, { role: 'PROVIDER' });
    const s = storage();
    const asImage = await storeUpload(t.db, s, provider.user.id, await png(), limits);
    const asAvatar = await storeUpload(t.db, s, provider.user.id, await png(), limits);
    const asPhoto = await storeUpload(t.db, s, provider.user.id, await png(), limits);
    const onDeletedService = await storeUpload(t.db, s, provider.user.id, await png(), limits);
    const orphan = await storeUpload(t.db, s, provider.user.id, await png(), limits);

    await t.db.update(users).set({ image: asImage.url }).where(eq(users.id, provider.user.id));
    await t.db.update(providers).set({ avatar: asAvatar.url }).where(eq(providers.userId, provider.user.id));
    const [profile] = await t.db
      .select({ id: providers.id })
      .from(providers)
      .where(eq(providers.userId, provider.user.id));
    const [category] = await t.db.insert(categories).values({ name: 'Tours', slug: 'tours' }).returning();
    await t.db.insert(services).values([
      {
        providerId: profile!.id,
        categoryId: category!.id,
        title: 'Walk',
        priceCents: 1000,
        photos: ['/x.webp', asPhoto.url],
      },
      // Soft-deleted services keep their photos (their bookings and reviews still show them).
      {
        providerId: profile!.id,
        categoryId: category!.id,
        title: 'Old',
        priceCents: 1000,
        photos: [onDeletedService.url],
        deletedAt: new Date(),
      },
    ]);
    expect(filesOnDisk()).toHaveLength(5);

    // Within the grace period nothing goes (a form may be about to save it).
    expect(await sweepOrphanUploads(t.db, s, { graceSeconds: 3600 })).toBe(0);
    expect(filesOnDisk()).toHaveLength(5);

    expect(await sweepOrphanUploads(t.db, s, { graceSeconds: 0 })).toBe(1);
    expect(filesOf(orphan.url)).toEqual([]);
    for (const kept of [asImage, asAvatar, asPhoto, onDeletedService]) expect(filesOf(kept.url)).toHaveLength(1);
    expect((await t.db.select({ url: uploads.url }).from(uploads)).map((r) => r.url).sort()).toEqual(
      [asImage, asAvatar, asPhoto, onDeletedService].map((u) => u.url).sort(),
    );

    // Replacing a photo leaves the old one unreferenced: the next sweep removes it.
    await t.db.update(users).set({ image: null }).where(eq(users.id, provider.user.id));
    expect(await sweepOrphanUploads(t.db, s, { graceSeconds: 0 })).toBe(1);
    expect(filesOf(asImage.url)).toEqual([]);
    expect(await sweepOrphanUploads(t.db, s, { graceSeconds: 0 })).toBe(0);
  });

  // PGlite is one connection: a second transaction would wait for the first, so this needs PostgreSQL.
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'skips an upload that a transaction is attaching, which then keeps it (PostgreSQL)',
    async () => {
      const { user } = await signUp(t.app);
      const s = storage();
      const photo = await storeUpload(t.db, s, user.id, await png(), limits);
      let sweptMeanwhile = -1;
      await t.db.transaction(async (tx) => {
        await requireOwnedUploads(tx, user.id, [photo.url], []);
        // Another instance sweeps while the reference is not yet committed: the row is locked.
        sweptMeanwhile = await sweepOrphanUploads(t.db, s, { graceSeconds: 0 });
        await tx.update(users).set({ image: photo.url }).where(eq(users.id, user.id));
      });
      expect(sweptMeanwhile).toBe(0);
      expect(await sweepOrphanUploads(t.db, s, { graceSeconds: 0 })).toBe(0);
      expect(filesOf(photo.url)).toHaveLength(1);
    },
  );

  it('works in batches, and sweepers running at once delete each upload once', async () => {
    const { user } = await signUp(t.app);
    const s = storage();
    for (let i = 0; i < 7; i++) await storeUpload(t.db, s, user.id, await png(), limits);
    const counts = await Promise.all([
      sweepOrphanUploads(t.db, s, { graceSeconds: 0, batchSize: 2 }),
      sweepOrphanUploads(t.db, s, { graceSeconds: 0, batchSize: 3 }),
    ]);
    expect(counts[0]! + counts[1]!).toBe(7);
    expect(filesOnDisk()).toEqual([]);
    expect(await t.db.select().from(uploads)).toEqual([]);
  });
});

describe('upload quotas (per user)', () => {
  it(`allows ${PER_HOUR} uploads an hour, then 429 with a message; another user is not affected`, async () => {
    const alice = await signUp(t.app);
    const bob = await signUp(t.app);
    // Earlier uploads (inserted as rows, as if made in the last hour) count.
    await t.db.insert(uploads).values(
      Array.from({ length: PER_HOUR - 1 }, (_, i) => ({
        userId: alice.user.id,
        url: `/uploads/photos/earlier-${i}.webp`,
        keys: [],
        bytes: 10,
      })),
    );
    expect((await postUpload(alice.cookies, await png())).statusCode).toBe(201);
    const refused = await postUpload(alice.cookies, await png());
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(
      `You have uploaded ${PER_HOUR} photos in the last hour. Please wait a little and try again.`,
    );
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await postUpload(bob.cookies, await png())).statusCode).toBe(201);
    // Uploads older than an hour no longer count.
    await t.db.execute(
      sql`update uploads set created_at = now() - interval '2 hours' where user_id = ${alice.user.id}`,
    );
    expect((await postUpload(alice.cookies, await png())).statusCode).toBe(201);
  });

  it('refuses an upload that would pass the stored-bytes quota with 413', async () => {
    const alice = await signUp(t.app);
    const small = { perUserPerHour: 1000, quotaBytesPerUser: 5 * 1024 * 1024 };
    await t.db
      .insert(uploads)
      .values({ userId: alice.user.id, url: '/uploads/photos/big.webp', keys: [], bytes: 5 * 1024 * 1024 - 100 });
    const err = await refusalOf(storeUpload(t.db, storage(), alice.user.id, await png(200, 150), small));
    expect(err.statusCode).toBe(413);
    expect(err.message).toBe(
      'Your photos would take more than your 5 MB of storage. Remove photos you no longer use and try again.',
    );
    expect(filesOnDisk()).toEqual([]);
  });

  it('holds under parallel uploads: no more than the hourly limit get through', async () => {
    const alice = await signUp(t.app);
    const bytes = await png();
    const results = await Promise.all(
      Array.from({ length: 6 }, () =>
        storeUpload(t.db, storage(), alice.user.id, bytes, { perUserPerHour: 4, quotaBytesPerUser: 1e9 }).then(
          () => 201,
          (e: AppError) => e.statusCode,
        ),
      ),
    );
    expect(results.filter((s) => s === 201)).toHaveLength(4);
    expect(results.filter((s) => s === 429)).toHaveLength(2);
    expect(await t.db.select().from(uploads)).toHaveLength(4);
  });
});

describe('avatars go through the photo pipeline', () => {
  it('stores no EXIF or GPS: the file on disk is a clean WebP', async () => {
    const { cookies } = await signUp(t.app);
    const res = await postAvatar(cookies, await jpegWithGps(640, 480));
    expect(res.statusCode).toBe(200);
    const image: string = res.json().user.image;
    expect(image).toMatch(/^\/uploads\/photos\/[0-9a-f-]{36}-w640\.webp$/);
    for (const file of filesOf(image)) {
      const bytes = fs.readFileSync(path.join(t.config.uploadDir, 'photos', file));
      const meta = await sharp(bytes).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(bytes.toString('latin1')).not.toMatch(/GPS|Secret Model|LocoraCam/);
    }
    const served = await t.app.inject({ url: image });
    expect((await sharp(served.rawPayload).metadata()).exif).toBeUndefined();
  });

  it('20 parallel avatar uploads leave only the referenced picture on disk after a sweep', async () => {
    const { cookies, user } = await signUp(t.app);
    const bytes = await jpegWithGps(900, 600);
    const results = await Promise.all(Array.from({ length: 20 }, () => postAvatar(cookies, bytes)));
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(filesOnDisk()).toHaveLength(20 * 4);

    await sweepOrphanUploads(t.db, storage(), { graceSeconds: 0 });
    const [row] = await t.db.select({ image: users.image }).from(users).where(eq(users.id, user.id));
    const base = path.basename(row!.image!).replace(/-w\d+\.webp$/, '');
    expect(filesOnDisk()).toEqual([160, 400, 800, 900].map((w) => `${base}-w${w}.webp`).sort());
    expect((await t.db.select({ url: uploads.url }).from(uploads)).map((r) => r.url)).toEqual([row!.image]);
    expect((await t.app.inject({ url: row!.image! })).statusCode).toBe(200);
  });

  it('removing the avatar leaves the file to the sweeper, which then deletes it', async () => {
    const { cookies } = await signUp(t.app);
    const image: string = (await postAvatar(cookies, await png())).json().user.image;
    const removed = await t.app.inject({ method: 'DELETE', url: '/api/account/avatar', cookies });
    expect(removed.json().user.image).toBeNull();
    expect(filesOf(image)).toHaveLength(1);
    await sweepOrphanUploads(t.db, storage(), { graceSeconds: 0 });
    expect(filesOnDisk()).toEqual([]);
  });
});
