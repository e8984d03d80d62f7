/**
 * A background loop for work that lives in the database (decision 017): each round claims due
 * rows with `FOR UPDATE SKIP LOCKED` (so several instances never take the same row), does the
 * work, and reports how many it handled. A full round goes again at once; an empty or failed one
 * waits `intervalMs`. Nothing here must run exactly once: every instance runs every poller.
 */
export type Poller = {
  /** Runs rounds until stopped. */
  start(): void;
  /** Stops after the current round; resolves when it has ended. */
  stop(): Promise<void>;
  /** One round now (tests, or a nudge after enqueueing). */
  runOnce(): Promise<number>;
};

export function createPoller(opts: {
  name: string;
  intervalMs: number;
  /** One round: claim and handle up to a batch; returns how many rows it handled. */
  round: () => Promise<number>;
  /** The batch size: a round that handled this many goes again at once. */
  batchSize?: number;
  onError?: (err: unknown, name: string) => void;
}): Poller {
  const onError = opts.onError ?? ((err, name) => console.error(`Background job ${name} failed:`, err));
  let running = false;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<unknown> = Promise.resolve();
  let wake: (() => void) | undefined;

  const runOnce = () => {
    const run = current.then(opts.round);
    current = run.catch(() => {});
    return run;
  };

  async function loop() {
    while (running) {
      let handled = 0;
      try {
        handled = await runOnce();
      } catch (err) {
        onError(err, opts.name);
      }
      if (!running) break;
      if (opts.batchSize && handled >= opts.batchSize) continue;
      await new Promise<void>((resolve) => {
        wake = resolve;
        timer = setTimeout(resolve, opts.intervalMs);
        timer.unref();
      });
    }
  }

  let looping: Promise<void> | undefined;
  return {
    start() {
      if (running) return;
      running = true;
      looping = loop();
    },
    async stop() {
      running = false;
      if (timer) clearTimeout(timer);
      wake?.();
      await looping;
    },
    runOnce,
  };
}
