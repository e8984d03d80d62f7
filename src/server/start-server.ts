import { buildApp } from './app.ts';
import type { Config } from './config.ts';
import { openDatabase } from './db/open.ts';
import type { PgliteStart } from './db/pglite-start.ts';
import { DEMO_ACCOUNTS, seedIfEmpty } from './db/seed/seed.ts';
import { createEmailWorker } from './email/outbox.ts';
import { createBookingLifecycleWorker } from './features/bookings/lifecycle.ts';
import { createMailTransport } from './email/transport.ts';
import { createPoller } from './jobs/poller.ts';
import { createPaymentActionWorker } from './payments/payment-actions.ts';
import { pruneUserEvents } from './realtime/events.ts';
import { readyLine } from './startup-timing.ts';
import { createFsStorage, createIdDocumentStorage, readOrCreateSigningKey } from './storage/storage.ts';
import { startUploadSweeper } from './storage/upload-registry.ts';

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
  // On PGlite started by main.ts this returns at once; migrate() waits for the thread.
  const database = await openDatabase(config, started);
  const documentStorage = createIdDocumentStorage(config);
  const storage = createFsStorage({ root: config.uploadDir, signingKey: readOrCreateSigningKey(config.dataDir) });
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
        preloadRenderer: true,
        listen: database.listen,
      });
    })(),
  ]);
  // Deletes uploads no row references once their grace period is over. Every instance runs one
  // (rows are claimed with SKIP LOCKED); the timer is unref'd and stopped at shutdown.
  const stopSweeper = startUploadSweeper(database.db, storage, {
    intervalSeconds: config.uploads.sweepIntervalSeconds,
    graceSeconds: config.uploads.orphanGraceSeconds,
    onSwept: (count) => app.log.info({ count }, 'deleted orphaned uploads'),
    onError: (err) => app.log.error({ err }, 'upload sweep failed'),
  });

  // Background work every instance runs (decision 017): the email outbox, and old realtime events.
  const mailTransport = createMailTransport(config);
  const emailWorker = createEmailWorker({
    db: database.db,
    transport: mailTransport,
    onError: (err) => app.log.warn({ err }, 'email delivery failed; it will be retried'),
  });
  // Expiry of unanswered requests and completion of past bookings (decision 018): persisted here,
  // while every read already computes them.
  const bookingLifecycle = createBookingLifecycleWorker({
    db: database.db,
    appUrl: config.publicUrl ?? `http://localhost:${config.port}`,
    onError: (err) => app.log.warn({ err }, 'booking expiry/completion round failed; it will run again'),
  });
  // Calls owed to Stripe after a booking's change (capture, release, refund), retried until done (decision 024).
  const paymentActions = app.stripe
    ? createPaymentActionWorker({
        db: database.db,
        stripe: app.stripe,
        appUrl: config.publicUrl ?? `http://localhost:${config.port}`,
        onError: (err) => app.log.warn({ err }, 'payment actions round failed; it will run again'),
      })
    : undefined;
  const pruner = createPoller({
    name: 'prune-user-events',
    intervalMs: 10 * 60 * 1000,
    round: async () => {
      await pruneUserEvents(database.db);
      return 0;
    },
    onError: (err) => app.log.warn({ err }, 'pruning realtime events failed'),
  });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      stopSweeper();
      await Promise.all([emailWorker.stop(), pruner.stop(), bookingLifecycle.stop(), paymentActions?.stop()]);
      mailTransport.close();
      await app.close();
      await database.close();
    } finally {
      process.exit(0);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ host: config.host, port: config.port });
  // The background rounds start a moment after the server is up, so the first pages of a fresh
  // start are not queued behind them on the database (the first 200 of / came ~0.3 s after the
  // banner when they started at listen). Reads never wait for them: expiry is computed on read.
  const startWorkers = setTimeout(() => {
    if (closing) return; // shutting down before they began
    emailWorker.start();
    pruner.start();
    bookingLifecycle.start();
    paymentActions?.start();
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
  ];
  if (config.seedDemo) {
    lines.push('', '  Demo accounts (demo data only):');
    for (const a of DEMO_ACCOUNTS) lines.push(`    ${a.role.padEnd(9)} ${a.email.padEnd(28)} ${a.password}`);
  }
  console.log(lines.join('\n') + '\n');
}
