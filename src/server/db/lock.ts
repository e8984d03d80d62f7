import fs from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {
  constructor(
    readonly dir: string,
    readonly pid: number,
    readonly since: string,
  ) {
    super(
      `The database directory ${dir} is already in use by process ${pid} (since ${since}). ` +
        `Stop that process first, or set DATA_DIR to another directory. ` +
        `Two processes on one embedded database would silently lose writes.`,
    );
    this.name = 'DataDirLockedError';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes an exclusive, pid-stamped lock file in `dir`. A lock left behind by a dead process is
 * taken over; a live holder makes this throw at once. Returns the release function.
 */
export function lockDataDir(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'locora.lock');
  const content = JSON.stringify({ pid: process.pid, since: new Date().toISOString() });
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, content, { flag: 'wx' });
      let released = false;
      return () => {
        if (released) return;
        released = true;
        try {
          const held = JSON.parse(fs.readFileSync(file, 'utf8')) as { pid: number };
          if (held.pid === process.pid) fs.unlinkSync(file);
        } catch {
          // already gone
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      let holder: { pid: number; since: string } | undefined;
      try {
        holder = JSON.parse(fs.readFileSync(file, 'utf8')) as { pid: number; since: string };
      } catch {
        holder = undefined; // unreadable or half-written: treat as stale
      }
      if (holder && holder.pid !== process.pid && isAlive(holder.pid)) {
        throw new DataDirLockedError(dir, holder.pid, holder.since);
      }
      fs.rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not lock the database directory ${dir}`);
}
