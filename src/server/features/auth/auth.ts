import { msg } from '@lingui/core/macro';
import { and, eq, lt, ne, sql } from 'drizzle-orm';
import { hasHostileCharacters, type Role, type SignupInput, type User } from '../../../shared/api/auth.ts';
import { AUTH_FAILURE_LIMIT, AUTH_FAILURE_WINDOW_SECONDS } from '../../../shared/domain/constants.ts';
import type { Locale } from '../../../shared/domain/locales.ts';
import { countryOfTimeZone } from '../../../shared/domain/connect.ts';
import { currencyOfCountry } from '../../../shared/domain/currency.ts';
import { isValidTimeZone } from '../../../shared/domain/time.ts';
import type { Db, Executor, Tx } from '../../db/open.ts';
import { providers, sessions, users } from '../../db/schema.ts';
import { localized } from '../../http/api-messages.ts';
import { AppError } from '../../http/errors.ts';
import { PROVIDER_TIME_ZONE_REQUIRED } from '../../../shared/api/time.ts';
import { pruneExpired, release, reserve, type Limit } from '../../http/rate-limit.ts';
import type { CurrencyCode } from '../../../shared/domain/currency.ts';
import { createSession, userColumns } from '../../http/session.ts';
import { issueDeviceCookie, trustedDevice } from './device-cookies.ts';
import { revokeResetLinks, sendVerificationEmail } from './email-links.ts';
import { hashPassword, verifyPassword } from './passwords.ts';

import { SUSPENDED_SIGN_IN_MESSAGE } from '../../../shared/domain/google-sign-in.ts';

const INVALID_CREDENTIALS = 'Invalid email or password.';

export function normalizeEmail(email: string) {
  return email.trim().toLowerCase();
}

/**
 * Creates the provider profile of `user` if it has none (govIdStatus PENDING, displayName from
 * the name, the given IANA zone, and the currency of that zone's country: decision 047). An
 * existing profile keeps its zone and currency. Runs inside the caller's transaction so role and
 * profile change together.
 */
export async function ensureProviderProfile(
  tx: Tx | Db,
  user: { id: string; name: string | null; email: string },
  timeZone: string,
) {
  const [existing] = await tx.select({ id: providers.id }).from(providers).where(eq(providers.userId, user.id));
  if (existing) return; // an existing profile keeps its own zone
  if (!isValidTimeZone(timeZone)) {
    if (!timeZone) throw new AppError('TIME_ZONE_REQUIRED', PROVIDER_TIME_ZONE_REQUIRED);
    throw new AppError(
      'BAD_REQUEST',
      localized((i18n) => i18n._(msg`Unknown time zone "${timeZone}".`)),
    );
  }
  await tx
    .insert(providers)
    .values({
      userId: user.id,
      displayName: providerDisplayName(user),
      timeZone,
      currency: currencyOfCountry(countryOfTimeZone(timeZone)),
    })
    .onConflictDoNothing({ target: providers.userId });
}

/**
 * The account's name, NFC, never with spoofing characters; else a neutral 'Provider'. Never the
 * email's local part: the display name is public, the address is not (a Google account whose name
 * is not a valid name has none; password sign-up always has one).
 */
export function providerDisplayName(user: { name: string | null }) {
  const name = user.name?.normalize('NFC').trim();
  return name && !hasHostileCharacters(name) ? name : 'Provider';
}

export function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: string }).code === '23505') return true;
  }
  return false;
}

/** `device`: this browser's device cookie (docs/decisions/007), if it sent one. */
export type AuthContext = {
  ip: string;
  userAgent: string | undefined;
  device?: string | undefined;
  /** Successful sign-ups allowed from one IP per hour (config `SIGNUPS_PER_IP_PER_HOUR`). */
  signupsPerIpPerHour?: number;
  /** The public origin for links in emails (the verification link sent at sign-up). */
  appUrl: string;
};

/** Successful sign-ups from one IP per hour, unless configured otherwise. */
export const SIGNUPS_PER_IP_PER_HOUR = 5;

/** Failures (wrong password, taken email) per IP, per window. */
const perIp = (kind: string, ip: string): Limit => ({
  key: `${kind}:ip:${ip}`,
  max: AUTH_FAILURE_LIMIT,
  windowSeconds: AUTH_FAILURE_WINDOW_SECONDS,
});

/**
 * Failures on one account from devices it does not know (no valid device cookie): shared by
 * everyone, so it grows its window after each window an attack uses up.
 */
const perAccount = (kind: string, email: string): Limit => ({
  key: `${kind}:account:${email}`,
  max: AUTH_FAILURE_LIMIT,
  windowSeconds: AUTH_FAILURE_WINDOW_SECONDS,
  grow: true,
});

/** Failures from one trusted device (a stolen device cookie cannot guess more than this). */
const perDevice = (nonce: string): Limit => ({
  key: `login:device:${nonce}`,
  max: AUTH_FAILURE_LIMIT,
  windowSeconds: AUTH_FAILURE_WINDOW_SECONDS,
});

export const signupsPerIp = (ip: string, max = SIGNUPS_PER_IP_PER_HOUR): Limit => ({
  key: `signup:created:ip:${ip}`,
  max,
  windowSeconds: 3600,
  message: (i18n, wait) =>
    i18n._(msg`Too many accounts have been created from your network. Please wait ${wait} and try again.`),
});

export async function signup(db: Executor, input: SignupInput & { role: 'TRAVELER' | 'PROVIDER' }, ctx: AuthContext) {
  const email = normalizeEmail(input.email);
  // Failures first, then the created-accounts quota: each a single atomic take-and-check, so
  // parallel requests cannot all pass. Whatever turns out not to count is given back below.
  const [ipFailures, accountFailures, created] = await reserve(db, [
    perIp('signup', ctx.ip),
    perAccount('signup', email),
    signupsPerIp(ctx.ip, ctx.signupsPerIpPerHour),
  ]);
  let result;
  try {
    const passwordHash = await hashPassword(input.password);
    result = await db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({
          email,
          name: input.name.normalize('NFC').trim(),
          role: input.role,
          passwordHash,
          ...(input.language ? { language: input.language } : {}),
        })
        .returning(userColumns);
      if (!user) throw new Error('insert returned no row');
      if (user.role === 'PROVIDER') await ensureProviderProfile(tx, user, input.timeZone ?? '');
      // The link to confirm the address goes out only if the account is created (same transaction).
      await sendVerificationEmail(tx, user, ctx.appUrl);
      const session = await createSession(tx, user.id, ctx.userAgent);
      return { user, session };
    });
  } catch (err) {
    await release(db, [created!]);
    if (isUniqueViolation(err)) {
      await pruneExpired(db);
      throw new AppError('CONFLICT', 'An account with this email already exists.');
    }
    await release(db, [ipFailures!, accountFailures!]);
    throw err;
  }
  await release(db, [ipFailures!, accountFailures!]);
  return { ...result, device: await issueDeviceCookie(db, ctx.device, result.user.id) };
}

export async function login(db: Executor, input: { email: string; password: string }, ctx: AuthContext) {
  const email = normalizeEmail(input.email);
  const [row] = await db
    .select({
      ...userColumns,
      passwordHash: users.passwordHash,
      deactivatedAt: users.deactivatedAt,
      suspendedAt: users.suspendedAt,
    })
    .from(users)
    .where(sql`lower(${users.email}) = ${email}`)
    .limit(1);
  // A device that has signed in to this account before counts its failures on its own; everyone
  // else shares the account's budget for unknown devices. Per-IP ceilings apply to both. The
  // attempt is taken BEFORE the password is checked, atomically, and given back on success.
  const device = await trustedDevice(db, ctx.device, row?.id);
  const reservations = await reserve(db, [
    perIp('login', ctx.ip),
    device ? perDevice(device) : perAccount('login', email),
  ]);
  const ok = await verifyPassword(row?.passwordHash, input.password);
  // A deactivated account (users are never deleted) answers like a wrong password.
  if (!row || !ok || row.deactivatedAt) {
    await pruneExpired(db);
    throw new AppError('UNAUTHORIZED', INVALID_CREDENTIALS);
  }
  await release(db, reservations);
  // The right password of a suspended account: told plainly, with how to appeal (decision 051).
  if (row.suspendedAt) throw new AppError('FORBIDDEN', SUSPENDED_SIGN_IN_MESSAGE);
  // Housekeeping on the way: this user's expired sessions go.
  await db.delete(sessions).where(and(eq(sessions.userId, row.id), lt(sessions.expiresAt, new Date())));
  const { passwordHash: _omit, deactivatedAt: _deactivated, suspendedAt: _suspended, ...user } = row;
  const session = await createSession(db, user.id, ctx.userAgent);
  return { user: user satisfies User, session, device: await issueDeviceCookie(db, ctx.device, user.id, device) };
}

export async function deleteSession(db: Executor, sessionId: string) {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

export async function switchRole(
  db: Executor,
  current: User,
  { role, timeZone }: { role: 'TRAVELER' | 'PROVIDER'; timeZone?: string | undefined },
): Promise<User> {
  if (current.role === 'ADMIN') throw new AppError('FORBIDDEN', 'Admins cannot switch role.');
  return db.transaction(async (tx) => {
    const [user] = await tx.update(users).set({ role }).where(eq(users.id, current.id)).returning(userColumns);
    if (!user) throw new AppError('NOT_FOUND', 'Account not found.');
    if (role === 'PROVIDER') await ensureProviderProfile(tx, user, timeZone ?? '');
    return user;
  });
}

export async function getUser(db: Executor, id: string): Promise<User> {
  const [user] = await db.select(userColumns).from(users).where(eq(users.id, id)).limit(1);
  if (!user) throw new AppError('NOT_FOUND', 'Account not found.');
  return user;
}

export async function updateProfile(
  db: Executor,
  userId: string,
  input: {
    name?: string | undefined;
    language?: Locale | undefined;
    displayCurrency?: CurrencyCode | null | undefined;
  },
): Promise<User> {
  const [user] = await db
    .update(users)
    .set({
      ...(input.name !== undefined ? { name: input.name.normalize('NFC').trim() } : {}),
      ...(input.language !== undefined ? { language: input.language } : {}),
      ...(input.displayCurrency !== undefined ? { displayCurrency: input.displayCurrency } : {}),
    })
    .where(eq(users.id, userId))
    .returning(userColumns);
  if (!user) throw new AppError('NOT_FOUND', 'Account not found.');
  return user;
}

export async function setAvatar(db: Executor, userId: string, image: string | null): Promise<User> {
  const [user] = await db.update(users).set({ image }).where(eq(users.id, userId)).returning(userColumns);
  if (!user) throw new AppError('NOT_FOUND', 'Account not found.');
  return user;
}

/** Changes the password after checking the current one; every other session is signed out. */
export async function changePassword(
  db: Executor,
  userId: string,
  currentSessionId: string,
  input: { currentPassword: string; newPassword: string },
) {
  const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
  if (!row?.passwordHash) {
    throw new AppError('BAD_REQUEST', 'This account signs in with Google and has no password to change.');
  }
  const reservations = await reserve(db, [
    { key: `password:user:${userId}`, max: AUTH_FAILURE_LIMIT, windowSeconds: AUTH_FAILURE_WINDOW_SECONDS },
  ]);
  if (!(await verifyPassword(row.passwordHash, input.currentPassword))) {
    throw new AppError('BAD_REQUEST', 'Current password is incorrect.');
  }
  await release(db, reservations);
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
    await revokeResetLinks(tx, userId);
    await tx.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.id, currentSessionId)));
  });
}

export async function listSessions(db: Executor, userId: string, currentSessionId: string) {
  const rows = await db
    .select({
      id: sessions.id,
      userAgent: sessions.userAgent,
      createdAt: sessions.createdAt,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), sql`${sessions.expiresAt} > now()`))
    .orderBy(sql`${sessions.createdAt} desc`);
  return rows.map((r) => ({
    current: r.id === currentSessionId,
    userAgent: r.userAgent,
    createdAt: r.createdAt.toISOString(),
    expiresAt: r.expiresAt.toISOString(),
  }));
}

export async function revokeOtherSessions(db: Executor, userId: string, currentSessionId: string) {
  const deleted = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.id, currentSessionId)))
    .returning({ id: sessions.id });
  return deleted.length;
}

/** Used by the create-admin command: creates an admin account, or promotes and re-passwords one. */
export async function upsertAdmin(
  db: Executor,
  input: { email: string; password: string; name?: string },
): Promise<User> {
  const email = normalizeEmail(input.email);
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(users)
      .set({ role: 'ADMIN', passwordHash })
      .where(sql`lower(${users.email}) = ${email}`)
      .returning(userColumns);
    if (updated) {
      await revokeResetLinks(tx, updated.id); // a new password, like any other change of it
      return updated;
    }
    const [created] = await tx
      .insert(users)
      .values({ email, name: input.name ?? 'Admin', role: 'ADMIN', passwordHash })
      .returning(userColumns);
    if (!created) throw new Error('admin insert returned no row');
    return created;
  });
}

export type { Role };
