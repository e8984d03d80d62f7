import { buildApp } from './app.ts';
import { configWarnings, type Config } from './config.ts';
import { serveBackupRequests } from './db/backup.ts';
import { openDatabase } from './db/open.ts';
import { mapDatabaseError } from './http/errors.ts';
import { createShutdown } from './shutdown.ts';
import type { PgliteStart } from './db/pglite-start.ts';
import { DEMO_ACCOUNTS, seedIfEmpty } from './db/seed/seed.ts';
import { createMailTransport } from './email/transport.ts';
import { readyLine } from './startup-timing.ts';
import { createIdDocumentStorage, createUploadStorage } from './storage/backends.ts';

/** How long after listening the background rounds (email, expiry, payments, pruning) begin. */
const BACKGROUND_START_DELAY_MS = 2_000;

/**
 * The server's start after main.ts: opens the database (on PGlite, waits for the thread main.ts
 * started), migrates, seeds, builds the app and listens, then prints the banner.
 */
export async function startServer(config: Config, started: PgliteStart | undefined) {
  // The page renderer (React and the pages) loads on this thread while the embedded database
  // starts on its own: the start is as long as the longer of the two, not their sum.
  const renderer = import('../client/entry-server.tsx').catch(() => undefined);
  // Lost pooled connections (a PostgreSQL restart or failover) are replaced by the pool; they are
  // only logged, once the app's logger exists.
  let logLostConnection = (err: Error) => console.warn(`A database connection was lost: ${err.message}`);
  // On PGlite started by main.ts this returns at once; migrate() waits for the thread.
  const database = await openDatabase(config, started, { onClientError: (err) => logLostConnection(err) });
  const documentStorage = createIdDocumentStorage(config);
  const mailTransport = createMailTransport(config);
  const storage = createUploadStorage(config);
  // The database opens, migrates and gets its demo data while this thread builds the app, which
  // only registers plugins and routes: nothing queries the database before the server listens,
  // so nothing reads it before it is migrated (background workers start after listen, below).
  const [seeded, app] = await Promise.all([
    (async () => {
      await database.migrate();
      return config.seedDemo ? seedIfEmpty(database.db, { documents: documentStorage }) : false;
    })(),
    (async () => {
      await renderer;
      return buildApp({
        db: database.db,
        config,
        storage,
        documentStorage,
        mailTransport,
        preloadRenderer: true,
        listen: database.listen,
        poolStats: () => database.poolStats(),
      });
    })(),
  ]);
  for (const warning of configWarnings(config)) app.log.warn(warning);
  logLostConnection = (err) => app.log.warn({ err }, 'a database connection was lost; the pool replaces it');
  // Last line of defence: a database error nobody awaited must not end the process (the database
  // coming back is enough to serve again). Anything else keeps Node's default: a crash.
  process.on('unhandledRejection', (reason) => {
    if (mapDatabaseError(reason)?.code === 'UNAVAILABLE') {
      app.log.warn({ err: reason }, 'the database could not be reached (unhandled)');
      return;
    }
    throw reason;
  });
  // `npm run db:backup` while this server holds the embedded database: it asks, this writes.
  const stopBackups =
    database.kind === 'pglite'
      ? serveBackupRequests(database, {
          dataDir: config.dataDir,
          filesInObjectStore: Boolean(config.s3),
          onBackup: (b) => app.log.info({ file: b.file, bytes: b.bytes }, 'backup written'),
          onError: (err) => app.log.error({ err }, 'backup failed'),
        })
      : undefined;

  // SIGTERM/SIGINT: readiness fails at once, the server drains, then closes (shutdown.ts).
  const { shutdown } = createShutdown({
    app,
    drainMs: config.shutdown.drainMs,
    timeoutMs: config.shutdown.timeoutMs,
    stopBackground: [
      () => stopBackups?.(),
      // No new claims; running jobs finish (or are aborted and their leases released), so another
      // instance takes over what this one held (decision 032).
      async () => {
        await app.jobs.stop({ timeoutMs: Math.max(1_000, config.shutdown.timeoutMs - 2_000) });
        mailTransport.close();
      },
    ],
    closeDatabase: () => database.close(),
    exit: (code) => process.exit(code),
  });
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  await app.listen({ host: config.host, port: config.port });
  // The background rounds start a moment after the server is up, so the first pages of a fresh
  // start are not queued behind them on the database (the first 200 of / came ~0.3 s after the
  // banner when they started at listen). Reads never wait for them: expiry is computed on read.
  const startWorkers = setTimeout(() => {
    if (app.lifecycle.state !== 'serving') return; // shutting down before they began
    app.jobs.start();
  }, BACKGROUND_START_DELAY_MS);
  startWorkers.unref();
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const url = config.publicUrl ?? `http://${shownHost}:${config.port}`;
  const lines = [
    '',
    `  Locora is running at ${url}`,
    `  ${readyLine()}`,
    `  Database: ${database.kind === 'pglite' ? `embedded PGlite (${database.location})` : `PostgreSQL (${database.location})`}${seeded ? ', demo data loaded' : ''}`,
    `  API docs: ${url}/api/docs`,
    `  Email: ${config.mail ? mailTransport.describe : `no SMTP_URL, so emails are ${mailTransport.describe}`}`,
    `  Files: ${config.s3 ? `S3 bucket ${config.s3.bucket}${config.s3.endpoint ? ` at ${config.s3.endpoint}` : ''}` : config.uploadDir}`,
  ];
  if (config.seedDemo) {
    lines.push('', '  Demo accounts (demo data only):');
    for (const a of DEMO_ACCOUNTS) lines.push(`    ${a.role.padEnd(9)} ${a.email.padEnd(28)} ${a.password}`);
  }
  console.log(lines.join('\n') + '\n');
}
