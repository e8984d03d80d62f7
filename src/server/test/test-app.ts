import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { User } from '../../shared/api/auth.ts';
import { buildApp, type App } from '../app.ts';
import type { Clock } from '../clock.ts';
import { loadConfig, type Config } from '../config.ts';
import type { Database } from '../db/open.ts';
import { SESSION_COOKIE } from '../http/session.ts';
import { openTestDatabase, resetDatabase } from './test-db.ts';

export function testConfig(overrides: Partial<Config> = {}): Config {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'locora-app-'));
  const clientDir = path.join(tmp, 'client');
  fs.mkdirSync(clientDir, { recursive: true });
  fs.writeFileSync(
    path.join(clientDir, 'index.html'),
    '<!doctype html>\n<html lang="en">\n  <head>\n    <title>Locora</title>\n    <meta\n      name="description"\n      content="Shell description"\n    />\n  </head>\n  <body><div id="root"></div></body>\n</html>\n',
  );
  return {
    // Every inject() comes from 127.0.0.1: the search limit is lifted (its own test lowers it).
    ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: tmp, SEARCHES_PER_IP_PER_MINUTE: '1000000000' }),
    clientDir,
    ...overrides,
  };
}

export type TestContext = { app: App; database: Database; config: Config };

/**
 * One database and app per test file, emptied before each test.
 * Use inside a describe/file: `const t = useTestApp();` then `t.app`, `t.db` in tests.
 * `options.clock` sets business time (e.g. `manualClock()`, moved with `advance`) instead of sleeping.
 */
export function useTestApp(overrides: Partial<Config> = {}, options: { clock?: Clock } = {}) {
  const ctx = {} as TestContext & { get db(): Database['db'] };
  beforeAll(async () => {
    ctx.database = await openTestDatabase();
    ctx.config = testConfig(overrides);
    ctx.app = await buildApp({
      db: ctx.database.db,
      config: ctx.config,
      logger: false,
      listen: ctx.database.listen,
      clock: options.clock,
    });
    Object.defineProperty(ctx, 'db', { get: () => ctx.database.db });
  });
  beforeEach(async () => {
    await resetDatabase(ctx.database);
  });
  afterAll(async () => {
    await ctx.app?.close();
    await ctx.database?.close();
  });
  return ctx;
}

export function sessionCookie(res: LightMyRequestResponse): string | undefined {
  return res.cookies.find((c) => c.name === SESSION_COOKIE)?.value;
}

let counter = 0;
export function uniqueEmail(prefix = 'user') {
  counter += 1;
  return `${prefix}${counter}-${Date.now().toString(36)}@example.com`;
}

let ipCounter = 0;
/** A fresh client address for inject's remoteAddress (e.g. to stay under per-IP limits). */
export function uniqueIp() {
  ipCounter += 1;
  return `10.250.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

/**
 * Signs up through the API and returns the user and a cookies object for inject(). Each call
 * comes from its own address, so tests can create more accounts than one IP may in an hour.
 */
export async function signUp(
  app: App,
  input: {
    role?: 'TRAVELER' | 'PROVIDER';
    email?: string;
    password?: string;
    name?: string;
    timeZone?: string;
    /** The language of the page they sign up on (the account's language). */
    language?: string;
  } = {},
) {
  const email = input.email ?? uniqueEmail(input.role?.toLowerCase() ?? 'traveler');
  const password = input.password ?? 'correct horse battery';
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    remoteAddress: uniqueIp(),
    payload: {
      email,
      password,
      name: input.name ?? 'Test User',
      role: input.role ?? 'TRAVELER',
      // A provider signs up with a real zone (shared/api/time.ts requires one).
      ...(input.role === 'PROVIDER' ? { timeZone: input.timeZone ?? 'Europe/Lisbon' } : {}),
      ...(input.language ? { language: input.language } : {}),
    },
  });
  if (res.statusCode !== 201) throw new Error(`signup failed: ${res.statusCode} ${res.body}`);
  const token = sessionCookie(res);
  if (!token) throw new Error('no session cookie');
  return { user: res.json<{ user: User }>().user, email, password, cookies: { [SESSION_COOKIE]: token } };
}
