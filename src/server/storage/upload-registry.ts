import { randomUUID } from 'node:crypto';
import { msg } from '@lingui/core/macro';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { queryRows, type Db, type Executor } from '../db/open.ts';
import { uploads } from '../db/schema.ts';
import { localized } from '../http/api-messages.ts';
import { AppError } from '../http/errors.ts';
import type { RoundKind } from '../jobs/runner.ts';
import { processImage } from './images.ts';
import type { Storage } from './storage.ts';

/**
 * The upload registry: every stored photo has an `uploads` row (its owner, its URL, its files).
 *
 * Lifecycle, safe with any number of app instances:
 * 1. storeUpload(): the row is inserted (quota checked under a per-user lock) before any file is
 *    written, so no file ever exists without a row that names it.
 * 2. A feature that attaches URLs to a row (services.photos, users.image, providers.avatar) calls
 *    requireOwnedUploads() inside the transaction that writes them: it locks the upload rows
 *    (FOR SHARE), so the sweeper cannot delete them until that transaction ends, and by then the
 *    reference is visible to it.
 * 3. Replacing or removing a photo only changes the referencing row; nothing is deleted there.
 * 4. sweepOrphanUploads() deletes the files and row of every upload older than the grace period
 *    that no row references, taking rows with FOR UPDATE SKIP LOCKED (instances never collide).
 */

export const PHOTO_FOLDER = 'photos';

export type UploadLimits = { perUserPerHour: number; quotaBytesPerUser: number };
export type StoredUpload = { id: string; url: string; width: number; height: number };

function megabytes(bytes: number) {
  return `${Math.round(bytes / (1024 * 1024))} MB`;
}

type Usage = { lastHour: number; totalBytes: number; retryAfterSeconds: number };

async function usageOf(db: Executor, userId: string): Promise<Usage> {
  const rows = await db
    .select({
      lastHour: sql<number>`count(*) filter (where ${uploads.createdAt} > now() - interval '1 hour')::int`,
      totalBytes: sql<number>`coalesce(sum(${uploads.bytes}), 0)::bigint`,
      retryAfterSeconds: sql<number>`coalesce(ceil(extract(epoch from min(${uploads.createdAt}) filter (where ${uploads.createdAt} > now() - interval '1 hour') + interval '1 hour' - now())), 0)::int`,
    })
    .from(uploads)
    .where(eq(uploads.userId, userId));
  const row = rows[0]!;
  return {
    lastHour: Number(row.lastHour),
    totalBytes: Number(row.totalBytes),
    retryAfterSeconds: row.retryAfterSeconds,
  };
}

function requireWithinLimits(usage: Usage, adding: number, limits: UploadLimits) {
  if (usage.lastHour >= limits.perUserPerHour) {
    throw new AppError(
      'RATE_LIMITED',
      localized((i18n) => {
        const count = limits.perUserPerHour;
        return i18n._(msg`You have uploaded ${count} photos in the last hour. Please wait a little and try again.`);
      }),
      { 'retry-after': String(Math.max(1, usage.retryAfterSeconds)) },
    );
  }
  if (usage.totalBytes + adding > limits.quotaBytesPerUser) {
    throw new AppError(
      'PAYLOAD_TOO_LARGE',
      localized((i18n) => {
        const quota = megabytes(limits.quotaBytesPerUser);
        return i18n._(
          msg`Your photos would take more than your ${quota} of storage. Remove photos you no longer use and try again.`,
        );
      }),
    );
  }
}

/** Refuses early (before any decoding work) a user who is already over a limit. */
export async function requireUploadAllowance(db: Executor, userId: string, limits: UploadLimits): Promise<void> {
  requireWithinLimits(await usageOf(db, userId), 0, limits);
}

/**
 * Checks, re-encodes and stores one uploaded image for a user: the row first (under the user's
 * quota, checked with a per-user lock so parallel uploads cannot all slip under it), then the
 * files. Throws 415 for a file that is not a supported image, 413/429 over a quota.
 */
export async function storeUpload(
  db: Db,
  storage: Storage,
  userId: string,
  bytes: Buffer,
  limits: UploadLimits,
): Promise<StoredUpload> {
  await requireUploadAllowance(db, userId, limits);
  const image = await processImage(bytes);
  const base = randomUUID();
  const files = image.variants.map((v) => ({ ...v, key: `${PHOTO_FOLDER}/${base}-w${v.width}.webp` }));
  const largest = files[files.length - 1]!;
  const url = storage.url(largest.key);
  const total = files.reduce((sum, f) => sum + f.bytes.length, 0);

  const id = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`locora.uploads:${userId}`}))`);
    requireWithinLimits(await usageOf(tx, userId), total, limits);
    const [row] = await tx
      .insert(uploads)
      .values({
        userId,
        url,
        keys: files.map((f) => f.key),
        bytes: total,
        width: largest.width,
        height: largest.height,
      })
      .returning({ id: uploads.id });
    return row!.id;
  });

  try {
    for (const f of files) await storage.put(f.key, f.bytes, { contentType: 'image/webp' });
  } catch (err) {
    await Promise.allSettled(files.map((f) => storage.delete(f.key)));
    await db.delete(uploads).where(eq(uploads.id, id));
    throw err;
  }
  return { id, url, width: largest.width, height: largest.height };
}

/**
 * Throws 400 unless every URL is either already attached to the row being written
 * (`alreadyAttached`) or an upload owned by `userId`. Call it inside the transaction that stores
 * the URLs: it locks the uploads it checks, so the orphan sweeper cannot remove one of them
 * before that transaction commits the reference.
 */
export async function requireOwnedUploads(
  db: Executor,
  userId: string,
  urls: readonly string[],
  alreadyAttached: readonly string[],
): Promise<void> {
  const attached = new Set(alreadyAttached);
  const needed = [...new Set(urls.filter((url) => !attached.has(url)))];
  if (needed.length === 0) return;
  const owned = await db
    .select({ url: uploads.url })
    .from(uploads)
    .where(and(eq(uploads.userId, userId), inArray(uploads.url, needed)))
    .for('share');
  const ownedUrls = new Set(owned.map((r) => r.url));
  const missing = needed.filter((url) => !ownedUrls.has(url));
  if (missing.length > 0) {
    throw new AppError(
      'BAD_REQUEST',
      missing.length === 1
        ? `This photo is not one of your uploads (or it expired): ${missing[0]!.slice(0, 200)}. Upload it again.`
        : `${missing.length} photos are not among your uploads (or they expired). Upload them again.`,
    );
  }
}

export type SweepOptions = { graceSeconds: number; batchSize?: number };

/**
 * Deletes uploads (files, then the row) older than the grace period that no services.photos,
 * users.image or providers.avatar references. Safe to run from every app instance at once: rows
 * are claimed with FOR UPDATE SKIP LOCKED, and a row being attached is locked by
 * requireOwnedUploads. Returns how many uploads were deleted.
 */
export async function sweepOrphanUploads(db: Db, storage: Storage, opts: SweepOptions): Promise<number> {
  const batchSize = opts.batchSize ?? 100;
  const unreferenced = sql`not exists (select 1 from users where users.image = ${uploads.url})
    and not exists (select 1 from providers where providers.avatar = ${uploads.url})
    and not exists (select 1 from services where services.photos @> array[${uploads.url}])`;
  let deleted = 0;
  for (;;) {
    const { claimed, gone } = await db.transaction(async (tx) => {
      const rows = await tx
        .select({ id: uploads.id })
        .from(uploads)
        .where(sql`${uploads.createdAt} <= now() - make_interval(secs => ${opts.graceSeconds}) and ${unreferenced}`)
        .orderBy(uploads.createdAt)
        .limit(batchSize)
        .for('update', { skipLocked: true });
      if (rows.length === 0) return { claimed: 0, gone: [] };
      // Asked again now that the rows are ours: an attach that committed after the first
      // statement's snapshot (its lock released just before ours) is seen by this one.
      const gone = await tx
        .delete(uploads)
        .where(
          and(
            inArray(
              uploads.id,
              rows.map((r) => r.id),
            ),
            unreferenced,
          ),
        )
        .returning({ keys: uploads.keys });
      return { claimed: rows.length, gone };
    });
    // Files go only once their rows are gone for good (a failed commit keeps both).
    for (const row of gone) {
      for (const key of row.keys) await storage.delete(key);
    }
    deleted += gone.length;
    if (claimed < batchSize) return deleted;
  }
}

/**
 * The sweep as a kind of the job runner (decision 032): every instance may run it; its rows are
 * claimed FOR UPDATE SKIP LOCKED, so a row is deleted once.
 */
export function uploadSweepJobKind(
  db: Db,
  storage: Storage,
  opts: SweepOptions & { intervalSeconds: number; onSwept?: (n: number) => void },
): RoundKind {
  return {
    name: 'upload-sweep',
    intervalMs: Math.max(1, opts.intervalSeconds) * 1000,
    async round() {
      const n = await sweepOrphanUploads(db, storage, opts);
      if (n > 0) opts.onSwept?.(n);
      return n;
    },
    async stats() {
      const [row] = await queryRows<{ depth: number; oldest: number | null }>(
        db,
        sql`select count(*)::int as depth,
                   extract(epoch from now() - min(u.created_at) - make_interval(secs => ${opts.graceSeconds}))::float8 as oldest
            from uploads u
            where u.created_at <= now() - make_interval(secs => ${opts.graceSeconds})
              and not exists (select 1 from users where users.image = u.url)
              and not exists (select 1 from providers where providers.avatar = u.url)
              and not exists (select 1 from services where services.photos @> array[u.url])`,
      );
      return { depth: row?.depth ?? 0, due: row?.depth ?? 0, oldestDueSeconds: Math.max(0, Number(row?.oldest ?? 0)) };
    },
  };
}
