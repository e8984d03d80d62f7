import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { googleCallbackQuerySchema, googleStartQuerySchema } from '../../../shared/api/auth.ts';
import type { GoogleSignInError } from '../../../shared/domain/google-sign-in.ts';
import { withReturnPath } from '../../../shared/domain/return-path.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/open.ts';
import { originOf } from '../../http/origin.ts';
import { isSecure, setSessionCookie } from '../../http/session.ts';
import { DEVICE_COOKIE, setDeviceCookie } from './device-cookies.ts';
import {
  finishGoogleSignIn,
  GOOGLE_FLOW_COOKIE_PATH,
  GOOGLE_FLOW_TTL_SECONDS,
  googleDiscovery,
  googleFlowCookieName,
  openFlow,
  sealFlow,
  signInWithGoogle,
  startGoogleSignIn,
} from './google.ts';

export const GOOGLE_CALLBACK_PATH = '/api/auth/google/callback';

/** Back to sign-in with the reason (a fixed code the page words) and the user's place kept. */
function backToSignIn(reply: FastifyReply, error: GoogleSignInError, next?: string) {
  return reply
    .header('cache-control', 'no-store')
    .redirect(withReturnPath(`/auth/signin?error=${error}`, { next }), 302);
}

export const googleRoutes: FastifyPluginAsyncZod<{ db: Db; config: Config }> = async (app, { db, config }) => {
  const google = config.google;
  const discover = google ? googleDiscovery(google) : undefined;
  const callbackUrl = (request: FastifyRequest) => `${originOf(config, request)}${GOOGLE_CALLBACK_PATH}`;
  const cookieOptions = (request: FastifyRequest) => ({
    path: GOOGLE_FLOW_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: isSecure(request),
  });

  app.get(
    '/api/auth/google',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Start Google sign-in (browser navigation): redirects to Google; next: a same-origin path to return to; role (TRAVELER | PROVIDER) and timeZone (required for PROVIDER) apply only to a new account',
        querystring: googleStartQuerySchema,
      },
    },
    async (request, reply) => {
      const { next, role, timeZone } = request.query;
      if (!google || !discover) return backToSignIn(reply, 'google_not_configured', next);
      if (role === 'PROVIDER' && !timeZone) return backToSignIn(reply, 'google_time_zone', next);
      let configuration;
      try {
        configuration = await discover();
      } catch (error) {
        request.log.warn({ err: error }, 'Google sign-in: the issuer could not be discovered');
        return backToSignIn(reply, 'google_unavailable', next);
      }
      const { url, flow } = await startGoogleSignIn(configuration, {
        redirectUri: callbackUrl(request),
        role,
        timeZone,
        next,
      });
      void reply.setCookie(googleFlowCookieName(isSecure(request)), sealFlow(flow, google.clientSecret), {
        ...cookieOptions(request),
        maxAge: GOOGLE_FLOW_TTL_SECONDS,
      });
      return reply.header('cache-control', 'no-store').redirect(url.href, 302);
    },
  );

  app.get(
    GOOGLE_CALLBACK_PATH,
    {
      schema: {
        tags: ['auth'],
        summary:
          'Finish Google sign-in (the provider redirects here): signs in, links or creates the account, then redirects',
        querystring: googleCallbackQuerySchema,
      },
    },
    async (request, reply) => {
      if (!google || !discover) return backToSignIn(reply, 'google_not_configured');
      // The flow is single use: its cookie goes whatever happens next.
      const cookieName = googleFlowCookieName(isSecure(request));
      const flow = openFlow(request.cookies[cookieName], google.clientSecret);
      void reply.clearCookie(cookieName, cookieOptions(request));
      if (request.query.error) {
        return backToSignIn(
          reply,
          request.query.error === 'access_denied' ? 'google_denied' : 'google_failed',
          flow?.next,
        );
      }
      if (!flow) return backToSignIn(reply, 'google_state');
      let configuration;
      try {
        configuration = await discover();
      } catch (error) {
        request.log.warn({ err: error }, 'Google sign-in: the issuer could not be discovered');
        return backToSignIn(reply, 'google_unavailable', flow.next);
      }
      const currentUrl = new URL(request.url, callbackUrl(request));
      const finished = await finishGoogleSignIn(configuration, currentUrl, flow);
      if (!finished.ok) {
        request.log.warn({ err: finished.cause, reason: finished.error }, 'Google sign-in refused');
        return backToSignIn(reply, finished.error, flow.next);
      }
      const result = await signInWithGoogle(db, finished.identity, flow, {
        ip: request.ip,
        userAgent: typeof request.headers['user-agent'] === 'string' ? request.headers['user-agent'] : undefined,
        device: request.cookies[DEVICE_COOKIE],
        signupsPerIpPerHour: config.signupsPerIpPerHour,
      });
      if (!result.ok) return backToSignIn(reply, result.error, flow.next);
      setSessionCookie(request, reply, result.session.token, result.session.expiresAt);
      setDeviceCookie(request, reply, result.device);
      return reply.header('cache-control', 'no-store').redirect(result.landing, 302);
    },
  );
};
