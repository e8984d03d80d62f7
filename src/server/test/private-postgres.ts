import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** The newest PostgreSQL server binaries installed the Debian way, if any. */
export function findPostgresBin(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!fs.existsSync(root)) return undefined;
  const versions = fs
    .readdirSync(root)
    .filter((v) => fs.existsSync(path.join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], 'bin') : undefined;
}

/** A port nobody listens on now (the OS picks it). */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export type PrivatePostgres = {
  url: string;
  port: number;
  /**
   * pg_ctl restart in the given shutdown mode; resolves once the server accepts connections again.
   * It runs beside the caller's event loop, so load generated in this process keeps going.
   */
  restart(mode: 'fast' | 'immediate'): Promise<void>;
  stop(): void;
  /** The server's log, for a failing test's message. */
  log(): string;
};

/**
 * A PostgreSQL cluster of its own: `initdb` into a temporary folder, on its own port and socket
 * folder, trust authentication on 127.0.0.1. As root (CI), initdb and pg_ctl run as the
 * `postgres` user through runuser, since PostgreSQL refuses to run as root.
 */
export function startPrivatePostgres(bin: string, port: number): PrivatePostgres {
  const root = process.getuid?.() === 0;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'locora-pg-'));
  if (root) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    fs.chownSync(dir, uid, gid);
  }
  const data = path.join(dir, 'data');
  const logFile = path.join(dir, 'server.log');
  const run = (tool: string, args: string[]) =>
    execFileSync(
      root ? 'runuser' : path.join(bin, tool),
      root ? ['-u', 'postgres', '--', path.join(bin, tool), ...args] : args,
      {
        stdio: 'pipe',
        timeout: 60_000,
      },
    );
  run('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8', '--locale', 'C']);
  const options = [
    `-p ${port}`,
    `-k ${dir}`,
    '-c listen_addresses=127.0.0.1',
    '-c max_connections=50',
    // Durability as in production: an acknowledged commit is on disk before the answer.
    '-c fsync=on',
    '-c synchronous_commit=on',
  ].join(' ');
  const ctl = (args: string[]) => run('pg_ctl', ['-D', data, '-w', '-t', '60', ...args]);
  const ctlAsync = (args: string[]) => {
    const full = [path.join(bin, 'pg_ctl'), '-D', data, '-w', '-t', '60', ...args];
    return new Promise<void>((resolve, reject) => {
      execFile(
        root ? 'runuser' : full[0]!,
        root ? ['-u', 'postgres', '--', ...full] : full.slice(1),
        { timeout: 60_000 },
        (err) => (err ? reject(err) : resolve()),
      );
    });
  };
  ctl(['-o', options, '-l', logFile, 'start']);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    // -l again: without it the new server writes to pg_ctl's stdout, and pg_ctl never seems done.
    restart: (mode) => ctlAsync(['-m', mode, '-l', logFile, 'restart']),
    stop() {
      try {
        ctl(['-m', 'immediate', 'stop']);
      } catch {
        // already stopped
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
    log: () => (fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8') : ''),
  };
}
