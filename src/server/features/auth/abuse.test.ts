import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { BLANK_PASSWORD_MESSAGE, HOSTILE_NAME_MESSAGE } from '../../../shared/api/auth.ts';
import { queryRows } from '../../db/open.ts';
import { providers, sessions, users } from '../../db/schema.ts';
import { createSession, hashToken, MAX_SESSIONS_PER_USER, SESSION_COOKIE } from '../../http/session.ts';
import { sessionCookie, signUp, uniqueEmail, uniqueIp, useTestApp } from '../../test/test-app.ts';
import { SIGNUPS_PER_IP_PER_HOUR } from './auth.ts';
import { COMMON_PASSWORD_MESSAGE } from './common-passwords.ts';
import { DEVICE_COOKIE } from './device-cookies.ts';
import { passwordChecks } from './passwords.ts';

// testConfig() leaves TRUST_PROXY off, so inject's remoteAddress is the client address.
const t = useTestApp();

const PASSWORD = 'victim passphrase 42';

function login(
  payload: { email: string; password: string },
  opts: { ip?: string; device?: string | undefined } = {},
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: opts.ip ?? uniqueIp(),
    payload,
    ...(opts.device ? { cookies: { [DEVICE_COOKIE]: opts.device } } : {}),
  });
}

const deviceCookie = (res: LightMyRequestResponse) => res.cookies.find((c) => c.name === DEVICE_COOKIE)?.value;

/** How many passwords `run` had verified (argon2 calls), and the statuses it got. */
async function counting(run: () => Promise<LightMyRequestResponse[]>) {
  const before = passwordChecks.count;
  const responses = await run();
  const statuses: Record<number, number> = {};
  for (const r of responses) statuses[r.statusCode] = (statuses[r.statusCode] ?? 0) + 1;
  return { checked: passwordChecks.count - before, statuses };
}

/** A victim who has signed in once on their own browser, which therefore holds a device cookie. */
async function victim() {
  const { email } = await signUp(t.app, { password: PASSWORD });
  const res = await login({ email, password: PASSWORD }, { ip: '192.0.2.10' });
  expect(res.statusCode).toBe(200);
  const device = deviceCookie(res);
  expect(device).toBeTruthy();
  return { email, device: device! };
}

describe('guessing in parallel', () => {
  it('checks at most 10 passwords of a burst of 200 from 200 IPs; the victim still signs in at once', async () => {
    const { email, device } = await victim();
    const burst = await counting(() =>
      Promise.all(
        Array.from({ length: 200 }, (_, i) =>
          login({ email, password: `guess-number-${i}` }, { ip: `198.51.${i >> 8}.${i & 255}` }),
        ),
      ),
    );
    expect(burst.checked).toBeLessThanOrEqual(10);
    expect(burst.checked).toBeGreaterThan(0);
    // Every verified guess is a 401, every other one was refused before any check.
    expect(burst.statuses).toEqual({ 401: burst.checked, 429: 200 - burst.checked });

    // The attacker's correct guess from yet another IP is refused while the account is throttled
    // for unknown devices...
    const attacker = await login({ email, password: PASSWORD }, { ip: '203.0.113.7' });
    expect(attacker.statusCode).toBe(429);
    expect(Number(attacker.headers['retry-after'])).toBeGreaterThan(0);
    expect(sessionCookie(attacker)).toBeUndefined();
    // ...while the victim's browser, which signed in before, gets straight in, from any network.
    const victimLogin = await login({ email, password: PASSWORD }, { ip: '203.0.113.8', device });
    expect(victimLogin.statusCode).toBe(200);
    expect(sessionCookie(victimLogin)).toBeTruthy();
  });

  it('checks at most 10 of 200 parallel guesses from a single IP', async () => {
    const { email } = await signUp(t.app, { password: PASSWORD });
    const burst = await counting(() =>
      Promise.all(
        Array.from({ length: 200 }, (_, i) =>
          login({ email: i % 2 ? email : `other${i}@example.com`, password: `guess-${i}` }, { ip: '198.51.100.1' }),
        ),
      ),
    );
    expect(burst.checked).toBeLessThanOrEqual(10);
    expect(burst.statuses[401]).toBe(burst.checked);
    expect(burst.statuses[429]).toBe(200 - burst.checked);
  });

  it('checks at most 10 of 50 parallel wrong current passwords', async () => {
    const { cookies } = await signUp(t.app);
    const burst = await counting(() =>
      Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          t.app.inject({
            method: 'POST',
            url: '/api/account/password',
            cookies,
            payload: { currentPassword: `wrong-${i}`, newPassword: 'a fresh passphrase' },
          }),
        ),
      ),
    );
    expect(burst.checked).toBeLessThanOrEqual(10);
    expect(burst.statuses).toEqual({ 400: burst.checked, 429: 50 - burst.checked });
  });

  it('counts at most 10 parallel sign-up probes of a taken email', async () => {
    await signUp(t.app, { email: 'taken@example.com' });
    const responses = await Promise.all(
      Array.from({ length: 40 }, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/signup',
          remoteAddress: uniqueIp(),
          payload: { email: 'taken@example.com', password: 'longenough', name: 'Probe' },
        }),
      ),
    );
    const conflicts = responses.filter((r) => r.statusCode === 409).length;
    expect(conflicts).toBeLessThanOrEqual(10);
    expect(responses.filter((r) => r.statusCode === 429)).toHaveLength(40 - conflicts);
  });
});

describe('targeted lockout (device cookies)', () => {
  it('a device cookie of another account, or a forged one, earns no trust', async () => {
    const { email } = await victim();
    const attacker = await signUp(t.app, { password: 'attacker passphrase' });
    const own = await login({ email: attacker.email, password: 'attacker passphrase' });
    const attackerDevice = deviceCookie(own)!;
    const [userId, nonce] = attackerDevice.split('.');
    const [victimRow] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    const forged = `${victimRow!.id}.${nonce}.${'A'.repeat(43)}`;
    for (let i = 0; i < 10; i++) {
      expect((await login({ email, password: `wrong-${i}` })).statusCode).toBe(401);
    }
    expect(userId).not.toBe(victimRow!.id);
    expect((await login({ email, password: PASSWORD }, { device: attackerDevice })).statusCode).toBe(429);
    expect((await login({ email, password: PASSWORD }, { device: forged })).statusCode).toBe(429);
  });

  it("a trusted device's own failures are limited too, without locking out the account's other devices", async () => {
    const { email, device } = await victim();
    for (let i = 0; i < 10; i++) {
      expect((await login({ email, password: `wrong-${i}` }, { device })).statusCode).toBe(401);
    }
    expect((await login({ email, password: PASSWORD }, { device })).statusCode).toBe(429);
    // The shared budget for unknown devices was not touched by that device's failures.
    expect((await login({ email, password: PASSWORD })).statusCode).toBe(200);
  });

  it('keeps devices of several accounts in one browser, and a success gives the attempt back', async () => {
    const a = await signUp(t.app, { password: PASSWORD });
    const b = await signUp(t.app, { password: PASSWORD });
    const first = await login({ email: a.email, password: PASSWORD });
    const both = await login({ email: b.email, password: PASSWORD }, { device: deviceCookie(first) });
    const cookie = both.cookies.find((c) => c.name === DEVICE_COOKIE)!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/auth' });
    expect(cookie.value.split('~')).toHaveLength(2);
    const rows = await queryRows<{ key: string; count: number }>(
      t.db,
      sql`select key, count from rate_limits where key like 'login:%' order by key`,
    );
    expect(rows.every((r) => r.count === 0)).toBe(true);
  });

  it('an attack that keeps using up its window gets ever longer windows', async () => {
    const { email } = await signUp(t.app, { password: PASSWORD });
    const key = `login:account:${email}`;
    const window = async () => {
      for (let i = 0; i < 11; i++) await login({ email, password: `wrong-${i}` });
      const [row] = await queryRows<{ strikes: number; seconds: number }>(
        t.db,
        sql`select strikes, extract(epoch from reset_at - now())::float8 as seconds from rate_limits where key = ${key}`,
      );
      // The window ends: move it into the past instead of waiting.
      await t.db.execute(sql`update rate_limits set reset_at = now() - interval '1 second' where key = ${key}`);
      return row!;
    };
    const first = await window();
    const second = await window();
    const third = await window();
    expect([first.strikes, second.strikes, third.strikes]).toEqual([0, 1, 2]);
    expect(first.seconds).toBeLessThanOrEqual(15 * 60);
    expect(second.seconds).toBeGreaterThan(15 * 60);
    expect(second.seconds).toBeLessThanOrEqual(30 * 60);
    expect(third.seconds).toBeGreaterThan(30 * 60);
    expect(third.seconds).toBeLessThanOrEqual(60 * 60);
  });
});

describe('flooding', () => {
  it(`allows ${SIGNUPS_PER_IP_PER_HOUR} new accounts per IP per hour, then answers 429 with Retry-After`, async () => {
    const signup = (ip: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        remoteAddress: ip,
        payload: { email: uniqueEmail(), password: 'longenough', name: 'Flood' },
      });
    // 8 at once: more than the quota, fewer than the failure limit (attempts in flight count).
    const burst = await Promise.all(Array.from({ length: 8 }, () => signup('198.51.100.50')));
    expect(burst.filter((r) => r.statusCode === 201)).toHaveLength(SIGNUPS_PER_IP_PER_HOUR);
    const refused = burst.filter((r) => r.statusCode === 429);
    expect(refused).toHaveLength(8 - SIGNUPS_PER_IP_PER_HOUR);
    expect(refused[0]!.json()).toMatchObject({
      code: 'RATE_LIMITED',
      message: expect.stringMatching(
        /^Too many accounts have been created from your network\. Please wait \d+ minutes/,
      ),
    });
    expect(Number(refused[0]!.headers['retry-after'])).toBeGreaterThan(0);
    expect(await t.db.select().from(users)).toHaveLength(SIGNUPS_PER_IP_PER_HOUR);
    expect((await signup('198.51.100.51')).statusCode).toBe(201);
  });

  it(`keeps at most ${MAX_SESSIONS_PER_USER} sessions per user; the oldest goes`, async () => {
    const { user, email, password, cookies } = await signUp(t.app);
    const first = cookies[SESSION_COOKIE]!;
    for (let i = 0; i < MAX_SESSIONS_PER_USER; i++) {
      expect((await login({ email, password })).statusCode).toBe(200);
    }
    const rows = await t.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, user.id));
    expect(rows).toHaveLength(MAX_SESSIONS_PER_USER);
    expect(rows.map((r) => r.id)).not.toContain(hashToken(first));
    expect((await t.app.inject({ url: '/api/auth/me', cookies })).statusCode).toBe(401);
  });

  it(`holds the cap of ${MAX_SESSIONS_PER_USER} sessions under parallel sign-ins too`, async () => {
    const { user } = await signUp(t.app);
    await Promise.all(Array.from({ length: 40 }, () => createSession(t.db, user.id, 'parallel')));
    const rows = await t.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, user.id));
    expect(rows).toHaveLength(MAX_SESSIONS_PER_USER);
  });

  it('echoes a short, safe X-Request-Id and replaces any other with a new id', async () => {
    const idOf = async (id: string) => {
      const res = await t.app.inject({ url: '/api/auth/me', headers: { 'x-request-id': id } });
      expect(res.json().requestId).toBe(res.headers['x-request-id']);
      return res.headers['x-request-id'];
    };
    expect(await idOf('trace-01.a:b_c')).toBe('trace-01.a:b_c');
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
    expect(await idOf('x'.repeat(65))).toMatch(uuid);
    expect(await idOf('x'.repeat(8000))).toMatch(uuid);
    expect(await idOf('<script>alert(1)</script>')).toMatch(uuid);
    expect(await idOf('a b')).toMatch(uuid);
    expect(await idOf('x'.repeat(64))).toBe('x'.repeat(64));
  });
});

describe('hostile text', () => {
  const signup = (payload: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: '/api/auth/signup', remoteAddress: uniqueIp(), payload });

  it.each([
    ['a right-to-left override', 'Eve\u202Egnp.exe'],
    ['a zero-width space', 'Ad\u200Bmin'],
    ['a control character', 'Bell\u0007'],
    ['a newline', 'Two\nLines'],
    ['a bidi isolate', 'Iso\u2067late\u2069'],
    ['a leading zero-width joiner', '\u200DAna'],
    ['a Unicode tag character', 'Bob\u{E0041}'],
    ['an interlinear annotation', 'An\uFFF9na'],
    ['only a blank Braille cell', '\u2800'],
    ['only combining marks', '\u0301\u0301'],
    ['only a Hangul filler', '\u3164\u3164'],
  ])('refuses a name with %s (400, nothing stored)', async (_what, name) => {
    const res = await signup({ email: uniqueEmail(), password: 'longenough', name });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toContainEqual({ path: 'body.name', message: HOSTILE_NAME_MESSAGE });
    expect(await t.db.select().from(users)).toHaveLength(0);
  });

  it('stores names NFC-normalised, for the account and the provider profile, and on rename', async () => {
    const decomposed = 'Zoe\u0301 Nguye\u0302\u0303n';
    const res = await signup({
      email: uniqueEmail(),
      password: 'longenough',
      name: decomposed,
      role: 'PROVIDER',
      timeZone: 'Asia/Ho_Chi_Minh',
    });
    expect(res.statusCode).toBe(201);
    const [row] = await t.db.select({ name: users.name }).from(users);
    expect(row!.name).toBe(decomposed.normalize('NFC'));
    expect(row!.name).toBe('Zoé Nguyễn');
    const [profile] = await t.db.select({ displayName: providers.displayName }).from(providers);
    expect(profile!.displayName).toBe('Zoé Nguyễn');

    const cookies = { [SESSION_COOKIE]: sessionCookie(res)! };
    const rename = (name: string) =>
      t.app.inject({ method: 'PATCH', url: '/api/account/profile', cookies, payload: { name } });
    expect((await rename('Rene\u0301')).json().user.name).toBe('René');
    const hostile = await rename('Admin\u202E');
    expect(hostile.statusCode).toBe(400);
    expect(hostile.json().message).toBe(HOSTILE_NAME_MESSAGE);
    // Scripts and emoji that need joiners between visible characters are fine.
    expect((await rename('\u0645\u06CC\u200C\u062E\u0648\u0627\u0647\u0645')).statusCode).toBe(200);
    expect((await rename('Family \u{1F468}\u200D\u{1F469}\u200D\u{1F467}')).statusCode).toBe(200);
  });

  it.each(['12345678', 'password', 'password1', 'qwertyui', 'PassWord1', 'iloveyou'])(
    'refuses the common password %j at sign-up and says why',
    async (password) => {
      const res = await signup({ email: uniqueEmail(), password, name: 'Common' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: COMMON_PASSWORD_MESSAGE });
      expect(res.json().details).toEqual([{ path: 'body.password', message: COMMON_PASSWORD_MESSAGE }]);
      expect(COMMON_PASSWORD_MESSAGE).toMatch(/^This password is too common/);
    },
  );

  it.each([' '.repeat(8), '\t'.repeat(10), '\u200B'.repeat(8), '\u2800'.repeat(8), '\u3164'.repeat(8)])(
    'refuses a blank-equivalent password %j',
    async (password) => {
      const res = await signup({ email: uniqueEmail(), password, name: 'Blank' });
      expect(res.statusCode).toBe(400);
      expect(res.json().details).toContainEqual({ path: 'body.password', message: BLANK_PASSWORD_MESSAGE });
      expect(await t.db.select().from(users)).toHaveLength(0);
    },
  );

  it('keeps the product minimum-length text, and refuses common and blank new passwords on change', async () => {
    const short = await signup({ email: uniqueEmail(), password: 'pass', name: 'Short' });
    expect(short.json().details).toEqual([
      { path: 'body.password', message: 'Password must be at least 8 characters long.' },
    ]);
    const { cookies, password } = await signUp(t.app);
    const change = (newPassword: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/account/password',
        cookies,
        payload: { currentPassword: password, newPassword },
      });
    const common = await change('password1');
    expect(common.statusCode).toBe(400);
    expect(common.json().details).toEqual([{ path: 'body.newPassword', message: COMMON_PASSWORD_MESSAGE }]);
    expect((await change(' '.repeat(8))).json().message).toBe(BLANK_PASSWORD_MESSAGE);
    expect((await change('a sturdier passphrase')).statusCode).toBe(200);
  });
});
