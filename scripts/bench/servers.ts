/** Child processes: the real app, and the bare HTTP ceiling server (ceilings.ts). */
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sleep } from './format.ts';

/** This checkout. */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export const children = new Set<ChildProcess>();

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (addr && typeof addr === 'object' ? resolve(addr.port) : reject(new Error('no port'))));
    });
  });
}

export type Server = { base: string; output(): string; stop(): Promise<void> };

export async function startChild(
  label: string,
  args: string[],
  env: Record<string, string>,
  cwd: string = ROOT,
  /** How long to wait for /readyz (a fresh PGlite is created and seeded first: minutes). */
  readyWithinMs = 60_000,
): Promise<Server> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', './scripts/i18n/register.mjs', ...args], {
    cwd,
    // Nothing leaves the machine: the ECB's rates feed is not asked (FX_RATES_URL=off).
    env: { ...process.env, FX_RATES_URL: 'off', ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  let output = '';
  const keep = (d: Buffer) => {
    output = (output + d.toString()).slice(-4000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let exited = false;
  child.on('exit', () => {
    exited = true;
    children.delete(child);
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + readyWithinMs;
  for (;;) {
    if (exited) throw new Error(`${label} exited during start:\n${output}`);
    try {
      const res = await fetch(`${base}/readyz`, { signal: AbortSignal.timeout(2000) });
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${label} did not become ready within ${readyWithinMs / 1000} s:\n${output}`);
    }
    await sleep(200);
  }
  return {
    base,
    output: () => output,
    stop: async () => {
      if (exited) return;
      const done = new Promise<void>((r) => child.once('exit', () => r()));
      child.kill('SIGTERM');
      const t = setTimeout(() => child.kill('SIGKILL'), 5000);
      await done;
      clearTimeout(t);
    },
  };
}

/** The app of the checkout at `root` (this one by default), on the database `url`. */
export function startApp(
  url: string,
  dataDir: string,
  root: string = ROOT,
  env: Record<string, string> = {},
): Promise<Server> {
  return startChild(
    `the app (${path.relative(process.cwd(), path.join(root, 'src/server/main.ts'))})`,
    ['src/server/main.ts'],
    {
      DATABASE_URL: url,
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      // autocannon searches from one address: lift the per-IP search limit.
      SEARCHES_PER_IP_PER_MINUTE: '1000000000',
      // No load balancer to tell: stop without the drain delay.
      SHUTDOWN_DRAIN_MS: '0',
      ...env,
    },
    root,
  );
}

export type Captured = { status: number; total: string | null; body: Buffer };

export async function capture(base: string, p: string): Promise<Captured> {
  const res = await fetch(`${base}${p}`, { signal: AbortSignal.timeout(30_000) });
  return { status: res.status, total: res.headers.get('x-total-count'), body: Buffer.from(await res.arrayBuffer()) };
}
