import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { createLifecycle } from './http/lifecycle.ts';
import { createShutdown } from './shutdown.ts';

/** A stand-in server that records what happens to it, in order. */
function fakeApp(steps: string[], opts: { closeNever?: boolean } = {}) {
  const lifecycle = createLifecycle();
  const log = { info: () => {}, warn: () => {}, error: () => {} } as never;
  return {
    log,
    lifecycle,
    server: { closeAllConnections: () => steps.push('cut connections') },
    close() {
      steps.push(`app.close (${lifecycle.state})`);
      return opts.closeNever ? new Promise<void>(() => {}) : Promise.resolve();
    },
  };
}

function run(options: Partial<Parameters<typeof createShutdown>[0]> & { steps: string[] }) {
  const { steps } = options;
  return new Promise<number>((resolve) => {
    const shutdown = createShutdown({
      app: fakeApp(steps),
      drainMs: 50,
      timeoutMs: 1_000,
      stopBackground: [
        async () => {
          steps.push('stop pollers');
        },
      ],
      closeDatabase: async () => {
        steps.push('close database');
      },
      exit: (code) => resolve(code),
      ...options,
    });
    shutdown.shutdown('SIGTERM');
  });
}

describe('createShutdown', () => {
  it('drains, closes the server, waits for background work, closes the database, exits 0', async () => {
    const steps: string[] = [];
    const app = fakeApp(steps);
    const code = await run({
      steps,
      app,
      stopBackground: [
        async () => {
          steps.push(`stop pollers (${app.lifecycle.state})`);
        },
      ],
    });
    expect(code).toBe(0);
    expect(steps).toEqual(['stop pollers (draining)', 'app.close (closing)', 'close database']);
  });

  it('cuts requests still in flight after the timeout, and exits 1 when the server never closes', async () => {
    const steps: string[] = [];
    const code = await run({ steps, app: fakeApp(steps, { closeNever: true }), timeoutMs: 20 });
    expect(steps).toEqual(['stop pollers', 'app.close (closing)', 'cut connections', 'close database']);
    expect(code).toBe(1);
  });

  it('exits 1 when background work fails to stop, after closing everything else', async () => {
    const steps: string[] = [];
    const code = await run({
      steps,
      stopBackground: [
        () => {
          throw new Error('lease release failed');
        },
      ],
    });
    expect(steps).toEqual(['app.close (closing)', 'close database']);
    expect(code).toBe(1);
  });

  it('a second signal skips the rest of the drain', async () => {
    const steps: string[] = [];
    const app = fakeApp(steps);
    const exited = new Promise<number>((resolve) => {
      const s = createShutdown({
        app,
        drainMs: 600_000,
        timeoutMs: 1_000,
        stopBackground: [],
        closeDatabase: async () => {},
        exit: resolve,
      });
      s.shutdown('SIGINT');
      expect(app.lifecycle.state).toBe('draining');
      s.shutdown('SIGINT');
    });
    expect(await exited).toBe(0);
    expect(steps).toEqual(['app.close (closing)']);
  });
});

describe('shutdown configuration', () => {
  it('drains 5 s and gives requests in flight 10 s unless told otherwise', () => {
    expect(loadConfig({}).shutdown).toEqual({ drainMs: 5_000, timeoutMs: 10_000 });
    expect(loadConfig({ SHUTDOWN_DRAIN_MS: '0', SHUTDOWN_TIMEOUT_MS: '250' }).shutdown).toEqual({
      drainMs: 0,
      timeoutMs: 250,
    });
    expect(() => loadConfig({ SHUTDOWN_DRAIN_MS: '-1' })).toThrow(/SHUTDOWN_DRAIN_MS/);
  });
});
