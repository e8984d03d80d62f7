import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/test-app.ts';

describe('media routes', () => {
  const t = useTestApp();

  it('serve the placeholder as cacheable SVG', async () => {
    const res = await t.app.inject('/media/placeholder.svg');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml');
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    expect(res.body).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="800" height="600"/);
    expect(res.body).toContain('<title>No photo yet</title>');
    expect(res.body.endsWith('</svg>')).toBe(true);
  });

  it('404 for other media paths, in the one error shape', async () => {
    const res = await t.app.inject('/media/nothing-here.svg');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
  });
});
