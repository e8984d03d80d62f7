import { loadConfig } from './config.ts';
import { DataDirLockedError } from './db/lock.ts';
import { startPgliteThread, type PgliteStart } from './db/pglite-start.ts';

/**
 * `npm start`'s entry. It imports only the configuration and the embedded database's start, so
 * that PGlite begins opening in its own thread (WebAssembly, its files, the data directory) at
 * once; the rest of the server (Fastify, the routes, React) loads on this thread meanwhile
 * (start-server.ts). Decision 011, addendum of 2026-11-25.
 */
async function main() {
  const config = loadConfig();
  let started: PgliteStart | undefined;
  try {
    started = config.databaseUrl ? undefined : startPgliteThread(config.dataDir);
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      console.error(`\n${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }
  try {
    const { startServer } = await import('./start-server.ts');
    await startServer(config, started);
  } catch (err) {
    // Could not open the database or listen: let the next start take the data directory at once.
    started?.release();
    throw err;
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
