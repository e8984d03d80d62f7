// Starts the production server on a fresh embedded database with demo data, for Playwright.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'locora-e2e-'));
const port = process.env.E2E_PORT ?? '3100';
// Specs that read what the server wrote (e.g. the .eml files under DATA_DIR/outbox) find its
// data directory through this file: e2e/helpers.ts e2eDataDir().
const dataDirPointer = path.join(os.tmpdir(), `locora-e2e-port-${port}.datadir`);
fs.writeFileSync(dataDirPointer, dataDir);
// Google sign-in against a local OpenID provider (oidc-provider) in this process, on the next port:
// the journeys sign in on its own login page (e2e/google-signin.spec.ts). Never Google itself.
const oidcPort = Number(process.env.E2E_OIDC_PORT ?? Number(port) + 1);
const { tsImport } = await import('tsx/esm/api');
const { startLocalOidcProvider } = await tsImport('../src/server/test/local-oidc-provider.ts', import.meta.url);
const oidc = await startLocalOidcProvider({
  port: oidcPort,
  redirectUris: [
    `http://127.0.0.1:${port}/api/auth/google/callback`,
    `http://localhost:${port}/api/auth/google/callback`,
  ],
});
// The European Central Bank's rates feed, as a local stand-in on the port after the OpenID one,
// publishing the day the ECB's latest rates are for by now, so estimates show (decision 049).
const { startEcbRatesServer } = await tsImport('../src/server/test/ecb-rates-server.ts', import.meta.url);
const { latestPublicationDate } = await tsImport(
  '../src/server/features/exchange-rates/publication.ts',
  import.meta.url,
);
const ratesFeed = await startEcbRatesServer({
  date: latestPublicationDate(new Date()),
  // Not E2E_PORT + 2: the payment journeys start their own app there.
  port: Number(process.env.E2E_FX_PORT ?? Number(port) + 5),
});
// As `npm start` runs it (build if needed, the compiled server through V8's code cache, React's
// production build), so the journeys try what a person starts.
const child = spawn(process.execPath, ['scripts/start.mjs'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: port,
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'true',
    // Every journey signs up from 127.0.0.1: more than the default 5 accounts an hour.
    SIGNUPS_PER_IP_PER_HOUR: '1000',
    // ...and searches from one address as fast as the journeys go (the default is a person's pace).
    SEARCHES_PER_IP_PER_MINUTE: '1000000',
    // No load balancer to tell: when the run ends, stop without the drain delay.
    SHUTDOWN_DRAIN_MS: '0',
    // Imported calendars come from a local server in the journeys (e2e/calendar-sync.spec.ts):
    // loopback only, and the start warns (decision 040).
    CALENDAR_FETCH_ALLOW_PRIVATE: 'true',
    GOOGLE_CLIENT_ID: oidc.clientId,
    GOOGLE_CLIENT_SECRET: oidc.clientSecret,
    GOOGLE_ISSUER: oidc.issuer,
    FX_RATES_URL: ratesFeed.url,
  },
});
const stop = (sig) => child.kill(sig);
process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGINT', () => stop('SIGINT'));
child.on('exit', (code) => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(dataDirPointer, { force: true });
  process.exit(code ?? 0);
});
