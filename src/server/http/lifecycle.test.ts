import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/test-app.ts';

const t = useTestApp();

describe('the instance lifecycle seen over HTTP', () => {
  it('drains (readiness 503, everything else served, connections not kept), then refuses with Retry-After', async () => {
    const lifecycle = t.app.lifecycle;
    expect((await t.app.inject({ url: '/readyz' })).json()).toEqual({ status: 'ready' });
    const serving = await t.app.inject({ url: '/api/categories' });
    expect(serving.headers.connection).not.toBe('close');

    lifecycle.startDraining();
    const ready = await t.app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: 'draining' });
    expect((await t.app.inject({ url: '/healthz' })).statusCode).toBe(200);
    const draining = await t.app.inject({ url: '/api/categories' });
    expect(draining.statusCode).toBe(200);
    expect(draining.headers.connection).toBe('close');

    lifecycle.startClosing();
    const closing = await t.app.inject({ url: '/api/categories' });
    expect(closing.statusCode).toBe(503);
    expect(closing.headers['retry-after']).toBe('1');
    expect(closing.headers.connection).toBe('close');
    expect(closing.json()).toMatchObject({
      code: 'UNAVAILABLE',
      message: 'This server is shutting down. Please try again.',
    });
    expect((await t.app.inject({ url: '/readyz' })).statusCode).toBe(503);
  });
});
