import { msg } from '@lingui/core/macro';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  changeEmailSchema,
  changePasswordSchema,
  emailStatusSchema,
  emailVerifiedSchema,
  forgotPasswordResponseSchema,
  forgotPasswordSchema,
  resetPasswordSchema,
  verifyEmailSchema,
  loginSchema,
  okResponseSchema,
  phoneResponseSchema,
  phoneSchema,
  revokedResponseSchema,
  sessionsResponseSchema,
  signupSchema,
  switchRoleSchema,
  updateProfileSchema,
  userResponseSchema,
} from '../../../shared/api/auth.ts';
import { errorBodySchema } from '../../../shared/api/errors.ts';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/open.ts';
import { clearSessionCookie, requireUser, setSessionCookie } from '../../http/session.ts';
import type { Config } from '../../config.ts';
import type { Storage } from '../../storage/storage.ts';
import { refuseCommonPassword } from './common-passwords.ts';
import { DEVICE_COOKIE, setDeviceCookie } from './device-cookies.ts';
import { googleRoutes } from './google-routes.ts';
import {
  changePassword,
  deleteSession,
  listSessions,
  login,
  revokeOtherSessions,
  signup,
  switchRole,
  updateProfile,
} from './auth.ts';
import { removeAvatar, saveAvatar } from './avatars.ts';
import {
  changeEmail,
  getEmailStatus,
  requestPasswordReset,
  resendVerificationEmail,
  resetPassword,
  verifyEmail,
  VERIFY_LINK_ERRORS,
} from './email-links.ts';
import { AppError } from '../../http/errors.ts';
import { requestLocale } from '../../http/request-locale.ts';
import { reserve, type Limit } from '../../http/rate-limit.ts';
import { getPhone, setPhone } from './phone.ts';

/** Phone number changes one account may make per hour. */
const phoneChangesPerUser = (userId: string): Limit => ({
  key: `phone:user:${userId}`,
  max: 10,
  windowSeconds: 3600,
  message: (i18n, wait) => i18n._(msg`You have changed your phone number often. Please wait ${wait} and try again.`),
});

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  409: errorBodySchema,
  429: errorBodySchema,
};

export const authRoutes: FastifyPluginAsyncZod<{ db: Db; config: Config; storage: Storage; appUrl: string }> = async (
  app,
  { db, config, storage, appUrl },
) => {
  const ctx = (req: FastifyRequest) => ({
    ip: req.ip,
    userAgent: typeof req.headers['user-agent'] === 'string' ? req.headers['user-agent'] : undefined,
    device: req.cookies[DEVICE_COOKIE],
    signupsPerIpPerHour: config.signupsPerIpPerHour,
    appUrl,
  });

  app.get(
    '/api/auth/me',
    {
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user (401 when signed out)',
        response: { 200: userResponseSchema, 401: errorBodySchema },
      },
    },
    async (request) => ({ user: requireUser(request) }),
  );

  app.post(
    '/api/auth/signup',
    {
      schema: {
        tags: ['auth'],
        summary: 'Create an account and sign in',
        body: signupSchema.superRefine(refuseCommonPassword('password')),
        response: { 201: userResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { user, session, device } = await signup(db, request.body, ctx(request));
      setSessionCookie(request, reply, session.token, session.expiresAt);
      setDeviceCookie(request, reply, device);
      return reply.status(201).send({ user });
    },
  );

  app.post(
    '/api/auth/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in with email and password',
        body: loginSchema,
        response: { 200: userResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { user, session, device } = await login(db, request.body, ctx(request));
      setSessionCookie(request, reply, session.token, session.expiresAt);
      setDeviceCookie(request, reply, device);
      return { user };
    },
  );

  // ---- Links sent by email (decision 022) ----

  app.post(
    '/api/auth/verify-email',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Confirm an email address with the token from its link (single use, 48 hours), signed in as the account it was sent to',
        body: verifyEmailSchema,
        response: { 200: emailVerifiedSchema, ...errors },
      },
    },
    async (request) => {
      // Signed in as the link's account only (decision 022): 401 before the token is looked at.
      if (!request.user) throw new AppError('UNAUTHORIZED', VERIFY_LINK_ERRORS.signedOut);
      return { ok: true as const, ...(await verifyEmail(db, request.body.token, request.user.id)) };
    },
  );

  app.post(
    '/api/auth/forgot-password',
    {
      schema: {
        tags: ['auth'],
        summary: 'Email a password reset link (the same answer whether or not the address has an account)',
        body: forgotPasswordSchema,
        response: { 200: forgotPasswordResponseSchema, ...errors },
      },
    },
    async (request) => requestPasswordReset(db, request.body.email, request.ip, appUrl, requestLocale(request)),
  );

  app.post(
    '/api/auth/reset-password',
    {
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with the token from a reset link; signs out every other session and signs in',
        body: resetPasswordSchema.superRefine(refuseCommonPassword('password')),
        response: { 200: userResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { user, session, device } = await resetPassword(db, request.body, ctx(request));
      setSessionCookie(request, reply, session.token, session.expiresAt);
      setDeviceCookie(request, reply, device);
      return { user };
    },
  );

  app.post(
    '/api/auth/logout',
    { schema: { tags: ['auth'], summary: 'End this session', response: { 200: okResponseSchema } } },
    async (request, reply) => {
      if (request.sessionId) await deleteSession(db, request.sessionId);
      clearSessionCookie(request, reply);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/auth/switch-role',
    {
      schema: {
        tags: ['auth'],
        summary: 'Switch between traveler and provider',
        body: switchRoleSchema,
        response: { 200: userResponseSchema, ...errors },
      },
    },
    async (request) => ({ user: await switchRole(db, requireUser(request), request.body) }),
  );

  // Google sign-in (decision 023).
  await app.register(googleRoutes, { db, config });

  // ---- Account settings (the product leaves /settings to us) ----

  app.patch(
    '/api/account/profile',
    {
      schema: {
        tags: ['account'],
        summary:
          'Change your name or the currency estimates are shown in (displayCurrency; null: the browser’s region)',
        body: updateProfileSchema,
        response: { 200: userResponseSchema, ...errors },
      },
    },
    async (request) => ({ user: await updateProfile(db, requireUser(request).id, request.body) }),
  );

  app.get(
    '/api/account/phone',
    {
      schema: {
        tags: ['account'],
        summary: 'Your phone number (shown to the other side of a booking once it is confirmed)',
        response: { 200: phoneResponseSchema, ...errors },
      },
    },
    async (request) => getPhone(db, requireUser(request).id),
  );

  app.put(
    '/api/account/phone',
    {
      schema: {
        tags: ['account'],
        summary: 'Set or remove your phone number (with its country code; validated, never verified)',
        body: phoneSchema,
        response: { 200: phoneResponseSchema, ...errors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      await reserve(db, [phoneChangesPerUser(user.id)]);
      return setPhone(db, user.id, request.body.phone);
    },
  );

  app.post(
    '/api/account/avatar',
    {
      schema: {
        tags: ['account'],
        summary:
          'Upload a new avatar (multipart field "avatar": JPEG, PNG, WebP or HEIC, at most 10 MB; re-encoded, metadata removed)',
        consumes: ['multipart/form-data'],
        response: { 200: userResponseSchema, ...errors, 413: errorBodySchema, 415: errorBodySchema },
      },
    },
    async (request) => ({ user: await saveAvatar(db, storage, requireUser(request), request, config.uploads) }),
  );

  app.delete(
    '/api/account/avatar',
    { schema: { tags: ['account'], summary: 'Remove your avatar', response: { 200: userResponseSchema, ...errors } } },
    async (request) => ({ user: await removeAvatar(db, requireUser(request)) }),
  );

  app.post(
    '/api/account/password',
    {
      schema: {
        tags: ['account'],
        summary: 'Change password (signs out other sessions)',
        body: changePasswordSchema.superRefine(refuseCommonPassword('newPassword')),
        response: { 200: okResponseSchema, ...errors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      await changePassword(db, user.id, request.sessionId ?? '', request.body);
      return { ok: true as const };
    },
  );

  app.get(
    '/api/account/email',
    {
      schema: {
        tags: ['account'],
        summary: 'Your email address and whether it is verified',
        response: { 200: emailStatusSchema, 401: errorBodySchema },
      },
    },
    async (request) => getEmailStatus(db, requireUser(request).id),
  );

  app.post(
    '/api/account/email',
    {
      schema: {
        tags: ['account'],
        summary:
          'Change your email address (needs the current password; sends a verification link; a few an hour; signs out other sessions)',
        body: changeEmailSchema,
        response: { 200: userResponseSchema, ...errors },
      },
    },
    async (request) => ({
      user: await changeEmail(db, requireUser(request).id, request.sessionId ?? '', request.body, appUrl),
    }),
  );

  app.post(
    '/api/account/email/verification',
    {
      schema: {
        tags: ['account'],
        summary: 'Send a new verification link to your email address (a few an hour)',
        response: { 200: okResponseSchema, ...errors },
      },
    },
    async (request) => {
      await resendVerificationEmail(db, requireUser(request).id, appUrl);
      return { ok: true as const };
    },
  );

  app.get(
    '/api/account/sessions',
    {
      schema: {
        tags: ['account'],
        summary: 'Your active sessions',
        response: { 200: sessionsResponseSchema, 401: errorBodySchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return { sessions: await listSessions(db, user.id, request.sessionId ?? '') };
    },
  );

  app.post(
    '/api/account/sessions/revoke-others',
    {
      schema: {
        tags: ['account'],
        summary: 'Sign out of all other sessions',
        response: { 200: revokedResponseSchema, 401: errorBodySchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return { revoked: await revokeOtherSessions(db, user.id, request.sessionId ?? '') };
    },
  );
};
