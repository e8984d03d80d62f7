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

/**
 * Makes `dir` readable by this user only (0700), creating it unless `onlyIfPresent`: DATA_DIR's
 * `pglite/` (the database, which PGlite creates itself) and `private/` (identity documents),
 * whatever the umask or an older version left.
 */
export function restrictToOwner(dir: string, opts: { onlyIfPresent?: boolean } = {}): void {
  let stat: fs.Stats | undefined;
  try {
    stat = fs.statSync(dir);
  } catch {
    stat = undefined;
  }
  if (!stat) {
    if (opts.onlyIfPresent) return;
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  } else if (!stat.isDirectory()) return;
  fs.chmodSync(dir, 0o700);
}

/** What the lock file holds. `startTime` is absent in files written before it was recorded. */
type Holder = { pid: number; since: string; startTime?: string | null };

/**
 * A process as Linux's /proc tells it: its state letter and its start time (field 22 of
 * /proc/<pid>/stat, clock ticks since boot), which together with the PID names one process for
 * the whole uptime: a PID reused by a later process has another start time. `undefined` when
 * there is no /proc (not Linux), `null` when no process has this PID.
 */
export function readProcessStat(pid: number): { state: string; startTime: string } | null | undefined {
  let stat: string;
  try {
    stat = fs.readFileSync(`/proc/${pid}/stat`, 'latin1');
  } catch {
    return fs.existsSync('/proc/self/stat') ? null : undefined;
  }
  // "pid (comm) state ppid ...": comm may hold spaces and parentheses, so read after the last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const state = fields[0];
  const startTime = fields[19]; // field 22 of the whole line
  if (!state || !startTime) return undefined;
  return { state, startTime };
}

/** This process's start time, recorded in the lock beside its PID (null where /proc is absent). */
function ownStartTime(): string | null {
  return readProcessStat(process.pid)?.startTime ?? null;
}

function signalAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Whether the process a lock names still holds it: it exists, is not a zombie (killed but not
 * yet reaped: it holds nothing), and is the same process, not a later one given the same PID
 * (its start time differs from the recorded one). A lock without a start time (written by an
 * older version) naming this process's own PID is a reused PID: this process never took it.
 */
function holderAlive(holder: Holder): boolean {
  const stat = readProcessStat(holder.pid);
  if (stat === null) return false;
  if (stat === undefined) return holder.pid !== process.pid && signalAlive(holder.pid);
  if (stat.state === 'Z' || stat.state === 'X' || stat.state === 'x') return false;
  if (holder.startTime) return stat.startTime === holder.startTime;
  return holder.pid !== process.pid;
}

/**
 * Takes an exclusive lock file in `dir`, stamped with this process's PID and start time. A lock
 * left behind by a dead process (gone, a zombie, or its PID now used by another process) is taken
 * over; a live holder, this very process included, makes this throw at once. Returns the release
 * function.
 */
export function lockDataDir(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  restrictToOwner(path.join(dir, 'pglite'), { onlyIfPresent: true });
  restrictToOwner(path.join(dir, 'private'));
  const file = path.join(dir, 'locora.lock');
  const startTime = ownStartTime();
  const content = JSON.stringify({ pid: process.pid, startTime, since: new Date().toISOString() });
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, content, { flag: 'wx' });
      let released = false;
      return () => {
        if (released) return;
        released = true;
        try {
          const held = JSON.parse(fs.readFileSync(file, 'utf8')) as Holder;
          if (held.pid === process.pid && (held.startTime ?? null) === startTime) fs.unlinkSync(file);
        } catch {
          // already gone
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      let holder: Holder | undefined;
      try {
        holder = JSON.parse(fs.readFileSync(file, 'utf8')) as Holder;
        if (!Number.isInteger(holder.pid) || holder.pid <= 0) holder = undefined;
      } catch {
        holder = undefined; // unreadable or half-written: treat as stale
      }
      if (holder && holderAlive(holder)) {
        throw new DataDirLockedError(dir, holder.pid, holder.since);
      }
      fs.rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not lock the database directory ${dir}`);
}
