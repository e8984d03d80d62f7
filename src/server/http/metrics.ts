import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { queryRows, type Db, type PoolStats } from '../db/open.ts';
import { AppError } from './errors.ts';

/** One kind of background job, as the job runner counts it. */
export type JobQueueStat = {
  kind: string;
  /** Jobs owed: due, running, or waiting for a retry. */
  depth: number;
  /** Seconds since the oldest of them became due (0 when none is). */
  oldestDueSeconds: number;
};

export type MetricsSources = {
  db: Db;
  /** The bearer token scrapes must send; undefined: no /metrics route at all. */
  token: string | undefined;
  /** This instance's database connections. */
  poolStats?: () => PoolStats;
  /** Background jobs per kind (the job runner's view). */
  jobStats?: () => Promise<JobQueueStat[]>;
  /** Event streams (SSE) open on this instance. */
  openStreams?: () => number;
  /** The route Stripe's webhook events arrive on: its answers are counted as processed or failed. */
  webhookRoute?: string;
};

/** Latency buckets in seconds: pages and API calls take milliseconds, a slow query seconds. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Prometheus metrics of this instance at GET /metrics (text format, `prom-client`), behind a bearer
 * token: request counts and latency by route and status, the event loop's lag, the database
 * connections, background jobs waiting per kind, the email outbox's backlog, open event streams,
 * and webhook events processed or failed. Each app has its own registry, so two apps in one
 * process (tests) count apart. Returns the registry (tests read it).
 */
export function registerMetrics(app: FastifyInstance, sources: MetricsSources): Registry | undefined {
  const { db, token } = sources;
  if (!token) return undefined;
  const registry = new Registry();
  registry.setDefaultLabels({ app: 'locora' });
  // Node's own: memory, CPU, handles, and the event loop's lag (nodejs_eventloop_lag_seconds and
  // its p50/p90/p99, sampled every 10 ms).
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 10 });

  const requests = new Counter({
    name: 'locora_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code.',
    labelNames: ['method', 'route', 'status_code'] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'locora_http_request_duration_seconds',
    help: 'Time from request to response, by method, route pattern and status code.',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const webhooks = new Counter({
    name: 'locora_webhook_events_total',
    help: 'Stripe webhook deliveries, by outcome (processed: a 2xx answer; failed: anything else, which Stripe retries).',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  // Created at zero, so a dashboard shows 0 rather than no data before the first event.
  webhooks.inc({ outcome: 'processed' }, 0);
  webhooks.inc({ outcome: 'failed' }, 0);

  if (sources.poolStats) {
    const poolStats = sources.poolStats;
    new Gauge({
      name: 'locora_db_pool_connections',
      help: "This instance's database connections: total open, idle, and queries waiting for one.",
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const s = poolStats();
        this.set({ state: 'total' }, s.total);
        this.set({ state: 'idle' }, s.idle);
        this.set({ state: 'waiting' }, s.waiting);
      },
    });
  }
  // What the database says, read once per scrape and shared by the gauges that show it (the
  // registry collects its metrics concurrently, so one gauge cannot fill another's value).
  const readQueues = async () => {
    const [jobs, [outbox]] = await Promise.all([
      sources.jobStats?.() ?? Promise.resolve([]),
      queryRows<{ due: number; oldest: number | null }>(
        db,
        sql`select count(*)::int as due, extract(epoch from now() - min(run_at))::float8 as oldest
            from email_outbox where sent_at is null and canceled_at is null and run_at <= now()`,
      ),
    ]);
    return { jobs, outbox: { due: outbox?.due ?? 0, oldestSeconds: Math.max(0, outbox?.oldest ?? 0) } };
  };
  let queues: ReturnType<typeof readQueues> | undefined;
  const currentQueues = () => (queues ??= readQueues());

  if (sources.jobStats) {
    new Gauge({
      name: 'locora_job_queue_depth',
      help: 'Background jobs owed (due, running, or waiting for a retry), per kind.',
      labelNames: ['kind'] as const,
      registers: [registry],
      async collect() {
        for (const s of (await currentQueues()).jobs) this.set({ kind: s.kind }, s.depth);
      },
    });
    new Gauge({
      name: 'locora_job_oldest_due_seconds',
      help: 'Seconds since the oldest due background job of each kind became due (0: none waiting).',
      labelNames: ['kind'] as const,
      registers: [registry],
      async collect() {
        for (const s of (await currentQueues()).jobs) this.set({ kind: s.kind }, s.oldestDueSeconds);
      },
    });
  }
  new Gauge({
    name: 'locora_reconciliation_differences',
    help: 'Differences between the ledger and Stripe found by the last reconciliation, neither resolved nor explained.',
    registers: [registry],
    async collect() {
      const [row] = await queryRows<{ n: number }>(
        db,
        sql`select count(*)::int as n from reconciliation_differences where resolved_at is null and explained_at is null`,
      );
      this.set(Number(row?.n ?? 0));
    },
  });
  new Gauge({
    name: 'locora_email_outbox_backlog',
    help: 'Emails written and not yet sent or given up, due now.',
    registers: [registry],
    async collect() {
      this.set((await currentQueues()).outbox.due);
    },
  });
  new Gauge({
    name: 'locora_email_outbox_oldest_due_seconds',
    help: 'Seconds since the oldest email waiting to be sent became due (0: none waiting).',
    registers: [registry],
    async collect() {
      this.set((await currentQueues()).outbox.oldestSeconds);
    },
  });
  if (sources.openStreams) {
    const openStreams = sources.openStreams;
    new Gauge({
      name: 'locora_sse_streams_open',
      help: 'Server-sent event streams open on this instance.',
      registers: [registry],
      collect() {
        this.set(openStreams());
      },
    });
  }

  app.addHook('onResponse', async (request, reply) => {
    // The route's pattern (/api/services/:id), never the raw URL: one series per route.
    const route = request.routeOptions.url ?? 'unmatched';
    if (route === '/metrics') return;
    const labels = { method: request.method, route, status_code: String(reply.statusCode) };
    requests.inc(labels);
    latency.observe(labels, reply.elapsedTime / 1000);
    if (sources.webhookRoute && route === sources.webhookRoute) {
      webhooks.inc({ outcome: reply.statusCode < 300 ? 'processed' : 'failed' });
    }
  });

  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    const header = request.headers.authorization ?? '';
    const given = /^Bearer (.+)$/i.exec(header)?.[1] ?? '';
    if (!sameToken(given, token)) {
      throw new AppError(
        'UNAUTHORIZED',
        'Metrics need the token set in METRICS_TOKEN, sent as "Authorization: Bearer <token>".',
        { 'www-authenticate': 'Bearer realm="metrics"' },
      );
    }
    let body: string;
    try {
      body = await registry.metrics();
    } finally {
      queues = undefined;
    }
    return reply.header('cache-control', 'no-store').type(registry.contentType).send(body);
  });
  return registry;
}
