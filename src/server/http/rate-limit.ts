import { msg, plural } from '@lingui/core/macro';
import { inArray, sql } from 'drizzle-orm';
import type { I18n } from '@lingui/core';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../db/open.ts';
import { queryRows } from '../db/open.ts';
import { rateLimits } from '../db/schema.ts';
import { localized } from './api-messages.ts';
import { AppError } from './errors.ts';

/** One counter: at most `max` attempts per window of `windowSeconds`. */
export type Limit = {
  key: string;
  max: number;
  windowSeconds: number;
  /**
   * Growing delays: each window that ends used up doubles the next one (up to 2^MAX_STRIKES
   * times the base), so a steady attack gets ever fewer tries per hour.
   */
  grow?: boolean;
  /**
   * The 429 message in the reader's words (`i18n`); `wait` is the wait as they write it ('5
   * minutes', '2 hours', '5分'). Defaults to "Too many attempts...".
   */
  message?: (i18n: I18n, wait: string) => string;
};

/** A taken attempt; give it back with `release` when the attempt turns out not to count. */
export type Reservation = { key: string; resetAt: Date };

export const MAX_STRIKES = 5;

const tooManyAttempts = (i18n: I18n, wait: string) =>
  i18n._(msg`Too many attempts. Please wait ${wait} and try again.`);

/** A wait in the reader's words: minutes, or hours from an hour and a half. */
function waitWords(i18n: I18n, minutes: number): string {
  if (minutes < 90) return i18n._(msg`${plural(minutes, { one: '# minute', other: '# minutes' })}`);
  const hours = Math.ceil(minutes / 60);
  return i18n._(msg`${plural(hours, { one: '# hour', other: '# hours' })}`);
}

/**
 * Takes one attempt from each counter, in order, with ONE atomic statement per counter: the
 * increment and the check cannot be separated, so parallel requests cannot all slip past the
 * limit (at most `max` of them ever see a count within it). Call it BEFORE the expensive or
 * guessable work. Throws 429 with Retry-After at the first counter over its limit, after giving
 * back what it took from the earlier ones (a refused request is not an attempt).
 */
export async function reserve(db: Executor, limits: Limit[]): Promise<Reservation[]> {
  const taken: Reservation[] = [];
  for (const limit of limits) {
    const growth = limit.grow ? MAX_STRIKES : 0;
    // When a window has expired it restarts at 1; if it had been used up (count >= max) its
    // strikes grow, otherwise they go back to 0. All right-hand sides read the old row.
    const [row] = await queryRows<{ count: number; reset_at: Date | string }>(
      db,
      sql`insert into rate_limits as r (key, count, reset_at, strikes)
          values (${limit.key}, 1, now() + make_interval(secs => ${limit.windowSeconds}), 0)
          on conflict (key) do update set
            count = case when r.reset_at <= now() then 1 else r.count + 1 end,
            strikes = case
              when r.reset_at > now() then r.strikes
              when r.count >= ${limit.max} then least(r.strikes + 1, ${growth})
              else 0 end,
            reset_at = case
              when r.reset_at > now() then r.reset_at
              else now() + make_interval(secs => ${limit.windowSeconds} * power(2, case
                when r.count >= ${limit.max} then least(r.strikes + 1, ${growth})
                else 0 end)) end
          returning count, reset_at`,
    );
    if (!row) throw new Error('rate limit upsert returned no row');
    const resetAt = new Date(row.reset_at);
    if (row.count > limit.max) {
      await release(db, taken);
      const retryAfter = Math.max(1, Math.ceil((resetAt.getTime() - Date.now()) / 1000));
      const minutes = Math.max(1, Math.ceil(retryAfter / 60));
      const words = limit.message ?? tooManyAttempts;
      throw new AppError(
        'RATE_LIMITED',
        localized((i18n) => words(i18n, waitWords(i18n, minutes))),
        {
          'retry-after': String(retryAfter),
        },
      );
    }
    taken.push({ key: limit.key, resetAt });
  }
  return taken;
}

/** Gives attempts back (e.g. a login that succeeded is not a failure). Same window only. */
export async function release(db: Executor, reservations: Reservation[]) {
  for (const r of reservations) {
    await queryRows(
      db,
      sql`update rate_limits set count = greatest(count - 1, 0)
          where key = ${r.key}
            and reset_at between ${r.resetAt.toISOString()}::timestamptz - interval '1 millisecond'
                             and ${r.resetAt.toISOString()}::timestamptz + interval '1 millisecond'`,
    );
  }
}

/** Housekeeping: a few long-expired counters go now and then, so the table stays small. */
export async function pruneExpired(db: Executor) {
  await queryRows(
    db,
    sql`delete from rate_limits where key in (
          select key from rate_limits where reset_at < now() - interval '1 day' limit 50)`,
  );
}

export async function clearLimit(db: Executor, keys: string[]) {
  if (keys.length) await db.delete(rateLimits).where(inArray(rateLimits.key, keys));
}

// ------------------------------------------------------------------------------------------
// Search limit: in-memory token buckets per client network (decision 011)

export type TokenBucketOptions = {
  /** Requests that may come at once (the bucket's size); a full bucket is a new client's. */
  capacity: number;
  /** Tokens added back per second, up to `capacity`. */
  refillPerSecond: number;
  /** Buckets kept at most; the least recently used goes first (it would be full again soon). */
  maxKeys?: number;
  /** The clock, in milliseconds (tests pass their own). */
  now?: () => number;
};

/**
 * Token buckets by key, in this process's memory: `take(key)` spends one token and returns 0,
 * or returns the seconds until the next token when the bucket is empty (nothing is spent).
 * O(1) per call and no database work, so it can stand in front of the hottest read path.
 */
export function createTokenBuckets({
  capacity,
  refillPerSecond,
  maxKeys = 100_000,
  now = Date.now,
}: TokenBucketOptions) {
  const buckets = new Map<string, { tokens: number; at: number }>();
  return {
    take(key: string): number {
      const t = now();
      let bucket = buckets.get(key);
      if (bucket) {
        buckets.delete(key); // re-inserted below: the Map's order is least recently used first
        bucket.tokens = Math.min(capacity, bucket.tokens + (Math.max(0, t - bucket.at) / 1000) * refillPerSecond);
        bucket.at = t;
      } else {
        bucket = { tokens: capacity, at: t };
      }
      buckets.set(key, bucket);
      if (buckets.size > maxKeys) {
        const oldest = buckets.keys().next().value;
        if (oldest !== undefined) buckets.delete(oldest);
      }
      if (bucket.tokens >= 1) {
        bucket.tokens -= 1;
        return 0;
      }
      return (1 - bucket.tokens) / refillPerSecond;
    },
    get size() {
      return buckets.size;
    },
  };
}

/**
 * Whom a limit counts: an IPv4 address (IPv4-mapped IPv6 included), or the /64 network of an
 * IPv6 address, since one IPv6 client usually holds a whole /64 and could rotate through it.
 */
export function clientNetwork(ip: string): string {
  const address = ip.replace(/%.*$/, '').toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (mapped?.[1]) return mapped[1];
  if (!address.includes(':')) return address;
  const [head = '', tail] = address.split('::', 2);
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups =
    tail === undefined
      ? left
      : [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, '') || '0')
    .join(':')}::/64`;
}

/** The routes the search limit guards (GET and HEAD). */
export const SEARCH_ROUTES = new Set(['/api/services', '/api/cities/suggest', '/api/places/suggest']);

/**
 * A per-client limit on the search API that a person never meets and a scraper does: each client
 * network has a bucket of `perMinute` searches that refills at `perMinute` a minute. Beyond it,
 * 429 with Retry-After. Checked before anything else runs for the request (onRequest), so a
 * refused search costs no database work.
 */
export function registerSearchRateLimit(app: FastifyInstance, perMinute: number) {
  const buckets = createTokenBuckets({ capacity: perMinute, refillPerSecond: perMinute / 60 });
  app.addHook('onRequest', async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    if (!SEARCH_ROUTES.has(request.routeOptions.url ?? '')) return;
    const wait = buckets.take(clientNetwork(request.ip));
    if (wait === 0) return;
    const seconds = Math.max(1, Math.ceil(wait));
    throw new AppError(
      'RATE_LIMITED',
      localized((i18n) =>
        i18n._(
          msg`Too many searches from your network. Please wait ${plural(seconds, { one: '# second', other: '# seconds' })} and try again.`,
        ),
      ),
      { 'retry-after': String(seconds) },
    );
  });
}
