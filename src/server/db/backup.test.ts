import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { backupDataDir, restoreBackup, serveBackupRequests } from './backup.ts';
import { openPglite, queryRows, type Database } from './open.ts';
import { seedDemo } from './seed/seed.ts';

/** Every table of the app's schema and its row count. */
async function rowCounts(database: Database): Promise<Record<string, number>> {
  const tables = await queryRows<{ name: string }>(
    database.db,
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    const [row] = await queryRows<{ n: number }>(database.db, sql.raw(`select count(*)::int as n from "${name}"`));
    counts[name] = row!.n;
  }
  return counts;
}

const modeOf = (file: string) => fs.statSync(file).mode & 0o777;

async function oneBooking(database: Database) {
  const [row] = await queryRows<Record<string, unknown>>(
    database.db,
    sql`select * from bookings where status = 'PAID' or status = 'COMPLETED' order by id limit 1`,
  );
  return row;
}

// The embedded database's own backups; on PostgreSQL, pg_dump does this (the README).
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('db:backup and db:restore (embedded database)', () => {
  let root: string;
  let source: string;
  let database: Database | undefined;
  let counts: Record<string, number>;
  let booking: Record<string, unknown> | undefined;

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'locora-backup-'));
    source = path.join(root, 'source');
    fs.cpSync(inject('pgliteTemplateDir'), source, { recursive: true });
    database = await openPglite(source);
    await seedDemo(database.db);
    fs.mkdirSync(path.join(source, 'uploads', 'ab'), { recursive: true });
    fs.writeFileSync(path.join(source, 'uploads', 'ab', 'photo.webp'), 'photo bytes');
    fs.mkdirSync(path.join(source, 'private', 'id-documents'), { recursive: true });
    fs.writeFileSync(path.join(source, 'private', 'id-documents', 'doc.pdf'), '%PDF-1.4 document');
    counts = await rowCounts(database);
    booking = await oneBooking(database);
  });

  afterAll(async () => {
    await database?.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('backs up through the running server, refuses a restore while it runs, and restores into an empty DATA_DIR', async () => {
    expect(counts.users).toBeGreaterThan(30);
    expect(counts.bookings).toBeGreaterThan(10);
    expect(booking).toBeDefined();
    const stop = serveBackupRequests(database!, { dataDir: source, pollMs: 20 });
    const out = path.join(root, 'backups', 'locora.tar.gz');
    try {
      const summary = await backupDataDir({ dataDir: source, out, timeoutMs: 120_000 });
      expect(summary).toMatchObject({ via: 'running server', file: out, files: 2 });
      expect(summary.manifest).toMatchObject({ format: 1, engine: 'pglite', filesIncluded: true });
      expect(summary.bytes).toBeGreaterThan(100_000);
      expect(fs.statSync(out).size).toBe(summary.bytes);
      // The database and the identity documents: readable by this user only.
      expect(modeOf(out)).toBe(0o600);
      expect(modeOf(path.join(source, 'pglite'))).toBe(0o700);
      expect(modeOf(path.join(source, 'private'))).toBe(0o700);
    } finally {
      await stop();
    }

    await expect(restoreBackup({ file: out, dataDir: source, force: true })).rejects.toThrow(
      new RegExp(`A restore needs the server stopped: process ${process.pid} is using`),
    );

    const target = path.join(root, 'restored');
    const restored = await restoreBackup({ file: out, dataDir: target });
    expect(restored).toMatchObject({ files: 2, movedAside: undefined });
    const copy = await openPglite(target);
    try {
      expect(await rowCounts(copy)).toEqual(counts);
      expect(await oneBooking(copy)).toEqual(booking);
    } finally {
      await copy.close();
    }
    expect(fs.readFileSync(path.join(target, 'uploads', 'ab', 'photo.webp'), 'utf8')).toBe('photo bytes');
    expect(fs.readFileSync(path.join(target, 'private', 'id-documents', 'doc.pdf'), 'utf8')).toBe('%PDF-1.4 document');
    expect(modeOf(path.join(target, 'pglite'))).toBe(0o700);
    expect(modeOf(path.join(target, 'private'))).toBe(0o700);

    // A DATA_DIR that holds a database is never overwritten unless asked, and then kept aside.
    await expect(restoreBackup({ file: out, dataDir: target })).rejects.toThrow(/already holds a database/);
    const forced = await restoreBackup({ file: out, dataDir: target, force: true });
    expect(forced.movedAside).toMatch(/before-restore-/);
    expect(fs.existsSync(path.join(forced.movedAside!, 'pglite'))).toBe(true);
    expect(fs.existsSync(path.join(forced.movedAside!, 'uploads', 'ab', 'photo.webp'))).toBe(true);
  });

  it('backs up a stopped DATA_DIR by opening it, and refuses what is not a backup', async () => {
    await database!.close();
    database = undefined;
    const out = path.join(root, 'stopped.tar.gz');
    const summary = await backupDataDir({ dataDir: source, out });
    expect(summary).toMatchObject({ via: 'database opened', files: 2 });
    // Never over an existing file, and never inside what is backed up (it would hold itself).
    await expect(backupDataDir({ dataDir: source, out })).rejects.toThrow(/already exists/);
    await expect(backupDataDir({ dataDir: source, out: path.join(source, 'uploads', 'b.tar.gz') })).rejects.toThrow(
      /outside .* \(DATA_DIR\), or in its backups folder/,
    );

    const target = path.join(root, 'restored-from-stopped');
    await restoreBackup({ file: out, dataDir: target });
    const copy = await openPglite(target);
    try {
      expect(await rowCounts(copy)).toEqual(counts);
    } finally {
      await copy.close();
    }

    const bogus = path.join(root, 'bogus.tar.gz');
    fs.writeFileSync(bogus, 'not a tar');
    await expect(restoreBackup({ file: bogus, dataDir: path.join(root, 'bogus') })).rejects.toThrow();
    await expect(backupDataDir({ dataDir: path.join(root, 'nothing-here'), out })).rejects.toThrow(
      /no embedded database/,
    );
  });
});
