import fs from 'node:fs';

/**
 * How long the start took, for the start banner ("Ready in 1234 ms"). Measured from the moment
 * the person's command started: `npm start` itself when the server runs under npm (found among
 * this process's ancestors on Linux), else this process's own start. Nothing here may fail the
 * start: when /proc cannot be read, the process's own start is used.
 */

/** Linux's clock tick (USER_HZ): 100 on every architecture Node.js runs on. */
const TICKS_PER_SECOND = 100;

type ProcStat = { ppid: number; startTicks: number };

function procStat(pid: number | 'self'): ProcStat | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // "pid (comm) state ppid ... starttime(22nd field) ...": comm may hold spaces and parentheses.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ppid = Number(fields[1]);
    const startTicks = Number(fields[19]);
    return Number.isFinite(ppid) && Number.isFinite(startTicks) ? { ppid, startTicks } : undefined;
  } catch {
    return undefined;
  }
}

function isNpm(pid: number): boolean {
  try {
    // npm renames itself ("npm start", its process.title); before that it is node running npm-cli.js.
    const argv = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    return argv.slice(0, 2).some((a) => /(^|\/)npm(-cli\.js)?( |$)/.test(a));
  } catch {
    return false;
  }
}

/** Milliseconds between the npm process that started us (if any, up to 4 levels up) and this process. */
function npmHeadStartMs(): number | undefined {
  if (!process.env.npm_lifecycle_event || process.platform !== 'linux') return undefined;
  const self = procStat('self');
  if (!self) return undefined;
  let pid = self.ppid;
  for (let depth = 0; depth < 4 && pid > 1; depth++) {
    const stat = procStat(pid);
    if (!stat) return undefined;
    if (isNpm(pid)) return ((self.startTicks - stat.startTicks) * 1000) / TICKS_PER_SECOND;
    pid = stat.ppid;
  }
  return undefined;
}

export type StartupElapsed = {
  /** From this Node.js process's start (performance.timeOrigin). */
  processMs: number;
  /** From the start of `npm start`, when the server runs under npm on Linux. */
  sinceNpmMs: number | undefined;
};

export function startupElapsed(): StartupElapsed {
  const processMs = performance.now();
  const head = npmHeadStartMs();
  return { processMs, sinceNpmMs: head === undefined ? undefined : processMs + head };
}

/** The banner line: "Ready in 1234 ms (since npm start; the server process: 900 ms)". */
export function readyLine(elapsed: StartupElapsed = startupElapsed()): string {
  const own = Math.round(elapsed.processMs);
  if (elapsed.sinceNpmMs === undefined) return `Ready in ${own} ms`;
  return `Ready in ${Math.round(elapsed.sinceNpmMs)} ms (since npm start; the server process: ${own} ms)`;
}
