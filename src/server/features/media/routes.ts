import type { FastifyPluginAsync } from 'fastify';

/** Demo illustrations served by the app itself (filled in by the demo-data work). */
export const mediaRoutes: FastifyPluginAsync = async () => {};
