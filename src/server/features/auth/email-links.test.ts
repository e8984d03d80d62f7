import { and, eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { FORGOT_PASSWORD_ANSWER } from '../../../shared/api/auth.ts';
import { authTokens, emailOutbox, sessions, users } from '../../db/schema.ts';
import { createUser } from '../../db/seed/factories.ts';
import { deliverDueEmails } from '../../email/outbox.ts';
import { createSmtpTransport } from '../../email/transport.ts';
import { createSession, hashToken, SESSION_COOKIE } from '../../http/session.ts';
import { decodeQuotedPrintable, startSmtp } from '../../test/smtp.ts';
import { sessionCookie, signUp, uniqueEmail, uniqueIp, useTestApp } from '../../test/test-app.ts';
import {
  EMAIL_CHANGES_PER_HOUR,
  FORGOT_PASSWORD_PER_EMAIL_PER_HOUR,
  FORGOT_PASSWORD_PER_IP_PER_HOUR,
  RESET_LINK_ERRORS,
  VERIFICATION_RESENDS_PER_HOUR,
  VERIFY_LINK_ERRORS,
} from './email-links.ts';

const t = useTestApp({ publicUrl: 'https://locora.example' });

let smtp: Awaited<ReturnType<typeof startSmtp>> | undefined;
afterEach(async () => {
  await smtp?.close();
  smtp = undefined;
});

const mails = (kind: string, to?: string) =>
  t.db
    .select()
    .from(emailOutbox)
    .where(to ? and(eq(emailOutbox.kind, kind), eq(emailOutbox.toAddress, to)) : eq(emailOutbox.kind, kind))
    .orderBy(emailOutbox.createdAt);

/** The token of the link in an email's text (the user's view of it). */
function tokenIn(text: string, page: 'verify-email' | 'reset-password'): string {
  const match = new RegExp(`https://locora\\.example/auth/${page}\\?token=([A-Za-z0-9_-]+)`).exec(text);
  if (!match?.[1]) throw new Error(`no ${page} link in: ${text}`);
  return match[1];
}

async function lastToken(kind: 'verify-email' | 'password-reset', to: string) {
  const rows = await mails(kind, to);
  const row = rows.at(-1);
  if (!row) throw new Error(`no ${kind} email to ${to}`);
  return tokenIn(row.text, kind === 'verify-email' ? 'verify-email' : 'reset-password');
}

const post = (url: string, payload?: object, cookies?: Record<string, string>, remoteAddress?: string) =>
  t.app.inject({ method: 'POST', url, ...(payload ? { payload } : {}), cookies, remoteAddress });

async function cookieFor(userId: string) {
  const s = await createSession(t.db, userId, 'test');
  return { [SESSION_COOKIE]: s.token };
}

describe('email verification', () => {
  it('sign-up sends a single-use link (only its hash stored) that verifies the address', async () => {
    const u = await signUp(t.app, { name: 'Vera' });
    const [mail] = await mails('verify-email', u.email);
    expect(mail).toMatchObject({ subject: 'Confirm your email address for Locora', sentAt: null });
    expect(mail!.text).toContain('Hi Vera,');
    expect(mail!.html).toContain('https://locora.example/auth/verify-email?token=');
    const token = tokenIn(mail!.text, 'verify-email');
    const [stored] = await t.db.select().from(authTokens).where(eq(authTokens.userId, u.user.id));
    expect(stored!.tokenHash).toBe(hashToken(token));
    expect(JSON.stringify(stored)).not.toContain(token);
    expect(stored!.expiresAt.getTime() - Date.now()).toBeGreaterThan(47 * 3600 * 1000);

    expect((await t.app.inject({ url: '/api/account/email', cookies: u.cookies })).json()).toEqual({
      email: u.email,
      verified: false,
    });
    const ok = await post('/api/auth/verify-email', { token }, u.cookies);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ ok: true, email: u.email });
    expect((await t.app.inject({ url: '/api/account/email', cookies: u.cookies })).json()).toEqual({
      email: u.email,
      verified: true,
    });
    const again = await post('/api/auth/verify-email', { token }, u.cookies);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(VERIFY_LINK_ERRORS.used);
  });

  it('verifies only for the signed-in account it was sent to: anonymous 401, anyone else 403, the link kept', async () => {
    const owner = await signUp(t.app);
    const token = await lastToken('verify-email', owner.email);
    const traveler = await signUp(t.app);
    const provider = await signUp(t.app, { role: 'PROVIDER' });
    const admin = await createUser(t.db, { role: 'ADMIN', emailVerifiedAt: new Date() });

    // Whoever holds the mailbox without the password cannot mark the account verified (a Google
    // account with this address would then be linked to it: decision 023).
    const anonymous = await post('/api/auth/verify-email', { token });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().message).toBe(VERIFY_LINK_ERRORS.signedOut);
    for (const cookies of [traveler.cookies, provider.cookies, await cookieFor(admin.id)]) {
      const other = await post('/api/auth/verify-email', { token }, cookies);
      expect(other.statusCode).toBe(403);
      expect(other.json().message).toBe(VERIFY_LINK_ERRORS.otherAccount);
    }
    const verifiedNow = async () =>
      (
        await t.db
          .select({ id: users.id })
          .from(users)
          .where(sql`email_verified_at is not null`)
      ).map((r) => r.id);
    expect(await verifiedNow()).toEqual([admin.id]);
    const [unused] = await t.db
      .select({ usedAt: authTokens.usedAt })
      .from(authTokens)
      .where(eq(authTokens.userId, owner.user.id));
    expect(unused!.usedAt).toBeNull();

    const ok = await post('/api/auth/verify-email', { token }, owner.cookies);
    expect(ok.json()).toEqual({ ok: true, email: owner.email });
    expect((await verifiedNow()).sort()).toEqual([admin.id, owner.user.id].sort());
  });

  it('expired, unknown and malformed links get a clear 400', async () => {
    const u = await signUp(t.app);
    const token = await lastToken('verify-email', u.email);
    await t.db.update(authTokens).set({ expiresAt: sql`now() - interval '1 minute'` });
    const expired = await post('/api/auth/verify-email', { token }, u.cookies);
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toBe(VERIFY_LINK_ERRORS.expired);
    const unknown = await post('/api/auth/verify-email', { token: 'x'.repeat(43) }, u.cookies);
    expect(unknown.json().message).toBe(VERIFY_LINK_ERRORS.invalid);
    expect((await post('/api/auth/verify-email', {}, u.cookies)).statusCode).toBe(400);
    expect((await post('/api/auth/verify-email', { token: '' }, u.cookies)).json().message).toBe(
      'The link is missing its token.',
    );
    expect((await post('/api/auth/verify-email', { token: 'a'.repeat(500) }, u.cookies)).statusCode).toBe(400);
    const [row] = await t.db.select({ v: users.emailVerifiedAt }).from(users).where(eq(users.id, u.user.id));
    expect(row!.v).toBeNull();
  });

  it('status and resend: anonymous 401; traveler, provider and admin see their own; resend is limited', async () => {
    expect((await t.app.inject({ url: '/api/account/email' })).statusCode).toBe(401);
    expect((await post('/api/account/email/verification')).statusCode).toBe(401);
    const traveler = await signUp(t.app);
    const provider = await signUp(t.app, { role: 'PROVIDER' });
    const admin = await createUser(t.db, { role: 'ADMIN', emailVerifiedAt: new Date() });
    const adminCookies = await cookieFor(admin.id);
    expect((await t.app.inject({ url: '/api/account/email', cookies: provider.cookies })).json()).toEqual({
      email: provider.email,
      verified: false,
    });
    expect((await t.app.inject({ url: '/api/account/email', cookies: adminCookies })).json()).toEqual({
      email: admin.email,
      verified: true,
    });
    const already = await post('/api/account/email/verification', undefined, adminCookies);
    expect(already.statusCode).toBe(400);
    expect(already.json().message).toBe('Your email address is already verified.');

    for (let i = 0; i < VERIFICATION_RESENDS_PER_HOUR; i++) {
      expect((await post('/api/account/email/verification', undefined, traveler.cookies)).statusCode).toBe(200);
    }
    const limited = await post('/api/account/email/verification', undefined, traveler.cookies);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json().message).toMatch(/^You have asked for several verification emails already\. Please wait/);
    // The sign-up email plus the resends; the provider's limit is its own.
    expect(await mails('verify-email', traveler.email)).toHaveLength(1 + VERIFICATION_RESENDS_PER_HOUR);
    expect((await post('/api/account/email/verification', undefined, provider.cookies)).statusCode).toBe(200);
    // Every resent link works (each once); the newest verifies the address.
    const token = await lastToken('verify-email', traveler.email);
    expect((await post('/api/auth/verify-email', { token }, traveler.cookies)).statusCode).toBe(200);
  });

  it('an email change needs the password, unverifies, and sends a link to the new address only', async () => {
    const u = await signUp(t.app);
    const other = await signUp(t.app);
    const oldToken = await lastToken('verify-email', u.email);
    const url = '/api/account/email';
    const newEmail = uniqueEmail('moved');
    expect((await post(url, { email: newEmail, currentPassword: u.password })).statusCode).toBe(401);
    expect((await post(url, { email: 'not-an-email', currentPassword: u.password }, u.cookies)).statusCode).toBe(400);
    expect((await post(url, { email: newEmail }, u.cookies)).statusCode).toBe(400);
    const wrong = await post(url, { email: newEmail, currentPassword: 'wrong password' }, u.cookies);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Current password is incorrect.');
    const taken = await post(url, { email: other.email.toUpperCase(), currentPassword: u.password }, u.cookies);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('An account with this email already exists.');
    const same = await post(url, { email: u.email, currentPassword: u.password }, u.cookies);
    expect(same.json().message).toBe('This is already your email address.');

    const changed = await post(url, { email: newEmail, currentPassword: u.password }, u.cookies);
    expect(changed.statusCode).toBe(200);
    expect(changed.json().user.email).toBe(newEmail);
    expect((await t.app.inject({ url, cookies: u.cookies })).json()).toEqual({ email: newEmail, verified: false });
    // The link sent to the old address no longer verifies anything.
    const outdated = await post('/api/auth/verify-email', { token: oldToken }, u.cookies);
    expect(outdated.statusCode).toBe(400);
    expect(outdated.json().message).toBe(VERIFY_LINK_ERRORS.outdated);
    const newToken = await lastToken('verify-email', newEmail);
    expect((await post('/api/auth/verify-email', { token: newToken }, u.cookies)).json()).toEqual({
      ok: true,
      email: newEmail,
    });
    expect((await t.app.inject({ url, cookies: u.cookies })).json()).toEqual({ email: newEmail, verified: true });
    // The other account was not touched.
    expect((await t.app.inject({ url, cookies: other.cookies })).json()).toEqual({
      email: other.email,
      verified: false,
    });
  });
});

describe('email change limit', () => {
  it(`allows ${EMAIL_CHANGES_PER_HOUR} changes an hour, then 429 with Retry-After; no more emails go out`, async () => {
    const u = await signUp(t.app);
    const other = await signUp(t.app);
    const addresses: string[] = [];
    for (let i = 0; i < EMAIL_CHANGES_PER_HOUR; i++) {
      const email = uniqueEmail(`move${i}`);
      addresses.push(email);
      const res = await post('/api/account/email', { email, currentPassword: u.password }, u.cookies);
      expect(res.statusCode).toBe(200);
    }
    const target = uniqueEmail('one-too-many');
    const limited = await post('/api/account/email', { email: target, currentPassword: u.password }, u.cookies);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(3000);
    expect(limited.json().message).toMatch(
      /^You have changed your email address several times in the last hour\. Please wait \d+ minutes? and try again\.$/,
    );
    expect((await t.app.inject({ url: '/api/account/email', cookies: u.cookies })).json().email).toBe(addresses.at(-1));
    expect(await mails('verify-email', target)).toHaveLength(0);
    for (const email of addresses) expect(await mails('verify-email', email)).toHaveLength(1);
    // A wrong password is refused as such, not counted here; another user is not limited.
    const wrong = await post('/api/account/email', { email: target, currentPassword: 'wrong password' }, u.cookies);
    expect(wrong.json().message).toBe('Current password is incorrect.');
    const theirs = await post(
      '/api/account/email',
      { email: uniqueEmail('theirs'), currentPassword: other.password },
      other.cookies,
    );
    expect(theirs.statusCode).toBe(200);
  });
});

describe('forgot password', () => {
  it('answers the same for an unknown address and emails only an existing one', async () => {
    const u = await signUp(t.app);
    const deactivated = await createUser(t.db, { deactivatedAt: new Date() });
    const answers = [];
    for (const email of [u.email.toUpperCase(), uniqueEmail('nobody'), deactivated.email]) {
      const res = await post('/api/auth/forgot-password', { email }, undefined, uniqueIp());
      answers.push({ status: res.statusCode, body: res.body });
    }
    expect(answers[0]).toEqual({ status: 200, body: JSON.stringify({ ok: true, message: FORGOT_PASSWORD_ANSWER }) });
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    const sent = await mails('password-reset');
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ toAddress: u.email, subject: 'Reset your Locora password' });
    const token = tokenIn(sent[0]!.text, 'reset-password');
    const [stored] = await t.db.select().from(authTokens).where(eq(authTokens.purpose, 'RESET_PASSWORD'));
    expect(stored).toMatchObject({ userId: u.user.id, tokenHash: hashToken(token), usedAt: null });
    // Expires within an hour.
    expect(stored!.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + 3600 * 1000);
    expect(stored!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 50 * 60 * 1000);
  });

  it('refuses bad bodies', async () => {
    for (const payload of [{}, { email: '' }, { email: 'nope' }, { email: 42 }]) {
      const res = await post('/api/auth/forgot-password', payload);
      expect(res.statusCode).toBe(400);
    }
    expect((await post('/api/auth/forgot-password', { email: 'nope' })).json().message).toContain(
      'Enter a valid email address',
    );
  });

  it('says it is rate limited in the asker’s language, with the wait in their words', async () => {
    const email = uniqueEmail('wait');
    const ask = (locale: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email },
        remoteAddress: uniqueIp(),
        headers: { 'x-locale': locale },
      });
    for (let i = 0; i < FORGOT_PASSWORD_PER_EMAIL_PER_HOUR; i++) expect((await ask('ja')).statusCode).toBe(200);
    const ja = await ask('ja');
    expect([ja.statusCode, ja.json().code]).toEqual([429, 'RATE_LIMITED']);
    expect(ja.json().message).toMatch(
      /^このメールアドレスへのパスワード再設定のリクエストが多すぎます。\d+分待ってからもう一度お試しください。$/,
    );
    expect((await ask('pt-BR')).json().message).toMatch(
      /^Pedidos demais de redefinição de senha para este e-mail\. Aguarde \d+ minutos? e tente de novo\.$/,
    );
  });

  it('is rate limited per address (known or not, alike) and per network', async () => {
    const u = await signUp(t.app);
    const unknown = uniqueEmail('ghost');
    for (const email of [u.email, unknown]) {
      for (let i = 0; i < FORGOT_PASSWORD_PER_EMAIL_PER_HOUR; i++) {
        expect((await post('/api/auth/forgot-password', { email }, undefined, uniqueIp())).statusCode).toBe(200);
      }
      const limited = await post('/api/auth/forgot-password', { email }, undefined, uniqueIp());
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect(limited.json().message).toMatch(
        /^Too many password reset requests for this email address\. Please wait \d+ minutes? and try again\.$/,
      );
    }
    expect(await mails('password-reset', u.email)).toHaveLength(FORGOT_PASSWORD_PER_EMAIL_PER_HOUR);

    const ip = uniqueIp();
    for (let i = 0; i < FORGOT_PASSWORD_PER_IP_PER_HOUR; i++) {
      expect((await post('/api/auth/forgot-password', { email: uniqueEmail() }, undefined, ip)).statusCode).toBe(200);
    }
    const limited = await post('/api/auth/forgot-password', { email: uniqueEmail() }, undefined, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/^Too many password reset requests from your network\./);
    // Another network is not affected.
    expect((await post('/api/auth/forgot-password', { email: uniqueEmail() }, undefined, uniqueIp())).statusCode).toBe(
      200,
    );
  });
});

describe('reset password', () => {
  async function requestReset(email: string) {
    expect((await post('/api/auth/forgot-password', { email }, undefined, uniqueIp())).statusCode).toBe(200);
    return lastToken('password-reset', email);
  }

  it('sets the password, signs out every other session, signs this browser in, and works once', async () => {
    const u = await signUp(t.app);
    const login = await post('/api/auth/login', { email: u.email, password: u.password }, undefined, uniqueIp());
    const secondDevice = { [SESSION_COOKIE]: sessionCookie(login)! };
    const bystander = await signUp(t.app);
    const token = await requestReset(u.email);

    const res = await post('/api/auth/reset-password', { token, password: 'a brand new secret' });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ id: u.user.id, email: u.email });
    const fresh = { [SESSION_COOKIE]: sessionCookie(res)! };
    expect((await t.app.inject({ url: '/api/auth/me', cookies: fresh })).statusCode).toBe(200);
    for (const old of [u.cookies, secondDevice]) {
      expect((await t.app.inject({ url: '/api/auth/me', cookies: old })).statusCode).toBe(401);
    }
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, u.user.id))).toHaveLength(1);
    // Someone else's session is untouched.
    expect((await t.app.inject({ url: '/api/auth/me', cookies: bystander.cookies })).statusCode).toBe(200);

    const oldPassword = await post('/api/auth/login', { email: u.email, password: u.password }, undefined, uniqueIp());
    expect(oldPassword.statusCode).toBe(401);
    const newPassword = await post(
      '/api/auth/login',
      { email: u.email, password: 'a brand new secret' },
      undefined,
      uniqueIp(),
    );
    expect(newPassword.statusCode).toBe(200);
    // Opening the emailed link proved the address.
    expect((await t.app.inject({ url: '/api/account/email', cookies: fresh })).json().verified).toBe(true);

    const reused = await post('/api/auth/reset-password', { token, password: 'yet another secret' });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().message).toBe(RESET_LINK_ERRORS.used);
  });

  it('using a newer reset link makes every earlier one unusable', async () => {
    const u = await signUp(t.app);
    const first = await requestReset(u.email);
    const second = await requestReset(u.email);
    expect((await post('/api/auth/reset-password', { token: second, password: 'second new secret' })).statusCode).toBe(
      200,
    );
    const res = await post('/api/auth/reset-password', { token: first, password: 'first new secret' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(RESET_LINK_ERRORS.revoked);
    await expectPassword(u.email, 'second new secret');
  });

  async function expectPassword(email: string, password: string) {
    const login = await post('/api/auth/login', { email, password }, undefined, uniqueIp());
    expect(login.statusCode).toBe(200);
  }

  it('a password change makes every earlier reset link unusable; a later link works', async () => {
    const u = await signUp(t.app);
    const earlier = [await requestReset(u.email), await requestReset(u.email)];
    const changed = await post(
      '/api/account/password',
      { currentPassword: u.password, newPassword: 'changed in settings' },
      u.cookies,
    );
    expect(changed.statusCode).toBe(200);
    for (const token of earlier) {
      const res = await post('/api/auth/reset-password', { token, password: 'set by an old link' });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(RESET_LINK_ERRORS.revoked);
    }
    await expectPassword(u.email, 'changed in settings');
    // The owner is still signed in here, and a link asked for after the change works.
    expect((await t.app.inject({ url: '/api/auth/me', cookies: u.cookies })).statusCode).toBe(200);
    const later = await requestReset(u.email);
    expect((await post('/api/auth/reset-password', { token: later, password: 'set by a new link' })).statusCode).toBe(
      200,
    );
    await expectPassword(u.email, 'set by a new link');
  });

  it('an email change makes every earlier reset link unusable and signs out the other sessions only', async () => {
    const u = await signUp(t.app);
    const login = await post('/api/auth/login', { email: u.email, password: u.password }, undefined, uniqueIp());
    const otherDevice = { [SESSION_COOKIE]: sessionCookie(login)! };
    const bystander = await signUp(t.app);
    const bystanderLink = await requestReset(bystander.email);
    const earlier = await requestReset(u.email);
    const newEmail = uniqueEmail('moved');
    const changed = await post('/api/account/email', { email: newEmail, currentPassword: u.password }, u.cookies);
    expect(changed.statusCode).toBe(200);

    const res = await post('/api/auth/reset-password', { token: earlier, password: 'set by an old link' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(RESET_LINK_ERRORS.revoked);
    // This browser stays signed in; the other device is signed out.
    expect((await t.app.inject({ url: '/api/auth/me', cookies: u.cookies })).json().user.email).toBe(newEmail);
    expect((await t.app.inject({ url: '/api/auth/me', cookies: otherDevice })).statusCode).toBe(401);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, u.user.id))).toHaveLength(1);
    await expectPassword(newEmail, u.password);
    // Another account keeps its session and its link.
    expect((await t.app.inject({ url: '/api/auth/me', cookies: bystander.cookies })).statusCode).toBe(200);
    expect(
      (await post('/api/auth/reset-password', { token: bystanderLink, password: 'bystander new secret' })).statusCode,
    ).toBe(200);
    // A link sent to the new address works.
    const later = await requestReset(newEmail);
    expect((await post('/api/auth/reset-password', { token: later, password: 'set by a new link' })).statusCode).toBe(
      200,
    );
  });

  it('expired, unknown, wrong-kind tokens and bad passwords: 400 with a clear message; nothing changes', async () => {
    const u = await signUp(t.app);
    const verifyToken = await lastToken('verify-email', u.email);
    const token = await requestReset(u.email);
    const tries: [object, string][] = [
      [{ token: 'nope', password: 'a fine new secret' }, RESET_LINK_ERRORS.invalid],
      [{ token: verifyToken, password: 'a fine new secret' }, RESET_LINK_ERRORS.invalid],
      [{ token, password: 'short' }, 'Password must be at least 8 characters long.'],
      [{ token, password: 'password123' }, ''],
      [{ token, password: '        ' }, ''],
      [{ token }, ''],
      [{ password: 'a fine new secret' }, ''],
    ];
    for (const [payload, message] of tries) {
      const res = await post('/api/auth/reset-password', payload, u.cookies);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      if (message) expect(res.json().message).toContain(message);
    }
    await t.db
      .update(authTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(authTokens.purpose, 'RESET_PASSWORD'));
    const expired = await post('/api/auth/reset-password', { token, password: 'a fine new secret' });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toBe(RESET_LINK_ERRORS.expired);
    // The old password still works and the session is still there.
    expect((await t.app.inject({ url: '/api/auth/me', cookies: u.cookies })).statusCode).toBe(200);
    const login = await post('/api/auth/login', { email: u.email, password: u.password }, undefined, uniqueIp());
    expect(login.statusCode).toBe(200);
  });

  it('a signed-in caller (here a provider) changes only the link owner’s password', async () => {
    const owner = await signUp(t.app);
    const provider = await signUp(t.app, { role: 'PROVIDER' });
    const token = await requestReset(owner.email);
    const res = await post('/api/auth/reset-password', { token, password: 'owner new secret' }, provider.cookies);
    expect(res.statusCode).toBe(200);
    expect(res.json().user.id).toBe(owner.user.id);
    const providerLogin = await post(
      '/api/auth/login',
      { email: provider.email, password: provider.password },
      undefined,
      uniqueIp(),
    );
    expect(providerLogin.statusCode).toBe(200);
  });
});

describe('emails through a real SMTP server', () => {
  it('the reset and verification emails arrive as text and HTML with links that work', async () => {
    smtp = await startSmtp();
    const u = await signUp(t.app, { name: 'Rita' });
    await post('/api/auth/forgot-password', { email: u.email }, undefined, uniqueIp());
    const transport = createSmtpTransport(`smtp://127.0.0.1:${smtp.port}`, 'Locora <hello@locora.test>');
    expect(await deliverDueEmails(t.db, transport)).toBe(2);
    expect(smtp.received.map((m) => m.to)).toEqual([[u.email], [u.email]]);
    const byType = (subject: string) => {
      const mail = smtp!.received.find((m) => m.raw.includes(`Subject: ${subject}`));
      if (!mail) throw new Error(`no mail "${subject}"`);
      expect(mail.raw).toContain('text/plain');
      expect(mail.raw).toContain('text/html');
      return decodeQuotedPrintable(mail.raw);
    };
    const reset = byType('Reset your Locora password');
    const verify = byType('Confirm your email address for Locora');
    expect(reset).toContain('expires in 60 minutes');
    expect(verify).toContain('Hi Rita,');
    expect(reset).toMatch(/<a href="https:\/\/locora\.example\/auth\/reset-password\?token=[A-Za-z0-9_-]+"/);

    const verified = await post('/api/auth/verify-email', { token: tokenIn(verify, 'verify-email') }, u.cookies);
    expect(verified.json()).toEqual({ ok: true, email: u.email });
    const res = await post('/api/auth/reset-password', {
      token: tokenIn(reset, 'reset-password'),
      password: 'from the mailbox',
    });
    expect(res.statusCode).toBe(200);
    const login = await post(
      '/api/auth/login',
      { email: u.email, password: 'from the mailbox' },
      undefined,
      uniqueIp(),
    );
    expect(login.statusCode).toBe(200);
  });
});
