import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder, openPglite, openPostgres, queryRows, type Database } from './open.ts';

/**
 * Migration 0006 (integrity) on a database that already holds data from before it: every row
 * survives, and the new rules hold afterwards. Runs on the engine under test.
 */
const BEFORE = '0005_city_lexicon';

let database: Database;
let dropDatabase = async () => {};
let folderBefore: string;

/** A copy of the migrations folder that stops at BEFORE. */
function migrationsUpTo(tag: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'locora-migrations-'));
  fs.cpSync(migrationsFolder, dir, { recursive: true });
  const journalFile = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const end = journal.entries.findIndex((e) => e.tag === tag);
  if (end < 0) throw new Error(`no migration ${tag}`);
  journal.entries = journal.entries.slice(0, end + 1);
  fs.writeFileSync(journalFile, JSON.stringify(journal));
  return dir;
}

async function migrateTo(folder: string) {
  if (database.kind === 'pglite')
    await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder: folder });
  else await migrateNodePg(database.db as unknown as NodePgDatabase, { migrationsFolder: folder });
}

beforeAll(async () => {
  folderBefore = migrationsUpTo(BEFORE);
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const name = `locora_mig_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const u = new URL(url);
    u.pathname = `/${name}`;
    database = await openPostgres(u.toString(), 1);
    dropDatabase = async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
  } else {
    database = await openPglite(undefined);
  }
});

afterAll(async () => {
  await database?.close();
  await dropDatabase();
  if (folderBefore) fs.rmSync(folderBefore, { recursive: true, force: true });
});

const ids = {
  traveler: '00000000-0000-4000-8000-000000000001',
  providerUser: '00000000-0000-4000-8000-000000000002',
  provider: '00000000-0000-4000-8000-000000000003',
  category: '00000000-0000-4000-8000-000000000004',
  service: '00000000-0000-4000-8000-000000000005',
  booking: '00000000-0000-4000-8000-000000000006',
};

describe('migration 0006 on a database with data', () => {
  it('keeps every row and applies the new rules', async () => {
    await migrateTo(folderBefore);
    // Rows as the app wrote them before 0006 (a provider without a time zone got 'UTC').
    await database.db.execute(sql`
      insert into users (id, email, name, role) values
        (${ids.traveler}, 'tess@example.com', 'Tess', 'TRAVELER'),
        (${ids.providerUser}, 'paolo@example.com', 'Paolo', 'PROVIDER')`);
    await database.db.execute(
      sql`insert into sessions (id, user_id, expires_at) values ('s1', ${ids.traveler}, now() + interval '1 day')`,
    );
    await database.db.execute(
      sql`insert into providers (id, user_id, display_name) values (${ids.provider}, ${ids.providerUser}, 'Paolo')`,
    );
    await database.db.execute(sql`insert into categories (id, name, slug) values (${ids.category}, 'Tours', 'tours')`);
    await database.db.execute(sql`
      insert into services (id, provider_id, category_id, title, city, price_cents)
      values (${ids.service}, ${ids.provider}, ${ids.category}, 'Old town walk', 'Lisbon', 3000)`);
    await database.db.execute(sql`
      insert into bookings (id, user_id, service_id, provider_id, status, start_at, hours, end_at, amount_cents, fee_cents)
      values (${ids.booking}, ${ids.traveler}, ${ids.service}, ${ids.provider}, 'PAID',
              '2030-01-07T10:00:00Z', 2, '2030-01-07T12:00:00Z', 6000, 300)`);
    await database.db.execute(sql`
      insert into reviews (booking_id, service_id, author_id, rating, text)
      values (${ids.booking}, ${ids.service}, ${ids.traveler}, 5, 'Lovely')`);
    await database.db.execute(
      sql`insert into messages (booking_id, sender_id, body) values (${ids.booking}, ${ids.traveler}, 'Hi!')`,
    );
    await database.db.execute(
      sql`insert into favorites (user_id, service_id) values (${ids.traveler}, ${ids.service})`,
    );
    await database.db.execute(sql`
      insert into availability (provider_id, start_at, end_at)
      values (${ids.provider}, '2030-01-08T09:00:00Z', '2030-01-08T17:00:00Z')`);

    await database.migrate();

    const counts = await queryRows<Record<string, number>>(
      database.db,
      sql`select (select count(*)::int from users) as users, (select count(*)::int from sessions) as sessions,
                 (select count(*)::int from providers) as providers, (select count(*)::int from services) as services,
                 (select count(*)::int from bookings) as bookings, (select count(*)::int from reviews) as reviews,
                 (select count(*)::int from messages) as messages, (select count(*)::int from favorites) as favorites,
                 (select count(*)::int from availability) as availability`,
    );
    expect(counts[0]).toEqual({
      users: 2,
      sessions: 1,
      providers: 1,
      services: 1,
      bookings: 1,
      reviews: 1,
      messages: 1,
      favorites: 1,
      availability: 1,
    });
    const [service] = await queryRows<{ is_paused: boolean; deleted_at: unknown; is_active: boolean }>(
      database.db,
      sql`select is_paused, deleted_at, is_active from services`,
    );
    expect(service).toEqual({ is_paused: false, deleted_at: null, is_active: true });
    const [provider] = await queryRows<{ time_zone: string }>(database.db, sql`select time_zone from providers`);
    expect(provider?.time_zone).toBe('UTC');
    // The service's own rating and count, and its provider's, are backfilled from the review (0014).
    const [rated] = await queryRows<{ rating: string; rating_count: number; p_rating: string; p_count: number }>(
      database.db,
      sql`select s.rating, s.rating_count, p.rating as p_rating, p.rating_count as p_count
            from services s join providers p on p.id = s.provider_id`,
    );
    expect([Number(rated?.rating), rated?.rating_count, Number(rated?.p_rating), rated?.p_count]).toEqual([5, 1, 5, 1]);

    // The foreign keys now refuse to cascade history away...
    await expect(database.db.execute(sql`delete from services`)).rejects.toThrow();
    await expect(database.db.execute(sql`delete from users where id = ${ids.traveler}`)).rejects.toThrow();
    // ...a provider must be given a time zone...
    await database.db.execute(
      sql`insert into users (id, email, role) values ('00000000-0000-4000-8000-000000000009', 'x@example.com', 'PROVIDER')`,
    );
    await expect(
      database.db.execute(
        sql`insert into providers (user_id, display_name) values ('00000000-0000-4000-8000-000000000009', 'No zone')`,
      ),
    ).rejects.toThrow();
    // ...and the search indexes hold visible services only.
    const predicates = await queryRows<{ indexname: string; indexdef: string }>(
      database.db,
      sql`select indexname, indexdef from pg_indexes where tablename = 'services' and indexdef like '% WHERE %'`,
    );
    expect(predicates.length).toBe(11);
    for (const p of predicates)
      expect(p.indexdef, p.indexname).toMatch(/is_active AND \(NOT is_paused\) AND \(deleted_at IS NULL\)/);
    const [overlap] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from pg_constraint where conname = 'bookings_no_overlap' and contype = 'x'`,
    );
    expect(overlap?.n).toBe(1);
  });
});
