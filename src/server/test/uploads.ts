import type { Executor } from '../db/open.ts';
import { uploads } from '../db/schema.ts';

/**
 * Registers photo URLs as a user's uploads (what POST /api/uploads records), without files: for
 * tests of the calls that attach uploads (services, avatars), which check only the registry.
 */
export async function registerUploads(db: Executor, userId: string, urls: readonly string[]): Promise<void> {
  if (urls.length === 0) return;
  await db
    .insert(uploads)
    .values(urls.map((url) => ({ userId, url, keys: [url.replace(/^\/uploads\//, '')], bytes: 0 })));
}
