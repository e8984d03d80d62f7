import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/open.ts';
import { openSse } from '../test/sse-client.ts';
import { signUp, testConfig, useTestApp } from '../test/test-app.ts';
import { openTestDatabase, resetDatabase } from '../test/test-db.ts';

const TOKEN = 'metrics-token-for-the-tests-0123456789';

/** A series' name and its labels in a fixed order, e.g. `name{a="b",c="d"}`. */
function seriesKey(series: string): string {
  const match = /^([^{ ]+)(?:\{(.*)\})?$/.exec(series);
  if (!match) throw new Error(`not a series: ${series}`);
  const labels = (match[2] ?? '')
    .split(/,(?=\w+=")/)
    .filter(Boolean)
    .sort();
  return `${match[1]}{${labels.join(',')}}`;
}

/** The value of one series in Prometheus' text format (labels in any order); undefined when absent. */
function sample(text: string, series: string): number | undefined {
  const wanted = seriesKey(series);
  for (const line of text.split('\n')) {
    if (line.startsWith('#') || !line.trim()) continue;
    const space = line.lastIndexOf(' ');
    if (seriesKey(line.slice(0, space)) === wanted) return Number(line.slice(space + 1));
  }
  return undefined;
}

describe('GET /metrics without METRICS_TOKEN', () => {
  const t = useTestApp();

  it('does not exist', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(404);
  });
});

describe('GET /metrics with METRICS_TOKEN', () => {
  let database: Database;
  let config: Config;
  let app: App;

  beforeAll(async () => {
    database = await openTestDatabase();
    config = testConfig({ metricsToken: TOKEN });
    app = await buildApp({
      db: database.db,
      config,
      logger: false,
      listen: database.listen,
      poolStats: () => database.poolStats(),
    });
  });
  beforeEach(async () => {
    await resetDatabase(database);
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const scrape = (authorization?: string, cookies?: Record<string, string>) =>
    app.inject({
      method: 'GET',
      url: '/metrics',
      headers: authorization === undefined ? {} : { authorization },
      cookies,
    });

  it('refuses anyone without the token, whatever their role, with a 401 that says what to send', async () => {
    const traveler = await signUp(app, { role: 'TRAVELER' });
    const provider = await signUp(app, { role: 'PROVIDER' });
    const admin = await signUp(app, { role: 'TRAVELER' });
    await database.db.execute(sql`update users set role = 'ADMIN' where id = ${admin.user.id}`);
    for (const res of [
      await scrape(),
      await scrape('Bearer wrong-token-of-some-length'),
      await scrape(`Basic ${Buffer.from(`x:${TOKEN}`).toString('base64')}`),
      await scrape(`Bearer ${TOKEN}x`),
      await scrape(undefined, traveler.cookies),
      await scrape(undefined, provider.cookies),
      await scrape(undefined, admin.cookies),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(res.json()).toMatchObject({ code: 'UNAUTHORIZED', message: expect.stringContaining('METRICS_TOKEN') });
      expect(res.body).not.toContain('locora_http_requests_total');
    }
  });

  it('counts requests by route pattern and status, never by raw URL', async () => {
    const id = randomUUID();
    for (let i = 0; i < 3; i++) {
      expect((await app.inject({ method: 'GET', url: `/api/services/${id}` })).statusCode).toBe(404);
    }
    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    const res = await scrape(`Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers['cache-control']).toBe('no-store');
    const text = res.body;
    expect(
      sample(text, 'locora_http_requests_total{app="locora",method="GET",route="/api/services/:id",status_code="404"}'),
    ).toBe(3);
    expect(
      sample(text, 'locora_http_requests_total{app="locora",method="GET",route="/healthz",status_code="200"}'),
    ).toBe(1);
    expect(
      sample(
        text,
        'locora_http_request_duration_seconds_count{app="locora",method="GET",route="/api/services/:id",status_code="404"}',
      ),
    ).toBe(3);
    console.log(
      text
        .split('\n')
        .filter((l) => l.includes('duration_seconds_count'))
        .join('\n'),
    );
    expect(text).not.toContain(id);
    // The scrape itself is not counted.
    expect(text).not.toContain('route="/metrics"');
  });

  it("reports the event loop's lag, the pool, the job queues, the email backlog and open streams", async () => {
    await database.db.execute(sql`
      insert into email_outbox (to_address, subject, text, html, kind, run_at)
      values ('a@example.com', 's', 't', 'h', 'test', now() - interval '90 seconds'),
             ('b@example.com', 's', 't', 'h', 'test', now() - interval '10 seconds'),
             ('c@example.com', 's', 't', 'h', 'test', now() + interval '1 hour')`);
    await database.db.execute(sql`
      insert into email_outbox (to_address, subject, text, html, kind, sent_at)
      values ('d@example.com', 's', 't', 'h', 'test', now())`);
    const text = (await scrape(`Bearer ${TOKEN}`)).body;
    expect(sample(text, 'nodejs_eventloop_lag_p99_seconds{app="locora"}')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'locora_db_pool_connections{app="locora",state="total"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'locora_db_pool_connections{app="locora",state="waiting"}')).toBe(0);
    // The job runner's view of the same outbox: three owed, the oldest due 90 s ago.
    expect(sample(text, 'locora_job_queue_depth{app="locora",kind="email-outbox"}')).toBe(3);
    expect(sample(text, 'locora_job_oldest_due_seconds{app="locora",kind="email-outbox"}')).toBeGreaterThanOrEqual(89);
    expect(sample(text, 'locora_job_queue_depth{app="locora",kind="booking-lifecycle"}')).toBe(0);
    // Two due and unsent; the one due in an hour and the sent one are not a backlog.
    expect(sample(text, 'locora_email_outbox_backlog{app="locora"}')).toBe(2);
    expect(sample(text, 'locora_email_outbox_oldest_due_seconds{app="locora"}')).toBeGreaterThanOrEqual(89);
    expect(sample(text, 'locora_sse_streams_open{app="locora"}')).toBe(0);
  });

  it('counts the event streams open on this instance', async () => {
    const traveler = await signUp(app, { role: 'TRAVELER' });
    const provider = await signUp(app, { role: 'PROVIDER' });
    const base = await app.listen({ host: '127.0.0.1', port: 0 });
    const streams = [
      await openSse(base, { cookies: traveler.cookies }),
      await openSse(base, { cookies: provider.cookies }),
    ];
    expect(streams.map((s) => s.status)).toEqual([200, 200]);
    try {
      expect(sample((await scrape(`Bearer ${TOKEN}`)).body, 'locora_sse_streams_open{app="locora"}')).toBe(2);
    } finally {
      for (const s of streams) s.close();
    }
  });

  it('counts webhook deliveries as processed or failed', async () => {
    const before = (await scrape(`Bearer ${TOKEN}`)).body;
    expect(sample(before, 'locora_webhook_events_total{app="locora",outcome="failed"}')).toBe(0);
    // Payments are not configured here: the webhook answers with an error, which Stripe would retry.
    const res = await app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
      payload: '{}',
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    const after = (await scrape(`Bearer ${TOKEN}`)).body;
    expect(sample(after, 'locora_webhook_events_total{app="locora",outcome="failed"}')).toBe(1);
    expect(sample(after, 'locora_webhook_events_total{app="locora",outcome="processed"}')).toBe(0);
  });
});
