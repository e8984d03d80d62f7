import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app.ts';

describe('demo artwork routes', () => {
  const t = useTestApp();

  it('serve a service illustration as cacheable SVG', async () => {
    const res = await t.app.inject('/media/services/massage/3.svg');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml');
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    expect(res.body).toMatch(/^<svg /);
  });

  it('404 for an unknown category, 400 for a bad variant', async () => {
    const unknown = await t.app.inject('/media/services/surfing/1.svg');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'NOT_FOUND' });
    expect((await t.app.inject('/media/services/massage/0.svg')).statusCode).toBe(400);
    expect((await t.app.inject('/media/services/massage/abc.svg')).statusCode).toBe(400);
  });

  it('serve avatars with escaped initials', async () => {
    const res = await t.app.inject('/media/avatars/paolo-rossi.svg?i=%3CP%3E');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml');
    expect(res.body).toContain('&lt;P&gt;');
    expect(res.body).not.toContain('<P>');
  });

  it('refuse odd avatar seeds and long initials', async () => {
    expect((await t.app.inject('/media/avatars/a%20b.svg')).statusCode).toBe(400);
    expect((await t.app.inject('/media/avatars/ab.svg?i=ABCDEFGHIJ')).statusCode).toBe(400);
  });
});
