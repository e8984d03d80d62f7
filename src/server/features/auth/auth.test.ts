import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { providers, sessions, users } from '../../db/schema.ts';
import { hashToken, SESSION_COOKIE } from '../../http/session.ts';
import { buildApp, type App } from '../../app.ts';
import { sessionCookie, signUp, uniqueEmail, useTestApp } from '../../test/test-app.ts';
import { upsertAdmin } from './auth.ts';

const t = useTestApp();

const post = (url: string, payload: unknown, cookies?: Record<string, string>, headers?: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    ...(cookies ? { cookies } : {}),
    ...(headers ? { headers } : {}),
  });

describe('POST /api/auth/signup', () => {
  it('creates a traveler, signs them in and never returns a hash', async () => {
    const res = await post('/api/auth/signup', {
      email: 'Ana@Example.com',
      password: 'longenough',
      name: ' Ana ',
      role: 'TRAVELER',
    });
    expect(res.statusCode).toBe(201);
    const { user } = res.json();
    expect(user).toEqual({
      id: expect.any(String),
      email: 'ana@example.com',
      name: 'Ana',
      role: 'TRAVELER',
      image: null,
      language: 'en',
      displayCurrency: null,
    });
    expect(res.body).not.toMatch(/hash|argon/i);
    const cookie = res.cookies.find((c) => c.name === SESSION_COOKIE);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.secure).toBeFalsy();
    const expires = new Date(cookie!.expires!).getTime();
    expect(expires - Date.now()).toBeGreaterThan(29 * 86400_000);
    expect(expires - Date.now()).toBeLessThan(31 * 86400_000);
    const me = await t.app.inject({ url: '/api/auth/me', cookies: { [SESSION_COOKIE]: cookie!.value } });
    expect(me.json()).toEqual({ user });
  });

  it('stores an argon2id hash and only the sha256 of the session token', async () => {
    const { user, cookies } = await signUp(t.app);
    const [row] = await t.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, user.id));
    expect(row?.hash).toMatch(/^\$argon2id\$/);
    const token = cookies[SESSION_COOKIE]!;
    const stored = await t.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, user.id));
    expect(stored).toEqual([{ id: hashToken(token) }]);
    expect(stored[0]?.id).not.toBe(token);
  });

  it('creates the provider profile with the account when signing up as a provider', async () => {
    const { user, cookies } = await signUp(t.app, { role: 'PROVIDER', name: 'Marta Costa' });
    expect(user.role).toBe('PROVIDER');
    const res = await t.app.inject({ url: '/api/provider/me', cookies });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      userId: user.id,
      displayName: 'Marta Costa',
      govIdStatus: 'PENDING',
      rating: 0,
      ratingCount: 0,
      languages: [],
      user: { email: user.email },
      _count: { services: 0 },
    });
  });

  // A provider's time zone (required, validated, stored): provider-time-zone.test.ts.

  it.each([
    [{ email: 'not-an-email', password: 'longenough', name: 'A' }, 'body.email', 'Enter a valid email address'],
    [
      { email: 'a@b.co', password: 'short', name: 'A' },
      'body.password',
      'Password must be at least 8 characters long.',
    ],
    [{ email: 'a@b.co', password: 'longenough', name: '   ' }, 'body.name', 'Name is required'],
    [{ email: 'a@b.co', password: 'longenough' }, 'body.name', 'Name is required'],
    [
      { email: 'a@b.co', password: 'longenough', name: 'A', role: 'ADMIN' },
      'body.role',
      'Role must be TRAVELER or PROVIDER',
    ],
    [
      { email: 'a@b.co', password: 'x'.repeat(201), name: 'A' },
      'body.password',
      'Password must be at most 200 characters long.',
    ],
  ])('rejects %j with a clear 400', async (payload, path, message) => {
    const res = await post('/api/auth/signup', payload);
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.details).toContainEqual({ path, message });
    expect(await t.db.select().from(users)).toHaveLength(0);
  });

  it('refuses a second account for the same email whatever its case (409)', async () => {
    await signUp(t.app, { email: 'dup@example.com' });
    const res = await post('/api/auth/signup', { email: 'DUP@Example.COM', password: 'longenough', name: 'B' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'CONFLICT', message: 'An account with this email already exists.' });
    expect(sessionCookie(res)).toBeUndefined();
  });
});

describe('POST /api/auth/login', () => {
  it('signs in with any email case and issues a new token at every login', async () => {
    const { email, password } = await signUp(t.app, { email: 'login@example.com' });
    const a = await post('/api/auth/login', { email: 'LOGIN@example.com', password });
    const b = await post('/api/auth/login', { email, password });
    expect(a.statusCode).toBe(200);
    expect(a.json().user.email).toBe('login@example.com');
    expect(sessionCookie(a)).toBeTruthy();
    expect(sessionCookie(a)).not.toBe(sessionCookie(b));
  });

  it('answers 401 with one message whether the email or the password is wrong', async () => {
    const { email } = await signUp(t.app);
    const wrongPassword = await post('/api/auth/login', { email, password: 'wrong password' });
    const unknownEmail = await post('/api/auth/login', { email: 'nobody@example.com', password: 'whatever1' });
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownEmail.statusCode).toBe(401);
    expect(wrongPassword.json().message).toBe('Invalid email or password.');
    expect(unknownEmail.json().message).toBe(wrongPassword.json().message);
    expect(sessionCookie(wrongPassword)).toBeUndefined();
  });

  it('requires email and password', async () => {
    const res = await post('/api/auth/login', { email: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().details.map((d: { path: string }) => d.path)).toEqual(['body.email', 'body.password']);
  });
});

describe('sessions', () => {
  it('GET /api/auth/me is 401 when signed out or with an unknown token', async () => {
    expect((await t.app.inject({ url: '/api/auth/me' })).statusCode).toBe(401);
    const res = await t.app.inject({ url: '/api/auth/me', cookies: { [SESSION_COOKIE]: 'forged-token' } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('logout deletes the session server-side, so the old cookie is dead', async () => {
    const { cookies } = await signUp(t.app);
    const out = await post('/api/auth/logout', {}, cookies);
    expect(out.statusCode).toBe(200);
    expect(out.cookies.find((c) => c.name === SESSION_COOKIE)?.value).toBe('');
    expect((await t.app.inject({ url: '/api/auth/me', cookies })).statusCode).toBe(401);
    expect(await t.db.select().from(sessions)).toHaveLength(0);
  });

  it('an expired session no longer signs anyone in', async () => {
    const { cookies } = await signUp(t.app);
    await t.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) });
    expect((await t.app.inject({ url: '/api/auth/me', cookies })).statusCode).toBe(401);
  });

  it('a deactivated account is signed out everywhere and cannot sign in, and keeps its row', async () => {
    const { user, cookies, email, password } = await signUp(t.app);
    expect((await t.app.inject({ url: '/api/auth/me', cookies })).statusCode).toBe(200);
    await t.db.update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, user.id));
    expect((await t.app.inject({ url: '/api/auth/me', cookies })).statusCode).toBe(401);
    const login = await post('/api/auth/login', { email, password });
    expect(login.statusCode).toBe(401);
    expect(login.json()).toMatchObject({ message: 'Invalid email or password.' });
    expect(await t.db.select({ id: users.id }).from(users).where(eq(users.id, user.id))).toHaveLength(1);
  });

  it('marks the cookie Secure whenever the public URL is HTTPS', async () => {
    const { buildApp } = await import('../../app.ts');
    const { testConfig } = await import('../../test/test-app.ts');
    const app = await buildApp({
      db: t.db,
      config: testConfig({ publicUrl: 'https://locora.example' }),
      logger: false,
    });
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { email: uniqueEmail(), password: 'longenough', name: 'S' },
    });
    await app.close();
    expect(res.cookies.find((c) => c.name === SESSION_COOKIE)?.secure).toBe(true);
  });

  it('marks the cookie Secure when the request came over HTTPS through a trusted proxy', async () => {
    const { buildApp } = await import('../../app.ts');
    const { testConfig } = await import('../../test/test-app.ts');
    const app = await buildApp({ db: t.db, config: testConfig({ trustProxy: true }), logger: false });
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      headers: { 'x-forwarded-proto': 'https' },
      payload: { email: uniqueEmail(), password: 'longenough', name: 'S' },
    });
    await app.close();
    expect(res.statusCode).toBe(201);
    expect(res.cookies.find((c) => c.name === SESSION_COOKIE)?.secure).toBe(true);
  });
});

describe('POST /api/auth/switch-role', () => {
  it('switches a traveler to provider (creating the profile) and back', async () => {
    const { cookies, user } = await signUp(t.app, { name: 'Switcher' });
    expect((await t.app.inject({ url: '/api/provider/me', cookies })).statusCode).toBe(403);
    const toProvider = await post('/api/auth/switch-role', { role: 'PROVIDER', timeZone: 'Europe/Lisbon' }, cookies);
    expect(toProvider.statusCode).toBe(200);
    expect(toProvider.json().user).toMatchObject({ id: user.id, role: 'PROVIDER' });
    const me = await t.app.inject({ url: '/api/provider/me', cookies });
    expect(me.json()).toMatchObject({ displayName: 'Switcher', govIdStatus: 'PENDING' });
    const back = await post('/api/auth/switch-role', { role: 'TRAVELER' }, cookies);
    expect(back.json().user.role).toBe('TRAVELER');
    // Switching to provider again keeps the one profile.
    await post('/api/auth/switch-role', { role: 'PROVIDER', timeZone: 'Europe/Lisbon' }, cookies);
    expect(await t.db.select().from(providers).where(eq(providers.userId, user.id))).toHaveLength(1);
  });

  it('refuses admins, unknown roles and signed-out callers', async () => {
    await upsertAdmin(t.db, { email: 'root@example.com', password: 'adminpass1' });
    const login = await post('/api/auth/login', { email: 'root@example.com', password: 'adminpass1' });
    const admin = { [SESSION_COOKIE]: sessionCookie(login)! };
    const res = await post('/api/auth/switch-role', { role: 'TRAVELER' }, admin);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Admins cannot switch role.');
    const { cookies } = await signUp(t.app);
    expect((await post('/api/auth/switch-role', { role: 'ADMIN' }, cookies)).statusCode).toBe(400);
    expect((await post('/api/auth/switch-role', { role: 'PROVIDER', timeZone: 'Europe/Lisbon' })).statusCode).toBe(401);
  });
});

describe('abuse limits', () => {
  it('answers 429 after 10 failed logins from one IP, with Retry-After', async () => {
    const { email, password } = await signUp(t.app);
    for (let i = 0; i < 10; i++) {
      const res = await post('/api/auth/login', { email: `x${i}@example.com`, password: 'wrongpass' });
      expect(res.statusCode).toBe(401);
    }
    const blocked = await post('/api/auth/login', { email, password });
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(blocked.json().message).toMatch(/Too many attempts/);
    // Another IP is not affected.
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: '10.0.0.9',
      payload: { email, password },
    });
    expect(other.statusCode).toBe(200);
  });

  it('answers 429 after 10 failures on one account, even from many IPs', async () => {
    const { email, password } = await signUp(t.app);
    for (let i = 0; i < 10; i++) {
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: `10.0.1.${i}`,
        payload: { email, password: 'wrongpass' },
      });
    }
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: '10.0.2.1',
      payload: { email, password },
    });
    expect(res.statusCode).toBe(429);
  });

  it('limits repeated failing signups (e.g. probing for existing emails)', async () => {
    await signUp(t.app, { email: 'taken@example.com' });
    for (let i = 0; i < 10; i++) {
      const res = await post('/api/auth/signup', { email: 'taken@example.com', password: 'longenough', name: 'P' });
      expect(res.statusCode).toBe(409);
    }
    const res = await post('/api/auth/signup', { email: uniqueEmail(), password: 'longenough', name: 'P' });
    expect(res.statusCode).toBe(429);
  });

  it('counts in the database, so every app instance shares the counters', async () => {
    // A second instance of the app on the same database, as behind a load balancer.
    const second = await buildApp({ db: t.db, config: t.config, logger: false });
    try {
      let attempt = 0;
      /** Wrong passwords (a new email each time) from `ip`, round-robin over `apps`, until one is refused. */
      const failuresUntilLimited = async (apps: App[], ip: string) => {
        for (let failures = 0; failures < 100; failures++) {
          const res = await apps[failures % apps.length]!.inject({
            method: 'POST',
            url: '/api/auth/login',
            remoteAddress: ip,
            payload: { email: `nobody${attempt++}@example.com`, password: 'wrongpass' },
          });
          if (res.statusCode === 429) return failures;
          expect(res.statusCode).toBe(401);
        }
        throw new Error(`no limit after 100 failures from ${ip}`);
      };
      const alone = await failuresUntilLimited([t.app], '10.0.3.1');
      // Spread over two instances, the same IP is refused after the same number of failures, not twice
      // as many, and then by both instances.
      const shared = await failuresUntilLimited([t.app, second], '10.0.3.2');
      expect(shared).toBe(alone);
      for (const app of [t.app, second]) {
        const res = await app.inject({
          method: 'POST',
          url: '/api/auth/login',
          remoteAddress: '10.0.3.2',
          payload: { email: 'nobody@example.com', password: 'wrongpass' },
        });
        expect(res.statusCode).toBe(429);
      }
    } finally {
      await second.close();
    }
  });
});
