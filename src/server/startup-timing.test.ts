import { describe, expect, it } from 'vitest';
import { readyLine, startupElapsed } from './startup-timing.ts';

describe('the start banner timing', () => {
  it('counts from the process start', () => {
    const elapsed = startupElapsed();
    expect(elapsed.processMs).toBeGreaterThan(0);
    if (elapsed.sinceNpmMs !== undefined) expect(elapsed.sinceNpmMs).toBeGreaterThanOrEqual(elapsed.processMs);
  });

  it('says how long the start took, and since when', () => {
    expect(readyLine({ processMs: 812.4, sinceNpmMs: undefined })).toBe('Ready in 812 ms');
    expect(readyLine({ processMs: 812.4, sinceNpmMs: 1190.6 })).toBe(
      'Ready in 1191 ms (since npm start; the server process: 812 ms)',
    );
  });
});
