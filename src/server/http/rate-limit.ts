import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/open.ts';
import { queryRows } from '../db/open.ts';
import { rateLimits } from '../db/schema.ts';
import { AppError } from './errors.ts';

/**
 * Fixed-window failure counters kept in the database, so every app instance sees the same
 * counts. `assertNotLimited` runs before the expensive work; `recordFailure` after a failure.
 */
export async function assertNotLimited(db: Db, keys: string[], max: number) {
  if (keys.length === 0) return;
  const rows = await db
    .select({ count: rateLimits.count, resetAt: rateLimits.resetAt })
    .from(rateLimits)
    .where(inArray(rateLimits.key, keys));
  const now = Date.now();
  const blocked = rows.filter((r) => r.resetAt.getTime() > now && r.count >= max);
  if (blocked.length === 0) return;
  const retryAfter = Math.max(...blocked.map((r) => Math.ceil((r.resetAt.getTime() - now) / 1000)));
  const minutes = Math.max(1, Math.ceil(retryAfter / 60));
  throw new AppError(
    'RATE_LIMITED',
    `Too many attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
    { 'retry-after': String(retryAfter) },
  );
}

export async function recordFailure(db: Db, keys: string[], windowSeconds: number) {
  // Housekeeping: a few long-expired counters go with every failure, so the table stays small.
  await queryRows(
    db,
    sql`delete from rate_limits where key in (
          select key from rate_limits where reset_at < now() - interval '1 hour' limit 50)`,
  );
  for (const key of keys) {
    await queryRows(
      db,
      sql`insert into rate_limits (key, count, reset_at)
          values (${key}, 1, now() + make_interval(secs => ${windowSeconds}))
          on conflict (key) do update set
            count = case when rate_limits.reset_at <= now() then 1 else rate_limits.count + 1 end,
            reset_at = case when rate_limits.reset_at <= now() then excluded.reset_at else rate_limits.reset_at end
          returning count`,
    );
  }
}

export async function clearLimit(db: Db, keys: string[]) {
  if (keys.length) await db.delete(rateLimits).where(inArray(rateLimits.key, keys));
}
