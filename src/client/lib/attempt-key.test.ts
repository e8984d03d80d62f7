import { describe, expect, it } from 'vitest';
import { createAttemptKeys } from './attempt-key.ts';

describe('createAttemptKeys', () => {
  const counter = () => {
    let n = 0;
    return () => `key-${(n += 1)}`;
  };
  const request = { serviceId: 's1', start: '2026-12-01T09:00:00.000Z', hours: 2, address: 'Pier 11' };

  it('keeps the key while the same request is sent again (a retry)', () => {
    const keys = createAttemptKeys(counter());
    expect(keys.keyFor(request)).toBe('key-1');
    expect(keys.keyFor({ ...request })).toBe('key-1');
  });

  it('makes a new key when anything in the request changes', () => {
    const keys = createAttemptKeys(counter());
    expect(keys.keyFor(request)).toBe('key-1');
    expect(keys.keyFor({ ...request, start: '2026-12-01T11:00:00.000Z' })).toBe('key-2');
    expect(keys.keyFor({ ...request, start: '2026-12-01T11:00:00.000Z', notes: 'x' })).toBe('key-3');
    // Back to the first request: another attempt, not the first one again.
    expect(keys.keyFor(request)).toBe('key-4');
  });

  it('makes a new key once an attempt is answered', () => {
    const keys = createAttemptKeys(counter());
    expect(keys.keyFor(request)).toBe('key-1');
    keys.reset();
    expect(keys.keyFor(request)).toBe('key-2');
  });
});
