import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CURRENCIES } from '../../shared/domain/currency.ts';
import { openTestDatabase } from '../test/test-db.ts';
import { queryRows, type Database } from './open.ts';
import { createCategory, createProvider } from './seed/factories.ts';

/**
 * The money columns' CHECK (CURRENCY_CHECK in schema.ts) lists the same codes as the currency
 * table (CURRENCIES in shared/domain/currency.ts): a service in each of them is stored, one in a
 * code the table does not have is refused by the database itself.
 */
let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

/** A service of `providerId` in `currency`, written straight to the table (no application check in between). */
const insertService = (providerId: string, categoryId: string, currency: string) =>
  database.db.execute(
    sql`insert into services (provider_id, category_id, title, description, city, price_cents, min_hours, currency)
        values (${providerId}, ${categoryId}, ${`A service in ${currency}`}, 'Described.', 'Lisbon', 10000, 1, ${currency})`,
  );

/** The SQLSTATE and constraint of the driver's error under Drizzle's wrapper. */
async function refusal(query: PromiseLike<unknown>): Promise<{ code: string; constraint: string | undefined }> {
  try {
    await query;
  } catch (err) {
    for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
      const { code, constraint } = e as { code?: unknown; constraint?: unknown };
      if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code))
        return { code, constraint: typeof constraint === 'string' ? constraint : undefined };
    }
    throw err;
  }
  throw new Error('the database accepted it');
}

describe("the database's currency check and the currency table", () => {
  it('stores a service in every currency of the table, and refuses one in a code it does not list', async () => {
    const { provider } = await createProvider(database.db);
    const category = await createCategory(database.db);
    for (const currency of CURRENCIES) await insertService(provider.id, category.id, currency);
    const stored = await queryRows<{ currency: string }>(
      database.db,
      sql`select currency from services where provider_id = ${provider.id} order by currency`,
    );
    expect(stored.map((s) => s.currency)).toEqual([...CURRENCIES].sort());

    expect(await refusal(insertService(provider.id, category.id, 'XYZ'))).toEqual({
      code: '23514', // check_violation
      constraint: 'services_currency',
    });
  });
});
