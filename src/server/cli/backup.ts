/**
 * npm run db:backup [-- --out FILE]
 * npm run db:restore -- FILE [--force]
 *
 * Backs up or restores the embedded database in DATA_DIR with its uploads and identity documents
 * (src/server/db/backup.ts). A backup works while the server runs (the server writes it); a
 * restore needs the server stopped. On PostgreSQL (DATABASE_URL) they say how to use pg_dump and
 * pg_restore instead.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { BackupError, backupDataDir, restoreBackup } from '../db/backup.ts';

const USAGE = `Usage:
  npm run db:backup [-- --out FILE]        back up DATA_DIR's database and files (the server may run)
  npm run db:restore -- FILE [--force]     restore one into DATA_DIR (the server must be stopped)

  --out     where to write the backup (default: DATA_DIR/backups/locora-<time>.tar.gz)
  --force   restore over a DATA_DIR that holds a database (what is there is moved aside, not deleted)`;

const POSTGRES_HELP = `DATABASE_URL is set: back up PostgreSQL with its own tools, for example
  pg_dump --format=custom --file=locora.dump "$DATABASE_URL"
and restore into an empty database with
  pg_restore --no-owner --dbname="$DATABASE_URL" locora.dump
Uploads live in the object store (S3_*) or in DATA_DIR/uploads and DATA_DIR/private: copy those too.`;

function fail(message: string): never {
  console.error(`\n${message}\n`);
  process.exit(1);
}

function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

async function main() {
  const command = process.argv[2];
  let args;
  try {
    args = parseArgs({
      args: process.argv.slice(3),
      options: {
        out: { type: 'string' },
        force: { type: 'boolean', default: false },
        help: { type: 'boolean', default: false },
      },
      allowPositionals: true,
      strict: true,
    });
  } catch (err) {
    fail(`${err instanceof Error ? err.message : String(err)}\n\n${USAGE}`);
  }
  if (args.values.help || (command !== 'backup' && command !== 'restore')) {
    console.log(USAGE);
    return;
  }
  const config = loadConfig();
  if (config.databaseUrl) fail(POSTGRES_HELP);
  try {
    if (command === 'backup') {
      if (args.positionals.length > 0) fail(`db:backup takes no file name; use --out FILE.\n\n${USAGE}`);
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const out = args.values.out ?? path.join(config.dataDir, 'backups', `locora-${stamp}.tar.gz`);
      const summary = await backupDataDir({ dataDir: config.dataDir, out, filesInObjectStore: Boolean(config.s3) });
      console.log(
        `\n  Backup written to ${summary.file} (${megabytes(summary.bytes)}, ${summary.files} files, ` +
          `${summary.via === 'running server' ? 'by the running server' : 'no server was running'}).` +
          (summary.manifest.filesIncluded ? '' : '\n  Files live in the object store (S3_*): back up the bucket too.') +
          '\n',
      );
    } else {
      const [file, ...rest] = args.positionals;
      if (!file || rest.length > 0) fail(`db:restore takes one backup file.\n\n${USAGE}`);
      const summary = await restoreBackup({ file, dataDir: config.dataDir, force: args.values.force });
      console.log(
        `\n  Restored ${file} (taken ${summary.manifest.createdAt}) into ${config.dataDir}, with ${summary.files} files.` +
          (summary.movedAside ? `\n  What was there before is in ${summary.movedAside}.` : '') +
          '\n  Start the server (npm start): it applies any newer migrations.\n',
      );
    }
  } catch (err) {
    if (err instanceof BackupError) fail(err.message);
    throw err;
  }
}

await main();
