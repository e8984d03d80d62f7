/**
 * Calendar files are read in a worker thread (parse-worker.ts), never on the server's event loop
 * (decision 045): whatever a file makes ical.js do, requests keep being answered.
 *
 * - One file at a time per instance: others wait their turn.
 * - A heap limit (`resourceLimits`) and a wall-clock budget per file: past the budget the worker
 *   is terminated and the file fails with "This calendar took too long to read"; a worker that
 *   runs out of memory or dies fails its file in plain words too. Either way the next file gets a
 *   new worker, and the process goes on.
 * - The worker is kept between files and ended after a while idle; it never keeps the process
 *   alive by itself.
 *
 * Where its code is: beside this module's source in tests and `npm run dev` (TypeScript, loaded
 * through tsx, as the parent is), and beside the compiled server in a build
 * (`calendar-parse-worker.cjs`, an entry of the server build in vite.config.ts).
 */
import { Worker } from 'node:worker_threads';
import { CalendarFetchError } from './calendar-error.ts';
import type { ZoneNote } from './calendar-zones.ts';
import type { ParseAnswer, ParseRequest } from './parse-worker.ts';

export const PARSE_TIMEOUT_MS = 10_000;
/** The worker's old-generation heap, at most: a 5 MB file needs a few tens of MB. */
export const PARSE_HEAP_MB = 256;
export const TOO_LONG_TO_READ = 'This calendar took too long to read';
export const TOO_BIG_TO_READ = 'This calendar needs too much memory to read';
export const COULD_NOT_READ = 'The calendar could not be read';
/** A worker idle this long is ended (a new one starts with the next file). */
const IDLE_MS = 30_000;
/** Starting a worker (loading the parser), at most. */
const START_TIMEOUT_MS = 60_000;

export type ParsedCalendar = {
  intervals: { start: Date; end: Date }[];
  /** Events skipped because they could not be read. */
  unreadable: number;
  /** How zones that are not plainly named were read: in English, and what each says. */
  notes: string[];
  zoneNotes: ZoneNote[];
};

function workerLocation(): { url: URL; execArgv: string[] | undefined } {
  const fromSources = import.meta.url.endsWith('.ts');
  const file = fromSources ? './parse-worker.ts' : './calendar-parse-worker.cjs';
  return { url: new URL(file, import.meta.url), execArgv: fromSources ? ['--import', 'tsx'] : undefined };
}

export type ParseOptions = {
  /** The provider's zone. */
  timeZone: string;
  from: Date;
  to: Date;
  signal?: AbortSignal;
  /** This file's wall-clock budget, when not the parser's. */
  timeoutMs?: number;
};

type Running = { worker: Worker; ready: Promise<void> };

export class CalendarParser {
  readonly #timeoutMs: number;
  readonly #heapMb: number;
  #running: Running | undefined;
  #idle: NodeJS.Timeout | undefined;
  #nextId = 1;
  /** The file being read now and those waiting: each waits for the one before. */
  #turn: Promise<unknown> = Promise.resolve();

  constructor(opts: { timeoutMs?: number; heapMb?: number } = {}) {
    this.#timeoutMs = opts.timeoutMs ?? PARSE_TIMEOUT_MS;
    this.#heapMb = opts.heapMb ?? PARSE_HEAP_MB;
  }

  /** Reads a calendar file; throws CalendarFetchError with a sentence for the provider when it cannot. */
  parse(text: string, opts: ParseOptions): Promise<ParsedCalendar> {
    const result = this.#turn.then(() => {
      opts.signal?.throwIfAborted();
      return this.#read(text, opts);
    });
    this.#turn = result.catch(() => {});
    return result;
  }

  /** Ends the worker (a parse under way fails). */
  async close(): Promise<void> {
    clearTimeout(this.#idle);
    const running = this.#running;
    this.#running = undefined;
    await running?.worker.terminate();
  }

  #start(): Running {
    const { url, execArgv } = workerLocation();
    const worker = new Worker(url, {
      execArgv,
      resourceLimits: { maxOldGenerationSizeMb: this.#heapMb, maxYoungGenerationSizeMb: 32 },
    });
    const ready = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('The calendar parser thread did not start')), START_TIMEOUT_MS);
      timer.unref();
      // The worker says so once its code is loaded: the budget of a file counts from there.
      const onReady = (m: { ready?: boolean }) => {
        if (!m.ready) return;
        worker.off('message', onReady);
        clearTimeout(timer);
        resolve();
      };
      worker.on('message', onReady);
      worker.once('error', (err) => {
        clearTimeout(timer);
        reject(err);
      });
    });
    ready.catch(() => {});
    worker.on('exit', () => {
      if (this.#running?.worker === worker) this.#running = undefined;
    });
    return { worker, ready };
  }

  async #read(text: string, opts: ParseOptions) {
    clearTimeout(this.#idle);
    this.#running ??= this.#start();
    const { worker, ready } = this.#running;
    worker.ref();
    try {
      await ready;
    } catch {
      this.#stop(worker);
      throw new CalendarFetchError(COULD_NOT_READ, { code: 'could_not_read' });
    }
    const id = this.#nextId++;
    try {
      return await new Promise<ParsedCalendar>((resolve, reject) => {
        const done = () => {
          clearTimeout(timer);
          worker.off('message', onMessage);
          worker.off('error', onError);
          worker.off('exit', onExit);
          opts.signal?.removeEventListener('abort', onAbort);
        };
        const onMessage = (m: ParseAnswer) => {
          if (m.id !== id) return;
          done();
          if (m.ok) {
            const intervals = Array.from(m.starts, (s, i) => ({ start: new Date(s), end: new Date(m.ends[i]!) }));
            resolve({ intervals, unreadable: m.unreadable, notes: m.notes, zoneNotes: m.zoneNotes });
          } else
            reject(
              m.problem
                ? new CalendarFetchError(m.message, m.problem)
                : new CalendarFetchError(COULD_NOT_READ, { code: 'could_not_read' }),
            );
        };
        const onError = (err: Error & { code?: string }) => {
          done();
          this.#stop(worker);
          reject(
            err.code === 'ERR_WORKER_OUT_OF_MEMORY'
              ? new CalendarFetchError(TOO_BIG_TO_READ, { code: 'too_big_to_read' })
              : new CalendarFetchError(COULD_NOT_READ, { code: 'could_not_read' }),
          );
        };
        const onExit = () => {
          done();
          reject(new CalendarFetchError(COULD_NOT_READ, { code: 'could_not_read' }));
        };
        const onAbort = () => {
          done();
          this.#stop(worker);
          reject(opts.signal?.reason ?? new Error('aborted'));
        };
        const timer = setTimeout(() => {
          done();
          this.#stop(worker);
          reject(new CalendarFetchError(TOO_LONG_TO_READ, { code: 'too_long_to_read' }));
        }, opts.timeoutMs ?? this.#timeoutMs);
        worker.on('message', onMessage);
        worker.once('error', onError);
        worker.once('exit', onExit);
        opts.signal?.addEventListener('abort', onAbort, { once: true });
        const request: ParseRequest = {
          id,
          text,
          timeZone: opts.timeZone,
          from: opts.from.getTime(),
          to: opts.to.getTime(),
        };
        worker.postMessage(request);
      });
    } finally {
      if (this.#running?.worker === worker) {
        worker.unref();
        this.#idle = setTimeout(() => this.#stop(worker), IDLE_MS);
        this.#idle.unref();
      }
    }
  }

  #stop(worker: Worker) {
    if (this.#running?.worker === worker) this.#running = undefined;
    void worker.terminate();
  }
}

/** The instance's calendar parser: one file at a time. */
export const calendarParser = new CalendarParser();
