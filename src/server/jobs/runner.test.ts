import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildApp, type App } from '../app.ts';
import { manualClock } from '../clock.ts';
import { openPostgres, queryRows, type Database } from '../db/open.ts';
import { createBooking } from '../db/seed/factories.ts';
import { EMAIL_QUEUE, emailJobKind, enqueueEmail, sendClaimedEmail } from '../email/outbox.ts';
import type { Mail, MailTransport } from '../email/transport.ts';
import { bookingFixture, DAY_MS, localAt } from '../test/booking-fixture.ts';
import { startStripeServer, type StripeServer } from '../test/stripe-server.ts';
import { testConfig } from '../test/test-app.ts';
import { openTestDatabase, resetDatabase } from '../test/test-db.ts';
import { claimDue, releaseLease, renewLease } from './claim-due.ts';
import { createJobRunner } from './runner.ts';
import { ACTION_LEASE_MS, ACTION_MAX_RUN_MS } from '../payments/payment-actions.ts';
import { STRIPE_TIMEOUT_MAX_MS } from '../config.ts';

const HOUR = 3600 * 1000;
const emailKind = () => emailJobKind({ db: database.db, transport: mailA.transport });

/** A mail transport whose behaviour each test sets; it records every send and how many overlap. */
function recordingTransport() {
  const sends: string[] = [];
  const active = new Map<string, number>();
  let mostAtOnce = 0;
  const state = {
    sends,
    get mostAtOnce() {
      return mostAtOnce;
    },
    behaviour: async (_mail: Mail) => {},
    reset() {
      sends.length = 0;
      active.clear();
      mostAtOnce = 0;
      state.behaviour = async () => {};
    },
    transport: {
      describe: 'test',
      close() {},
      async send(mail: Mail) {
        sends.push(mail.id);
        const n = (active.get(mail.id) ?? 0) + 1;
        active.set(mail.id, n);
        mostAtOnce = Math.max(mostAtOnce, n);
        try {
          await state.behaviour(mail);
        } finally {
          active.set(mail.id, (active.get(mail.id) ?? 1) - 1);
        }
      },
    } satisfies MailTransport,
  };
  return state;
}

/**
 * Two app instances on one database. On PostgreSQL each has its own pool (its own connections,
 * as two servers would); PGlite is one process's database, so both share it.
 */
let stripe: StripeServer;
let database: Database;
let second: Database | undefined;
let a: App;
let b: App;
const mailA = recordingTransport();
const mailB = recordingTransport();
const clock = manualClock();
const LEASE_MS = 500;

beforeAll(async () => {
  database = await openTestDatabase();
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const [{ name }] = (await queryRows<{ name: string }>(database.db, sql`select current_database() as name`)) as [
      { name: string },
    ];
    const u = new URL(url);
    u.pathname = `/${name}`;
    second = await openPostgres(u.toString(), 5);
  }
  stripe = await startStripeServer();
  const config = testConfig({
    stripe: {
      secretKey: stripe.secretKey,
      publishableKey: stripe.publishableKey,
      webhookSecret: stripe.webhookSecret,
      connectWebhookSecret: stripe.connectWebhookSecret,
      platformCountry: stripe.platformCountry,
      apiUrl: stripe.url,
      timeoutMs: 5_000,
    },
  });
  // Short leases (renewed every 167 ms) and intervals: the tests shorten leases, they never move
  // the database's clock.
  const jobs = { intervalMs: 10, leaseMs: LEASE_MS };
  a = await buildApp({ db: database.db, config, logger: false, mailTransport: mailA.transport, jobs, clock });
  b = await buildApp({
    db: (second ?? database).db,
    config,
    logger: false,
    mailTransport: mailB.transport,
    jobs,
    clock,
  });
});

beforeEach(async () => {
  await resetDatabase(database);
  mailA.reset();
  mailB.reset();
  clock.set(Date.now());
});

afterEach(async () => {
  await Promise.all([a.jobs.stop(), b.jobs.stop()]);
});

afterAll(async () => {
  await a?.close();
  await b?.close();
  await second?.close();
  await database?.close();
  await stripe?.close();
});

const mail = (i: number) => ({
  to: `guest${i}@example.com`,
  subject: `Hi ${i}`,
  text: 'Hi',
  html: '<p>Hi</p>',
  kind: 'test',
});
const outbox = () =>
  queryRows<{ id: string; sent: boolean; attempts: number; leased: boolean; due: boolean }>(
    database.db,
    sql`select id, sent_at is not null as sent, attempts, lease_token is not null as leased, run_at <= now() as due
        from email_outbox order by to_address`,
  );

describe('two instances on one database', () => {
  it('claim a batch of due jobs between them, and each runs exactly once', async () => {
    for (let i = 0; i < 30; i++) await enqueueEmail(database.db, mail(i));
    a.jobs.start();
    b.jobs.start();
    await vi.waitFor(async () => expect((await outbox()).every((r) => r.sent)).toBe(true), { timeout: 30_000 });
    await Promise.all([a.jobs.stop(), b.jobs.stop()]);

    const sends = [...mailA.sends, ...mailB.sends];
    expect(sends).toHaveLength(30);
    expect(new Set(sends).size).toBe(30);
    // Each row was claimed once (a claim counts an attempt) and holds no lease any more.
    expect((await outbox()).map((r) => [r.attempts, r.leased])).toEqual(Array.from({ length: 30 }, () => [1, false]));
  });

  it('share the payment actions owed: each capture is made once, by one of them', async () => {
    const f = await bookingFixture(database.db);
    const owed: { bookingId: string; pi: string }[] = [];
    for (let i = 0; i < 8; i++) {
      const booking = await createBooking(database.db, {
        service: f.service,
        userId: f.traveler.id,
        hours: 1,
        startAt: localAt(3, `${String(8 + i).padStart(2, '0')}:00`, f.timeZone),
        status: 'CONFIRMED',
      });
      const pi = await a.stripe!.paymentIntents.create({ amount: 6000, currency: 'usd', capture_method: 'manual' });
      stripe.authorize(pi.id);
      await database.db.execute(
        sql`insert into payments (id, booking_id, amount_cents, currency, status, pending_action, action_due_at)
            values (${pi.id}, ${booking.id}, 6000, 'usd', 'requires_capture', 'capture', now())`,
      );
      owed.push({ bookingId: booking.id, pi: pi.id });
    }
    a.jobs.start();
    b.jobs.start();
    const state = () =>
      queryRows<{ status: string; pending_action: string | null; booking: string }>(
        database.db,
        sql`select p.status, p.pending_action, b.status as booking
            from payments p join bookings b on b.id = p.booking_id order by b.start_at`,
      );
    await vi.waitFor(async () => expect((await state()).every((p) => p.pending_action === null)).toBe(true), {
      timeout: 30_000,
    });
    await Promise.all([a.jobs.stop(), b.jobs.stop()]);
    expect(await state()).toEqual(owed.map(() => ({ status: 'succeeded', pending_action: null, booking: 'PAID' })));
    for (const { pi } of owed) {
      const captures = stripe.calls.filter(
        (c) => c.method === 'POST' && c.path === `/v1/payment_intents/${pi}/capture`,
      );
      expect(captures).toHaveLength(1);
    }
  });

  it('a job slower than its lease keeps it (renewed while it runs): never run twice, not even at once', async () => {
    await enqueueEmail(database.db, mail(1));
    let release!: () => void;
    const slow = new Promise<void>((resolve) => (release = resolve));
    // The first send is slow; a second one (the failure this test looks for) would return at once.
    mailA.behaviour = mailB.behaviour = () =>
      mailA.sends.length + mailB.sends.length === 1 ? slow : Promise.resolve();
    a.jobs.start();
    b.jobs.start();
    await vi.waitFor(() => expect(mailA.sends.length + mailB.sends.length).toBe(1));
    // Both keep polling every 10 ms while the send takes many leases (500 ms each).
    const claimedBy = mailA.sends.length ? a : b;
    const other = claimedBy === a ? b : a;
    for (let i = 0; i < 4; i++) {
      await new Promise((r) => setTimeout(r, LEASE_MS));
      expect(await other.jobs.runOnce('email-outbox')).toBe(0);
      expect((await outbox())[0]).toMatchObject({ sent: false, leased: true, due: false });
    }
    release();
    await vi.waitFor(async () => expect((await outbox())[0]?.sent).toBe(true));
    expect([...mailA.sends, ...mailB.sends]).toHaveLength(1);
    expect(Math.max(mailA.mostAtOnce, mailB.mostAtOnce)).toBe(1);
    expect((await outbox())[0]).toMatchObject({ attempts: 1, leased: false });
  });

  it('stop() waits for running jobs, then releases what is still held: another instance takes it at once', async () => {
    await enqueueEmail(database.db, mail(1));
    let finish!: () => void;
    mailA.behaviour = () => new Promise<void>((resolve) => (finish = resolve));
    a.jobs.start();
    await vi.waitFor(() => expect(mailA.sends).toHaveLength(1));
    expect((await outbox())[0]).toMatchObject({ leased: true, due: false });

    await a.jobs.stop({ timeoutMs: 20 });
    // Handed back: due now, no lease. Instance B sends it without waiting for a lease to run out.
    expect((await outbox())[0]).toMatchObject({ sent: false, leased: false, due: true });
    expect(await b.jobs.runOnce('email-outbox')).toBe(1);
    expect(mailB.sends).toHaveLength(1);
    // The aborted job ending late records nothing: its claim is no longer its own.
    finish();
    await vi.waitFor(() => expect(a.jobs.inFlight()).toBe(0));
    expect((await outbox())[0]).toMatchObject({ sent: true, attempts: 2, leased: false });
  });

  it('stop() with nothing running returns at once, and no lease is left held', async () => {
    for (let i = 0; i < 3; i++) await enqueueEmail(database.db, mail(i));
    a.jobs.start();
    await vi.waitFor(async () => expect((await outbox()).every((r) => r.sent)).toBe(true));
    await a.jobs.stop();
    expect((await outbox()).some((r) => r.leased)).toBe(false);
  });
});

describe('leases', () => {
  it('a payment action claimed by a request (no renewal) is leased for longer than its worst case', () => {
    // 3 calls, each tried twice, each cut at the longest Stripe timeout the configuration allows.
    expect(ACTION_MAX_RUN_MS).toBe(3 * 2 * STRIPE_TIMEOUT_MAX_MS);
    expect(ACTION_LEASE_MS).toBeGreaterThan(ACTION_MAX_RUN_MS + 60_000);
  });

  it('a runner refuses a kind whose worst case its lease renewals cannot plausibly cover', () => {
    expect(() =>
      createJobRunner({
        db: database.db,
        kinds: [
          { round: { name: 'r', intervalMs: 1, round: async () => 0 } },
          { leased: { ...emailKind(), leaseMs: 10, maxRunMs: 1_000 } },
        ],
      }),
    ).toThrow(/too short/);
  });
});

describe('claimDue', () => {
  it('a claim whose lease ran out is taken over; the first holder can then record, renew or release nothing', async () => {
    await enqueueEmail(database.db, mail(1));
    // A lease of 0 ms has run out at once (no sleeping): the second claim takes the row over.
    const [first] = await claimDue<never>(database.db, EMAIL_QUEUE, { leaseMs: 0 });
    const [second] = await claimDue<never>(database.db, EMAIL_QUEUE, { leaseMs: 60_000 });
    expect(first && second && first.id === second.id && first.token !== second.token).toBe(true);
    // A row held under a live lease is not claimed again.
    expect(await claimDue(database.db, EMAIL_QUEUE, { leaseMs: 60_000 })).toEqual([]);

    expect(await renewLease(database.db, EMAIL_QUEUE, first!, 60_000)).toBe(false);
    expect(await releaseLease(database.db, EMAIL_QUEUE, first!)).toBe(false);
    await sendClaimedEmail(database.db, mailA.transport, first as never);
    expect((await outbox())[0]).toMatchObject({ sent: false, leased: true, attempts: 2 });

    await sendClaimedEmail(database.db, mailA.transport, second as never);
    expect((await outbox())[0]).toMatchObject({ sent: true, leased: false, attempts: 2 });
  });

  it('claims the oldest due first and skips what is not due yet', async () => {
    await enqueueEmail(database.db, { ...mail(1), runAt: new Date(Date.now() - 60_000) });
    await enqueueEmail(database.db, { ...mail(2), runAt: new Date(Date.now() - 120_000) });
    await enqueueEmail(database.db, { ...mail(3), runAt: new Date(Date.now() + HOUR) });
    const next = async () =>
      (await claimDue<{ to_address: string }>(database.db, EMAIL_QUEUE, { leaseMs: 60_000 })).map(
        (c) => c.row.to_address,
      );
    expect(await next()).toEqual(['guest2@example.com']);
    expect(await next()).toEqual(['guest1@example.com']);
    expect(await next()).toEqual([]);
    const batch = await claimDue(database.db, EMAIL_QUEUE, { leaseMs: 0, limit: 5 });
    expect(batch).toHaveLength(0);
  });
});

describe('stats()', () => {
  it('gives each kind its queue depth and the age of its oldest due job (the email backlog among them)', async () => {
    await enqueueEmail(database.db, { ...mail(1), runAt: new Date(Date.now() - 120_000) });
    await enqueueEmail(database.db, mail(2));
    await enqueueEmail(database.db, { ...mail(3), runAt: new Date(Date.now() + HOUR) });
    const stats = await a.jobs.stats();
    expect(Object.keys(stats).sort()).toEqual([
      'booking-lifecycle',
      'booking-payouts',
      'calendar-sync',
      'email-outbox',
      'payment-actions',
      'stripe-processing-fees',
      'stripe-waiting-events',
      'upload-sweep',
    ]);
    expect(stats['calendar-sync']).toEqual({ depth: 0, due: 0, oldestDueSeconds: 0 });
    expect(stats['email-outbox']).toMatchObject({ depth: 3, due: 2 });
    expect(stats['email-outbox']!.oldestDueSeconds).toBeGreaterThanOrEqual(100);
    expect(stats['booking-lifecycle']).toEqual({ depth: 0, due: 0, oldestDueSeconds: 0 });
  });
});

describe('business time comes from the clock given to buildApp', () => {
  const statusOf = async (id: string) =>
    (
      await queryRows<{ status: string; cancel_reason: string | null }>(
        database.db,
        sql`select status, cancel_reason from bookings where id = ${id}`,
      )
    )[0];

  it('expiry and completion happen when the clock says, with no waiting and no rows written in the past', async () => {
    const f = await bookingFixture(database.db);
    const request = await createBooking(database.db, {
      service: f.service,
      userId: f.traveler.id,
      hours: 2,
      startAt: localAt(3, '10:00', f.timeZone),
    });
    const accepted = await createBooking(database.db, {
      service: f.service,
      userId: f.traveler2.id,
      hours: 2,
      startAt: localAt(4, '10:00', f.timeZone),
      status: 'CONFIRMED',
    });
    expect(await a.jobs.runOnce('booking-lifecycle')).toBe(0);

    clock.advance(25 * HOUR);
    expect((await a.jobs.stats())['booking-lifecycle']).toMatchObject({ depth: 1 });
    expect((await a.jobs.stats())['booking-lifecycle']!.oldestDueSeconds).toBeGreaterThanOrEqual(HOUR / 1000 - 1);
    expect(await a.jobs.runOnce('booking-lifecycle')).toBe(1);
    expect(await statusOf(request.id)).toEqual({ status: 'CANCELED', cancel_reason: 'expired' });
    expect(await statusOf(accepted.id)).toMatchObject({ status: 'CONFIRMED' });
    const [emailed] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from email_outbox where kind = 'booking-expired' and to_address = ${f.traveler.email}`,
    );
    expect(emailed?.n).toBe(1);

    clock.advance(5 * DAY_MS);
    expect(await b.jobs.runOnce('booking-lifecycle')).toBe(1);
    expect(await statusOf(accepted.id)).toMatchObject({ status: 'COMPLETED' });
  });

  it('a request answered after the clock passed its respond-by time is refused: it has expired', async () => {
    const f = await bookingFixture(database.db);
    const request = await createBooking(database.db, {
      service: f.service,
      userId: f.traveler.id,
      hours: 2,
      startAt: localAt(3, '10:00', f.timeZone),
    });
    clock.advance(25 * HOUR);
    const res = await a.inject({ method: 'POST', url: `/api/bookings/${request.id}/accept`, cookies: f.cookies.owner });
    expect([res.statusCode, res.json().message]).toEqual([409, 'Cannot accept this booking: it is CANCELED']);
    expect(await statusOf(request.id)).toEqual({ status: 'CANCELED', cancel_reason: 'expired' });
  });
});
