/**
 * npm run create-admin -- --email a@b.c [--password ...] [--name ...]
 *
 * Creates an admin account, or promotes an existing account to admin and sets its password.
 * Works on the configured database: DATABASE_URL, else embedded PGlite in DATA_DIR.
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { emailSchema, nameSchema, newPasswordSchema } from '../../shared/api/auth.ts';
import { loadConfig } from '../config.ts';
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from '../features/auth/common-passwords.ts';
import { DataDirLockedError } from '../db/lock.ts';
import { openDatabase } from '../db/open.ts';
import { upsertAdmin } from '../features/auth/auth.ts';

const USAGE = `Usage: npm run create-admin -- --email <email> [--password <password>] [--name <name>]

  Creates an admin account, or makes an existing account an admin and sets its password.
  Without --password a strong random password is generated and printed once.`;

const argsSchema = z.object({
  email: emailSchema,
  password: newPasswordSchema.refine((p) => !isCommonPassword(p), COMMON_PASSWORD_MESSAGE).optional(),
  name: nameSchema.optional(),
});

/** 18 random bytes as base64url: 24 characters, about 144 bits of entropy. */
function generatePassword(): string {
  return randomBytes(18).toString('base64url');
}

function fail(message: string): never {
  console.error(`\n${message}\n\n${USAGE}\n`);
  process.exit(1);
}

async function main() {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        email: { type: 'string' },
        password: { type: 'string' },
        name: { type: 'string' },
        help: { type: 'boolean', default: false },
      },
      strict: true,
    }));
  } catch (err) {
    fail(err instanceof Error ? err.message : String(err));
  }
  if (values.help) {
    console.log(USAGE);
    return;
  }

  const parsed = argsSchema.safeParse({ email: values.email, password: values.password, name: values.name });
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  --${i.path.join('.')}: ${i.message}`);
    fail(`Invalid arguments:\n${lines.join('\n')}`);
  }
  const generated = parsed.data.password === undefined;
  const password = parsed.data.password ?? generatePassword();

  const config = loadConfig();
  let database;
  try {
    database = await openDatabase(config);
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      console.error(`\n${err.message}\n(Stop the running server, or set DATABASE_URL, and try again.)\n`);
      process.exit(1);
    }
    throw err;
  }
  try {
    await database.migrate();
    const user = await upsertAdmin(database.db, { email: parsed.data.email, password, name: parsed.data.name });
    const where =
      database.kind === 'pglite' ? `embedded PGlite (${database.location})` : `PostgreSQL (${database.location})`;
    console.log(`\n  Admin account ready: ${user.email} (${user.name ?? 'no name'})`);
    console.log(`  Database: ${where}`);
    if (generated) {
      console.log(`\n  Generated password (shown only once, store it now):\n\n    ${password}\n`);
    } else {
      console.log('  Password set as given.\n');
    }
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? (err.stack ?? err.message) : err);
  process.exit(1);
});
