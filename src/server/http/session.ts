import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Role, User } from '../../shared/api/auth.ts';
import { SESSION_TTL_DAYS } from '../../shared/domain/constants.ts';
import type { Db, Executor } from '../db/open.ts';
import { sessions, users } from '../db/schema.ts';
import { AppError } from './errors.ts';

export const SESSION_COOKIE = 'locora_session';
/** Sessions one user may hold at once; signing in again drops the oldest. */
export const MAX_SESSIONS_PER_USER = 10;

declare module 'fastify' {
  interface FastifyInstance {
    /** The configured public origin (PUBLIC_URL), if any. */
    publicUrl: string | undefined;
  }
  interface FastifyRequest {
    /** The signed-in user, or null. Set for every request by the session plugin. */
    user: User | null;
    /** sha256 of the session token of this request, when signed in. */
    sessionId: string | null;
  }
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export const userColumns = {
  id: users.id,
  email: users.email,
  name: users.name,
  role: users.role,
  image: users.image,
  language: users.language,
  displayCurrency: users.displayCurrency,
};

/**
 * Creates a session row and returns the raw token (only ever sent in the cookie). A user keeps at
 * most MAX_SESSIONS_PER_USER sessions: the oldest ones go when a new one is made.
 */
export async function createSession(db: Executor, userId: string, userAgent: string | undefined) {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + SESSION_TTL_DAYS * 24 * 3600 * 1000);
  const id = hashToken(token);
  // One transaction that holds the user's row: parallel sign-ins of one user take turns, so the
  // cap is exact (without it, two sign-ins each trimming the other's rows left too few or many).
  await db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    await tx.insert(sessions).values({ id, userId, expiresAt, userAgent: userAgent?.slice(0, 300) ?? null });
    await tx.execute(
      sql`delete from sessions where user_id = ${userId} and id <> ${id} and id not in (
            select id from sessions where user_id = ${userId} and id <> ${id}
            order by created_at desc, id desc limit ${MAX_SESSIONS_PER_USER - 1})`,
    );
  });
  return { token, expiresAt };
}

/** Secure when this request came over HTTPS, or whenever the public URL is HTTPS. */
export function isSecure(request: FastifyRequest) {
  return request.protocol === 'https' || (request.server.publicUrl?.startsWith('https://') ?? false);
}

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string, expiresAt: Date) {
  void reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: isSecure(request),
    expires: expiresAt,
  });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply) {
  void reply.clearCookie(SESSION_COOKIE, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: isSecure(request),
  });
}

/** The cache-control of every JSON answer to a signed-in request. */
export const PRIVATE_NO_STORE = 'private, no-store';

export function requireUser(request: FastifyRequest): User {
  if (!request.user) throw new AppError('UNAUTHORIZED', 'You need to sign in first.');
  return request.user;
}

/** preHandler guard: the signed-in user must have one of `roles`. */
export function requireRole(...roles: Role[]) {
  return async (request: FastifyRequest) => {
    const user = requireUser(request);
    if (!roles.includes(user.role)) throw new AppError('FORBIDDEN', 'You do not have access to this.');
  };
}

export const sessionPlugin = fp(
  async (app: FastifyInstance, opts: { db: Db; publicUrl: string | undefined }) => {
    app.decorate('publicUrl', opts.publicUrl);
    app.decorateRequest('user', null);
    app.decorateRequest('sessionId', null);
    app.addHook('onRequest', async (request) => {
      if (!request.url.startsWith('/api/')) return;
      const token = request.cookies[SESSION_COOKIE];
      if (!token || token.length > 100) return;
      const id = hashToken(token);
      const [row] = await opts.db
        .select(userColumns)
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(
          and(
            eq(sessions.id, id),
            gt(sessions.expiresAt, new Date()),
            isNull(users.deactivatedAt),
            // A suspended account's sessions were ended; none is honoured meanwhile (decision 051).
            isNull(users.suspendedAt),
          ),
        )
        .limit(1);
      if (row) {
        request.user = row;
        request.sessionId = id;
      }
    });
    // Every JSON answer to a signed-in request is private (the user's bookings, their calendars'
    // secret addresses, ...): no cache, shared or the browser's, may keep it.
    app.addHook('onSend', async (request, reply, payload) => {
      if (request.user && String(reply.getHeader('content-type') ?? '').includes('json'))
        void reply.header('cache-control', PRIVATE_NO_STORE);
      return payload;
    });
  },
  { name: 'session' },
);
