import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { publicProviderSchema } from '../../../shared/api/catalog.ts';
import { errorBodySchema } from '../../../shared/api/errors.ts';
import { myProviderSchema } from '../../../shared/api/providers.ts';
import { providerSetupSchema } from '../../../shared/api/provider-workspace.ts';
import { providerStatsSchema, updateMyProviderSchema } from '../../../shared/api/provider-workspace.ts';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/open.ts';
import type { ConnectOptions } from '../../payments/connect-accounts.ts';
import type { MyProvider } from '../../../shared/api/providers.ts';
import { localizeApiMessage } from '../../http/api-messages.ts';
import { requestLocale } from '../../http/request-locale.ts';
import { requireRole, requireUser } from '../../http/session.ts';
import { getMyProvider, getProviderSetup, getProviderStats, getPublicProvider, updateMyProvider } from './providers.ts';

/** The provider's own profile, why their currency cannot change in the asker's language. */
const inTheirWords = (provider: MyProvider, request: FastifyRequest): MyProvider => ({
  ...provider,
  currencyLockedReason:
    provider.currencyLockedReason && localizeApiMessage(provider.currencyLockedReason, requestLocale(request)),
});

const usernameParamSchema = z.object({ username: z.string().min(1).max(100) });

export const providerRoutes: FastifyPluginAsyncZod<{
  db: Db;
  clock?: Clock;
  /** Payments are configured: a provider who cannot be paid yet lists no services publicly. */
  connect?: ConnectOptions | undefined;
}> = async (app, { db, clock, connect }) => {
  app.get(
    '/api/provider/me',
    {
      preValidation: requireRole('PROVIDER'),
      schema: {
        tags: ['providers'],
        summary: 'The signed-in provider’s own profile',
        response: { 200: myProviderSchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => inTheirWords(await getMyProvider(db, requireUser(request).id, clock?.now()), request),
  );

  app.patch(
    '/api/provider/me',
    {
      preValidation: requireRole('PROVIDER'),
      schema: {
        tags: ['providers'],
        summary: 'Change your provider profile (avatar: a URL from POST /api/uploads, or null)',
        body: updateMyProviderSchema,
        response: {
          200: myProviderSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          403: errorBodySchema,
          404: errorBodySchema,
          409: errorBodySchema,
        },
      },
    },
    async (request) =>
      inTheirWords(await updateMyProvider(db, requireUser(request).id, request.body, clock?.now()), request),
  );

  app.get(
    '/api/provider/stats',
    {
      preValidation: requireRole('PROVIDER'),
      schema: {
        tags: ['providers'],
        summary:
          'Your dashboard numbers: services, pending requests, rating, revenue (what the ledger says you kept, per currency)',
        response: { 200: providerStatsSchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => getProviderStats(db, requireUser(request).id, clock?.now()),
  );

  app.get(
    '/api/provider/setup',
    {
      preValidation: requireRole('PROVIDER'),
      schema: {
        tags: ['providers'],
        summary:
          'Your setup checklist: profile and photo, identity document, first service, availability, payouts (not_needed without card payments) and calendar (optional), each done, todo, in_review or rejected (with the reason); whether travelers can book you now',
        response: { 200: providerSetupSchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => getProviderSetup(db, requireUser(request).id, connect, clock?.now()),
  );

  app.get(
    '/api/providers/:username',
    {
      schema: {
        tags: ['providers'],
        summary: 'A provider’s public profile (username is the provider’s user id)',
        params: usernameParamSchema,
        response: { 200: publicProviderSchema, 404: errorBodySchema },
      },
    },
    async (request) => getPublicProvider(db, request.params.username, connect),
  );
};
