import { randomUUID } from 'node:crypto';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyServerOptions } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { systemClock, type Clock } from './clock.ts';
import type { Config } from './config.ts';
import type { Database, Db, PoolStats } from './db/open.ts';
import { adminPaymentRoutes } from './features/admin/payments-routes.ts';
import { adminRoutes } from './features/admin/routes.ts';
import { demoArtworkRoutes } from './db/seed/artwork/artwork-routes.ts';
import { authRoutes } from './features/auth/routes.ts';
import { availabilityRoutes } from './features/availability/routes.ts';
import { bookingRoutes } from './features/bookings/routes.ts';
import { calendarRoutes } from './features/calendars/routes.ts';
import { catalogRoutes } from './features/catalog/routes.ts';
import { manageServiceRoutes } from './features/catalog/manage-routes.ts';
import { earningsRoutes } from './features/earnings/routes.ts';
import { exchangeRateRoutes } from './features/exchange-rates/routes.ts';
import { favoriteRoutes } from './features/favorites/routes.ts';
import { paymentRoutes, stripeWebhookRoutes } from './features/payments/routes.ts';
import { connectRoutes } from './features/connect/routes.ts';
import { healthRoutes } from './features/health/routes.ts';
import { mediaRoutes } from './features/media/routes.ts';
import { eventRoutes } from './features/messages/events-routes.ts';
import { messageRoutes } from './features/messages/routes.ts';
import { moderationRoutes } from './features/moderation/routes.ts';
import { providerRoutes } from './features/providers/routes.ts';
import { reviewRoutes } from './features/reviews/routes.ts';
import { seoRoutes } from './features/seo/routes.ts';
import { slotRoutes } from './features/slots/routes.ts';
import { uploadRoutes } from './features/uploads/routes.ts';
import { registerApiDocs } from './http/api-docs.ts';
import { compressionPlugin } from './http/compression.ts';
import { registerErrorHandler, rejectNulCharacters } from './http/errors.ts';
import { registerMetrics } from './http/metrics.ts';
import { createLifecycle, registerLifecycle, type Lifecycle } from './http/lifecycle.ts';
import { registerSearchRateLimit } from './http/rate-limit.ts';
import { securityPlugin } from './http/security.ts';
import { sessionPlugin } from './http/session.ts';
import { pagesPlugin } from './http/pages.ts';
import { createMailTransport, type MailTransport } from './email/transport.ts';
import { createAppJobs, type JobTuning } from './jobs/app-jobs.ts';
import { uploadsRoutes } from './http/uploads.ts';
import { createStripeClient, type Stripe } from './payments/stripe-client.ts';
import { createEventHub } from './realtime/hub.ts';
import { createIdDocumentStorage, createUploadStorage } from './storage/backends.ts';
import type { Storage } from './storage/storage.ts';

/** A client-supplied request id is kept only when it looks like one (it is logged and echoed). */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

export type BuildAppOptions = {
  db: Db;
  config: Config;
  logger?: FastifyServerOptions['logger'];
  /** Where uploads are stored (default: config.s3's bucket, else files under config.uploadDir). */
  storage?: Storage;
  /** Where identity documents are stored (default: config.s3's bucket, else config.idDocumentDir; never served). */
  documentStorage?: Storage;
  /** Load the page renderer while starting (the server does; tests load it on first page). */
  preloadRenderer?: boolean;
  /**
   * The database's LISTEN (Database.listen): realtime events raised on any instance reach this
   * one's open streams. Without it, streams still replay and re-read on every heartbeat.
   */
  listen?: Database['listen'];
  /** Heartbeat of event streams (tests shorten it). */
  eventHeartbeatMs?: number;
  /** The Stripe client (default: one made from config.stripe, when payments are configured). */
  stripe?: Stripe;
  /** For /metrics (when config.metricsToken is set): the database's connections (Database.poolStats). */
  poolStats?: () => PoolStats;
  /** Business time: expiry, completion, refund windows (default: the wall clock). Tests set it. */
  clock?: Clock;
  /** Where emails go (default: SMTP_URL, else .eml files under DATA_DIR). */
  mailTransport?: MailTransport;
  /** Shorter job intervals and leases (tests). */
  jobs?: JobTuning;
  /** Serving, draining or closing (http/lifecycle.ts); the server's shutdown moves it on. */
  lifecycle?: Lifecycle;
};

/** Builds the whole app on a database. Never listens: main.ts does, tests use inject(). */
export async function buildApp({
  db,
  config,
  logger,
  storage: givenStorage,
  documentStorage: givenDocumentStorage,
  preloadRenderer,
  listen,
  eventHeartbeatMs,
  stripe: givenStripe,
  poolStats,
  clock = systemClock,
  mailTransport: givenMailTransport,
  jobs: jobTuning,
  lifecycle = createLifecycle(),
}: BuildAppOptions) {
  const stripe = givenStripe ?? (config.stripe ? await createStripeClient(config.stripe) : undefined);
  const storage = givenStorage ?? createUploadStorage(config);
  const documentStorage = givenDocumentStorage ?? createIdDocumentStorage(config);
  const app = Fastify({
    logger: logger ?? { level: config.logLevel },
    // A hop count becomes the function Fastify makes of one (its types leave numbers out).
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (
            (hops) => (_address: string, hop: number) =>
              hop < hops
          )(config.trustProxy)
        : config.trustProxy,
    bodyLimit: 100 * 1024,
    // Requests arriving while the server closes get the app's own 503 (http/lifecycle.ts).
    return503OnClosing: false,
    // The client's X-Request-Id is read by genReqId below, and only when short and safe.
    requestIdHeader: false,
    // Long path parameters reach our own validation (a clear 400/404) instead of the router's 414.
    routerOptions: { maxParamLength: 2000 },
    // Malformed URLs and the like get the one error shape too.
    frameworkErrors: (error, request, reply) => {
      const body = { statusCode: 400, code: 'BAD_REQUEST', message: error.message, requestId: String(request.id) };
      void reply
        .code(400 as never)
        .type('application/json; charset=utf-8')
        .send(body as never);
    },
    // Every route validates and serializes with zod (set below): giving Fastify the compilers up
    // front spares the start loading ajv and fast-json-stringify, which nothing would use.
    schemaController: {
      compilersFactory: {
        buildValidator: () => validatorCompiler as never,
        buildSerializer: () => serializerCompiler as never,
      },
    },
    genReqId: (req) => {
      const id = req.headers['x-request-id'];
      return typeof id === 'string' && SAFE_REQUEST_ID.test(id) ? id : randomUUID();
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerLifecycle(app, lifecycle);
  rejectNulCharacters(app);
  registerSearchRateLimit(app, config.searchesPerIpPerMinute);
  // Before every route, so that its hook counts them all.
  const eventHub = createEventHub(listen);
  const metrics = registerMetrics(app, {
    db,
    token: config.metricsToken,
    poolStats,
    // `jobs` is built below, once the routes are; a scrape comes after.
    jobStats: async () => Object.entries(await jobs.stats()).map(([kind, stat]) => ({ kind, ...stat })),
    openStreams: () => eventHub.size,
    webhookRoute: '/api/webhooks/stripe',
  });
  app.addHook('onSend', async (request, reply) => {
    void reply.header('x-request-id', request.id);
  });

  await app.register(compressionPlugin);
  await app.register(swagger, {
    openapi: {
      info: { title: 'Locora API', version: '0.1.0', description: 'The marketplace API. All calls send cookies.' },
    },
    transform: jsonSchemaTransform,
  });
  registerApiDocs(app);

  await app.register(securityPlugin, { config });
  await app.register(cookie);
  await app.register(multipart, { limits: { fileSize: 2 * 1024 * 1024, files: 1, fields: 5 } });
  await app.register(sessionPlugin, { db, publicUrl: config.publicUrl });

  await app.register(healthRoutes, { db, lifecycle });
  // Links in emails: the public origin, else where this instance listens.
  const appUrl = config.publicUrl ?? `http://localhost:${config.port}`;
  await app.register(authRoutes, { db, config, storage, appUrl });
  // Payments are configured: only providers who can be paid are booked, and listed.
  const connect = config.stripe && stripe ? { platformCountry: config.stripe.platformCountry } : undefined;
  await app.register(providerRoutes, { db, clock, connect });
  await app.register(earningsRoutes, { db, stripe, clock });
  await app.register(catalogRoutes, { db, connect });
  await app.register(manageServiceRoutes, { db });
  await app.register(reviewRoutes, { db, clock, appUrl });
  await app.register(favoriteRoutes, { db });
  await app.register(exchangeRateRoutes, { db, clock });
  await app.register(availabilityRoutes, { db, clock });
  await app.register(slotRoutes, { db, clock });
  await app.register(calendarRoutes, {
    db,
    appUrl,
    clock,
    allowLoopback: config.calendarFetch.allowLoopback,
    jobs: () => jobs,
  });
  await app.register(bookingRoutes, { db, appUrl, stripe, clock, platformCountry: config.stripe?.platformCountry });
  await app.register(paymentRoutes, { db, config, stripe, clock });
  await app.register(connectRoutes, { db, config, stripe, appUrl, clock });
  // Its own encapsulated plugin: the only route that reads its body raw (for the signature).
  await app.register(stripeWebhookRoutes, { db, config, stripe, clock, jobs: () => jobs });
  await app.register(messageRoutes, { db, appUrl });

  await app.register(eventRoutes, { db, hub: eventHub, heartbeatMs: eventHeartbeatMs });
  await app.register(mediaRoutes);
  await app.register(demoArtworkRoutes);
  await app.register(seoRoutes, { db, config });
  await app.register(uploadRoutes, { db, config, storage });
  await app.register(adminRoutes, { db, documents: documentStorage });
  await app.register(adminPaymentRoutes, { db, stripe, clock });
  await app.register(moderationRoutes, { db, clock, appUrl });

  await app.register(uploadsRoutes, { storage });
  await app.register(pagesPlugin, { config, preloadRenderer });

  // All background work of this instance (decision 032): started by the server after it listens
  // (`app.jobs.start()`), stopped at shutdown and when the app closes (running jobs finish, held
  // leases are released). `app.jobs.stats()` gives queue depths for metrics.
  const mailTransport = givenMailTransport ?? createMailTransport(config);
  const jobs = createAppJobs({
    db,
    config,
    clock,
    appUrl,
    storage,
    mailTransport,
    stripe,
    log: app.log,
    tuning: jobTuning,
  });
  app.addHook('onClose', async () => {
    await jobs.stop();
    if (!givenMailTransport) mailTransport.close();
  });

  // The instance's realtime fan-out (open event streams per user), for tests and health checks.
  return Object.assign(app, { eventHub, stripe, jobs, clock, metrics, lifecycle });
}

export type App = Awaited<ReturnType<typeof buildApp>>;
