import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/test-app.ts';

const t = useTestApp();

/** Whether @fastify/swagger-ui has been loaded in this process (each test file has its own). */
function swaggerUiLoaded(): boolean {
  return Object.keys(createRequire(import.meta.url).cache).some((file) =>
    /[\\/]@fastify[\\/]swagger-ui[\\/]/.test(file),
  );
}

describe('API docs (/api/docs)', () => {
  it('loads Swagger UI on the first visit, not with the server', async () => {
    expect(swaggerUiLoaded()).toBe(false);
    const page = await t.app.inject({ url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(swaggerUiLoaded()).toBe(true);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('swagger-ui');
    // Swagger UI's policy (its pages need it), with the rest of our security headers.
    expect(page.headers['content-security-policy']).toContain('validator.swagger.io');
    expect(page.headers['x-content-type-options']).toBe('nosniff');
  });

  it("serves its files compressed and cacheable, HEAD with GET's headers, and a 304 with no body or type", async () => {
    const css = await t.app.inject({ url: '/api/docs/static/swagger-ui.css', headers: { 'accept-encoding': 'br' } });
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toContain('text/css');
    expect(css.headers['content-encoding']).toBe('br');

    const plain = await t.app.inject({ url: '/api/docs/json' });
    const head = await t.app.inject({ method: 'HEAD', url: '/api/docs/json' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe(plain.headers['content-type']);
    expect(Number(head.headers['content-length'])).toBe(plain.rawPayload.length);
    expect(head.body).toBe('');

    const etag = css.headers.etag as string;
    const again = await t.app.inject({ url: '/api/docs/static/swagger-ui.css', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers['content-type']).toBeUndefined();
  });

  it('serves the document as YAML too, and redirects as Swagger UI does', async () => {
    const yaml = await t.app.inject({ url: '/api/docs/yaml' });
    expect(yaml.statusCode).toBe(200);
    expect(yaml.body).toContain('/api/auth/signup:');

    const redirect = await t.app.inject({ url: '/api/docs/static/index.html' });
    expect(redirect.statusCode).toBe(302);
    expect(redirect.headers.location).toBe('/api/docs/');
    expect(redirect.headers['content-type']).toBeUndefined();
  });

  it("answers what is not a page of the docs with the API's JSON 404, and takes no other method", async () => {
    const missing = await t.app.inject({ url: '/api/docs/static/nope.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'NOT_FOUND' });
    const post = await t.app.inject({ method: 'POST', url: '/api/docs/json', payload: {} });
    expect(post.statusCode).toBe(404);
    expect(post.json()).toMatchObject({ code: 'NOT_FOUND' });
  });
});
