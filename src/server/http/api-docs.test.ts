import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { createUser } from '../db/seed/factories.ts';
import { cookieFor } from '../test/booking-fixture.ts';
import { signUp, useTestApp } from '../test/test-app.ts';

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
    // Out of Swagger UI's directory, or not a URL at all: the API's answer, never a file.
    for (const [url, code] of [
      ['/api/docs/static/..%2f..%2fpackage.json', 'NOT_FOUND'],
      ['/api/docs/static/../../package.json', 'NOT_FOUND'],
      ['/api/docs/static/%2e%2e/%2e%2e/index.js', 'NOT_FOUND'],
      ['/api/docs/static/%E0%A4%A', 'BAD_REQUEST'],
    ] as const) {
      const res = await t.app.inject({ url });
      expect(res.json(), url).toMatchObject({ code });
      expect(res.body, url).not.toContain('"dependencies"');
    }
    const post = await t.app.inject({ method: 'POST', url: '/api/docs/json', payload: {} });
    expect(post.statusCode).toBe(404);
    expect(post.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('is public: anonymous, travelers, providers and admins get the same document, and no cookie', async () => {
    const anonymous = await t.app.inject({ url: '/api/docs/json' });
    const traveler = await signUp(t.app);
    const provider = await signUp(t.app, { role: 'PROVIDER' });
    const otherProvider = await signUp(t.app, { role: 'PROVIDER' });
    const admin = await createUser(t.db, { role: 'ADMIN' });
    const everyone = [traveler.cookies, provider.cookies, otherProvider.cookies, await cookieFor(t.db, admin.id)];
    for (const cookies of everyone) {
      const res = await t.app.inject({ url: '/api/docs/json', cookies });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(anonymous.body);
      expect(res.headers['set-cookie']).toBeUndefined();
      const page = await t.app.inject({ url: '/api/docs', cookies });
      expect(page.statusCode).toBe(200);
      expect(page.headers['set-cookie']).toBeUndefined();
    }
  });
});
