import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { effectiveStatus, RESPONSE_WINDOW_HOURS, UNPAID_HOLD_MINUTES } from '../../shared/domain/booking-machine.ts';
import { BOOKING_STATUSES } from '../../shared/domain/booking-status.ts';
import { openTestDatabase } from '../test/test-db.ts';
import { queryRows, type Database } from './open.ts';

/**
 * src/server/db/functions.sql holds the current definition of every SQL function: a migrated
 * database holds exactly those functions, each with the body written there. And the SQL rule of a
 * booking's effective status gives the answers of the TypeScript one (booking-machine.ts).
 */
const FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'functions.sql');

/** name -> body between the dollar quotes, for each CREATE OR REPLACE FUNCTION of the file. */
function functionsInFile(): Map<string, string> {
  const text = fs.readFileSync(FILE, 'utf8');
  const found = new Map<string, string>();
  for (const m of text.matchAll(/CREATE OR REPLACE FUNCTION (\w+)\([^]*?\$\$([^]*?)\$\$/g)) found.set(m[1]!, m[2]!);
  return found;
}

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

describe('functions.sql', () => {
  it('the database holds exactly the functions of the file, each with its body as written there', async () => {
    const file = functionsInFile();
    expect(file.size).toBeGreaterThan(10);
    const rows = await queryRows<{ name: string; body: string }>(
      database.db,
      sql`select p.proname as name, p.prosrc as body from pg_proc p join pg_namespace n on n.oid = p.pronamespace
          where n.nspname = 'public' and p.proname like 'locora\\_%' order by p.proname`,
    );
    expect(rows.map((r) => r.name)).toEqual([...file.keys()].sort());
    for (const r of rows) expect(r.body.trim(), r.name).toBe(file.get(r.name)!.trim());
  });
  it('no trigger rewrites other rows when a booking is inserted (the inquiry merge is in the request code)', async () => {
    const triggers = await queryRows<{ tgname: string }>(
      database.db,
      sql`select tgname from pg_trigger where tgrelid = 'bookings'::regclass and not tgisinternal order by tgname`,
    );
    // bookings_fill_currency only fills the inserted row's own currency (from its service).
    expect(triggers.map((t) => t.tgname)).toEqual(['bookings_fill_currency', 'bookings_service_not_deleted']);
  });
});

describe('locora_effective_status agrees with effectiveStatus', () => {
  it('for every status, with and without a card to pay, authorised or not, at instants around each deadline', async () => {
    const now = new Date('2026-06-10T12:00:00.000Z');
    const min = 60_000;
    const cases: {
      status: string;
      start: Date;
      end: Date;
      createdAt: Date;
      authorisedAt: Date | null;
      paymentRequired: boolean;
    }[] = [];
    // Created a minute before, at and after each deadline (the unpaid hold, the provider's window to
    // answer), taken from the one TypeScript definition: the SQL's numbers must be the same;
    // authorised then, or not; starts soon or later; ended a minute ago, now, or in a minute.
    const hold = UNPAID_HOLD_MINUTES;
    const answer = RESPONSE_WINDOW_HOURS * 60;
    const ago = [hold - 1, hold, hold + 1, answer - 1, answer, answer + 1].map(
      (m) => new Date(now.getTime() - m * min),
    );
    const starts = [1, 10, 60 * 48].map((m) => new Date(now.getTime() + m * min));
    const ends = [-1, 0, 1].map((m) => new Date(now.getTime() + m * min));
    for (const status of BOOKING_STATUSES)
      for (const createdAt of ago)
        for (const paymentRequired of [false, true])
          for (const authorised of [null, ...ago]) {
            const authorisedAt = authorised && authorised >= createdAt ? authorised : null;
            for (const start of starts)
              cases.push({ status, start, end: ends[2]!, createdAt, authorisedAt, paymentRequired });
            for (const end of ends)
              cases.push({
                status,
                start: new Date(end.getTime() - 60 * min),
                end,
                createdAt,
                authorisedAt,
                paymentRequired,
              });
          }
    const iso = (d: Date | null) => (d ? d.toISOString() : null);
    const rows = await queryRows<{ i: number; status: string }>(
      database.db,
      sql`select c.i, locora_effective_status(c.status::booking_status, c.start_at::timestamptz, c.end_at::timestamptz,
            c.created_at::timestamptz, c.authorised_at::timestamptz, c.payment_required::boolean,
            ${now.toISOString()}::timestamptz)::text as status
          from jsonb_to_recordset(${JSON.stringify(
            cases.map((c, i) => ({
              i,
              status: c.status,
              start_at: iso(c.start),
              end_at: iso(c.end),
              created_at: iso(c.createdAt),
              authorised_at: iso(c.authorisedAt),
              payment_required: c.paymentRequired,
            })),
          )}::jsonb) as c(i int, status text, start_at text, end_at text, created_at text, authorised_at text,
                         payment_required boolean)
          order by c.i`,
    );
    expect(rows).toHaveLength(cases.length);
    const disagree = rows.filter((r) => r.status !== effectiveStatus(cases[r.i]!, now));
    expect(disagree).toEqual([]);
    // The grid reaches every answer.
    expect(new Set(rows.map((r) => r.status))).toEqual(
      new Set(['PENDING', 'CANCELED', 'COMPLETED', 'CONFIRMED', 'PAID', 'REFUNDED']),
    );
  });
});
