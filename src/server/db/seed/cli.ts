/**
 * npm run db:seed [-- --reset [--force]]
 *
 * Opens the database from the environment (DATABASE_URL, else embedded PGlite in DATA_DIR),
 * migrates it and loads the demo data if it has no users. With --reset it first empties every
 * table, then loads the demo data (refused when NODE_ENV=production unless --force is given).
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../../config.ts';
import { DataDirLockedError } from '../lock.ts';
import { openDatabase, type Database } from '../open.ts';
import { hashPassword } from '../../features/auth/passwords.ts';
import { createIdDocumentStorage } from '../../storage/backends.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, loadDemoData, seedIfEmpty, truncateAll, type SeedSummary } from './seed.ts';

const USAGE = `Usage: npm run db:seed [-- --reset [--force]]

  Loads the demo data into an empty database (DATABASE_URL, or embedded PGlite in DATA_DIR).

  --reset   DELETE ALL DATA in every table first, then load the demo data
  --force   allow --reset when NODE_ENV=production
  --help    show this help`;

function fail(message: string): never {
  console.error(`\n${message}\n`);
  process.exit(1);
}

function printSummary(summary: SeedSummary) {
  const parts = Object.entries(summary).map(([table, n]) => `${n} ${table}`);
  console.log(`  Loaded ${parts.join(', ')}.`);
}

function printAccounts() {
  console.log('\n  Demo accounts (password for all: ' + DEMO_PASSWORD + '):');
  for (const a of DEMO_ACCOUNTS) console.log(`    ${a.role.padEnd(9)} ${a.email}`);
  console.log('');
}

async function main() {
  let args;
  try {
    args = parseArgs({
      options: {
        reset: { type: 'boolean', default: false },
        force: { type: 'boolean', default: false },
        help: { type: 'boolean', default: false },
      },
      strict: true,
    });
  } catch (err) {
    fail(`${err instanceof Error ? err.message : String(err)}\n\n${USAGE}`);
  }
  if (args.values.help) {
    console.log(USAGE);
    return;
  }

  const config = loadConfig();
  if (args.values.reset && config.env === 'production' && !args.values.force) {
    fail('Refusing to --reset with NODE_ENV=production: it would delete every row. Add --force if you really mean it.');
  }

  let database: Database;
  try {
    database = await openDatabase(config);
  } catch (err) {
    if (err instanceof DataDirLockedError) fail(`${err.message}\n(Stop the running server before seeding.)`);
    throw err;
  }
  const where =
    database.kind === 'pglite' ? `embedded PGlite (${database.location})` : `PostgreSQL (${database.location})`;

  try {
    console.log(`\n  Database: ${where}`);
    await database.migrate();
    console.log('  Migrations applied.');

    if (args.values.reset) {
      console.warn(
        ['', '  !!! --reset: DELETING ALL DATA IN EVERY TABLE OF THIS DATABASE !!!', `  !!! ${where}`, ''].join('\n'),
      );
      const started = Date.now();
      const passwordHash = await hashPassword(DEMO_PASSWORD);
      const { tables, summary } = await database.db.transaction(async (tx) => {
        const tables = await truncateAll(tx);
        const summary = await loadDemoData(tx, { passwordHash, documents: createIdDocumentStorage(config) });
        return { tables, summary };
      });
      console.log(`  Emptied ${tables.length} tables: ${tables.join(', ')}.`);
      printSummary(summary);
      console.log(`  Demo data loaded in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
      printAccounts();
      return;
    }

    const started = Date.now();
    const seeded = await seedIfEmpty(database.db, { documents: createIdDocumentStorage(config) });
    if (seeded) {
      console.log(`  Demo data loaded in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
      printAccounts();
    } else {
      console.log(
        '  The database already has users: nothing was changed. Use --reset to replace everything with the demo data.\n',
      );
    }
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? (err.stack ?? err.message) : err);
  process.exit(1);
});
