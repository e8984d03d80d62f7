import { describe, expect, it } from 'vitest';
import { signUp, useTestApp } from '../test/test-app.ts';

const t = useTestApp();

describe('bad input never becomes a 500', () => {
  it('malformed JSON is a 400 with the error shape', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      statusCode: 400,
      code: 'BAD_REQUEST',
      message: expect.any(String),
      requestId: expect.any(String),
    });
  });

  it('an oversized body is a 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'x'.repeat(200_000) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: 'Request body is too large' });
  });

  it('wrong types, arrays and nulls are 400s', async () => {
    for (const payload of ['[]', 'null', '"text"', '{"email":123,"password":true}']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode, payload).toBe(400);
    }
  });

  it('an unsupported content type is a 415', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'text/xml' },
      payload: '<a/>',
    });
    expect(res.statusCode).toBe(415);
  });

  it('SQL-looking input is just text', async () => {
    const name = "Robert'); DROP TABLE users;--";
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { email: 'bobby@example.com', password: "' or 1=1 --", name },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().user.name).toBe(name);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'bobby@example.com', password: "' or '1'='1" },
    });
    expect(login.statusCode).toBe(401);
  });
});

describe('cross-origin protection', () => {
  it('refuses a state-changing request from another origin', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      headers: { origin: 'https://evil.example' },
      payload: { email: 'a@b.co', password: 'longenough', name: 'A' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Cross-origin request refused.');
  });

  it('refuses a cross-site request without Origin, and an opaque "null" origin', async () => {
    const { cookies } = await signUp(t.app);
    const a = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      cookies,
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    const b = await t.app.inject({ method: 'POST', url: '/api/auth/logout', cookies, headers: { origin: 'null' } });
    expect([a.statusCode, b.statusCode]).toEqual([403, 403]);
    expect((await t.app.inject({ url: '/api/auth/me', cookies })).statusCode).toBe(200);
  });

  it('accepts our own origin', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      headers: { origin: 'http://localhost:80', host: 'localhost:80' },
      payload: { email: 'same@b.co', password: 'longenough', name: 'A' },
    });
    expect(res.statusCode).toBe(201);
  });
});

describe('security headers', () => {
  it('sends a CSP that allows only our own assets', async () => {
    const res = await t.app.inject({ url: '/' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/https?:/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('health, docs and pages', () => {
  it('reports liveness and readiness', async () => {
    expect((await t.app.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok' });
    expect((await t.app.inject({ url: '/readyz' })).json()).toEqual({ status: 'ready' });
  });

  it('publishes OpenAPI generated from the zod schemas', async () => {
    const res = await t.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/auth/signup', '/api/auth/login', '/api/auth/me', '/api/provider/me']),
    );
    expect(JSON.stringify(doc.paths['/api/auth/signup'])).toContain('password');
    // The docs' own routes are not part of the document.
    expect(Object.keys(doc.paths).filter((p) => p.startsWith('/api/docs'))).toEqual([]);
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await t.app.inject({ url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('serves the app shell for screens, with 404 for paths that are not a screen', async () => {
    const home = await t.app.inject({ url: '/' });
    expect(home.statusCode).toBe(200);
    expect(home.headers['content-type']).toContain('text/html');
    expect(home.body).toContain('<div id="root">');
    expect((await t.app.inject({ url: '/auth/signin?x=1' })).statusCode).toBe(200);
    // Signed out, a signed-in screen redirects to sign in before rendering.
    expect((await t.app.inject({ url: '/settings' })).statusCode).toBe(302);
    const missing = await t.app.inject({ url: '/no/such/page' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('<div id="root">');
  });

  it('echoes a request id on every response', async () => {
    const res = await t.app.inject({ url: '/healthz' });
    expect(res.headers['x-request-id']).toMatch(/[0-9a-f-]{36}/);
  });
});

describe('inputs the database cannot hold', () => {
  it('refuses NUL characters anywhere with a 400, never a 500', async () => {
    const cases = [
      t.app.inject({ url: '/api/services?q=ab%00cd' }),
      t.app.inject({ url: '/api/services?city=ab%00cd' }),
      t.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        payload: { email: 'nul@example.com', password: 'longenough', name: 'a\u0000b' },
      }),
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'nul@example.com', password: 'a\u0000b' },
      }),
    ];
    for (const res of await Promise.all(cases)) {
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/NUL/);
    }
  });

  it('answers over-long path parameters through our own validation', async () => {
    const long = 'x'.repeat(300);
    const api = await t.app.inject({ url: `/api/services/${long}` });
    expect(api.statusCode).toBe(400);
    expect(api.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect((await t.app.inject({ url: `/service/${long}` })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/providers/${long}` })).statusCode).toBe(400);
  });
});

describe('error logging', () => {
  it('never logs the values of a failed query', async () => {
    const { redactError } = await import('./errors.ts');
    const err = new Error('Failed query: insert into users values ($1, $2)\nparams: a@b.c,$argon2id$v=19$secret', {
      cause: new Error('duplicate key'),
    });
    const logged = JSON.stringify(redactError(err));
    expect(logged).toContain('Failed query: insert into users');
    expect(logged).not.toContain('argon2id');
    expect(logged).not.toContain('a@b.c');
  });
});

describe('malformed requests keep the one error shape', () => {
  it('answers a malformed URL with a 400 and a request id', async () => {
    const res = await t.app.inject({ url: '/api/services/%ZZ' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ statusCode: 400, code: 'BAD_REQUEST', requestId: expect.any(String) });
  });

  it('answers an unreadable multipart upload with a 400', async () => {
    const { cookies } = await signUp(t.app);
    const noBoundary = await t.app.inject({
      method: 'POST',
      url: '/api/account/avatar',
      cookies,
      headers: { 'content-type': 'multipart/form-data' },
      payload: 'x',
    });
    const cutOff = await t.app.inject({
      method: 'POST',
      url: '/api/account/avatar',
      cookies,
      headers: { 'content-type': 'multipart/form-data; boundary=abc' },
      payload:
        '--abc\r\nContent-Disposition: form-data; name="avatar"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG',
    });
    expect([noBoundary.statusCode, cutOff.statusCode]).toEqual([400, 400]);
  });
});
