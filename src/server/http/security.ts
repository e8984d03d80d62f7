import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
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
 * The CSP sources of the scripts the built index.html carries inline (the theme script, written in
 * by the client build so it does not block the first paint): each allowed by its own hash, never
 * 'unsafe-inline'. Data blocks (`type="application/json"`) are not scripts and need none.
 */
export function inlineScriptHashes(clientDir: string): string[] {
  const indexFile = path.join(clientDir, 'index.html');
  if (!fs.existsSync(indexFile)) return [];
  const html = fs.readFileSync(indexFile, 'utf8');
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    ([, code]) => `'sha256-${createHash('sha256').update(code!).digest('base64')}'`,
  );
}

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
    scriptSrc: ["'self'", ...inlineScriptHashes(config.clientDir), ...(stripe ? STRIPE_ORIGINS.script : [])],
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
