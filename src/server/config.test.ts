import { describe, expect, it } from 'vitest';
import { loadConfig, STRIPE_TIMEOUT_MAX_MS } from './config.ts';
import { ACTION_LEASE_MS } from './payments/payment-actions.ts';

describe('loadConfig', () => {
  it('defaults to the embedded database with demo data on port 3000', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 3000,
      databaseUrl: undefined,
      seedDemo: true,
      google: undefined,
      stripe: undefined,
    });
  });

  it('does not load demo data into a real PostgreSQL unless asked', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db' }).seedDemo).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db', SEED_DEMO: 'true' }).seedDemo).toBe(true);
  });

  it('fails fast with every bad variable named', () => {
    expect(() => loadConfig({ PORT: 'abc', DATABASE_URL: 'nope' })).toThrow(
      /PORT[\s\S]*DATABASE_URL|DATABASE_URL[\s\S]*PORT/,
    );
  });

  const stripe = {
    STRIPE_SECRET_KEY: 'sk_test_1',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_1',
    STRIPE_WEBHOOK_SECRET: 'whsec_1',
  };
  const google = { GOOGLE_CLIENT_ID: 'id.apps.googleusercontent.com', GOOGLE_CLIENT_SECRET: 'secret' };
  const smtp = { SMTP_URL: 'smtps://user:pass@smtp.example.com:465', MAIL_FROM: 'Locora <hello@locora.example>' };

  it('turns on each integration only with its whole set of variables', () => {
    const c = loadConfig({ ...stripe, ...google, ...smtp, DATA_DIR: '/srv/locora' });
    expect(c.stripe).toEqual({
      secretKey: 'sk_test_1',
      publishableKey: 'pk_test_1',
      webhookSecret: 'whsec_1',
      connectWebhookSecret: 'whsec_1',
      platformCountry: 'US',
      apiUrl: 'https://api.stripe.com',
      timeoutMs: 20_000,
    });
    // Connect (decision 038): its own signing secret and the platform's country, when given.
    expect(
      loadConfig({ ...stripe, STRIPE_CONNECT_WEBHOOK_SECRET: 'whsec_c', STRIPE_PLATFORM_COUNTRY: 'pt' }).stripe,
    ).toMatchObject({ webhookSecret: 'whsec_1', connectWebhookSecret: 'whsec_c', platformCountry: 'PT' });
    expect(() => loadConfig({ ...stripe, STRIPE_PLATFORM_COUNTRY: 'USA' })).toThrow(/STRIPE_PLATFORM_COUNTRY/);
    expect(
      loadConfig({ ...stripe, STRIPE_API_URL: 'http://127.0.0.1:12111/', STRIPE_TIMEOUT_MS: '500' }).stripe,
    ).toMatchObject({ apiUrl: 'http://127.0.0.1:12111', timeoutMs: 500 });
    // A Stripe call cannot outlast the lease of the payment action making it (6 calls' worth).
    expect(() => loadConfig({ ...stripe, STRIPE_TIMEOUT_MS: '120000' })).toThrow(/STRIPE_TIMEOUT_MS/);
    expect(loadConfig({ ...stripe, STRIPE_TIMEOUT_MS: String(STRIPE_TIMEOUT_MAX_MS) }).stripe?.timeoutMs).toBe(60_000);
    expect(ACTION_LEASE_MS).toBeGreaterThan(6 * STRIPE_TIMEOUT_MAX_MS);
    expect(c.google).toEqual({
      clientId: 'id.apps.googleusercontent.com',
      clientSecret: 'secret',
      issuer: 'https://accounts.google.com',
    });
    expect(c.mail).toEqual({
      smtpUrl: 'smtps://user:pass@smtp.example.com:465',
      from: 'Locora <hello@locora.example>',
    });
    expect(c.outboxDir).toBe('/srv/locora/outbox');
    expect(loadConfig({ ...google, GOOGLE_ISSUER: 'http://127.0.0.1:4000' }).google?.issuer).toBe(
      'http://127.0.0.1:4000',
    );
    expect(loadConfig({ SMTP_URL: 'smtp://127.0.0.1:1025', MAIL_FROM: 'hello@locora.example' }).mail).toEqual({
      smtpUrl: 'smtp://127.0.0.1:1025',
      from: 'hello@locora.example',
    });
  });

  it('without any integration, mail goes to the outbox directory', () => {
    const c = loadConfig({ DATA_DIR: '/srv/locora' });
    expect(c).toMatchObject({ stripe: undefined, google: undefined, mail: undefined, outboxDir: '/srv/locora/outbox' });
  });

  it.each([
    [
      { STRIPE_SECRET_KEY: 'sk' },
      /Stripe is partly configured: STRIPE_SECRET_KEY is set but STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET are missing/,
    ],
    [
      { STRIPE_SECRET_KEY: 'sk', STRIPE_PUBLISHABLE_KEY: 'pk' },
      /Stripe is partly configured: .* but STRIPE_WEBHOOK_SECRET is missing/,
    ],
    [{ STRIPE_WEBHOOK_SECRET: 'wh' }, /but STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY are missing/],
    [
      { STRIPE_API_URL: 'http://127.0.0.1:12111' },
      /Stripe is partly configured: STRIPE_API_URL is set but STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET are missing/,
    ],
    [
      { GOOGLE_CLIENT_ID: 'id' },
      /Google sign-in is partly configured: GOOGLE_CLIENT_ID is set but GOOGLE_CLIENT_SECRET is missing/,
    ],
    [{ GOOGLE_CLIENT_SECRET: 's' }, /Google sign-in is partly configured: .* but GOOGLE_CLIENT_ID is missing/],
    [
      { GOOGLE_ISSUER: 'https://accounts.google.com' },
      /GOOGLE_ISSUER is set but GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET are missing/,
    ],
    [{ SMTP_URL: 'smtp://localhost:25' }, /SMTP email is partly configured: SMTP_URL is set but MAIL_FROM is missing/],
    [{ MAIL_FROM: 'a@b.example' }, /SMTP email is partly configured: MAIL_FROM is set but SMTP_URL is missing/],
  ])('refuses a partial set %o, naming what is missing', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('names every partial integration and bad value at once, without printing secrets', () => {
    let message = '';
    try {
      loadConfig({ STRIPE_SECRET_KEY: 'sk_live_secret', GOOGLE_CLIENT_ID: 'id', PORT: 'abc' });
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toMatch(/^Invalid configuration:/);
    expect(message).toMatch(/PORT/);
    expect(message).toMatch(/Stripe is partly configured/);
    expect(message).toMatch(/Google sign-in is partly configured/);
    expect(message).not.toContain('sk_live_secret');
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ STRIPE_SECRET_KEY: '', SMTP_URL: '' }).stripe).toBeUndefined();
  });

  it('checks the SMTP URL and the sender address', () => {
    expect(() => loadConfig({ ...smtp, SMTP_URL: 'https://mail.example.com' })).toThrow(/SMTP_URL: must be an smtp/);
    expect(() => loadConfig({ ...smtp, SMTP_URL: 'not a url' })).toThrow(/SMTP_URL/);
    expect(() => loadConfig({ ...smtp, MAIL_FROM: 'nobody' })).toThrow(/MAIL_FROM: must be an address/);
  });
  const s3 = {
    S3_BUCKET: 'locora-uploads',
    S3_REGION: 'eu-central-1',
    S3_ACCESS_KEY_ID: 'AKIDEXAMPLE',
    S3_SECRET_ACCESS_KEY: 's3-secret',
  };

  it('stores files in S3 only with the whole set of S3 variables, the endpoint being optional', () => {
    expect(loadConfig({}).s3).toBeUndefined();
    expect(loadConfig(s3).s3).toEqual({
      bucket: 'locora-uploads',
      endpoint: undefined,
      region: 'eu-central-1',
      accessKeyId: 'AKIDEXAMPLE',
      secretAccessKey: 's3-secret',
    });
    expect(loadConfig({ ...s3, S3_ENDPOINT: 'http://127.0.0.1:9000/' }).s3?.endpoint).toBe('http://127.0.0.1:9000');
    expect(() => loadConfig({ ...s3, S3_ENDPOINT: 'ftp://minio' })).toThrow(/S3_ENDPOINT: must be an http/);
  });

  it.each([
    [
      { S3_BUCKET: 'b' },
      /S3 storage is partly configured: S3_BUCKET is set but S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY are missing/,
    ],
    [
      { S3_ENDPOINT: 'http://127.0.0.1:9000' },
      /S3 storage is partly configured: S3_ENDPOINT is set but S3_BUCKET, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY are missing/,
    ],
    [
      { S3_BUCKET: 'b', S3_REGION: 'r', S3_ACCESS_KEY_ID: 'k' },
      /S3 storage is partly configured: .* but S3_SECRET_ACCESS_KEY is missing/,
    ],
    [
      { S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 'top-secret-value' },
      /S3 storage is partly configured: S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY are set but S3_BUCKET, S3_REGION are missing/,
    ],
  ])('refuses a partial S3 set %o, naming what is missing and never a value', (env, message) => {
    let error = '';
    try {
      loadConfig(env);
    } catch (err) {
      error = (err as Error).message;
    }
    expect(error).toMatch(message);
    expect(error).not.toContain('top-secret-value');
  });
});
