import helmet from '@fastify/helmet';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { AppError } from './errors.ts';

const unsafeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Origins allowed to make state-changing requests: our public URL, or the host we were reached on. */
export function isAllowedOrigin(request: FastifyRequest, config: Config, origin: string): boolean {
  if (config.publicUrl && origin === new URL(config.publicUrl).origin) return true;
  return origin === `${request.protocol}://${request.host}`;
}

export const securityPlugin = fp(
  async (app: FastifyInstance, opts: { config: Config }) => {
    const httpsOnly = opts.config.publicUrl?.startsWith('https://') ?? false;
    await app.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          baseUri: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
          objectSrc: ["'none'"],
          ...(httpsOnly ? { upgradeInsecureRequests: [] } : {}),
        },
      },
      strictTransportSecurity: httpsOnly ? { maxAge: 31536000, includeSubDomains: true } : false,
      crossOriginEmbedderPolicy: false,
    });

    // CSRF defence in depth (cookies are SameSite=Lax too): a browser request that changes state
    // must come from our own origin.
    app.addHook('onRequest', async (request) => {
      if (!unsafeMethods.has(request.method)) return;
      const origin = request.headers.origin;
      if (origin !== undefined) {
        if (origin === 'null' || !isAllowedOrigin(request, opts.config, origin)) {
          throw new AppError('FORBIDDEN', 'Cross-origin request refused.');
        }
        return;
      }
      const site = request.headers['sec-fetch-site'];
      if (site === 'cross-site') throw new AppError('FORBIDDEN', 'Cross-origin request refused.');
    });
  },
  { name: 'security' },
);
