import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import * as oidc from 'openid-client';
import { z } from 'zod';
import { nameSchema, selfServiceRoleSchema, type User } from '../../../shared/api/auth.ts';
import { timeZoneSchema } from '../../../shared/api/time.ts';
import type { GoogleSignInError } from '../../../shared/domain/google-sign-in.ts';
import { safeNextPath } from '../../../shared/domain/return-path.ts';
import type { Executor } from '../../db/open.ts';
import { sessions, users } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import { pruneExpired, release, reserve } from '../../http/rate-limit.ts';
import { createSession, userColumns } from '../../http/session.ts';
import { ensureProviderProfile, isUniqueViolation, normalizeEmail, signupsPerIp, type AuthContext } from './auth.ts';
import { issueDeviceCookie } from './device-cookies.ts';

/**
 * Google sign-in (decision 023): an OpenID Connect authorisation-code flow with PKCE,
 * state and nonce through `openid-client`, against the issuer discovered from GOOGLE_ISSUER (Google
 * in production, a local `oidc-provider` in tests).
 *
 * What the callback needs (state, nonce, PKCE verifier, the chosen role and time zone, the safe
 * return path) travels in one short-lived, httpOnly, SameSite=Lax cookie signed with a key
 * derived from the client secret: nothing is kept on the server, so any app instance can finish a
 * flow another one started.
 */

export const GOOGLE_FLOW_COOKIE = 'locora_google';
/**
 * The cookie's name on HTTPS: the `__Secure-` prefix makes browsers refuse it unless it was set
 * Secure from an HTTPS page, so a network attacker cannot plant one over plain HTTP. Plain HTTP
 * (development, tests) keeps the plain name, which browsers would otherwise refuse to store.
 */
export const GOOGLE_FLOW_COOKIE_SECURE = `__Secure-${GOOGLE_FLOW_COOKIE}`;
export function googleFlowCookieName(secure: boolean): string {
  return secure ? GOOGLE_FLOW_COOKIE_SECURE : GOOGLE_FLOW_COOKIE;
}
/** The cookie goes only to the start and callback routes. */
export const GOOGLE_FLOW_COOKIE_PATH = '/api/auth/google';
/** How long a user may take at Google's pages before the flow is stale. */
export const GOOGLE_FLOW_TTL_SECONDS = 10 * 60;
export const GOOGLE_SCOPE = 'openid email profile';

export type GoogleSettings = { clientId: string; clientSecret: string; issuer: string };

const flowSchema = z.object({
  state: z.string().min(1),
  nonce: z.string().min(1),
  codeVerifier: z.string().min(1),
  role: selfServiceRoleSchema,
  timeZone: z.string().optional(),
  next: z.string().optional(),
  /** Epoch milliseconds after which the cookie is refused. */
  expiresAt: z.number(),
});
export type GoogleFlow = z.infer<typeof flowSchema>;

function flowKey(secret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'locora', 'google sign-in flow cookie v1', 32));
}

/** The cookie value: base64url(JSON) "." base64url(HMAC-SHA256). */
export function sealFlow(flow: GoogleFlow, secret: string): string {
  const body = Buffer.from(JSON.stringify(flow)).toString('base64url');
  const mac = createHmac('sha256', flowKey(secret)).update(body).digest('base64url');
  return `${body}.${mac}`;
}

/** The flow in a cookie, or undefined when it is missing, altered, malformed or stale. */
export function openFlow(value: string | undefined, secret: string, now = Date.now()): GoogleFlow | undefined {
  if (!value || value.length > 4096) return undefined;
  const [body, mac, extra] = value.split('.');
  if (!body || !mac || extra !== undefined) return undefined;
  const expected = createHmac('sha256', flowKey(secret)).update(body).digest();
  const given = Buffer.from(mac, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  const flow = flowSchema.safeParse(parsed);
  if (!flow.success || flow.data.expiresAt <= now) return undefined;
  return flow.data;
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * The issuer's configuration, discovered once and kept (retried after a failure). Plain HTTP is
 * allowed only for an issuer on this machine (the local test provider), never for a remote one.
 */
export function googleDiscovery(google: GoogleSettings): () => Promise<oidc.Configuration> {
  let pending: Promise<oidc.Configuration> | undefined;
  return () => {
    pending ??= (() => {
      const issuer = new URL(google.issuer);
      const local = issuer.protocol === 'http:' && LOOPBACK.has(issuer.hostname);
      return oidc.discovery(
        issuer,
        google.clientId,
        undefined,
        oidc.ClientSecretPost(google.clientSecret),
        local ? { execute: [oidc.allowInsecureRequests], timeout: 10 } : { timeout: 10 },
      );
    })().catch((error: unknown) => {
      pending = undefined;
      throw error;
    });
    return pending;
  };
}

/** The address to send the browser to, and the flow to keep in the cookie. */
export async function startGoogleSignIn(
  configuration: oidc.Configuration,
  input: {
    redirectUri: string;
    role: 'TRAVELER' | 'PROVIDER';
    timeZone?: string | undefined;
    next?: string | undefined;
  },
  now = Date.now(),
) {
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const url = oidc.buildAuthorizationUrl(configuration, {
    redirect_uri: input.redirectUri,
    response_type: 'code',
    scope: GOOGLE_SCOPE,
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  });
  const next = safeNextPath(input.next);
  const flow: GoogleFlow = {
    state,
    nonce,
    codeVerifier,
    role: input.role,
    ...(input.timeZone ? { timeZone: input.timeZone } : {}),
    ...(next ? { next } : {}),
    expiresAt: now + GOOGLE_FLOW_TTL_SECONDS * 1000,
  };
  return { url, flow };
}

export type GoogleIdentity = { sub: string; email: string; name: string | undefined };
type Refused = { ok: false; error: GoogleSignInError; cause?: unknown };

/** Whether an error of the token exchange says the response did not belong to this flow. */
function isTampering(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { message, claim } = e as { message?: unknown; claim?: unknown };
    if (claim === 'nonce') return true;
    if (typeof message === 'string' && /"(state|nonce)"/.test(message)) return true;
  }
  return false;
}

/**
 * Exchanges the code (with the PKCE verifier) and checks state, nonce, issuer, audience and the
 * ID token's signature; then requires a verified email.
 */
export async function finishGoogleSignIn(
  configuration: oidc.Configuration,
  currentUrl: URL,
  flow: GoogleFlow,
): Promise<{ ok: true; identity: GoogleIdentity } | Refused> {
  // The state is compared before anything is sent to the provider.
  if (currentUrl.searchParams.get('state') !== flow.state) return { ok: false, error: 'google_state' };
  let claims: oidc.IDToken | undefined;
  try {
    const tokens = await oidc.authorizationCodeGrant(configuration, currentUrl, {
      pkceCodeVerifier: flow.codeVerifier,
      expectedState: flow.state,
      expectedNonce: flow.nonce,
      idTokenExpected: true,
    });
    claims = tokens.claims();
  } catch (error) {
    return { ok: false, error: isTampering(error) ? 'google_state' : 'google_failed', cause: error };
  }
  if (!claims?.sub) return { ok: false, error: 'google_failed' };
  const email = typeof claims.email === 'string' ? claims.email.trim() : '';
  // Google sends a boolean; some providers a string.
  const verified = claims.email_verified === true || claims.email_verified === 'true';
  if (!email || !verified || !z.email().safeParse(email).success) {
    return { ok: false, error: 'google_email_unverified' };
  }
  return { ok: true, identity: { sub: claims.sub, email, name: googleName(claims) } };
}

/**
 * The account name from Google: the full name if it is a valid name (nameSchema), else the given
 * name, else none. Never derived from the email address (an account without a name shows a
 * neutral one, never the address's local part).
 */
function googleName(claims: oidc.IDToken): string | undefined {
  for (const claim of [claims.name, claims.given_name]) {
    if (typeof claim !== 'string') continue;
    const name = nameSchema.safeParse(claim.slice(0, 100));
    if (name.success) return name.data;
  }
  return undefined;
}

type SignedIn = {
  ok: true;
  user: User;
  session: { token: string; expiresAt: Date };
  device: string;
  /** True when this sign-in created the account. */
  created: boolean;
  /** Where the browser goes: `next`, else the product's sign-in (/) or sign-up (by role) success. */
  landing: string;
};

/**
 * Signs in the Google account `identity`, in this order:
 * 1. a user already linked to this Google subject;
 * 2. a user with the same email (case-insensitive), linked now only if that user's own address is
 *    verified (decision 022: a link verifies only for its signed-in account, so the password
 *    holder controls the mailbox): otherwise whoever registered the address first, without owning
 *    it, would share the account (pre-account takeover), so the user is told to sign in with the
 *    password and confirm the address from Settings first. Linking signs out every other session
 *    of the account;
 * 3. otherwise a new account with the role chosen (a provider with their time zone), its email
 *    verified by Google, no password. New accounts count against the per-IP sign-up quota.
 */
export async function signInWithGoogle(
  db: Executor,
  identity: GoogleIdentity,
  flow: Pick<GoogleFlow, 'role' | 'timeZone' | 'next'>,
  ctx: Omit<AuthContext, 'appUrl'>,
): Promise<SignedIn | Refused> {
  const email = normalizeEmail(identity.email);
  const account = { ...userColumns, googleSub: users.googleSub, emailVerifiedAt: users.emailVerifiedAt };
  const deactivated = { deactivatedAt: users.deactivatedAt, suspendedAt: users.suspendedAt };
  const [bySub] = await db
    .select({ ...account, ...deactivated })
    .from(users)
    .where(eq(users.googleSub, identity.sub))
    .limit(1);
  let existing = bySub;
  if (!existing) {
    const [byEmail] = await db
      .select({ ...account, ...deactivated })
      .from(users)
      .where(sql`lower(${users.email}) = ${email}`)
      .limit(1);
    if (byEmail) {
      if (byEmail.deactivatedAt) return { ok: false, error: 'google_deactivated' };
      if (byEmail.googleSub) return { ok: false, error: 'google_link_other' };
      if (!byEmail.emailVerifiedAt) return { ok: false, error: 'google_link_unverified' };
      // Linked only while still unlinked (a parallel callback cannot link a second subject), and
      // every session of the account ends with it: should anyone else have been signed in to it,
      // they are out once the address's Google owner comes in (defence in depth; decision 023).
      const linked = await db.transaction(async (tx) => {
        const [row] = await tx
          .update(users)
          .set({ googleSub: identity.sub })
          .where(and(eq(users.id, byEmail.id), isNull(users.googleSub)))
          .returning({ id: users.id });
        if (row) await tx.delete(sessions).where(eq(sessions.userId, row.id));
        return row;
      });
      if (!linked) return { ok: false, error: 'google_link_other' };
      existing = byEmail;
    }
  }
  if (existing) {
    if (existing.deactivatedAt) return { ok: false, error: 'google_deactivated' };
    if (existing.suspendedAt) return { ok: false, error: 'google_suspended' };
    const user: User = {
      id: existing.id,
      email: existing.email,
      name: existing.name,
      role: existing.role,
      image: existing.image,
      language: existing.language,
      displayCurrency: existing.displayCurrency,
    };
    await db.delete(sessions).where(and(eq(sessions.userId, user.id), lt(sessions.expiresAt, new Date())));
    const session = await createSession(db, user.id, ctx.userAgent);
    const device = await issueDeviceCookie(db, ctx.device, user.id);
    return { ok: true, user, session, device, created: false, landing: flow.next ?? '/' };
  }

  if (flow.role === 'PROVIDER' && !timeZoneSchema.safeParse(flow.timeZone).success) {
    return { ok: false, error: 'google_time_zone' };
  }
  let created;
  try {
    [created] = await reserve(db, [signupsPerIp(ctx.ip, ctx.signupsPerIpPerHour)]);
  } catch (error) {
    if (error instanceof AppError && error.code === 'RATE_LIMITED') return { ok: false, error: 'google_rate_limited' };
    throw error;
  }
  let result;
  try {
    result = await db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({
          email,
          name: identity.name ?? null,
          role: flow.role,
          passwordHash: null,
          googleSub: identity.sub,
          emailVerifiedAt: new Date(),
        })
        .returning(userColumns);
      if (!user) throw new Error('insert returned no row');
      if (user.role === 'PROVIDER') await ensureProviderProfile(tx, user, flow.timeZone ?? '');
      const session = await createSession(tx, user.id, ctx.userAgent);
      return { user, session };
    });
  } catch (error) {
    await release(db, [created!]);
    // Someone took the address (or the subject) a moment ago: starting again signs in or links.
    if (isUniqueViolation(error)) {
      await pruneExpired(db);
      return { ok: false, error: 'google_failed' };
    }
    throw error;
  }
  const device = await issueDeviceCookie(db, ctx.device, result.user.id);
  const landing = flow.next ?? (result.user.role === 'PROVIDER' ? '/dashboard/provider' : '/browse');
  return { ok: true, ...result, device, created: true, landing };
}
