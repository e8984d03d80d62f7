import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/open.ts';

/** Resolves when the database answers a trivial query. */
export async function pingDatabase(db: Executor): Promise<void> {
  await db.execute(sql`select 1`);
}
