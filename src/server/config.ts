import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import {
  UPLOAD_ORPHAN_GRACE_SECONDS,
  UPLOAD_QUOTA_BYTES_PER_USER,
  UPLOADS_PER_USER_PER_HOUR,
} from '../shared/domain/constants.ts';

/**
 * The longest a Stripe call may take: a claimed payment action (at most 6 calls' worth) must end
 * within its lease (payment-actions.ts ACTION_LEASE_MS, 10 minutes).
 */
export const STRIPE_TIMEOUT_MAX_MS = 60_000;

/** Where the European Central Bank publishes its daily euro reference rates. */
export const DEFAULT_FX_RATES_URL = 'https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml';

const boolFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Where the embedded database (and uploads) live when DATABASE_URL is unset. */
  DATA_DIR: z.string().default('./data'),
  /** PostgreSQL connection string; when unset Locora runs on embedded PGlite in DATA_DIR. */
  DATABASE_URL: z.string().url().optional(),
  /** Public origin of the app (e.g. https://locora.example); used for the Origin check and links. */
  PUBLIC_URL: z.string().url().optional(),
  /**
   * Which proxies' X-Forwarded-* headers to believe: a hop count (`1`: one balancer in front), or a
   * comma-separated list of addresses and CIDRs. `true` (every hop) is accepted with a warning.
   */
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((v, ctx) => parseTrustProxy(v, ctx)),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Accounts that may be created from one IP per hour (browser tests raise it: one IP signs up many). */
  SIGNUPS_PER_IP_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(5),
  /**
   * Searches (GET /api/services) one client network may make per minute, all at once at most
   * (a token bucket; decision 011). Benchmarks and browser tests, all from 127.0.0.1, raise it.
   */
  SEARCHES_PER_IP_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000_000).default(120),
  /** Photo uploads one user may make per hour (then 429). */
  UPLOADS_PER_USER_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000).optional(),
  /** Bytes of photos one user may keep stored (then 413). */
  UPLOAD_QUOTA_BYTES_PER_USER: z.coerce.number().int().min(1).optional(),
  /** How long an upload no row references is kept (it may be in a form not yet saved). */
  UPLOAD_ORPHAN_GRACE_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .max(30 * 24 * 3600)
    .optional(),
  /** How often each app instance looks for orphaned uploads to delete (0: never). */
  UPLOAD_SWEEP_INTERVAL_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .max(24 * 3600)
    .default(600),
  /**
   * On SIGTERM/SIGINT: how long /readyz answers 503 while the server still serves everything
   * else, so a load balancer stops sending it requests before its listener closes.
   */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(600_000).default(5_000),
  /** Then how long requests in flight may take to finish before their connections are cut. */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  /** Load demo data into an empty database at start (default: on for the embedded database). */
  SEED_DEMO: boolFromEnv.optional(),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_ISSUER: z.string().url().optional(),
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  /** The signing secret of Stripe's Connect webhook endpoint (connected accounts' events); unset: STRIPE_WEBHOOK_SECRET serves both. */
  STRIPE_CONNECT_WEBHOOK_SECRET: z.string().min(1).optional(),
  /** The country of Locora's Stripe account (decision 038: which providers are charged on their behalf). */
  STRIPE_PLATFORM_COUNTRY: z
    .string()
    .regex(/^[A-Za-z]{2}$/, 'must be a two-letter country code such as US')
    .transform((v) => v.toUpperCase())
    .optional(),
  /** Where the Stripe API is (default Stripe's own); tests point it at a local Stripe-protocol server. */
  STRIPE_API_URL: z
    .string()
    .url()
    .refine((v) => /^https?:\/\//i.test(v), 'must be an http:// or https:// URL')
    .optional(),
  /** How long one call to Stripe may take before it counts as failed (and is retried later). */
  STRIPE_TIMEOUT_MS: z.coerce.number().int().min(100).max(STRIPE_TIMEOUT_MAX_MS).optional(),
  /** The bucket that holds uploads and identity documents; without S3_* they are files in DATA_DIR. */
  S3_BUCKET: z.string().min(1).max(255).optional(),
  /** An S3-compatible service's URL (MinIO, R2...); unset: AWS S3. When set, path-style addressing is used. */
  S3_ENDPOINT: z
    .string()
    .url()
    .refine((v) => /^https?:\/\//i.test(v), 'must be an http:// or https:// URL')
    .optional(),
  S3_REGION: z.string().min(1).max(64).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** e.g. smtps://user:pass@smtp.example.com:465; without it mail is written to DATA_DIR/outbox. */
  SMTP_URL: z
    .string()
    .url()
    .refine((v) => /^smtps?:\/\//i.test(v), 'must be an smtp:// or smtps:// URL')
    .optional(),
  /** The sender of every email: `Locora <hello@locora.example>` or `hello@locora.example`. */
  MAIL_FROM: z
    .string()
    .regex(
      /^(?:[^<>\r\n]*<[^\s<>@]+@[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+)$/,
      'must be an address, optionally with a name: Name <address>',
    )
    .optional(),
  /**
   * The bearer token GET /metrics asks for (Prometheus' scrape `authorization`); without it the
   * route does not exist. At least 16 characters: it guards what the service is doing.
   */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /**
   * Tests only: imported calendars may be fetched from loopback addresses (over plain http too).
   * Every other private range stays refused. Production never sets it; the start warns when it is on.
   */
  CALENDAR_FETCH_ALLOW_PRIVATE: boolFromEnv.default(false),
  /**
   * The European Central Bank's daily euro reference rates, in its eurofxref-daily.xml format
   * (decision 049): an https address, or a loopback http one (tests' stand-in feed). `off` stops
   * fetching: the stored rates are used as they are (and hidden once more than 4 days old).
   */
  FX_RATES_URL: z
    .string()
    .default(DEFAULT_FX_RATES_URL)
    .transform((v, ctx) => parseFxRatesUrl(v, ctx)),
});

/** Whether a URL's host is this machine (127.0.0.0/8, ::1, localhost). */
function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  if (host === 'localhost' || host === '::1') return true;
  return net.isIPv4(host) && host.startsWith('127.');
}

/** FX_RATES_URL: `off` (null), an https URL, or an http one on this machine. */
function parseFxRatesUrl(raw: string, ctx: z.RefinementCtx): string | null {
  const text = raw.trim();
  if (text.toLowerCase() === 'off') return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    ctx.addIssue({ code: 'custom', message: 'must be the address of the rates (https://...) or off' });
    return null;
  }
  if (url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackHost(url.hostname))) return url.href;
  ctx.addIssue({
    code: 'custom',
    message: 'must be an https:// address (plain http:// only on this machine, for a test feed), or off',
  });
  return null;
}

/** proxy-addr's names for the private ranges Fastify accepts in a trust list. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An IPv4 or IPv6 address, optionally with a prefix length (`10.0.0.0/8`, `fd00::/8`, `10.0.0.1/255.0.0.0`). */
function isAddressOrCidr(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = net.isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (family === 4 && net.isIPv4(prefix)) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY as Fastify's `trustProxy` takes it (proxy-addr underneath): `false`/`0` trusts no
 * proxy; a hop count trusts that many hops nearest the server; a list trusts those addresses.
 * Either way the client address is read from the right of X-Forwarded-For, so a value a client
 * wrote itself (the left-most) is never believed. `true` believes the left-most: see
 * configWarnings.
 */
function parseTrustProxy(raw: string, ctx: z.RefinementCtx): TrustProxy {
  const v = raw.trim().toLowerCase();
  if (v === 'false' || v === 'no' || v === '0') return false;
  if (v === 'true' || v === 'yes') return true;
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    if (hops > 100) ctx.addIssue({ code: 'custom', message: 'a hop count must be 100 or less' });
    return hops;
  }
  const entries = raw
    .split(',')
    .map((e) => e.trim())
    .filter((e) => e !== '');
  const bad = entries.filter((e) => !NAMED_RANGES.has(e) && !isAddressOrCidr(e));
  if (entries.length === 0 || bad.length > 0) {
    ctx.addIssue({
      code: 'custom',
      message: `must be false, a hop count (1 for one load balancer) or a comma-separated list of addresses or CIDRs${bad.length > 0 ? `; not an address or CIDR: ${bad.join(', ')}` : ''}`,
    });
    return false;
  }
  return entries;
}

/** What Fastify's `trustProxy` receives: nothing, every hop (unsafe), a hop count, or addresses/CIDRs. */
export type TrustProxy = boolean | number | string[];

/** Settings that work but carry a risk worth logging at every start. */
export function configWarnings(config: Pick<Config, 'trustProxy'> & Partial<Pick<Config, 'calendarFetch'>>): string[] {
  const warnings: string[] = [];
  if (config.calendarFetch?.allowLoopback) {
    warnings.push(
      'CALENDAR_FETCH_ALLOW_PRIVATE=true lets imported calendars be fetched from loopback addresses (127.0.0.0/8, ::1), ' +
        'over plain http too: a provider could make this server read its own local services. It is for tests only; ' +
        'never set it in production.',
    );
  }
  if (config.trustProxy === true) {
    warnings.push(
      'TRUST_PROXY=true believes every hop of X-Forwarded-For, including the left-most value a client can write ' +
        'itself: anyone can then pose as any address and pass every per-IP limit (sign-up, login, reset, search). ' +
        'Set TRUST_PROXY=1 for one load balancer in front (or the number of proxies, or their addresses/CIDRs). ' +
        '`true` will stop being accepted in a later release.',
    );
  }
  return warnings;
}

const DEFAULT_GOOGLE_ISSUER = 'https://accounts.google.com';
const DEFAULT_STRIPE_API_URL = 'https://api.stripe.com';
const DEFAULT_STRIPE_TIMEOUT_MS = 20_000;

/**
 * Integrations are all or nothing: a partial set would start an app that fails later, at the
 * worst moment (a payment, a sign-in), so it is refused at start instead.
 */
const integrations: { name: string; required: string[]; optional?: string[] }[] = [
  {
    name: 'Stripe',
    required: ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'],
    // The API URL keeps its default (Stripe's own) when unset, but may not be set alone.
    optional: ['STRIPE_API_URL', 'STRIPE_TIMEOUT_MS', 'STRIPE_CONNECT_WEBHOOK_SECRET', 'STRIPE_PLATFORM_COUNTRY'],
  },
  // The issuer keeps its default (Google's) when unset, but may not be set alone.
  { name: 'Google sign-in', required: ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET'], optional: ['GOOGLE_ISSUER'] },
  { name: 'SMTP email', required: ['SMTP_URL', 'MAIL_FROM'] },
  // The endpoint keeps its default (AWS S3) when unset, but may not be set alone.
  {
    name: 'S3 storage',
    required: ['S3_BUCKET', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'],
    optional: ['S3_ENDPOINT'],
  },
];

function incompleteIntegrations(env: Record<string, string | undefined>): string[] {
  const problems: string[] = [];
  for (const { name, required, optional = [] } of integrations) {
    const set = [...required, ...optional].filter((k) => env[k] !== undefined);
    const missing = required.filter((k) => env[k] === undefined);
    if (set.length > 0 && missing.length > 0) {
      problems.push(
        `  ${name} is partly configured: ${set.join(', ')} ${set.length === 1 ? 'is' : 'are'} set but ${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} missing. Set all of ${required.join(', ')}, or none.`,
      );
    }
  }
  return problems;
}

export type StripeConfig = {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** The Connect endpoint's signing secret; the webhook secret when not set (one endpoint, one secret). */
  connectWebhookSecret: string;
  /** Locora's Stripe account's country (decision 038), default US. */
  platformCountry: string;
  /** Stripe's API (https://api.stripe.com) or a stand-in speaking its protocol. */
  apiUrl: string;
  timeoutMs: number;
};

/** Object storage for uploads and identity documents (storage/s3-storage.ts, decision 036). */
export type S3Config = {
  bucket: string;
  /** An S3-compatible service (path-style addressing); undefined: AWS S3 (virtual-hosted style). */
  endpoint: string | undefined;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
};

export type Config = {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string | undefined;
  /** Which proxies' X-Forwarded-* headers are believed (Fastify's `trustProxy`; see parseTrustProxy). */
  trustProxy: TrustProxy;
  logLevel: string;
  signupsPerIpPerHour: number;
  searchesPerIpPerMinute: number;
  seedDemo: boolean;
  uploadDir: string;
  /**
   * Identity documents (decision 021): a private directory beside, never inside, uploadDir. Nothing
   * serves it; only GET /api/admin/providers/{id}/id-document streams a file, to admins.
   */
  idDocumentDir: string;
  /** Per-user upload limits and the orphan sweeper (storage/upload-registry.ts). */
  uploads: {
    perUserPerHour: number;
    quotaBytesPerUser: number;
    orphanGraceSeconds: number;
    sweepIntervalSeconds: number;
  };
  /** Where uploads and identity documents are kept when not on disk (uploadDir, idDocumentDir). */
  s3: S3Config | undefined;
  clientDir: string;
  google: { clientId: string; clientSecret: string; issuer: string } | undefined;
  stripe: StripeConfig | undefined;
  /** SMTP delivery; when undefined, mail is written as .eml files to `outboxDir`. */
  mail: { smtpUrl: string; from: string } | undefined;
  outboxDir: string;
  /** GET /metrics needs `Authorization: Bearer <this>`; undefined: no metrics route. */
  metricsToken: string | undefined;
  /** Graceful shutdown (src/server/shutdown.ts): the drain delay, then the bound on requests in flight. */
  shutdown: { drainMs: number; timeoutMs: number };
  /** Imported calendars (decision 040): loopback allowed for tests (CALENDAR_FETCH_ALLOW_PRIVATE). */
  calendarFetch: { allowLoopback: boolean };
  /** The daily reference rates' address (FX_RATES_URL); null: not fetched (decision 049). */
  exchangeRates: { url: string | null };
};

/** Parses the environment; throws one readable error listing every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  const lines = [
    ...(parsed.success ? [] : parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`)),
    ...incompleteIntegrations(cleaned),
  ];
  if (!parsed.success || lines.length > 0) throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    publicUrl: e.PUBLIC_URL?.replace(/\/$/, ''),
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    signupsPerIpPerHour: e.SIGNUPS_PER_IP_PER_HOUR,
    searchesPerIpPerMinute: e.SEARCHES_PER_IP_PER_MINUTE,
    seedDemo: e.SEED_DEMO ?? !e.DATABASE_URL,
    uploadDir: path.join(dataDir, 'uploads'),
    idDocumentDir: path.join(dataDir, 'private', 'id-documents'),
    uploads: {
      perUserPerHour: e.UPLOADS_PER_USER_PER_HOUR ?? UPLOADS_PER_USER_PER_HOUR,
      quotaBytesPerUser: e.UPLOAD_QUOTA_BYTES_PER_USER ?? UPLOAD_QUOTA_BYTES_PER_USER,
      orphanGraceSeconds: e.UPLOAD_ORPHAN_GRACE_SECONDS ?? UPLOAD_ORPHAN_GRACE_SECONDS,
      sweepIntervalSeconds: e.UPLOAD_SWEEP_INTERVAL_SECONDS,
    },
    s3:
      e.S3_BUCKET && e.S3_REGION && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? {
            bucket: e.S3_BUCKET,
            endpoint: e.S3_ENDPOINT?.replace(/\/$/, ''),
            region: e.S3_REGION,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          }
        : undefined,
    clientDir: path.resolve('dist/client'),
    google:
      e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
        ? {
            clientId: e.GOOGLE_CLIENT_ID,
            clientSecret: e.GOOGLE_CLIENT_SECRET,
            issuer: e.GOOGLE_ISSUER ?? DEFAULT_GOOGLE_ISSUER,
          }
        : undefined,
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_PUBLISHABLE_KEY && e.STRIPE_WEBHOOK_SECRET
        ? {
            secretKey: e.STRIPE_SECRET_KEY,
            publishableKey: e.STRIPE_PUBLISHABLE_KEY,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET,
            connectWebhookSecret: e.STRIPE_CONNECT_WEBHOOK_SECRET ?? e.STRIPE_WEBHOOK_SECRET,
            platformCountry: e.STRIPE_PLATFORM_COUNTRY ?? 'US',
            apiUrl: (e.STRIPE_API_URL ?? DEFAULT_STRIPE_API_URL).replace(/\/$/, ''),
            timeoutMs: e.STRIPE_TIMEOUT_MS ?? DEFAULT_STRIPE_TIMEOUT_MS,
          }
        : undefined,
    mail: e.SMTP_URL && e.MAIL_FROM ? { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM } : undefined,
    outboxDir: path.join(dataDir, 'outbox'),
    metricsToken: e.METRICS_TOKEN,
    shutdown: { drainMs: e.SHUTDOWN_DRAIN_MS, timeoutMs: e.SHUTDOWN_TIMEOUT_MS },
    calendarFetch: { allowLoopback: e.CALENDAR_FETCH_ALLOW_PRIVATE },
    exchangeRates: { url: e.FX_RATES_URL },
  };
}
