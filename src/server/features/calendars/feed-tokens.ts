/** The provider's private feed link (decision 040): 256 random bits, only their SHA-256 stored. */
import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/open.ts';
import { providerOf } from './calendars.ts';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The path of a feed URL (the token is its only secret). */
export const feedPath = (token: string) => `/api/calendar-feeds/${token}.ics`;

/** Whether the provider has a feed link, and since when (the link itself is shown once). */
export async function getFeedStatus(db: Executor, userId: string): Promise<{ createdAt: string | null }> {
  const provider = await providerOf(db, userId);
  const [row] = await queryRows<{ created_at: Date }>(
    db,
    sql`select created_at from calendar_feeds where provider_id = ${provider.id}`,
  );
  return { createdAt: row ? new Date(row.created_at).toISOString() : null };
}

/**
 * A new feed link (43 characters of base64url: 256 random bits); any older link stops working at
 * once. Only its SHA-256 is stored.
 */
export async function resetFeedToken(db: Executor, userId: string, appUrl: string) {
  const provider = await providerOf(db, userId);
  const token = randomBytes(32).toString('base64url');
  const [row] = await queryRows<{ created_at: Date }>(
    db,
    sql`insert into calendar_feeds (provider_id, token_hash) values (${provider.id}, ${hashToken(token)})
        on conflict (provider_id) do update set token_hash = excluded.token_hash, created_at = now()
        returning created_at`,
  );
  return { url: `${appUrl}${feedPath(token)}`, createdAt: new Date(row!.created_at).toISOString() };
}

/** The provider a feed token opens, or undefined. */
export async function providerByFeedToken(db: Executor, token: string): Promise<string | undefined> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return undefined;
  const [row] = await queryRows<{ provider_id: string }>(
    db,
    sql`select provider_id from calendar_feeds where token_hash = ${hashToken(token)}`,
  );
  return row?.provider_id;
}
