import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema } from '../../../shared/api/errors.ts';
import type { Db } from '../../db/open.ts';
import type { Lifecycle } from '../../http/lifecycle.ts';
import { pingDatabase } from './health.ts';

export const healthRoutes: FastifyPluginAsyncZod<{ db: Db; lifecycle: Lifecycle }> = async (app, { db, lifecycle }) => {
  app.get(
    '/healthz',
    {
      schema: {
        tags: ['health'],
        summary: 'The process is up',
        response: { 200: z.object({ status: z.literal('ok') }) },
      },
    },
    async () => ({ status: 'ok' as const }),
  );
  app.get(
    '/readyz',
    {
      schema: {
        tags: ['health'],
        summary: 'Ready for traffic: the database answers and the server is not shutting down',
        response: {
          200: z.object({ status: z.literal('ready') }),
          // Or the app's error body, when the server is already closing (http/lifecycle.ts).
          503: z.object({ status: z.enum(['unavailable', 'draining']) }).or(errorBodySchema),
        },
      },
    },
    async (request, reply) => {
      // Shutting down: a balancer must stop sending requests here (the server still answers them).
      if (lifecycle.state !== 'serving') return reply.status(503).send({ status: 'draining' as const });
      try {
        await pingDatabase(db);
        return { status: 'ready' as const };
      } catch (err) {
        request.log.error({ err }, 'readiness check failed');
        return reply.status(503).send({ status: 'unavailable' as const });
      }
    },
  );
};
