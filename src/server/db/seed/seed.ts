import { sql } from 'drizzle-orm';
import { hashPassword } from '../../features/auth/passwords.ts';
import type { Db, Executor, Tx } from '../open.ts';
import { queryRows } from '../open.ts';
import {
  availability,
  bookings,
  categories,
  conversations,
  exchangeRates,
  favorites,
  ledgerEntries,
  manualSettlements,
  messages,
  payments,
  placeAliases,
  providers,
  reviews,
  services,
  users,
} from '../schema.ts';
import { DEMO_EXCHANGE_RATES } from './content/exchange-rates.ts';
import { placeAliasRows } from './content/places.ts';
import { buildDemoData, type DemoData } from './demo-data.ts';
import { writeDemoIdDocuments } from './id-documents.ts';
import type { Storage } from '../../storage/storage.ts';

export const DEMO_PASSWORD = 'locora-demo-2026';
export const DEMO_ACCOUNTS = [
  { role: 'TRAVELER', email: 'traveler@locora.test', password: DEMO_PASSWORD, name: 'Tess Traveler' },
  { role: 'PROVIDER', email: 'provider@locora.test', password: DEMO_PASSWORD, name: 'Paolo Rossi' },
  { role: 'ADMIN', email: 'admin@locora.test', password: DEMO_PASSWORD, name: 'Ada Admin' },
] as const;

/** Row counts of what was loaded. */
export type SeedSummary = { [K in keyof DemoData]: number };

export type SeedOptions = {
  /** The moment the relative dates are computed from (default: now). */
  now?: Date;
  /**
   * The private store of identity documents: when given, every pending demo provider gets a
   * specimen document in it (decision 021). Without it, no provider has one.
   */
  documents?: Storage;
};

/** Serialises concurrent seeding by several app instances on one PostgreSQL. */
const SEED_LOCK_KEY = 7_301_942;

/** Loads the demo data when the database has no users. Returns whether it seeded. */
export async function seedIfEmpty(db: Executor, options: SeedOptions = {}): Promise<boolean> {
  if (!(await isEmpty(db))) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  return db.transaction(async (tx) => {
    // Another instance may have seeded between the check and the lock: check again under it.
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    if (!(await isEmpty(tx))) return false;
    await loadDemoData(tx, { ...options, passwordHash });
    return true;
  });
}

/** Loads the whole demo dataset in one transaction. Fails on a database that already has it. */
export async function seedDemo(db: Executor, options: SeedOptions = {}): Promise<SeedSummary> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  return db.transaction((tx) => loadDemoData(tx, { ...options, passwordHash }));
}

async function isEmpty(db: Executor): Promise<boolean> {
  const [row] = await queryRows<{ any: boolean }>(db, sql`select exists (select 1 from users) as any`);
  return row?.any !== true;
}

/**
 * Inserts the demo dataset with `tx` only (never the outer db: PGlite has one connection), then
 * recomputes every provider's rating from its reviews.
 */
export async function loadDemoData(tx: Tx, options: SeedOptions & { passwordHash: string }): Promise<SeedSummary> {
  const data = buildDemoData(options.now ?? new Date(), options.passwordHash);
  const insert = async <T>(table: Parameters<Tx['insert']>[0], rows: T[]) => {
    for (let i = 0; i < rows.length; i += 500) {
      await tx.insert(table).values(rows.slice(i, i + 500) as never);
    }
  };
  if (options.documents) {
    const pending = data.providers.filter((p) => p.govIdStatus === 'PENDING');
    const docs = await writeDemoIdDocuments(options.documents, pending);
    pending.forEach((p, i) => Object.assign(p, docs[i]));
  }
  await insert(users, data.users);
  // The demo accounts' addresses count as verified (email verification, decision 022): nobody can
  // read their mail.
  await tx.update(users).set({ emailVerifiedAt: sql`now()` });
  await insert(providers, data.providers);
  await insert(categories, data.categories);
  // The dated set of rates, before the services whose prices they normalise (decision 049).
  await tx
    .insert(exchangeRates)
    .values(
      Object.entries(DEMO_EXCHANGE_RATES.perEuro).map(([currency, perEuro]) => ({
        rateDate: DEMO_EXCHANGE_RATES.date,
        currency,
        perEuro,
        source: 'demo' as const,
      })),
    )
    .onConflictDoNothing();
  await insert(services, data.services);
  // The places' other names and areas (decision 016); a name shared by two rows is kept once.
  await tx.insert(placeAliases).values(placeAliasRows()).onConflictDoNothing();
  await insert(bookings, data.bookings);
  // The paid bookings' money (demo-money.ts): card payments, settlements by hand, then the ledger.
  await insert(payments, data.payments);
  await insert(manualSettlements, data.manualSettlements);
  await insert(ledgerEntries, data.ledgerEntries);
  await insert(availability, data.availability);
  // After the bookings: a booking's insert trigger would take an open inquiry of its traveler and service.
  await insert(conversations, data.conversations);
  await insert(messages, data.messages);
  await insert(reviews, data.reviews);
  await insert(favorites, data.favorites);
  await recomputeProviderRatings(tx);
  return Object.fromEntries(Object.entries(data).map(([k, rows]) => [k, (rows as unknown[]).length])) as SeedSummary;
}

/** Sets every provider's rating (average to one decimal) and rating_count from the reviews table. */
export async function recomputeProviderRatings(db: Executor): Promise<void> {
  await db.execute(sql`
    update providers p
       set rating = coalesce(r.avg_rating, 0),
           rating_count = coalesce(r.n, 0)
      from providers p2
      left join (
        select s.provider_id, round(avg(rv.rating)::numeric, 1) as avg_rating, count(*)::int as n
          from reviews rv
          join services s on s.id = rv.service_id
         where rv.published_at is not null and rv.hidden_at is null
         group by s.provider_id
      ) r on r.provider_id = p2.id
     where p.id = p2.id
  `);
}

/** Empties every table of the public schema (migrations bookkeeping lives elsewhere and is kept). */
export async function truncateAll(tx: Db | Tx): Promise<string[]> {
  const rows = await queryRows<{ tablename: string }>(
    tx,
    sql`select tablename from pg_tables where schemaname = 'public' order by tablename`,
  );
  const names = rows.map((r) => r.tablename);
  if (names.length > 0) {
    await tx.execute(
      sql.raw(
        `truncate table ${names.map((n) => `"public"."${n.replace(/"/g, '""')}"`).join(', ')} restart identity cascade`,
      ),
    );
  }
  return names;
}
