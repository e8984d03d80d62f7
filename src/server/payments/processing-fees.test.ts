/**
 * Stripe's processing fees are read through the job runner's rules (decision 032): each payment
 * claimed with a lease (never read twice at once by two instances), oldest first, and a read
 * Stripe cannot answer now backed off instead of tried again every minute.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Config } from '../config.ts';
import { queryRows } from '../db/open.ts';
import { createBooking } from '../db/seed/factories.ts';
import { bookingFixture, type BookingFixture } from '../test/booking-fixture.ts';
import { startStripeServer, type StripeServer } from '../test/stripe-server.ts';
import { useTestApp } from '../test/test-app.ts';
import { PROCESSING_FEES_JOB, readUnreadProcessingFees } from './processing-fees.ts';

let stripe: StripeServer;
beforeAll(async () => {
  stripe = await startStripeServer();
});
afterAll(async () => {
  await stripe?.close();
});

const t = useTestApp({
  get stripe(): Config['stripe'] {
    return {
      secretKey: stripe.secretKey,
      publishableKey: stripe.publishableKey,
      webhookSecret: stripe.webhookSecret,
      apiUrl: stripe.url,
      timeoutMs: 700,
      connectWebhookSecret: stripe.connectWebhookSecret,
      platformCountry: stripe.platformCountry,
    };
  },
} as Partial<Config>);

let f: BookingFixture;
beforeEach(async () => {
  stripe.setMode('ok');
  f = await bookingFixture(t.db);
});

/** A captured card payment of a completed booking (Locora's own charge), its fee not read yet. */
async function capturedPayment(startIso: string) {
  const b = await createBooking(t.db, {
    service: f.service,
    userId: f.traveler.id,
    hours: 2,
    startAt: new Date(startIso),
    status: 'COMPLETED',
  });
  const pi = await t.app.stripe!.paymentIntents.create({
    amount: b.amountCents + b.feeCents,
    currency: 'usd',
    capture_method: 'manual',
  });
  stripe.authorize(pi.id);
  await t.app.stripe!.paymentIntents.capture(pi.id);
  await t.db.execute(
    sql`insert into payments (id, booking_id, amount_cents, currency, status)
        values (${pi.id}, ${b.id}, ${pi.amount}, 'usd', 'succeeded')`,
  );
  return pi.id;
}
const chargeReads = () => stripe.calls.filter((c) => c.method === 'GET' && c.path.startsWith('/v1/charges/')).length;

describe('the processing-fees job', () => {
  it('is a leased kind of the runner: two readers at once read each fee once', async () => {
    const pis = [await capturedPayment('2026-03-02T10:00:00Z'), await capturedPayment('2026-03-03T10:00:00Z')];
    const before = chargeReads();
    // Two instances' rounds at the same moment.
    const [a, b] = await Promise.all([
      readUnreadProcessingFees(t.db, t.app.stripe!),
      readUnreadProcessingFees(t.db, t.app.stripe!),
    ]);
    expect(a.read + b.read).toBe(2);
    expect(chargeReads() - before).toBe(2);
    const read = await queryRows<{ id: string; stripe_fee_cents: number | null }>(
      t.db,
      sql`select id, stripe_fee_cents from payments order by id`,
    );
    expect(read.map((r) => r.stripe_fee_cents)).toEqual([395, 395]);
    expect(read.map((r) => r.id).sort()).toEqual([...pis].sort());
    // Its queue is the runner's: depth and age for metrics, like every leased kind.
    const stats = await t.app.jobs.stats();
    expect(stats[PROCESSING_FEES_JOB]).toEqual({ depth: 0, due: 0, oldestDueSeconds: 0 });
  });

  it('a fee Stripe cannot read now is backed off (30 s, then longer), with the reason kept', async () => {
    const pi = await capturedPayment('2026-03-02T10:00:00Z');
    stripe.setMode('fail');
    expect(await t.app.jobs.runOnce(PROCESSING_FEES_JOB)).toBe(1);
    const [row] = await queryRows<{ waits: number; fee_attempts: number; fee_error: string | null }>(
      t.db,
      sql`select extract(epoch from fee_due_at - now())::float8 as waits, fee_attempts, fee_error
          from payments where id = ${pi}`,
    );
    expect(row!.fee_attempts).toBe(1);
    expect(row!.waits).toBeGreaterThan(20);
    expect(row!.fee_error).toMatch(/went wrong|500/i);
    // Not due: the runner does not call Stripe for it again now.
    const before = chargeReads() + stripe.calls.filter((c) => c.path.startsWith('/v1/payment_intents/')).length;
    stripe.setMode('ok');
    expect(await t.app.jobs.runOnce(PROCESSING_FEES_JOB)).toBe(0);
    expect(chargeReads() + stripe.calls.filter((c) => c.path.startsWith('/v1/payment_intents/')).length).toBe(before);
    // Once due again it is read.
    await t.db.execute(sql`update payments set fee_due_at = now() where id = ${pi}`);
    expect(await t.app.jobs.runOnce(PROCESSING_FEES_JOB)).toBe(1);
    const [done] = await queryRows<{ stripe_fee_cents: number; fee_error: string | null }>(
      t.db,
      sql`select stripe_fee_cents, fee_error from payments where id = ${pi}`,
    );
    expect(done).toEqual({ stripe_fee_cents: 395, fee_error: null });
  });
});
