import { sql } from 'drizzle-orm';
import type { Db } from '../open.ts';
import { queryRows } from '../open.ts';

export const DEMO_PASSWORD = 'locora-demo-2026';
export const DEMO_ACCOUNTS = [
  { role: 'TRAVELER', email: 'traveler@locora.test', password: DEMO_PASSWORD, name: 'Tess Traveler' },
  { role: 'PROVIDER', email: 'provider@locora.test', password: DEMO_PASSWORD, name: 'Paolo Rossi' },
  { role: 'ADMIN', email: 'admin@locora.test', password: DEMO_PASSWORD, name: 'Ada Admin' },
] as const;

/** Loads the demo data when the database has no users. Returns whether it seeded. */
export async function seedIfEmpty(db: Db): Promise<boolean> {
  const [row] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from users`);
  if ((row?.n ?? 0) > 0) return false;
  await seedDemo(db);
  return true;
}

export async function seedDemo(_db: Db): Promise<void> {
  // Filled in by the demo-data work.
}
