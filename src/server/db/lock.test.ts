import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir, readProcessStat } from './lock.ts';

const run = promisify(execFile);

describe('lockDataDir', () => {
  it('makes a second process fail at once, naming the holder', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'locora-lock-'));
    const release = lockDataDir(dir);
    const script = `import { lockDataDir } from ${JSON.stringify(path.resolve('src/server/db/lock.ts'))}; lockDataDir(${JSON.stringify(dir)});`;
    const err = await run(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script]).then(
      () => undefined,
      (e: { stderr: string }) => e,
    );
    release();
    expect(err?.stderr).toContain(`is already in use by process ${process.pid}`);
    expect(fs.existsSync(path.join(dir, 'locora.lock'))).toBe(false);
  });

  it('takes over a lock left by a dead process', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'locora-lock-'));
    fs.writeFileSync(path.join(dir, 'locora.lock'), JSON.stringify({ pid: 2 ** 22 + 12345, since: 'then' }));
    const release = lockDataDir(dir);
    expect(JSON.parse(fs.readFileSync(path.join(dir, 'locora.lock'), 'utf8')).pid).toBe(process.pid);
    release();
  });

  const onLinux = fs.existsSync('/proc/self/stat');
  const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'locora-lock-'));
  const writeLock = (dir: string, holder: object) =>
    fs.writeFileSync(path.join(dir, 'locora.lock'), JSON.stringify({ since: 'then', ...holder }));
  const lockedPid = (dir: string) => JSON.parse(fs.readFileSync(path.join(dir, 'locora.lock'), 'utf8')).pid;

  it('records the start time beside the PID', () => {
    const dir = tempDir();
    const release = lockDataDir(dir);
    const held = JSON.parse(fs.readFileSync(path.join(dir, 'locora.lock'), 'utf8'));
    release();
    expect(held.pid).toBe(process.pid);
    if (onLinux) expect(held.startTime).toMatch(/^\d+$/);
    expect(held.startTime).toBe(readProcessStat(process.pid)?.startTime ?? null);
  });

  it.runIf(onLinux)('refuses a lock naming this process with its real start time (this process holds it)', () => {
    const dir = tempDir();
    writeLock(dir, { pid: process.pid, startTime: readProcessStat(process.pid)!.startTime });
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dir)).toThrow(`is already in use by process ${process.pid}`);
    // The refused attempt left the lock alone.
    expect(lockedPid(dir)).toBe(process.pid);
  });

  it.runIf(onLinux)('takes over a lock naming a live PID with another start time (a reused PID)', async () => {
    const child = spawn('sleep', ['30'], { stdio: 'ignore' });
    try {
      const pid = child.pid!;
      const real = readProcessStat(pid)!.startTime;
      const dir = tempDir();
      // The same live process, by its PID and start time, holds the lock.
      writeLock(dir, { pid, startTime: real });
      expect(() => lockDataDir(dir)).toThrow(`is already in use by process ${pid}`);
      // An earlier process that had the same PID does not.
      writeLock(dir, { pid, startTime: String(Number(real) - 1) });
      const release = lockDataDir(dir);
      expect(lockedPid(dir)).toBe(process.pid);
      release();
      // This process's own PID recorded by an earlier process (a container restarted with the same PID).
      writeLock(dir, { pid: process.pid, startTime: '1' });
      lockDataDir(dir)();
      writeLock(dir, { pid: process.pid });
      lockDataDir(dir)();
      expect(fs.existsSync(path.join(dir, 'locora.lock'))).toBe(false);
    } finally {
      child.kill('SIGKILL');
    }
  });

  it.runIf(onLinux)('takes over a lock naming a zombie (killed, not yet reaped)', async () => {
    // sh starts a short-lived child, prints its PID, then becomes a sleep that never reaps it.
    const parent = spawn('sh', ['-c', 'sleep 0 & echo $!; exec sleep 30'], { stdio: ['ignore', 'pipe', 'ignore'] });
    try {
      const pid = Number(
        await new Promise<string>((resolve) => parent.stdout.once('data', (b: Buffer) => resolve(String(b)))),
      );
      let stat = readProcessStat(pid);
      for (let i = 0; i < 500 && stat?.state !== 'Z'; i++) {
        await new Promise((resolve) => setTimeout(resolve, 10));
        stat = readProcessStat(pid);
      }
      expect(stat?.state).toBe('Z');
      const dir = tempDir();
      writeLock(dir, { pid, startTime: stat!.startTime });
      const release = lockDataDir(dir);
      expect(lockedPid(dir)).toBe(process.pid);
      release();
    } finally {
      parent.kill('SIGKILL');
    }
  });
});
