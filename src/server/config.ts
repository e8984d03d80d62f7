import path from 'node:path';
import { z } from 'zod';

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
  /** Trust X-Forwarded-* headers (set when running behind a proxy/load balancer). */
  TRUST_PROXY: boolFromEnv.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Load demo data into an empty database at start (default: on for the embedded database). */
  SEED_DEMO: boolFromEnv.optional(),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_ISSUER: z.string().url().default('https://accounts.google.com'),
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string | undefined;
  trustProxy: boolean;
  logLevel: string;
  seedDemo: boolean;
  uploadDir: string;
  clientDir: string;
  google: { clientId: string; clientSecret: string; issuer: string } | undefined;
  stripe: { secretKey: string; publishableKey: string | undefined; webhookSecret: string | undefined } | undefined;
};

/** Parses the environment; throws one readable error listing every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
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
    seedDemo: e.SEED_DEMO ?? !e.DATABASE_URL,
    uploadDir: path.join(dataDir, 'uploads'),
    clientDir: path.resolve('dist/client'),
    google:
      e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
        ? { clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET, issuer: e.GOOGLE_ISSUER }
        : undefined,
    stripe: e.STRIPE_SECRET_KEY
      ? {
          secretKey: e.STRIPE_SECRET_KEY,
          publishableKey: e.STRIPE_PUBLISHABLE_KEY,
          webhookSecret: e.STRIPE_WEBHOOK_SECRET,
        }
      : undefined,
  };
}
