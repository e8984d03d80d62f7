import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import * as tar from 'tar';
import { DataDirLockedError, lockDataDir } from './lock.ts';
import { openPglite, queryRows, type Database } from './open.ts';

/**
 * Backups of the embedded database (docs/decisions/037-backups.md). One `.tar.gz` holds:
 * - `manifest.json`: the format, when, the newest migration, and whether files are included;
 * - `database.tar.gz`: PGlite's dump of its data directory (`dumpDataDir`), taken between queries;
 * - `uploads/` and `id-documents/`: the files kept in DATA_DIR (not when they live in an object
 *   store, which is backed up on its own).
 *
 * A running server holds DATA_DIR's lock, and PGlite cannot be opened twice, so a backup taken
 * while it runs is made by the server itself: `npm run db:backup` writes a request file in
 * DATA_DIR/backups/requests, and the server (serveBackupRequests) answers it. Only someone who can
 * write DATA_DIR can ask, as only they could copy it. A restore needs the server stopped.
 */
export const BACKUP_FORMAT = 1;

export type BackupManifest = {
  format: typeof BACKUP_FORMAT;
  createdAt: string;
  engine: 'pglite';
  /** The newest migration applied when the backup was taken. */
  migration: string | null;
  /** Whether uploads and identity documents are inside (false: they live in an object store). */
  filesIncluded: boolean;
};

export type BackupSummary = { file: string; bytes: number; files: number; manifest: BackupManifest };

export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

/** Where DATA_DIR keeps what is backed up beside the database (as config.ts lays it out). */
function fileDirs(dataDir: string) {
  return [
    { name: 'uploads', dir: path.join(dataDir, 'uploads') },
    { name: 'id-documents', dir: path.join(dataDir, 'private', 'id-documents') },
  ];
}

function countFiles(dir: string): number {
  if (!fs.existsSync(dir)) return 0;
  return fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length;
}

async function newestMigration(database: Database): Promise<string | null> {
  const rows = await queryRows<{ hash: string }>(
    database.db,
    sql`select hash from drizzle.__drizzle_migrations order by created_at desc limit 1`,
  ).catch(() => []);
  return rows[0]?.hash ?? null;
}

/** Writes a backup of an open embedded database (and DATA_DIR's files) to `out`, atomically. */
export async function writeBackup(
  database: Database,
  opts: { dataDir: string; out: string; filesInObjectStore?: boolean },
): Promise<BackupSummary> {
  if (!database.dumpDataDir) {
    throw new BackupError('This database is PostgreSQL: back it up with pg_dump (see the README).');
  }
  const out = path.resolve(opts.out);
  // Never inside what is backed up (an archive of itself), never over an existing file.
  const inside = path.relative(path.resolve(opts.dataDir), out);
  if (!inside.startsWith('..') && !path.isAbsolute(inside) && !inside.startsWith(`backups${path.sep}`)) {
    throw new BackupError(`Write the backup outside ${opts.dataDir} (DATA_DIR), or in its backups folder.`);
  }
  if (fs.existsSync(out)) throw new BackupError(`${out} already exists: choose another file name.`);
  fs.mkdirSync(path.dirname(out), { recursive: true, mode: 0o700 });
  const staging = fs.mkdtempSync(path.join(path.dirname(out), '.locora-backup-'));
  const partial = `${out}.${randomUUID()}.partial`;
  try {
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      createdAt: new Date().toISOString(),
      engine: 'pglite',
      migration: await newestMigration(database),
      filesIncluded: !opts.filesInObjectStore,
    };
    fs.writeFileSync(path.join(staging, 'database.tar.gz'), await database.dumpDataDir(), { mode: 0o600 });
    fs.writeFileSync(path.join(staging, 'manifest.json'), JSON.stringify(manifest, null, 2));
    const entries = ['manifest.json', 'database.tar.gz'];
    let files = 0;
    if (manifest.filesIncluded) {
      for (const { name, dir } of fileDirs(opts.dataDir)) {
        if (!fs.existsSync(dir)) continue;
        fs.symlinkSync(dir, path.join(staging, name), 'dir');
        entries.push(name);
        files += countFiles(dir);
      }
    }
    // `follow`: the two links stand for DATA_DIR's folders; their contents go into the archive.
    // The archive holds the database and the identity documents: this user's only, from the start.
    fs.writeFileSync(partial, '', { mode: 0o600 });
    await tar.create({ gzip: true, file: partial, cwd: staging, follow: true, portable: true }, entries);
    fs.chmodSync(partial, 0o600);
    fs.renameSync(partial, out);
    return { file: out, bytes: fs.statSync(out).size, files, manifest };
  } finally {
    fs.rmSync(partial, { force: true });
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

const REQUESTS = path.join('backups', 'requests');
const SERVER_FILE = path.join('backups', 'server.json');

type BackupRequest = { out: string };
type BackupResult = { ok: true; summary: BackupSummary } | { ok: false; message: string };

/**
 * A running server's side of `npm run db:backup`: every `pollMs` it looks for request files and
 * writes each backup asked for, one at a time, then a result file beside the request. It also
 * writes backups/server.json (its PID), so the command knows this process takes requests. Returns
 * the function that stops it.
 */
export function serveBackupRequests(
  database: Database,
  opts: {
    dataDir: string;
    filesInObjectStore?: boolean;
    pollMs?: number;
    onBackup?: (summary: BackupSummary) => void;
    onError?: (err: unknown) => void;
  },
): () => Promise<void> {
  const dir = path.join(opts.dataDir, REQUESTS);
  fs.mkdirSync(dir, { recursive: true });
  const serverFile = path.join(opts.dataDir, SERVER_FILE);
  fs.writeFileSync(serverFile, JSON.stringify({ pid: process.pid }));
  let running: Promise<void> | undefined;
  const scan = () => (running ??= scanOnce().finally(() => (running = undefined)));
  const scanOnce = async () => {
    try {
      for (const name of fs.readdirSync(dir)) {
        if (!name.endsWith('.request.json')) continue;
        const requestFile = path.join(dir, name);
        const resultFile = requestFile.replace(/\.request\.json$/, '.result.json');
        let result: BackupResult;
        try {
          const request = JSON.parse(fs.readFileSync(requestFile, 'utf8')) as BackupRequest;
          const summary = await writeBackup(database, {
            dataDir: opts.dataDir,
            out: request.out,
            filesInObjectStore: opts.filesInObjectStore,
          });
          opts.onBackup?.(summary);
          result = { ok: true, summary };
        } catch (err) {
          opts.onError?.(err);
          result = { ok: false, message: err instanceof Error ? err.message : String(err) };
        }
        fs.rmSync(requestFile, { force: true });
        fs.writeFileSync(`${resultFile}.tmp`, JSON.stringify(result));
        fs.renameSync(`${resultFile}.tmp`, resultFile);
      }
    } catch (err) {
      opts.onError?.(err);
    }
  };
  const timer = setInterval(() => void scan(), opts.pollMs ?? 1_000);
  timer.unref();
  // Stops looking for requests, and resolves once a backup being written is done (the database
  // must stay open until then).
  return async () => {
    clearInterval(timer);
    await running;
    try {
      const held = JSON.parse(fs.readFileSync(serverFile, 'utf8')) as { pid: number };
      if (held.pid === process.pid) fs.rmSync(serverFile, { force: true });
    } catch {
      // already gone
    }
  };
}

/**
 * `npm run db:backup`: backs up the embedded database in `dataDir` to `out`. With no server
 * running it opens the database itself; with one running it asks that server (see above) and
 * waits up to `timeoutMs` for its answer.
 */
export async function backupDataDir(opts: {
  dataDir: string;
  out: string;
  filesInObjectStore?: boolean;
  timeoutMs?: number;
}): Promise<BackupSummary & { via: 'running server' | 'database opened' }> {
  const dataDir = path.resolve(opts.dataDir);
  if (!fs.existsSync(path.join(dataDir, 'pglite'))) {
    throw new BackupError(`There is no embedded database in ${dataDir} (DATA_DIR) to back up.`);
  }
  let release: (() => void) | undefined;
  try {
    release = lockDataDir(dataDir);
  } catch (err) {
    if (!(err instanceof DataDirLockedError)) throw err;
    return { ...(await askRunningServer(dataDir, err.pid, opts)), via: 'running server' };
  }
  release();
  const database = await openPglite(dataDir, { inProcess: true });
  try {
    return { ...(await writeBackup(database, { ...opts, dataDir })), via: 'database opened' };
  } finally {
    await database.close();
  }
}

async function askRunningServer(
  dataDir: string,
  pid: number,
  opts: { out: string; timeoutMs?: number },
): Promise<BackupSummary> {
  let serverPid: number | undefined;
  try {
    serverPid = (JSON.parse(fs.readFileSync(path.join(dataDir, SERVER_FILE), 'utf8')) as { pid: number }).pid;
  } catch {
    serverPid = undefined;
  }
  if (serverPid !== pid) {
    throw new BackupError(
      `Process ${pid} holds ${dataDir} but is not a Locora server taking backup requests ` +
        '(a seed or another command?). Wait for it to finish, then run the backup again.',
    );
  }
  const dir = path.join(dataDir, REQUESTS);
  const id = randomUUID();
  const requestFile = path.join(dir, `${id}.request.json`);
  const resultFile = path.join(dir, `${id}.result.json`);
  fs.writeFileSync(`${requestFile}.tmp`, JSON.stringify({ out: path.resolve(opts.out) } satisfies BackupRequest));
  fs.renameSync(`${requestFile}.tmp`, requestFile);
  const deadline = Date.now() + (opts.timeoutMs ?? 5 * 60_000);
  while (Date.now() < deadline) {
    if (fs.existsSync(resultFile)) {
      const result = JSON.parse(fs.readFileSync(resultFile, 'utf8')) as BackupResult;
      fs.rmSync(resultFile, { force: true });
      if (!result.ok) throw new BackupError(`The running server could not write the backup: ${result.message}`);
      return result.summary;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  fs.rmSync(requestFile, { force: true });
  throw new BackupError(`The running server (process ${pid}) did not answer the backup request in time.`);
}

export type RestoreSummary = {
  manifest: BackupManifest;
  files: number;
  /** Where the database and files that were there before went (with --force), if anything was. */
  movedAside: string | undefined;
};

/**
 * `npm run db:restore`: replaces the embedded database in `dataDir` (and its files) with a
 * backup's. Refused while a server holds DATA_DIR, and when DATA_DIR already holds a database
 * unless `force` (then the old one is moved aside, never deleted).
 */
export async function restoreBackup(opts: { file: string; dataDir: string; force?: boolean }): Promise<RestoreSummary> {
  const dataDir = path.resolve(opts.dataDir);
  const file = path.resolve(opts.file);
  if (!fs.existsSync(file)) throw new BackupError(`No backup at ${file}.`);
  fs.mkdirSync(dataDir, { recursive: true });
  let release: () => void;
  try {
    release = lockDataDir(dataDir);
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      throw new BackupError(
        `A restore needs the server stopped: process ${err.pid} is using ${dataDir} (since ${err.since}). ` +
          'Stop it, then run the restore again.',
      );
    }
    throw err;
  }
  const staging = fs.mkdtempSync(path.join(dataDir, '.locora-restore-'));
  let movedAside: string | undefined;
  let manifest: BackupManifest;
  let files = 0;
  try {
    await tar.extract({ file, cwd: staging, strict: true });
    const manifestFile = path.join(staging, 'manifest.json');
    if (!fs.existsSync(manifestFile) || !fs.existsSync(path.join(staging, 'database.tar.gz'))) {
      throw new BackupError(`${file} is not a Locora backup (no manifest.json and database.tar.gz inside).`);
    }
    manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as BackupManifest;
    if (manifest.format !== BACKUP_FORMAT) {
      throw new BackupError(
        `${file} is a backup of format ${String(manifest.format)}; this version reads ${BACKUP_FORMAT}.`,
      );
    }
    const existing = [path.join(dataDir, 'pglite'), ...fileDirs(dataDir).map((d) => d.dir)].filter(
      (p) => fs.existsSync(p) && fs.readdirSync(p).length > 0,
    );
    if (existing.length > 0 && !opts.force) {
      throw new BackupError(
        `${dataDir} already holds a database or files (${existing.map((p) => path.relative(dataDir, p)).join(', ')}). ` +
          'Restore into an empty DATA_DIR, or pass --force to move what is there aside first.',
      );
    }
    if (existing.length > 0) {
      movedAside = path.join(dataDir, `before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`);
      for (const p of existing) {
        const target = path.join(movedAside, path.relative(dataDir, p));
        fs.mkdirSync(path.dirname(target), { recursive: true });
        fs.renameSync(p, target);
      }
    }
    for (const { name, dir } of fileDirs(dataDir)) {
      const from = path.join(staging, name);
      if (!fs.existsSync(from)) continue;
      files += countFiles(from);
      fs.rmSync(dir, { recursive: true, force: true });
      fs.mkdirSync(path.dirname(dir), { recursive: true });
      fs.renameSync(from, dir);
    }
  } catch (err) {
    fs.rmSync(staging, { recursive: true, force: true });
    release();
    throw err;
  }
  // PGlite creates the database from the dump; openPglite takes the lock again for that.
  const dump = fs.readFileSync(path.join(staging, 'database.tar.gz'));
  fs.rmSync(staging, { recursive: true, force: true });
  release();
  const database = await openPglite(dataDir, { inProcess: true, loadDataDir: new Blob([dump]) });
  await database.close();
  return { manifest, files, movedAside };
}
