import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findPostgresBin, freePort, startPrivatePostgres, type PrivatePostgres } from './test/private-postgres.ts';

/**
 * The server as it runs in production, in a process of its own, on a PostgreSQL cluster of the
 * test's own: the cluster restarts under write load (fast and immediate shutdown modes), then the
 * server gets SIGTERM under load. Decision 033.
 *
 * It needs PostgreSQL's server binaries (/usr/lib/postgresql/<version>/bin, as CI has). It runs
 * once, in the PGlite pass of the suite: the PostgreSQL pass would repeat it exactly.
 */
const bin = findPostgresBin();
if (!bin && process.env.CI) throw new Error('PostgreSQL server binaries (/usr/lib/postgresql/*/bin) are missing');
const runnable = bin !== undefined && !process.env.TEST_DATABASE_URL;

const DRAIN_MS = 1_500;
const SHUTDOWN_TIMEOUT_MS = 8_000;

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string } | { error: string };

/** One request on its own connection; the answer, or the connection error (never throws). */
function request(
  port: number,
  opts: { method?: string; path: string; headers?: Record<string, string>; body?: unknown },
): Promise<Answer> {
  const body = opts.body === undefined ? undefined : JSON.stringify(opts.body);
  return new Promise((resolve) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method: opts.method ?? 'GET',
        path: opts.path,
        agent: false,
        headers: {
          ...(body ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) } : {}),
          ...opts.headers,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
        res.on('error', (err: NodeJS.ErrnoException) => resolve({ error: err.code ?? err.message }));
      },
    );
    req.on('error', (err: NodeJS.ErrnoException) => resolve({ error: err.code ?? err.message }));
    req.end(body);
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Server = {
  child: ChildProcess;
  port: number;
  dataDir: string;
  output: () => string;
  exited: Promise<number | null>;
};

async function startServer(databaseUrl: string): Promise<Server> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'locora-prod-'));
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.TEST_DATABASE_URL;
  const child = spawn(
    process.execPath,
    ['--import', path.resolve('scripts/i18n/register.mjs'), path.resolve('src/server/main.ts')],
    {
      env: {
        ...env,
        NODE_ENV: 'production',
        DATABASE_URL: databaseUrl,
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: dataDir,
        SEED_DEMO: 'false',
        LOG_LEVEL: 'warn',
        // One balancer in front: each writer's X-Forwarded-For is its own address, so the per-IP
        // sign-up limits (which this test is not about) never refuse it.
        TRUST_PROXY: '1',
        SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
        SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout!.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const server = { child, port, dataDir, output: () => output, exited };
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`the server exited at start:\n${output}`);
    const res = await request(port, { path: '/readyz' });
    if ('status' in res && res.status === 200) return server;
    await sleep(100);
  }
  child.kill('SIGKILL');
  throw new Error(`the server did not become ready:\n${output}`);
}

let address = 0;
/** A client address of its own (sent as X-Forwarded-For, which TRUST_PROXY=1 believes). */
function nextAddress() {
  address += 1;
  return `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`;
}

let emailCounter = 0;
function signupBody() {
  emailCounter += 1;
  return { email: `writer${emailCounter}@example.com`, password: 'a long enough passphrase', name: 'Writer' };
}

type Write = { email: string; answer: Answer };

/**
 * `writers` loops of sign-ups (each one a committed transaction: the account, its session and
 * its verification email), until stopped; every answer is kept.
 */
function writeLoad(port: number, writers: number) {
  const writes: Write[] = [];
  let running = true;
  const loops = Array.from({ length: writers }, async () => {
    while (running) {
      const body = signupBody();
      const answer = await request(port, {
        method: 'POST',
        path: '/api/auth/signup',
        headers: { 'x-forwarded-for': nextAddress() },
        body,
      });
      writes.push({ email: body.email, answer });
      // Refused while the database is away: retry after a moment, as a client told Retry-After would.
      if (!('status' in answer) || answer.status !== 201) await sleep(100);
    }
  });
  return {
    writes,
    acknowledged: () => writes.filter((w) => 'status' in w.answer && w.answer.status === 201).length,
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}

async function waitFor(what: string, check: () => boolean, timeoutMs = 20_000, server?: Server) {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (server && server.child.exitCode !== null) {
      throw new Error(
        `the server process ended (code ${server.child.exitCode}) waiting for ${what}:\n${server.output().slice(-3000)}`,
      );
    }
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

describe.skipIf(!runnable)('the server in production', () => {
  let cluster: PrivatePostgres;
  let server: Server;

  beforeAll(async () => {
    cluster = startPrivatePostgres(bin!, await freePort());
    server = await startServer(cluster.url);
  });

  afterAll(async () => {
    if (server && server.child.exitCode === null) {
      server.child.kill('SIGKILL');
      await server.exited;
    }
    if (server) fs.rmSync(server.dataDir, { recursive: true, force: true });
    cluster?.stop();
  });

  async function storedEmails(): Promise<Set<string>> {
    // A connection of its own, closed at once: the cluster restarts between reads.
    const client = new pg.Client({ connectionString: cluster.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ email: string }>('select email from users');
      return new Set(rows.map((r) => r.email));
    } finally {
      await client.end();
    }
  }

  for (const mode of ['fast', 'immediate'] as const) {
    it(`survives a PostgreSQL restart (-m ${mode}) under write load: 503s, never 500s, no acknowledged write lost`, async () => {
      const load = writeLoad(server.port, 6);
      await waitFor('writes before the restart', () => load.acknowledged() >= 10, 20_000, server);
      const before = load.writes.length;
      await cluster.restart(mode);
      const afterRestart = load.writes.length;
      // Service resumes by itself: new writes succeed once the database is back.
      await waitFor(
        'writes after the restart',
        () =>
          load.writes.slice(afterRestart).filter((w) => 'status' in w.answer && w.answer.status === 201).length >= 10,
        20_000,
        server,
      );
      await load.stop();

      const context = `\n${server.output().slice(-3000)}`;
      expect(server.child.exitCode, `the server process ended${context}`).toBeNull();
      expect(before).toBeGreaterThan(0);
      // Every request got an answer, and each answer is a success or a 503 that says when to retry.
      const answers = load.writes.map((w) => w.answer);
      expect(
        answers.filter((a) => !('status' in a)),
        `requests left unanswered${context}`,
      ).toEqual([]);
      const statuses = new Set(answers.map((a) => ('status' in a ? a.status : 0)));
      expect(
        [...statuses].filter((s) => s !== 201 && s !== 503),
        `unexpected statuses${context}`,
      ).toEqual([]);
      for (const a of answers) {
        if ('status' in a && a.status === 503) {
          expect(a.headers['retry-after']).toMatch(/^\d+$/);
          expect(JSON.parse(a.body)).toMatchObject({ statusCode: 503, code: 'UNAVAILABLE' });
        }
      }
      // 0 acknowledged writes lost.
      const stored = await storedEmails();
      const acknowledged = load.writes.filter((w) => 'status' in w.answer && w.answer.status === 201);
      expect(acknowledged.filter((w) => !stored.has(w.email)).map((w) => w.email)).toEqual([]);
      expect((await request(server.port, { path: '/readyz' })) as { status: number }).toMatchObject({ status: 200 });
    });
  }

  it('on SIGTERM: readiness fails first, requests keep being answered, nothing in flight is cut, exit 0', async () => {
    // A signed-in user's event stream.
    const signup = await request(server.port, {
      method: 'POST',
      path: '/api/auth/signup',
      headers: { 'x-forwarded-for': nextAddress() },
      body: signupBody(),
    });
    expect(signup).toMatchObject({ status: 201 });
    const cookie = String((signup as { headers: http.IncomingHttpHeaders }).headers['set-cookie']?.[0]).split(';')[0]!;
    let sse = '';
    let sseEnded = false;
    let sseError: string | undefined;
    http
      .get({ host: '127.0.0.1', port: server.port, path: '/api/events', agent: false, headers: { cookie } }, (res) => {
        res.setEncoding('utf8');
        res.on('data', (c: string) => (sse += c));
        res.on('end', () => (sseEnded = true));
        res.on('error', (err: NodeJS.ErrnoException) => (sseError = err.code ?? err.message));
      })
      .on('error', (err: NodeJS.ErrnoException) => (sseError = err.code ?? err.message));
    await waitFor('the event stream', () => sse.includes('event: unread'));

    // A request in flight across the whole shutdown: its headers now, its body only once the
    // listener has closed.
    const slowBody = JSON.stringify(signupBody());
    let slowAnswer: Answer | undefined;
    const slow = http.request(
      {
        host: '127.0.0.1',
        port: server.port,
        method: 'POST',
        path: '/api/auth/signup',
        agent: false,
        headers: {
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(slowBody)),
          'x-forwarded-for': nextAddress(),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => (slowAnswer = { status: res.statusCode ?? 0, headers: res.headers, body: text }));
      },
    );
    slow.on('error', (err: NodeJS.ErrnoException) => (slowAnswer = { error: err.code ?? err.message }));
    slow.write(slowBody.slice(0, 10));

    // What happens, in order: the readiness probe's answers, the load's answers, the listener closing.
    const events: string[] = [];
    let notReady = false;
    let listenerClosed = false;
    const probe = (async () => {
      while (!listenerClosed) {
        const res = await request(server.port, { path: '/readyz' });
        if ('error' in res) {
          if (res.error === 'ECONNREFUSED') {
            listenerClosed = true;
            events.push('refused');
            break;
          }
          // A probe whose connection the kernel had queued but the server never took when its
          // listener closed is reset: it never reached the app (this is why the drain delay
          // exists: the balancer stops opening connections first). The next one is refused.
          if (res.error !== 'ECONNRESET') events.push(`readyz error ${res.error}`);
          continue;
        }
        if (res.status === 503 && !notReady) {
          notReady = true;
          events.push('not ready');
          expect(JSON.parse(res.body)).toEqual({ status: 'draining' });
        }
        await sleep(25);
      }
    })();
    // Like a load balancer: keeps sending until a moment after readiness failed (well within
    // the drain delay), then sends no more.
    let stopSendingAt = Infinity;
    const answers: Answer[] = [];
    const load = Array.from({ length: 3 }, async () => {
      while (Date.now() < stopSendingAt) {
        const res = await request(server.port, { path: '/api/categories' });
        answers.push(res);
        if ('status' in res && notReady) events.push(`answered ${res.status} while draining`);
        if (notReady && stopSendingAt === Infinity) stopSendingAt = Date.now() + DRAIN_MS / 3;
        await sleep(10);
      }
    });
    await waitFor('answers before the signal', () => answers.length >= 5);

    server.child.kill('SIGTERM');
    await probe;
    await Promise.all(load);
    slow.end(slowBody.slice(10));
    const exitCode = await server.exited;
    await waitFor('the slow request', () => slowAnswer !== undefined, 5_000);
    await waitFor('the event stream to end', () => sseEnded || sseError !== undefined, 5_000);

    const context = `\n${events.join('\n')}\n${server.output().slice(-3000)}`;
    // Readiness failed first; the server kept answering during the drain; then the listener closed.
    expect(events[0], context).toBe('not ready');
    expect(events.filter((e) => e === 'answered 200 while draining').length, context).toBeGreaterThan(0);
    expect(
      events.filter((e) => e === 'refused'),
      context,
    ).toEqual(['refused']);
    expect(answers.filter((a) => !('status' in a) || a.status !== 200)).toEqual([]);
    // In flight when the listener closed, finished all the same.
    expect(slowAnswer, context).toMatchObject({ status: 201 });
    // The stream ended cleanly, telling the browser when to reconnect (to another instance).
    expect(sseError).toBeUndefined();
    expect(sse.trimEnd().split('\n').at(-1)).toMatch(/^retry: \d+$/);
    expect(exitCode, context).toBe(0);
    // The account whose request was in flight is stored.
    const stored = await storedEmails();
    expect(stored.has((JSON.parse(slowBody) as { email: string }).email)).toBe(true);
  });
});
