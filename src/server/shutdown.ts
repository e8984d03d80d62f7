import type { FastifyBaseLogger } from 'fastify';
import type { Lifecycle } from './http/lifecycle.ts';

export type ShutdownOptions = {
  app: {
    log: FastifyBaseLogger;
    lifecycle: Lifecycle;
    server: { closeAllConnections(): void };
    close(): Promise<unknown>;
  };
  /** How long /readyz answers 503 while everything else is still served. */
  drainMs: number;
  /** How long requests in flight may take once the listener is closed (then they are cut). */
  timeoutMs: number;
  /**
   * Stops background work (pollers, the job runner): each resolves once its current round is over
   * and what it had claimed is released. Called when the drain begins.
   */
  stopBackground: (() => unknown)[];
  /** Closes the database (the pool and the LISTEN connection); called last. */
  closeDatabase: () => Promise<void>;
  /** process.exit in the server; tests pass their own. */
  exit: (code: number) => void;
};

const TIMED_OUT = Symbol('timed out');

/** Resolves with the promise's value, or TIMED_OUT after `ms` (the promise keeps running). */
function within<T>(promise: Promise<T>, ms: number): Promise<T | typeof TIMED_OUT> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<typeof TIMED_OUT>((resolve) => {
    timer = setTimeout(() => resolve(TIMED_OUT), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * The server's stop on SIGTERM or SIGINT, in the order a load balancer needs (decision 033):
 * 1. readiness (/readyz) answers 503 at once, background work is told to stop;
 * 2. for `drainMs` everything else is still served (with `Connection: close`), so the balancer
 *    has time to notice and send new requests elsewhere;
 * 3. the listener closes; requests in flight finish, for up to `timeoutMs`, then are cut; event
 *    streams end with a `retry:` hint (their preClose hook), so browsers reconnect elsewhere;
 * 4. background work has stopped and released its claims (bounded by `timeoutMs` too);
 * 5. the database closes, and the process exits 0 (1 if a step failed).
 * A second signal during the drain cuts the drain short (Ctrl-C twice in a terminal); the rest
 * still runs. Everything is bounded: a stuck step ends in exit 1, never a process that hangs.
 */
export function createShutdown(opts: ShutdownOptions) {
  const { app, drainMs, timeoutMs } = opts;
  const log = app.log;
  let started = false;
  let endDrain: (() => void) | undefined;

  async function run(signal: string): Promise<number> {
    log.info(
      { signal, drainMs, timeoutMs },
      `${signal}: shutting down. /readyz now answers 503; requests are still served for ${drainMs} ms${drainMs > 0 ? ' (send the signal again to skip this)' : ''}`,
    );
    app.lifecycle.startDraining();
    let failed = false;
    const background = Promise.allSettled(opts.stopBackground.map((stop) => Promise.resolve().then(stop))).then(
      (results) => {
        for (const r of results) {
          if (r.status === 'rejected') {
            failed = true;
            log.error({ err: r.reason }, 'stopping background work failed');
          }
        }
      },
    );

    if (drainMs > 0) {
      await new Promise<void>((resolve) => {
        endDrain = resolve;
        setTimeout(resolve, drainMs);
      });
    }
    endDrain = undefined;

    app.lifecycle.startClosing();
    log.info('closing the listener; waiting for requests in flight');
    const closing = app.close().then(
      () => undefined,
      (err: unknown) => {
        failed = true;
        log.error({ err }, 'closing the server failed');
      },
    );
    if ((await within(closing, timeoutMs)) === TIMED_OUT) {
      log.warn(`requests still in flight after ${timeoutMs} ms; closing their connections`);
      app.server.closeAllConnections();
      if ((await within(closing, 1_000)) === TIMED_OUT) {
        failed = true;
        log.error('the server did not close');
      }
    }
    if ((await within(background, timeoutMs)) === TIMED_OUT) {
      // Whatever it still holds is released when its lease expires (another instance takes it).
      failed = true;
      log.error(`background work did not stop within ${timeoutMs} ms`);
    }
    const closed = await within(
      opts.closeDatabase().then(
        () => true,
        (err: unknown) => {
          log.error({ err }, 'closing the database failed');
          return false;
        },
      ),
      timeoutMs,
    );
    if (closed !== true) {
      failed = true;
      if (closed === TIMED_OUT) log.error(`the database did not close within ${timeoutMs} ms`);
    }
    log.info({ exitCode: failed ? 1 : 0 }, 'shut down');
    return failed ? 1 : 0;
  }

  return {
    /** Starts the shutdown (once); a later call only cuts the drain short. */
    shutdown(signal: string) {
      if (started) {
        if (endDrain) log.info(`${signal} again: skipping the rest of the drain`);
        endDrain?.();
        return;
      }
      started = true;
      // Nothing may keep the process past every bound added up.
      const force = setTimeout(
        () => {
          log.error('shutdown took too long; exiting');
          opts.exit(1);
        },
        drainMs + 3 * timeoutMs + 5_000,
      );
      force.unref();
      void run(signal).then(
        (code) => opts.exit(code),
        (err: unknown) => {
          log.error({ err }, 'shutdown failed');
          opts.exit(1);
        },
      );
    },
    get started() {
      return started;
    },
  };
}
