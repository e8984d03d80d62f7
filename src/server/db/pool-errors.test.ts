import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DATABASE_RETRY_AFTER_SECONDS, mapDatabaseError } from '../http/errors.ts';
import { freePort } from '../test/private-postgres.ts';
import { openPostgres } from './open.ts';

describe('a PostgreSQL that cannot be reached', () => {
  it('is a 503 with Retry-After for a statement and for a transaction alike', async () => {
    // A port nobody listens on: every connection is refused.
    const database = await openPostgres(`postgres://postgres@127.0.0.1:${await freePort()}/locora`, 2);
    try {
      const statement = await database.db.execute(sql`select 1`).catch((err: unknown) => err);
      // A transaction checks a connection out before its first statement: that failure is not
      // wrapped as a query's error by the driver, and was a 500.
      const transaction = await database.db
        .transaction(async (tx) => tx.execute(sql`select 1`))
        .catch((err: unknown) => err);
      for (const err of [statement, transaction]) {
        expect(mapDatabaseError(err)).toMatchObject({
          statusCode: 503,
          code: 'UNAVAILABLE',
          headers: { 'retry-after': String(DATABASE_RETRY_AFTER_SECONDS) },
        });
      }
    } finally {
      await database.close();
    }
  });
});
