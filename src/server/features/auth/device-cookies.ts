import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Executor } from '../../db/open.ts';
import { queryRows } from '../../db/open.ts';
import { isSecure } from '../../http/session.ts';

/**
 * Device cookies (OWASP "Slow Down Online Guessing Attacks with Device Cookies", see
 * docs/decisions/007): a browser that has signed in to an account carries a signed token for that
 * account, and its login attempts are counted per device instead of against the account's shared
 * "untrusted devices" budget, so strangers' failures cannot lock it out.
 *
 * Cookie value: up to MAX_ENTRIES entries `<userId>.<nonce>.<hmac>` joined by `~`, newest first
 * (several people, or accounts, may share one browser).
 */
export const DEVICE_COOKIE = 'locora_device';
export const DEVICE_COOKIE_DAYS = 365;
const MAX_ENTRIES = 5;

/** The device cookie is only read at sign-in, so it travels only to /api/auth. */
export function setDeviceCookie(request: FastifyRequest, reply: FastifyReply, value: string) {
  void reply.setCookie(DEVICE_COOKIE, value, {
    path: '/api/auth',
    httpOnly: true,
    sameSite: 'lax',
    secure: isSecure(request),
    maxAge: DEVICE_COOKIE_DAYS * 24 * 3600,
  });
}
const SECRET_NAME = 'device-cookie';
const ENTRY = /^([0-9a-f-]{36})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;

/**
 * The HMAC key, generated once and kept in the database so every app instance shares it and it
 * never lives in the repository or the environment.
 */
async function deviceSecret(db: Executor): Promise<Buffer> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const [row] = await queryRows<{ secret: string }>(
      db,
      sql`select secret from app_secrets where name = ${SECRET_NAME}`,
    );
    if (row) return Buffer.from(row.secret, 'base64url');
    await queryRows(
      db,
      sql`insert into app_secrets (name, secret) values (${SECRET_NAME}, ${randomBytes(32).toString('base64url')})
          on conflict (name) do nothing`,
    );
  }
  throw new Error('device-cookie secret could not be created');
}

function sign(secret: Buffer, userId: string, nonce: string) {
  return createHmac('sha256', secret).update(`device:v1:${userId}.${nonce}`).digest('base64url');
}

function parse(value: string | undefined) {
  if (!value || value.length > 1024) return [];
  return value
    .split('~')
    .slice(0, MAX_ENTRIES)
    .flatMap((part) => {
      const m = ENTRY.exec(part);
      return m ? [{ userId: m[1]!, nonce: m[2]!, mac: m[3]! }] : [];
    });
}

/** The nonce of this browser's valid device cookie for `userId`, if it has one. */
export async function trustedDevice(
  db: Executor,
  cookie: string | undefined,
  userId: string | undefined,
): Promise<string | undefined> {
  if (!userId) return undefined;
  const entry = parse(cookie).find((e) => e.userId === userId);
  if (!entry) return undefined;
  const expected = Buffer.from(sign(await deviceSecret(db), entry.userId, entry.nonce));
  const given = Buffer.from(entry.mac);
  return given.length === expected.length && timingSafeEqual(given, expected) ? entry.nonce : undefined;
}

/**
 * The cookie value after a successful sign-in to `userId`: a fresh entry for it first (keeping
 * `nonce` when the device was already trusted), other accounts' entries after it.
 */
export async function issueDeviceCookie(
  db: Executor,
  cookie: string | undefined,
  userId: string,
  nonce = randomBytes(16).toString('base64url'),
): Promise<string> {
  const others = parse(cookie)
    .filter((e) => e.userId !== userId)
    .map((e) => `${e.userId}.${e.nonce}.${e.mac}`);
  const entry = `${userId}.${nonce}.${sign(await deviceSecret(db), userId, nonce)}`;
  return [entry, ...others].slice(0, MAX_ENTRIES).join('~');
}
