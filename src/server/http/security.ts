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

/** Stripe.js and Elements, as Stripe documents them for a CSP. */
const STRIPE_ORIGINS = {
  script: ['https://js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
};

/**
 * The Content-Security-Policy directives for this configuration: third-party origins are allowed
 * only for the integrations that are turned on (Stripe: its script, frames and API; Google: the
 * issuer the sign-in redirect goes to).
 */
export function cspDirectives(config: Config): Record<string, string[]> {
  const stripe = config.stripe !== undefined;
  const googleOrigin = config.google ? new URL(config.google.issuer).origin : undefined;
  const httpsOnly = config.publicUrl?.startsWith('https://') ?? false;
  return {
    defaultSrc: ["'self'"],
    baseUri: ["'self'"],
    scriptSrc: ["'self'", ...(stripe ? STRIPE_ORIGINS.script : [])],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'", ...(stripe ? STRIPE_ORIGINS.connect : [])],
    ...(stripe ? { frameSrc: ["'self'", ...STRIPE_ORIGINS.frame] } : {}),
    formAction: ["'self'", ...(googleOrigin ? [googleOrigin] : [])],
    frameAncestors: ["'none'"],
    objectSrc: ["'none'"],
    ...(httpsOnly ? { upgradeInsecureRequests: [] } : {}),
  };
}

export const securityPlugin = fp(
  async (app: FastifyInstance, opts: { config: Config }) => {
    const httpsOnly = opts.config.publicUrl?.startsWith('https://') ?? false;
    await app.register(helmet, {
      contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(opts.config) },
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
