import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../db/open.ts';
import { createBooking, createReview } from '../db/seed/factories.ts';
import { useTestApp } from './test-app.ts';
import { resetDatabase } from './test-db.ts';

const t = useTestApp();

async function rowCounts(): Promise<Record<string, number>> {
  const tables = await queryRows<{ tablename: string }>(
    t.db,
    sql`select tablename from pg_tables where schemaname = 'public' order by tablename`,
  );
  const counts: Record<string, number> = {};
  for (const { tablename } of tables) {
    const [row] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from ${sql.identifier(tablename)}`,
    );
    counts[tablename] = row?.n ?? 0;
  }
  return counts;
}

describe('resetDatabase', () => {
  it('empties every table of the schema, the search lexicon included', async () => {
    const booking = await createBooking(t.db);
    await createReview(t.db, booking);
    await t.db.execute(sql`insert into rate_limits (key, count, reset_at) values ('k', 1, now())`);
    const before = await rowCounts();
    for (const table of ['users', 'services', 'bookings', 'reviews', 'search_terms', 'search_cities', 'rate_limits']) {
      expect(before[table], table).toBeGreaterThan(0);
    }
    await resetDatabase(t.database);
    const after = await rowCounts();
    expect(Object.keys(after).length).toBeGreaterThanOrEqual(13);
    expect(Object.entries(after).filter(([, n]) => n > 0)).toEqual([]);
  });

  it('restarts every sequence, also of a table the test emptied itself', async () => {
    const booking = await createBooking(t.db);
    const insertEvent = () =>
      queryRows<{ id: number }>(
        t.db,
        sql`insert into user_events (user_id, type, data) values (${booking.userId}, 'test', '{}') returning id`,
      );
    await insertEvent();
    await insertEvent();
    await t.db.execute(sql`delete from user_events`);
    await resetDatabase(t.database);
    const after = await rowCounts();
    expect(Object.entries(after).filter(([, n]) => n > 0)).toEqual([]);
    const again = await createBooking(t.db);
    const [row] = await queryRows<{ id: number }>(
      t.db,
      sql`insert into user_events (user_id, type, data) values (${again.userId}, 'test', '{}') returning id`,
    );
    expect(Number(row?.id)).toBe(1);
  });

  it('keeps the migrations bookkeeping', async () => {
    await resetDatabase(t.database);
    const [row] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
    );
    expect(row?.n).toBeGreaterThanOrEqual(7);
  });
});
