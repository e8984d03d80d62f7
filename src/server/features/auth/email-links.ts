/**
 * Links sent by email (decision 022): confirming an address (at sign-up and
 * on an email change) and resetting a forgotten password. Each link carries a random 32-byte
 * token; only its SHA-256 is stored, it works once, and it expires (48 hours to verify, 1 hour to
 * reset). The emails go through the outbox in the transaction of their cause. A reset link also
 * stops working when the password or the address changes, or a newer reset link is used
 * (decision 034).
 */
import { msg } from '@lingui/core/macro';
import { randomBytes } from 'node:crypto';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { FORGOT_PASSWORD_ANSWER, type User } from '../../../shared/api/auth.ts';
import { AUTH_FAILURE_LIMIT, AUTH_FAILURE_WINDOW_SECONDS } from '../../../shared/domain/constants.ts';
import { DEFAULT_LOCALE, type Locale } from '../../../shared/domain/locales.ts';
import { queryRows, type Executor } from '../../db/open.ts';
import { authTokens, sessions, users } from '../../db/schema.ts';
import { enqueueEmail } from '../../email/outbox.ts';
import { resetPasswordEmail, verifyEmailEmail } from '../../email/templates.ts';
import { AppError } from '../../http/errors.ts';
import { release, reserve, type Limit } from '../../http/rate-limit.ts';
import { createSession, hashToken, userColumns } from '../../http/session.ts';
import { issueDeviceCookie } from './device-cookies.ts';
import { hashPassword, verifyPassword } from './passwords.ts';

export const VERIFY_EMAIL_TTL_HOURS = 48;
export const RESET_PASSWORD_TTL_MINUTES = 60;

/** Reset requests: per client address and per email address (whether or not it has an account). */
export const FORGOT_PASSWORD_PER_IP_PER_HOUR = 10;
export const FORGOT_PASSWORD_PER_EMAIL_PER_HOUR = 3;
/** 'Resend verification email' from settings. */
export const VERIFICATION_RESENDS_PER_HOUR = 3;
/** Email changes (each sends a verification email to the new address): like resends. */
export const EMAIL_CHANGES_PER_HOUR = 3;

export const VERIFY_LINK_ERRORS = {
  invalid:
    'This verification link is not valid. Make sure you opened the whole link from the email, or send a new one from your settings.',
  used: 'This verification link has already been used. Your settings show whether your email address is verified.',
  expired: 'This verification link has expired. Send a new one from your settings.',
  outdated:
    'This verification link was sent to an earlier email address of your account. Send a new one from your settings.',
  signedOut: 'Sign in to confirm your email address: a verification link works only for the account it was sent to.',
  otherAccount:
    'This verification link was sent to a different account. Sign out, open the link again and sign in with the account it was sent to.',
} as const;

export const RESET_LINK_ERRORS = {
  invalid:
    'This password reset link is not valid. Make sure you opened the whole link from the email, or ask for a new one.',
  used: 'This password reset link has already been used. Ask for a new one if you still need it.',
  expired: 'This password reset link has expired (links work for 1 hour). Ask for a new one.',
  revoked:
    'This password reset link no longer works: since it was sent, the password or email address of the account changed, or a newer reset link was used. Ask for a new one if you still need it.',
} as const;

function newToken() {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashToken(token) };
}

/**
 * Issues a verification link for the user's current address and enqueues its email. Pass the
 * transaction of the cause (sign-up, email change): the email exists only if the cause commits.
 */
export async function sendVerificationEmail(
  tx: Executor,
  user: { id: string; email: string; name: string | null },
  appUrl: string,
) {
  const { token, tokenHash } = newToken();
  await tx.insert(authTokens).values({
    tokenHash,
    userId: user.id,
    purpose: 'VERIFY_EMAIL',
    email: user.email,
    expiresAt: new Date(Date.now() + VERIFY_EMAIL_TTL_HOURS * 3600 * 1000),
  });
  // In the account's language (a new account takes the language of the page it was made on).
  const [account] = await tx.select({ language: users.language }).from(users).where(eq(users.id, user.id));
  const email = verifyEmailEmail({
    locale: account?.language ?? DEFAULT_LOCALE,
    appUrl,
    name: user.name,
    token,
    hours: VERIFY_EMAIL_TTL_HOURS,
  });
  await enqueueEmail(tx, { to: user.email, ...email, kind: 'verify-email' });
}

type TokenRow = {
  id: string;
  userId: string;
  email: string;
  expiresAt: Date;
  usedAt: Date | null;
  revokedAt: Date | null;
};

async function findToken(db: Executor, token: string, purpose: 'VERIFY_EMAIL' | 'RESET_PASSWORD', lock = false) {
  const query = db
    .select({
      id: authTokens.id,
      userId: authTokens.userId,
      email: authTokens.email,
      expiresAt: authTokens.expiresAt,
      usedAt: authTokens.usedAt,
      revokedAt: authTokens.revokedAt,
    })
    .from(authTokens)
    .where(and(eq(authTokens.tokenHash, hashToken(token)), eq(authTokens.purpose, purpose)))
    .limit(1);
  const [row] = (await (lock ? query.for('update') : query)) as TokenRow[];
  return row;
}

function tokenProblem(row: TokenRow | undefined): 'invalid' | 'used' | 'expired' | 'revoked' | undefined {
  if (!row) return 'invalid';
  if (row.usedAt) return 'used';
  if (row.revokedAt) return 'revoked';
  if (row.expiresAt.getTime() <= Date.now()) return 'expired';
  return undefined;
}

/**
 * Confirms the address a verification link was sent to (if it is still the account's address),
 * only for the signed-in account the link belongs to (decision 022). Whoever holds the mailbox
 * without the password cannot mark someone else's account verified: Google sign-in links an
 * account by a verified address (decision 023), so "verified" must mean that the password holder
 * also controls the mailbox. Another account (any role, an admin too) is refused before the
 * link's state is told, and the link stays usable by its owner.
 */
export async function verifyEmail(db: Executor, token: string, userId: string): Promise<{ email: string }> {
  return db.transaction(async (tx) => {
    const row = await findToken(tx, token, 'VERIFY_EMAIL', true);
    if (row && row.userId !== userId) throw new AppError('FORBIDDEN', VERIFY_LINK_ERRORS.otherAccount);
    const problem = tokenProblem(row);
    if (problem) throw new AppError('BAD_REQUEST', VERIFY_LINK_ERRORS[problem === 'revoked' ? 'invalid' : problem]);
    const [user] = await tx
      .update(users)
      .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` })
      .where(and(eq(users.id, userId), sql`lower(${users.email}) = lower(${row!.email})`))
      .returning({ email: users.email });
    if (!user) throw new AppError('BAD_REQUEST', VERIFY_LINK_ERRORS.outdated);
    await tx
      .update(authTokens)
      .set({ usedAt: sql`now()` })
      .where(eq(authTokens.id, row!.id));
    return { email: user.email };
  });
}

export async function getEmailStatus(db: Executor, userId: string) {
  const [row] = await db
    .select({ email: users.email, verifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) throw new AppError('NOT_FOUND', 'Account not found.');
  return { email: row.email, verified: row.verifiedAt !== null };
}

/** 'Resend verification email' (settings): a new link, a few times an hour at most. */
export async function resendVerificationEmail(db: Executor, userId: string, appUrl: string) {
  const [user] = await db
    .select({ id: users.id, email: users.email, name: users.name, verifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw new AppError('NOT_FOUND', 'Account not found.');
  if (user.verifiedAt) throw new AppError('BAD_REQUEST', 'Your email address is already verified.');
  await reserve(db, [
    {
      key: `verify-email:user:${userId}`,
      max: VERIFICATION_RESENDS_PER_HOUR,
      windowSeconds: 3600,
      message: (i18n, wait) =>
        i18n._(msg`You have asked for several verification emails already. Please wait ${wait} and try again.`),
    },
  ]);
  await db.transaction((tx) => sendVerificationEmail(tx, user, appUrl));
}

/**
 * Makes every unused reset link of the account unusable (decision 034). Call it in the
 * transaction that changes the password or the address, or that uses a newer link.
 */
export async function revokeResetLinks(tx: Executor, userId: string) {
  await tx
    .update(authTokens)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(authTokens.userId, userId),
        eq(authTokens.purpose, 'RESET_PASSWORD'),
        isNull(authTokens.usedAt),
        isNull(authTokens.revokedAt),
      ),
    );
}

/**
 * Changes the account's address after checking the password: the new address is not verified
 * until its link is opened (the email is enqueued in the same transaction). At most
 * EMAIL_CHANGES_PER_HOUR an hour; every earlier reset link stops working, and the account's
 * other sessions are signed out (this one stays).
 */
export async function changeEmail(
  db: Executor,
  userId: string,
  currentSessionId: string,
  input: { email: string; currentPassword: string },
  appUrl: string,
): Promise<User> {
  const email = input.email.trim().toLowerCase();
  const [row] = await db
    .select({ email: users.email, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) throw new AppError('NOT_FOUND', 'Account not found.');
  if (!row.passwordHash) {
    throw new AppError('BAD_REQUEST', 'This account signs in with Google; its email address cannot be changed here.');
  }
  const reservations = await reserve(db, [
    { key: `password:user:${userId}`, max: AUTH_FAILURE_LIMIT, windowSeconds: AUTH_FAILURE_WINDOW_SECONDS },
  ]);
  if (!(await verifyPassword(row.passwordHash, input.currentPassword))) {
    throw new AppError('BAD_REQUEST', 'Current password is incorrect.');
  }
  await release(db, reservations);
  if (row.email.toLowerCase() === email) throw new AppError('BAD_REQUEST', 'This is already your email address.');
  // Counted once the password is right (wrong ones have their own limit), taken address or not:
  // each change emails a third party, and a 409 tells whether an address has an account.
  await reserve(db, [
    {
      key: `email-change:user:${userId}`,
      max: EMAIL_CHANGES_PER_HOUR,
      windowSeconds: 3600,
      message: (i18n, wait) =>
        i18n._(
          msg`You have changed your email address several times in the last hour. Please wait ${wait} and try again.`,
        ),
    },
  ]);
  try {
    return await db.transaction(async (tx) => {
      const [user] = await tx
        .update(users)
        .set({ email, emailVerifiedAt: null })
        .where(eq(users.id, userId))
        .returning(userColumns);
      if (!user) throw new AppError('NOT_FOUND', 'Account not found.');
      await revokeResetLinks(tx, userId);
      await tx.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.id, currentSessionId)));
      await sendVerificationEmail(tx, user, appUrl);
      return user;
    });
  } catch (err) {
    for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
      if ((e as { code?: string }).code === '23505') {
        throw new AppError('CONFLICT', 'An account with this email already exists.');
      }
    }
    throw err;
  }
}

const forgotPerIp = (ip: string): Limit => ({
  key: `forgot-password:ip:${ip}`,
  max: FORGOT_PASSWORD_PER_IP_PER_HOUR,
  windowSeconds: 3600,
  message: (i18n, wait) =>
    i18n._(msg`Too many password reset requests from your network. Please wait ${wait} and try again.`),
});

const forgotPerEmail = (email: string): Limit => ({
  key: `forgot-password:email:${email}`,
  max: FORGOT_PASSWORD_PER_EMAIL_PER_HOUR,
  windowSeconds: 3600,
  message: (i18n, wait) =>
    i18n._(msg`Too many password reset requests for this email address. Please wait ${wait} and try again.`),
});

/**
 * "Forgot password?": the same answer, and the same work, whether or not the address has an
 * account: one statement creates the token and its email only when a (non-deactivated) account
 * matches, so neither the reply nor its timing tells who has an account.
 */
export async function requestPasswordReset(
  db: Executor,
  rawEmail: string,
  ip: string,
  appUrl: string,
  /** The language of the page the reset was asked from: the email is written before any account is read. */
  locale: Locale = DEFAULT_LOCALE,
) {
  const email = rawEmail.trim().toLowerCase();
  await reserve(db, [forgotPerIp(ip), forgotPerEmail(email)]);
  const { token, tokenHash } = newToken();
  const mail = resetPasswordEmail({ locale, appUrl, token, minutes: RESET_PASSWORD_TTL_MINUTES });
  await queryRows(
    db,
    sql`with u as (
          select id, email from users where lower(email) = ${email} and deactivated_at is null limit 1
        ), t as (
          insert into auth_tokens (token_hash, user_id, purpose, email, expires_at)
          select ${tokenHash}, u.id, 'RESET_PASSWORD', u.email,
                 now() + make_interval(mins => ${RESET_PASSWORD_TTL_MINUTES})
          from u
          returning email
        )
        insert into email_outbox (to_address, subject, text, html, kind)
        select t.email, ${mail.subject}, ${mail.text}, ${mail.html}, 'password-reset' from t
        returning id`,
  );
  return { ok: true as const, message: FORGOT_PASSWORD_ANSWER };
}

/**
 * Sets a new password from a reset link: the link is used up (every other reset link of the
 * account is revoked), EVERY session of the account is signed out, and a new one is made for this browser
 * (the user is signed in). Reaching the link proves the address, so it also counts as verified.
 */
export async function resetPassword(
  db: Executor,
  input: { token: string; password: string },
  ctx: { ip: string; userAgent: string | undefined; device?: string | undefined },
) {
  // Failed attempts per address (links cannot be guessed, but nobody gets to try forever).
  const reservations = await reserve(db, [
    { key: `reset-password:ip:${ctx.ip}`, max: AUTH_FAILURE_LIMIT, windowSeconds: AUTH_FAILURE_WINDOW_SECONDS },
  ]);
  const row = await findToken(db, input.token, 'RESET_PASSWORD');
  const problem = tokenProblem(row);
  if (problem) throw new AppError('BAD_REQUEST', RESET_LINK_ERRORS[problem]);
  const passwordHash = await hashPassword(input.password);
  const result = await db.transaction(async (tx) => {
    // Taking the link is one atomic step: of two requests with the same link, one wins.
    const [taken] = await tx
      .update(authTokens)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(authTokens.id, row!.id),
          isNull(authTokens.usedAt),
          isNull(authTokens.revokedAt),
          sql`${authTokens.expiresAt} > now()`,
        ),
      )
      .returning({ id: authTokens.id });
    if (!taken) {
      // Lost a race: to another use of this link, or to a change that revoked it.
      const [now] = await tx
        .select({ revokedAt: authTokens.revokedAt })
        .from(authTokens)
        .where(eq(authTokens.id, row!.id));
      throw new AppError('BAD_REQUEST', RESET_LINK_ERRORS[now?.revokedAt ? 'revoked' : 'used']);
    }
    const [user] = await tx
      .update(users)
      .set({
        passwordHash,
        emailVerifiedAt: sql`case when lower(${users.email}) = lower(${row!.email})
          then coalesce(${users.emailVerifiedAt}, now()) else ${users.emailVerifiedAt} end`,
      })
      .where(and(eq(users.id, row!.userId), isNull(users.deactivatedAt)))
      .returning(userColumns);
    if (!user) throw new AppError('BAD_REQUEST', RESET_LINK_ERRORS.invalid);
    await revokeResetLinks(tx, user.id);
    await tx.delete(sessions).where(eq(sessions.userId, user.id));
    const session = await createSession(tx, user.id, ctx.userAgent);
    return { user: user satisfies User, session };
  });
  await release(db, reservations);
  return { ...result, device: await issueDeviceCookie(db, ctx.device, result.user.id) };
}
