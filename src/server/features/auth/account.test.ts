import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema.ts';
import { SESSION_COOKIE } from '../../http/session.ts';
import { createFsStorage, readOrCreateSigningKey } from '../../storage/storage.ts';
import { sweepOrphanUploads } from '../../storage/upload-registry.ts';
import { sessionCookie, signUp, useTestApp } from '../../test/test-app.ts';

const t = useTestApp();
const storage = () =>
  createFsStorage({ root: t.config.uploadDir, signingKey: readOrCreateSigningKey(t.config.dataDir) });

const PNG_1x1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

function multipart(field: string, filename: string, type: string, content: Buffer) {
  const boundary = '----locoratest' + Math.random().toString(16).slice(2);
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('PATCH /api/account/profile', () => {
  it('renames the signed-in user and validates the name', async () => {
    const { cookies } = await signUp(t.app, { name: 'Old Name' });
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/account/profile',
      cookies,
      payload: { name: '  New Name ' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.name).toBe('New Name');
    const bad = await t.app.inject({ method: 'PATCH', url: '/api/account/profile', cookies, payload: { name: '' } });
    expect(bad.statusCode).toBe(400);
    const anon = await t.app.inject({ method: 'PATCH', url: '/api/account/profile', payload: { name: 'X' } });
    expect(anon.statusCode).toBe(401);
  });
});

describe('avatar upload', () => {
  it('stores a real image, serves it from /uploads and replaces the old file', async () => {
    const { cookies } = await signUp(t.app);
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/account/avatar',
      cookies,
      ...multipart('avatar', 'me.png', 'image/png', PNG_1x1),
    });
    expect(first.statusCode).toBe(200);
    const image: string = first.json().user.image;
    // Re-encoded by the photo pipeline (storage/images.ts): a WebP as wide as the original.
    expect(image).toMatch(/^\/uploads\/photos\/[0-9a-f-]{36}-w1\.webp$/);
    const served = await t.app.inject({ url: image });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');

    const second = await t.app.inject({
      method: 'POST',
      url: '/api/account/avatar',
      cookies,
      ...multipart('avatar', 'me2.png', 'image/png', PNG_1x1),
    });
    expect(second.json().user.image).not.toBe(image);
    // The old file is no longer referenced: the orphan sweeper deletes it.
    expect(fs.existsSync(path.join(t.config.uploadDir, 'photos', path.basename(image)))).toBe(true);
    await sweepOrphanUploads(t.db, storage(), { graceSeconds: 0 });
    expect(fs.existsSync(path.join(t.config.uploadDir, 'photos', path.basename(image)))).toBe(false);

    const removed = await t.app.inject({ method: 'DELETE', url: '/api/account/avatar', cookies });
    expect(removed.json().user.image).toBeNull();
  });

  it('refuses files that are not images, whatever they claim to be, and oversized ones', async () => {
    const { cookies } = await signUp(t.app);
    const fake = await t.app.inject({
      method: 'POST',
      url: '/api/account/avatar',
      cookies,
      ...multipart('avatar', 'x.png', 'image/png', Buffer.from('<svg onload=alert(1)>')),
    });
    expect(fake.statusCode).toBe(415);
    expect(fake.json().message).toBe('The file must be a JPEG, PNG, WebP or HEIC image.');
    const big = Buffer.concat([PNG_1x1, Buffer.alloc(10 * 1024 * 1024 + 10)]);
    const tooBig = await t.app.inject({
      method: 'POST',
      url: '/api/account/avatar',
      cookies,
      ...multipart('avatar', 'big.png', 'image/png', big),
    });
    expect(tooBig.statusCode).toBe(413);
    const json = await t.app.inject({ method: 'POST', url: '/api/account/avatar', cookies, payload: { avatar: 'x' } });
    expect(json.statusCode).toBe(415);
    const anon = await t.app.inject({
      method: 'POST',
      url: '/api/account/avatar',
      ...multipart('avatar', 'me.png', 'image/png', PNG_1x1),
    });
    expect(anon.statusCode).toBe(401);
  });
});

describe('password change and sessions', () => {
  it('needs the current password, then signs out every other session', async () => {
    const { cookies, email, password } = await signUp(t.app);
    const other = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
    const otherCookies = { [SESSION_COOKIE]: sessionCookie(other)! };

    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/account/password',
      cookies,
      payload: { currentPassword: 'nope', newPassword: 'brand new pass' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Current password is incorrect.');
    const short = await t.app.inject({
      method: 'POST',
      url: '/api/account/password',
      cookies,
      payload: { currentPassword: password, newPassword: 'short' },
    });
    expect(short.statusCode).toBe(400);

    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/account/password',
      cookies,
      payload: { currentPassword: password, newPassword: 'brand new pass' },
    });
    expect(ok.statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/auth/me', cookies })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/auth/me', cookies: otherCookies })).statusCode).toBe(401);
    const oldLogin = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
    expect(oldLogin.statusCode).toBe(401);
    const newLogin = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: 'brand new pass' },
    });
    expect(newLogin.statusCode).toBe(200);
  });

  it('lists only your own sessions and signs out the others on request', async () => {
    const a = await signUp(t.app);
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: a.email, password: a.password },
      headers: { 'user-agent': 'Phone' },
    });
    const b = await signUp(t.app);

    const list = await t.app.inject({ url: '/api/account/sessions', cookies: a.cookies });
    expect(list.statusCode).toBe(200);
    const mine = list.json().sessions;
    expect(mine).toHaveLength(2);
    expect(mine.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    expect(JSON.stringify(mine)).not.toContain(a.cookies[SESSION_COOKIE]);

    const revoke = await t.app.inject({
      method: 'POST',
      url: '/api/account/sessions/revoke-others',
      cookies: a.cookies,
    });
    expect(revoke.json()).toEqual({ revoked: 1 });
    expect((await t.app.inject({ url: '/api/auth/me', cookies: a.cookies })).statusCode).toBe(200);
    // b's session is untouched by a's action.
    expect((await t.app.inject({ url: '/api/auth/me', cookies: b.cookies })).statusCode).toBe(200);
    expect(await t.db.select().from(sessions)).toHaveLength(2);
    expect((await t.app.inject({ url: '/api/account/sessions' })).statusCode).toBe(401);
  });
});

describe('password change abuse', () => {
  it('answers 429 after 10 wrong current passwords', async () => {
    const { cookies } = await signUp(t.app);
    for (let i = 0; i < 10; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/account/password',
        cookies,
        payload: { currentPassword: `wrong${i}`, newPassword: 'brand new pass' },
      });
      expect(res.statusCode).toBe(400);
    }
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/account/password',
      cookies,
      payload: { currentPassword: 'x', newPassword: 'brand new pass' },
    });
    expect(res.statusCode).toBe(429);
  });
});
