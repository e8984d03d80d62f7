import { and, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { emailOutbox, providers, sessions, users } from '../../db/schema.ts';
import { createUser } from '../../db/seed/factories.ts';
import { createSession, SESSION_COOKIE } from '../../http/session.ts';
import { startLocalOidcProvider, type LocalOidcProvider } from '../../test/local-oidc-provider.ts';
import { sessionCookie, signUp, uniqueEmail, uniqueIp, useTestApp } from '../../test/test-app.ts';
import { GOOGLE_FLOW_COOKIE, GOOGLE_FLOW_COOKIE_SECURE, openFlow, sealFlow } from './google.ts';

/**
 * Google sign-in end to end against a real OpenID provider on 127.0.0.1 (oidc-provider, see
 * src/server/test/local-oidc-provider.ts): the test plays the browser, at the app through
 * inject() and at the provider through fetch, signing in on the provider's own login form.
 */
const APP = 'http://locora.test';
const google = {
  clientId: 'locora-test-client',
  clientSecret: 'locora-test-client-secret-0123456789',
  issuer: 'http://127.0.0.1:1',
};
let op: LocalOidcProvider;
beforeAll(async () => {
  op = await startLocalOidcProvider({
    redirectUris: [`${APP}/api/auth/google/callback`],
    clientId: google.clientId,
    clientSecret: google.clientSecret,
  });
  google.issuer = op.issuer;
});
afterAll(async () => {
  await op?.close();
});
const t = useTestApp({ publicUrl: APP, google });

// ---- the browser ----

type Jar = Map<string, string>;
function absorb(jar: Jar, res: Response) {
  for (const header of res.headers.getSetCookie()) {
    const [pair = ''] = header.split(';');
    const i = pair.indexOf('=');
    const name = pair.slice(0, i).trim();
    const value = pair.slice(i + 1);
    if (!value || /expires=Thu, 01 Jan 1970/i.test(header) || /max-age=0\b/i.test(header)) jar.delete(name);
    else jar.set(name, value);
  }
}
const cookieHeader = (jar: Jar) => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');

/**
 * At the provider: follows its redirects, fills its login form as `login` (or clicks "[ Cancel ]"),
 * and returns the app address it sends the browser back to.
 */
async function atProvider(authorizationUrl: string, action: { login: string } | 'cancel'): Promise<URL> {
  const jar: Jar = new Map();
  let url = authorizationUrl;
  let body: string | undefined;
  for (let step = 0; step < 12; step += 1) {
    const res = await fetch(url, {
      method: body ? 'POST' : 'GET',
      redirect: 'manual',
      headers: { cookie: cookieHeader(jar), ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
      ...(body ? { body } : {}),
    });
    absorb(jar, res);
    body = undefined;
    const location = res.headers.get('location');
    if (location) {
      const next = new URL(location, url);
      if (next.origin === APP) return next;
      url = next.href;
      continue;
    }
    const html = await res.text();
    if (res.status !== 200) throw new Error(`the provider answered ${res.status}: ${html.slice(0, 500)}`);
    const form = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    const prompt = /name="prompt" value="(\w+)"/.exec(html)?.[1];
    if (!form || !prompt) throw new Error(`no form on the provider's page: ${html.slice(0, 500)}`);
    if (action === 'cancel') {
      const abort = /href="([^"]*\/abort)"/.exec(html)?.[1];
      if (!abort) throw new Error('no cancel link on the provider page');
      url = new URL(abort, url).href;
      continue;
    }
    url = new URL(form.replace(/&amp;/g, '&'), url).href;
    body = new URLSearchParams(
      prompt === 'login' ? { prompt, login: action.login, password: 'anything' } : { prompt },
    ).toString();
  }
  throw new Error('too many steps at the provider');
}

// ---- the app ----

async function start(query = '') {
  const res = await t.app.inject({ url: `/api/auth/google${query}` });
  expect(res.statusCode, res.body).toBe(302);
  const flow = res.cookies.find((c) => c.name === GOOGLE_FLOW_COOKIE);
  return { location: String(res.headers.location), flow: flow?.value, flowCookie: flow };
}

function callback(url: URL, flow: string | undefined, remoteAddress = uniqueIp()) {
  return t.app.inject({
    url: `${url.pathname}${url.search}`,
    cookies: flow ? { [GOOGLE_FLOW_COOKIE]: flow } : {},
    remoteAddress,
  });
}

/** The whole journey: the Google button, the provider's login form as `login`, the callback. */
async function googleSignIn(login: string, query = '') {
  const { location, flow } = await start(query);
  return callback(await atProvider(location, { login }), flow);
}

async function me(res: LightMyRequestResponse) {
  const token = sessionCookie(res);
  if (!token) return undefined;
  const answer = await t.app.inject({ url: '/api/auth/me', cookies: { [SESSION_COOKIE]: token } });
  return answer.statusCode === 200
    ? answer.json<{ user: { id: string; email: string; role: string; name: string | null } }>().user
    : undefined;
}

const userByEmail = async (email: string) => {
  const rows = await t.db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  return rows;
};

/** The token of the newest verification link emailed to `email`. */
async function verifyTokenOf(email: string) {
  const rows = await t.db
    .select({ text: emailOutbox.text })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.kind, 'verify-email'), eq(emailOutbox.toAddress, email)))
    .orderBy(emailOutbox.createdAt);
  const token = /\/auth\/verify-email\?token=([A-Za-z0-9_-]+)/.exec(rows.at(-1)?.text ?? '')?.[1];
  if (!token) throw new Error(`no verification link to ${email}`);
  return token;
}

describe('GET /api/auth/google (start)', () => {
  it('sends the browser to the discovered issuer with PKCE (S256), state, nonce and the openid email scope', async () => {
    const { location, flowCookie } = await start();
    const url = new URL(location);
    expect(url.origin).toBe(op.issuer);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: google.clientId,
      response_type: 'code',
      redirect_uri: `${APP}/api/auth/google/callback`,
      scope: 'openid email profile',
      code_challenge_method: 'S256',
    });
    expect(url.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const flow = openFlow(flowCookie?.value, google.clientSecret);
    expect(flow?.state).toBe(url.searchParams.get('state'));
    expect(flow?.nonce).toBe(url.searchParams.get('nonce'));
    // The verifier stays in the browser's signed cookie and never goes to the provider.
    expect(location).not.toContain(flow?.codeVerifier);
    expect(flowCookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/auth/google' });
    expect(flowCookie?.maxAge).toBeLessThanOrEqual(600);
  });

  it('on HTTPS the flow cookie is __Secure-locora_google (Secure), and only that name is read back', async () => {
    const app = await buildApp({
      db: t.db,
      config: { ...t.config, publicUrl: 'https://locora.example' },
      logger: false,
    });
    try {
      const res = await app.inject({ url: '/api/auth/google' });
      expect(res.statusCode).toBe(302);
      const cookie = res.cookies.find((c) => c.name === GOOGLE_FLOW_COOKIE_SECURE);
      expect(cookie).toMatchObject({ secure: true, httpOnly: true, path: '/api/auth/google' });
      expect(res.cookies.find((c) => c.name === GOOGLE_FLOW_COOKIE)).toBeUndefined();
      const flow = openFlow(cookie?.value, google.clientSecret);
      const url = `/api/auth/google/callback?code=not-a-code&state=${flow!.state}`;
      // The flow is found under its prefixed name (the code is then refused by the provider) ...
      const back = await app.inject({ url, cookies: { [GOOGLE_FLOW_COOKIE_SECURE]: cookie!.value } });
      expect(back.headers.location).toBe('/auth/signin?error=google_failed');
      expect(back.cookies.find((c) => c.name === GOOGLE_FLOW_COOKIE_SECURE)?.value).toBe('');
      // ... and not under the plain one, which a page over plain HTTP could have planted.
      const planted = await app.inject({ url, cookies: { [GOOGLE_FLOW_COOKIE]: cookie!.value } });
      expect(planted.headers.location).toBe('/auth/signin?error=google_state');
    } finally {
      await app.close();
    }
  });

  it('a provider sign-up without a time zone goes back to sign-in saying so, before Google', async () => {
    const res = await t.app.inject({ url: '/api/auth/google?role=PROVIDER' });
    expect(res.headers.location).toBe('/auth/signin?error=google_time_zone');
    expect(res.cookies.find((c) => c.name === GOOGLE_FLOW_COOKIE)).toBeUndefined();
  });

  it('without the Google variables it goes back to sign-in saying Google is not configured', async () => {
    const app = await buildApp({ db: t.db, config: { ...t.config, google: undefined }, logger: false });
    try {
      const res = await app.inject({ url: `/api/auth/google?next=${encodeURIComponent('/browse')}` });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/auth/signin?error=google_not_configured&next=%2Fbrowse');
      const back = await app.inject({ url: '/api/auth/google/callback?code=x&state=y' });
      expect(back.headers.location).toBe('/auth/signin?error=google_not_configured');
      expect(sessionCookie(back)).toBeUndefined();
    } finally {
      await app.close();
    }
  });

  it('an issuer that cannot be reached: back to sign-in, "Google could not be reached"', async () => {
    const app = await buildApp({
      db: t.db,
      config: { ...t.config, google: { ...google, issuer: 'http://127.0.0.1:9' } },
      logger: false,
    });
    try {
      const res = await app.inject({ url: '/api/auth/google' });
      expect(res.headers.location).toBe('/auth/signin?error=google_unavailable');
    } finally {
      await app.close();
    }
  });
});

describe('GET /api/auth/google/callback', () => {
  it('a new Google user from the sign-in page becomes a signed-in traveler with a verified email and no password', async () => {
    const email = uniqueEmail('newgoogle');
    op.setAccount('new-traveler', { email, emailVerified: true, name: 'Ana Google' });
    const res = await googleSignIn('new-traveler');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/browse'); // a new traveler goes to /browse
    expect(res.cookies.find((c) => c.name === GOOGLE_FLOW_COOKIE)?.value).toBe(''); // single use
    expect(await me(res)).toMatchObject({ email, role: 'TRAVELER', name: 'Ana Google' });
    const [row] = await userByEmail(email);
    expect(row).toMatchObject({ googleSub: 'new-traveler', passwordHash: null, role: 'TRAVELER' });
    expect(row?.emailVerifiedAt).toBeInstanceOf(Date);
  });

  it('from the Provider tab a new Google user becomes a provider in the chosen time zone', async () => {
    const email = uniqueEmail('newprovider');
    op.setAccount('new-provider', { email, emailVerified: true, name: 'Pedro Guide' });
    const res = await googleSignIn('new-provider', '?role=PROVIDER&timeZone=Europe%2FLisbon');
    expect(res.headers.location).toBe('/dashboard/provider'); // a new provider's landing
    const user = await me(res);
    expect(user).toMatchObject({ email, role: 'PROVIDER' });
    const [profile] = await t.db.select().from(providers).where(eq(providers.userId, user!.id));
    expect(profile).toMatchObject({ timeZone: 'Europe/Lisbon', displayName: 'Pedro Guide', govIdStatus: 'PENDING' });
  });

  it('a returning Google user is signed in to the same account and lands on / (or the safe next)', async () => {
    const email = uniqueEmail('returning');
    op.setAccount('returning', { email, emailVerified: true });
    const first = await googleSignIn('returning');
    const firstUser = await me(first);
    // Signing in from the Provider tab does not change an existing account's role.
    const again = await googleSignIn('returning', '?role=PROVIDER&timeZone=Europe%2FLisbon');
    expect(again.headers.location).toBe('/');
    expect(await me(again)).toMatchObject({ id: firstUser!.id, role: 'TRAVELER' });
    const withNext = await googleSignIn('returning', `?next=${encodeURIComponent('/service/abc?date=2026-12-01')}`);
    expect(withNext.headers.location).toBe('/service/abc?date=2026-12-01');
    const hostile = await googleSignIn('returning', `?next=${encodeURIComponent('//evil.example/x')}`);
    expect(hostile.headers.location).toBe('/');
    expect(await userByEmail(email)).toHaveLength(1);
    const rows = await t.db.select().from(sessions).where(eq(sessions.userId, firstUser!.id));
    expect(rows).toHaveLength(4);
  });

  it('links a Google account to the existing user with the same, verified, email (any case), signing out its other sessions', async () => {
    const email = uniqueEmail('linked');
    const existing = await createUser(t.db, { email, password: 'correct horse battery', emailVerifiedAt: new Date() });
    const before = await createSession(t.db, existing.id, 'an earlier browser');
    op.setAccount('links', { email: email.toUpperCase(), emailVerified: true });
    const res = await googleSignIn('links');
    expect(res.headers.location).toBe('/');
    expect(await me(res)).toMatchObject({ id: existing.id, email });
    const rows = await userByEmail(email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ googleSub: 'links' });
    expect(rows[0]?.passwordHash).not.toBeNull(); // the password still works too
    // Only the Google session is left; the earlier one is signed out.
    const left = await t.db.select().from(sessions).where(eq(sessions.userId, existing.id));
    expect(left).toHaveLength(1);
    const earlier = await t.app.inject({ url: '/api/auth/me', cookies: { [SESSION_COOKIE]: before.token } });
    expect(earlier.statusCode).toBe(401);
    // A later Google sign-in (already linked) leaves the other sessions alone.
    const again = await googleSignIn('links');
    expect(await me(again)).toMatchObject({ id: existing.id });
    expect(await me(res)).toMatchObject({ id: existing.id });
  });

  it('refuses to link to an account whose own email is not verified: sign in with the password first', async () => {
    const { user, email, cookies } = await signUp(t.app); // signed up with a password, address not confirmed
    op.setAccount('takeover', { email, emailVerified: true });
    const res = await googleSignIn('takeover');
    expect(res.headers.location).toBe('/auth/signin?error=google_link_unverified');
    expect(sessionCookie(res)).toBeUndefined();
    const [row] = await userByEmail(email);
    expect(row?.googleSub).toBeNull();
    expect(await userByEmail(email)).toHaveLength(1);

    // Once the password holder confirms the address (the emailed link, signed in), Google links
    // and signs in; the password holder's session ends (it could have been someone else's).
    const token = await verifyTokenOf(email);
    const verified = await t.app.inject({
      method: 'POST',
      url: '/api/auth/verify-email',
      payload: { token },
      cookies,
    });
    expect(verified.statusCode, verified.body).toBe(200);
    const after = await googleSignIn('takeover');
    expect(after.headers.location).toBe('/');
    expect(await me(after)).toMatchObject({ id: user.id });
    expect((await t.app.inject({ url: '/api/auth/me', cookies })).statusCode).toBe(401);
  });

  it('pre-account takeover: whoever signed up with an address they do not own stays unlinked when its owner opens the link', async () => {
    // The attacker signs up with the victim's address and their own password.
    const attacker = await signUp(t.app);
    const token = await verifyTokenOf(attacker.email);
    // The victim, signed out (or signed in to another account), opens the link the sign-up sent.
    const signedOut = await t.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token } });
    expect(signedOut.statusCode).toBe(401);
    const victimOther = await signUp(t.app);
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: '/api/auth/verify-email',
      payload: { token },
      cookies: victimOther.cookies,
    });
    expect(elsewhere.statusCode).toBe(403);
    expect((await userByEmail(attacker.email))[0]?.emailVerifiedAt).toBeNull();
    // So Google sign-in with the address still refuses to link to the attacker's account.
    op.setAccount('victim', { email: attacker.email, emailVerified: true });
    const res = await googleSignIn('victim');
    expect(res.headers.location).toBe('/auth/signin?error=google_link_unverified');
    expect(sessionCookie(res)).toBeUndefined();
    expect((await userByEmail(attacker.email))[0]?.googleSub).toBeNull();
  });

  it('a Google name that is not a valid name: the given name, else none, and never the email address', async () => {
    const email = uniqueEmail('odd.name');
    op.setAccount('bidi-name', { email, emailVerified: true, name: 'Ana\u202EelgooG', givenName: 'Ana' });
    const res = await googleSignIn('bidi-name');
    expect(await me(res)).toMatchObject({ email, name: 'Ana' });

    const providerEmail = uniqueEmail('secret.local.part');
    op.setAccount('no-name', { email: providerEmail, emailVerified: true, name: '\u200B', givenName: '\u202E' });
    const created = await googleSignIn('no-name', '?role=PROVIDER&timeZone=Europe%2FLisbon');
    const user = await me(created);
    expect(user).toMatchObject({ email: providerEmail, role: 'PROVIDER', name: null });
    const [profile] = await t.db.select().from(providers).where(eq(providers.userId, user!.id));
    expect(profile?.displayName).toBe('Provider');
    expect(profile?.displayName).not.toContain(providerEmail.split('@')[0]);
  });

  it('refuses a Google account whose email is not verified (no account, no link)', async () => {
    const email = uniqueEmail('unverifiedgoogle');
    op.setAccount('unverified', { email, emailVerified: false });
    const res = await googleSignIn('unverified');
    expect(res.headers.location).toBe('/auth/signin?error=google_email_unverified');
    expect(sessionCookie(res)).toBeUndefined();
    expect(await userByEmail(email)).toHaveLength(0);
  });

  it('refuses to link an email whose account is already linked to another Google account', async () => {
    const email = uniqueEmail('otherlink');
    await createUser(t.db, { email, googleSub: 'someone-else', emailVerifiedAt: new Date() });
    op.setAccount('second-google', { email, emailVerified: true });
    const res = await googleSignIn('second-google');
    expect(res.headers.location).toBe('/auth/signin?error=google_link_other');
    expect((await userByEmail(email))[0]?.googleSub).toBe('someone-else');
  });

  it('a deactivated account is not signed in through Google', async () => {
    const email = uniqueEmail('deactivated');
    await createUser(t.db, { email, googleSub: 'gone', deactivatedAt: new Date() });
    op.setAccount('gone', { email, emailVerified: true });
    const res = await googleSignIn('gone');
    expect(res.headers.location).toBe('/auth/signin?error=google_deactivated');
    expect(sessionCookie(res)).toBeUndefined();
  });

  it('denied consent comes back to sign-in with the reason, keeping next', async () => {
    const { location, flow } = await start(`?next=${encodeURIComponent('/browse?city=Lisbon')}`);
    const back = await atProvider(location, 'cancel');
    expect(back.searchParams.get('error')).toBe('access_denied');
    const res = await callback(back, flow);
    expect(res.headers.location).toBe('/auth/signin?error=google_denied&next=%2Fbrowse%3Fcity%3DLisbon');
    expect(sessionCookie(res)).toBeUndefined();
  });

  describe('tampering', () => {
    const noAccount = async (email: string) => expect(await userByEmail(email)).toHaveLength(0);

    it('a changed state parameter is refused', async () => {
      const email = uniqueEmail('state');
      op.setAccount('state', { email, emailVerified: true });
      const { location, flow } = await start();
      const back = await atProvider(location, { login: 'state' });
      back.searchParams.set('state', 'forged-state');
      const res = await callback(back, flow);
      expect(res.headers.location).toBe('/auth/signin?error=google_state');
      expect(sessionCookie(res)).toBeUndefined();
      await noAccount(email);
    });

    it('a callback without the flow cookie (a link from someone else) is refused', async () => {
      const email = uniqueEmail('nocookie');
      op.setAccount('nocookie', { email, emailVerified: true });
      const { location } = await start();
      const res = await callback(await atProvider(location, { login: 'nocookie' }), undefined);
      expect(res.headers.location).toBe('/auth/signin?error=google_state');
      await noAccount(email);
    });

    it("another flow's cookie (login CSRF) is refused", async () => {
      const email = uniqueEmail('csrf');
      op.setAccount('csrf', { email, emailVerified: true });
      const victim = await start();
      const attacker = await start();
      const res = await callback(await atProvider(attacker.location, { login: 'csrf' }), victim.flow);
      expect(res.headers.location).toBe('/auth/signin?error=google_state');
      await noAccount(email);
    });

    it('an altered cookie (state rewritten without the key) is refused', async () => {
      const email = uniqueEmail('altered');
      op.setAccount('altered', { email, emailVerified: true });
      const { location, flow } = await start();
      const back = await atProvider(location, { login: 'altered' });
      const [body, mac] = flow!.split('.');
      const decoded = JSON.parse(Buffer.from(body!, 'base64url').toString()) as Record<string, unknown>;
      const forged = Buffer.from(JSON.stringify({ ...decoded, role: 'PROVIDER' })).toString('base64url');
      const res = await callback(back, `${forged}.${mac}`);
      expect(res.headers.location).toBe('/auth/signin?error=google_state');
      await noAccount(email);
    });

    it('an ID token whose nonce is not the one this flow sent is refused', async () => {
      const email = uniqueEmail('nonce');
      op.setAccount('nonce', { email, emailVerified: true });
      const { location, flow } = await start();
      const back = await atProvider(location, { login: 'nonce' });
      // Correctly signed (as if the key were known), state and verifier right, nonce not.
      const opened = openFlow(flow, google.clientSecret)!;
      const res = await callback(back, sealFlow({ ...opened, nonce: 'another-nonce' }, google.clientSecret));
      expect(res.headers.location).toBe('/auth/signin?error=google_state');
      expect(sessionCookie(res)).toBeUndefined();
      await noAccount(email);
    });

    it('a wrong PKCE verifier is refused by the provider', async () => {
      const email = uniqueEmail('pkce');
      op.setAccount('pkce', { email, emailVerified: true });
      const { location, flow } = await start();
      const back = await atProvider(location, { login: 'pkce' });
      const opened = openFlow(flow, google.clientSecret)!;
      const wrong = 'x'.repeat(43);
      const res = await callback(back, sealFlow({ ...opened, codeVerifier: wrong }, google.clientSecret));
      expect(res.headers.location).toBe('/auth/signin?error=google_failed');
      await noAccount(email);
    });

    it('a stale flow cookie (older than ten minutes) is refused', async () => {
      const { flow } = await start();
      const opened = openFlow(flow, google.clientSecret)!;
      expect(
        openFlow(sealFlow({ ...opened, expiresAt: Date.now() - 1 }, google.clientSecret), google.clientSecret),
      ).toBe(undefined);
      expect(openFlow(flow, 'another-secret')).toBeUndefined();
    });

    it('a replayed callback (same code, same cookie) does not sign in twice', async () => {
      const email = uniqueEmail('replay');
      op.setAccount('replay', { email, emailVerified: true });
      const { location, flow } = await start();
      const back = await atProvider(location, { login: 'replay' });
      const first = await callback(back, flow);
      expect(first.headers.location).toBe('/browse');
      const replay = await callback(back, flow);
      expect(replay.headers.location).toBe('/auth/signin?error=google_failed');
      expect(sessionCookie(replay)).toBeUndefined();
    });
  });

  it('new Google accounts count against the per-address sign-up quota', async () => {
    const ip = uniqueIp();
    for (let i = 0; i < t.config.signupsPerIpPerHour; i += 1) {
      op.setAccount(`quota-${i}`, { email: uniqueEmail('quota'), emailVerified: true });
      const { location, flow } = await start();
      const res = await callback(await atProvider(location, { login: `quota-${i}` }), flow, ip);
      expect(res.headers.location).toBe('/browse');
    }
    const email = uniqueEmail('quota-over');
    op.setAccount('quota-over', { email, emailVerified: true });
    const { location, flow } = await start();
    const res = await callback(await atProvider(location, { login: 'quota-over' }), flow, ip);
    expect(res.headers.location).toBe('/auth/signin?error=google_rate_limited');
    expect(await userByEmail(email)).toHaveLength(0);
  });
});
