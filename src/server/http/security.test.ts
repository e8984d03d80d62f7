import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loadConfig as loadEnvConfig, type Config } from '../config.ts';
import { securityPlugin } from './security.ts';

const stripeEnv = {
  STRIPE_SECRET_KEY: 'sk_test_1',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_1',
  STRIPE_WEBHOOK_SECRET: 'whsec_1',
};
const googleEnv = { GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret' };

/** A built client without inline scripts, so the policy depends only on the environment. */
const emptyClientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'locora-client-'));
const loadConfig = (env: Record<string, string>): Config => ({ ...loadEnvConfig(env), clientDir: emptyClientDir });

/** The CSP header the app sends for a configuration, as directive -> sources. */
async function cspFor(config: Config): Promise<Map<string, string[]>> {
  const app = Fastify({ logger: false });
  await app.register(securityPlugin, { config });
  app.get('/', async () => 'ok');
  const res = await app.inject({ method: 'GET', url: '/' });
  await app.close();
  const header = String(res.headers['content-security-policy']);
  return new Map(
    header
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

/** Every third-party origin in the policy, as "directive origin". */
function thirdParty(csp: Map<string, string[]>): string[] {
  return [...csp].flatMap(([name, sources]) =>
    sources.filter((s) => /^https?:\/\//.test(s)).map((s) => `${name} ${s}`),
  );
}

describe('Content-Security-Policy from the configuration', () => {
  it('allows no Stripe or Google origin when neither is configured', async () => {
    const csp = await cspFor(loadConfig({}));
    expect(thirdParty(csp)).toEqual([]);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('connect-src')).toEqual(["'self'"]);
    expect(csp.get('form-action')).toEqual(["'self'"]);
    expect(csp.has('frame-src')).toBe(false);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
  });

  it("allows exactly Stripe's origins when Stripe is configured", async () => {
    const csp = await cspFor(loadConfig(stripeEnv));
    expect(thirdParty(csp).sort()).toEqual(
      [
        'connect-src https://api.stripe.com',
        'frame-src https://hooks.stripe.com',
        'frame-src https://js.stripe.com',
        'script-src https://js.stripe.com',
      ].sort(),
    );
  });

  it("allows exactly Google's sign-in origin when Google is configured", async () => {
    const csp = await cspFor(loadConfig(googleEnv));
    expect(thirdParty(csp)).toEqual(['form-action https://accounts.google.com']);
  });

  it('follows a custom issuer, and combines both integrations', async () => {
    const csp = await cspFor(
      loadConfig({ ...stripeEnv, ...googleEnv, GOOGLE_ISSUER: 'https://login.example.com/realms/locora' }),
    );
    expect(thirdParty(csp).sort()).toEqual(
      [
        'connect-src https://api.stripe.com',
        'form-action https://login.example.com',
        'frame-src https://hooks.stripe.com',
        'frame-src https://js.stripe.com',
        'script-src https://js.stripe.com',
      ].sort(),
    );
  });
});

describe('inline scripts of the built index.html', () => {
  it('allows each by its hash, and no other inline script', async () => {
    const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'locora-client-'));
    const theme = "document.documentElement.classList.add('dark');";
    fs.writeFileSync(
      path.join(clientDir, 'index.html'),
      `<html><head><script>${theme}</script><script type="module" src="/assets/main.js"></script></head></html>`,
    );
    const csp = await cspFor({ ...loadEnvConfig({}), clientDir });
    const hash = createHash('sha256').update(theme).digest('base64');
    expect(csp.get('script-src')).toEqual(["'self'", `'sha256-${hash}'`]);
    expect(csp.get('script-src')).not.toContain("'unsafe-inline'");
  });
});
