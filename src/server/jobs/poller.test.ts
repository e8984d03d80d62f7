import { describe, expect, it, vi } from 'vitest';
import { createPoller } from './poller.ts';

describe('createPoller', () => {
  it('goes again at once after a full batch, waits after an empty one, and stops', async () => {
    const results = [3, 3, 1, 0];
    let rounds = 0;
    const poller = createPoller({
      name: 'test',
      intervalMs: 60_000,
      batchSize: 3,
      round: async () => results[rounds++] ?? 0,
    });
    poller.start();
    // Two full batches run back to back, then the short one; the empty one is left for later.
    await vi.waitFor(() => expect(rounds).toBe(3));
    await poller.stop();
    expect(rounds).toBe(3);
  });

  it('reports a failing round and keeps going', async () => {
    const errors: unknown[] = [];
    let rounds = 0;
    const poller = createPoller({
      name: 'flaky',
      intervalMs: 1,
      round: async () => {
        rounds += 1;
        if (rounds === 1) throw new Error('database away');
        return 0;
      },
      onError: (err) => errors.push(err),
    });
    poller.start();
    await vi.waitFor(() => expect(rounds).toBeGreaterThanOrEqual(2));
    await poller.stop();
    expect(errors).toHaveLength(1);
  });

  it('runs one round at a time, runOnce included', async () => {
    let active = 0;
    let most = 0;
    const poller = createPoller({
      name: 'serial',
      intervalMs: 60_000,
      round: async () => {
        active += 1;
        most = Math.max(most, active);
        await new Promise((r) => setTimeout(r, 5));
        active -= 1;
        return 0;
      },
    });
    await Promise.all([poller.runOnce(), poller.runOnce(), poller.runOnce()]);
    expect(most).toBe(1);
  });
});
