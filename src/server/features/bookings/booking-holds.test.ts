/**
 * Requests that cannot squat (decision 031): caps on unanswered requests, unpaid requests held 15
 * minutes and unseen by the provider until the card is authorised, the answer clock from then, an
 * idempotency key replayed with a change refused, and history in real time.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { UNPAID_HOLD_MINUTES } from '../../../shared/domain/booking-machine.ts';
import { formatMoney } from '../../../shared/domain/pricing.ts';
import type { Config } from '../../config.ts';
import { queryRows } from '../../db/open.ts';
import { createAvailability, createProvider, createService } from '../../db/seed/factories.ts';
import { bookingFixture, cookieFor, count, localAt, type BookingFixture } from '../../test/booking-fixture.ts';
import { startStripeServer, type StripeServer } from '../../test/stripe-server.ts';
import { onboardProvider } from '../../test/connect-fixture.ts';
import { useTestApp } from '../../test/test-app.ts';
import { releaseLapsedHolds, runBookingLifecycle } from './lifecycle.ts';
import {
  IDEMPOTENCY_MISMATCH_MESSAGE,
  MAX_PENDING_PER_PROVIDER,
  MAX_PENDING_TOTAL,
  TOO_MANY_PENDING_MESSAGE,
  TOO_MANY_WITH_PROVIDER_MESSAGE,
} from './request.ts';

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
      connectWebhookSecret: stripe.connectWebhookSecret,
      platformCountry: stripe.platformCountry,
      apiUrl: stripe.url,
      timeoutMs: 2000,
    };
  },
} as Partial<Config>);

let f: BookingFixture;
const MIN = 60_000;
const APP_URL = 'http://localhost:3000';
type Cookies = Record<string, string>;
beforeEach(async () => {
  stripe.setMode('ok');
  f = await bookingFixture(t.db);
  // With Stripe keys set, a provider is booked only once their payouts account is active (decision 038).
  await onboardProvider(t.db, stripe, f.owner.provider.id);
  await onboardProvider(t.db, stripe, f.other.provider.id);
});

function book(cookies: Cookies, body: Record<string, unknown>, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'POST', url: '/api/bookings', cookies, headers, payload: body });
}
/** A free (request-to-book) service: no card is asked for, so the caps are seen without payments in the way. */
async function freeService(providerId = f.owner.provider.id) {
  return createService(t.db, {
    providerId,
    categoryId: f.category.id,
    priceCents: 0,
    minHours: 1,
    locationType: 'provider_place',
  });
}
const at = (day: number, time: string) => localAt(day, time, f.timeZone).toISOString();
const providerBookings = async (cookies: Cookies) =>
  (await t.app.inject({ url: '/api/provider/bookings', cookies })).json() as { id: string }[];
const requestEmails = () =>
  count(t.db, sql`select count(*)::int as n from email_outbox where kind = 'booking-request'`);

describe('caps on unanswered requests', () => {
  it('a squat of 31 requests to one provider: 3 are taken, 28 refused with the reason; others still find the days free', async () => {
    const service = await freeService();
    const results: number[] = [];
    const messages = new Set<string>();
    for (let i = 0; i < 31; i++) {
      const day = 3 + (i % 2);
      const res = await book(f.cookies.traveler, {
        serviceId: service.id,
        start: at(day, `${String(8 + (Math.floor(i / 2) % 12)).padStart(2, '0')}:00`),
        hours: 1,
      });
      results.push(res.statusCode);
      if (res.statusCode !== 201) messages.add(res.json().message);
    }
    expect(results.filter((s) => s === 201)).toHaveLength(MAX_PENDING_PER_PROVIDER);
    expect(results.filter((s) => s === 409)).toHaveLength(31 - MAX_PENDING_PER_PROVIDER);
    expect([...messages]).toEqual([TOO_MANY_WITH_PROVIDER_MESSAGE.english]);
    // The provider got 3 emails, not 31; another traveler still books the rest of the days.
    expect(await requestEmails()).toBe(MAX_PENDING_PER_PROVIDER);
    const days = await t.app.inject({
      url: `/api/services/${service.id}/available-days?month=${at(3, '08:00').slice(0, 7)}&hours=1`,
    });
    expect(days.json().days.length).toBeGreaterThan(0);
    expect(
      (await book(f.cookies.traveler2, { serviceId: service.id, start: at(4, '18:00'), hours: 1 })).statusCode,
    ).toBe(201);
  });

  it('10 unanswered requests in all; an answered, cancelled or expired one no longer counts', async () => {
    const providers = [];
    for (let i = 0; i < 4; i++) {
      const p = await createProvider(t.db, { displayName: `P${i}`, timeZone: f.timeZone });
      await createAvailability(t.db, {
        providerId: p.provider.id,
        startAt: localAt(3, '08:00', f.timeZone),
        endAt: localAt(3, '20:00', f.timeZone),
      });
      providers.push({ ...p, service: await freeService(p.provider.id), cookies: await cookieFor(t.db, p.user.id) });
    }
    const made: string[] = [];
    for (const p of providers)
      for (const time of ['08:00', '10:00', '12:00']) {
        const res = await book(f.cookies.traveler, { serviceId: p.service.id, start: at(3, time), hours: 1 });
        if (made.length < MAX_PENDING_TOTAL) {
          expect(res.statusCode, res.body).toBe(201);
          made.push(res.json().booking.id);
        } else expect([res.statusCode, res.json().message]).toEqual([409, TOO_MANY_PENDING_MESSAGE.english]);
      }
    expect(made).toHaveLength(MAX_PENDING_TOTAL);
    // The provider answers one: the traveler may ask again.
    const accepted = await t.app.inject({
      method: 'POST',
      url: `/api/bookings/${made[0]}/accept`,
      cookies: providers[0]!.cookies,
    });
    expect(accepted.statusCode).toBe(200);
    const again = await book(f.cookies.traveler, {
      serviceId: providers[3]!.service.id,
      start: at(3, '16:00'),
      hours: 1,
    });
    expect(again.statusCode).toBe(201);
  });
});

describe('idempotency', () => {
  it('the same key with any field changed is 409; the same request again is the first booking', async () => {
    const body = { serviceId: f.service.id, start: at(3, '10:00'), hours: 2, address: 'Rua A 1', notes: 'Ring twice' };
    const key = { 'idempotency-key': 'k-1' };
    await t.db.execute(sql`update services set price_cents = 0 where id = ${f.service.id}`);
    const first = await book(f.cookies.traveler, body, key);
    expect(first.statusCode).toBe(201);
    for (const change of [{ address: 'Rua B 2' }, { notes: 'Knock' }, { address: undefined }, { hours: 3 }]) {
      const res = await book(f.cookies.traveler, { ...body, ...change }, key);
      expect([res.statusCode, res.json().message], JSON.stringify(change)).toEqual([
        409,
        IDEMPOTENCY_MISMATCH_MESSAGE.english,
      ]);
    }
    const same = await book(f.cookies.traveler, body, key);
    expect([same.statusCode, same.json().booking.id]).toEqual([200, first.json().booking.id]);
    expect(await count(t.db, sql`select count(*)::int as n from bookings`)).toBe(1);
  });
});

describe('with card payments on: an unpaid request holds its time 15 minutes, unseen by the provider', () => {
  it('unseen until authorised (list, count, email); then seen, emailed, and 24 hours to answer from then', async () => {
    const res = await book(f.cookies.traveler, { serviceId: f.service.id, start: at(3, '10:00'), hours: 2 });
    expect(res.statusCode).toBe(201);
    const booking = res.json().booking;
    expect(booking).toMatchObject({ status: 'PENDING', awaitingPayment: true });
    const made = new Date(booking.createdAt).getTime();
    expect(new Date(booking.respondBy).getTime() - made).toBe(UNPAID_HOLD_MINUTES * MIN);
    // The provider: not in the list, not counted, no email, no live update.
    expect((await providerBookings(f.cookies.owner)).map((b) => b.id)).not.toContain(booking.id);
    const stats = async () =>
      (await t.app.inject({ url: '/api/provider/stats', cookies: f.cookies.owner })).json().pendingRequests;
    expect(await stats()).toBe(0);
    expect(await requestEmails()).toBe(0);
    // No receipt yet: the traveler is at the card form. It comes once the card is authorised, so it
    // never says the time is held for the payment when the card already was.
    const receipts = () =>
      queryRows<{ subject: string; text: string }>(
        t.db,
        sql`select subject, text from email_outbox where kind = 'booking-receipt'`,
      );
    expect(await receipts()).toEqual([]);
    expect(
      await count(
        t.db,
        sql`select count(*)::int as n from user_events where user_id = ${f.owner.user.id} and type = 'booking'`,
      ),
    ).toBe(0);
    // Another traveler cannot take the time meanwhile.
    const taken = await book(f.cookies.traveler2, { serviceId: f.service.id, start: at(3, '10:00'), hours: 2 });
    expect(taken.statusCode).toBe(409);
    // Nor can the provider read it, or accept it before its card is authorised (409, with why).
    expect((await t.app.inject({ url: `/api/bookings/${booking.id}`, cookies: f.cookies.owner })).statusCode).toBe(404);
    const early = await t.app.inject({
      method: 'POST',
      url: `/api/bookings/${booking.id}/accept`,
      cookies: f.cookies.owner,
      payload: {},
    });
    expect(early.statusCode).toBe(409);
    expect(
      (await t.app.inject({ url: `/api/bookings/${booking.id}`, cookies: f.cookies.traveler })).json().booking,
    ).toMatchObject({ status: 'PENDING', awaitingPayment: true });

    // The card is authorised (Stripe.js), and Stripe tells us.
    const pay = await t.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      cookies: f.cookies.traveler,
      payload: { bookingId: booking.id },
    });
    const pi = (pay.json().clientSecret as string).split('_secret_')[0]!;
    stripe.authorize(pi);
    const signed = stripe.sign(stripe.event('payment_intent.amount_capturable_updated', pi));
    const hook = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      headers: { 'content-type': 'application/json', 'stripe-signature': signed.signature },
      payload: signed.payload,
    });
    expect(hook.statusCode).toBe(200);
    expect((await providerBookings(f.cookies.owner)).map((b) => b.id)).toContain(booking.id);
    expect(await stats()).toBe(1);
    expect(await requestEmails()).toBe(1);
    // The traveler's receipt: sent to the provider, the amount held on the card, not charged.
    const [receipt, ...more] = await receipts();
    expect(more).toEqual([]);
    expect(receipt?.subject).toMatch(/^Request sent: /);
    expect(receipt?.text).toContain(
      `Total: ${formatMoney(booking.totalCents, booking.currency, 'en')}, service fee included. It is held on your card, not charged`,
    );
    expect(receipt?.text).not.toContain('while you complete the card payment');
    const [row] = await queryRows<{ authorised_at: Date }>(
      t.db,
      sql`select authorised_at from bookings where id = ${booking.id}`,
    );
    const mine = (await t.app.inject({ url: `/api/bookings/${booking.id}`, cookies: f.cookies.traveler })).json()
      .booking;
    expect(mine.awaitingPayment).toBe(false);
    expect(new Date(mine.respondBy).getTime()).toBe(new Date(row!.authorised_at).getTime() + 24 * 60 * MIN);
  });

  it('a lapsed unpaid hold is released by the lifecycle job; the traveler reads why; the time is free again', async () => {
    const res = await book(f.cookies.traveler, { serviceId: f.service.id, start: at(3, '10:00'), hours: 2 });
    const id = res.json().booking.id as string;
    const later = new Date(Date.now() + (UNPAID_HOLD_MINUTES + 1) * MIN);
    // Not before its 15 minutes.
    expect(await releaseLapsedHolds(t.db, { appUrl: APP_URL, now: new Date(Date.now() + 10 * MIN) })).toBe(0);
    expect(await runBookingLifecycle(t.db, { appUrl: APP_URL, now: later })).toBe(1);
    const mine = (await t.app.inject({ url: `/api/bookings/${id}`, cookies: f.cookies.traveler })).json().booking;
    expect(mine).toMatchObject({ status: 'CANCELED', cancelReason: 'payment not completed', awaitingPayment: false });
    const history = await queryRows<{ from_status: string; to_status: string; reason: string | null }>(
      t.db,
      sql`select from_status, to_status, reason from booking_events where booking_id = ${id} order by seq`,
    );
    expect(history).toEqual([
      { from_status: null, to_status: 'PENDING', reason: null },
      { from_status: 'PENDING', to_status: 'CANCELED', reason: 'payment not completed' },
    ]);
    // Never seen by the provider, and the time is free.
    expect((await providerBookings(f.cookies.owner)).map((b) => b.id)).not.toContain(id);
    const again = await book(f.cookies.traveler2, { serviceId: f.service.id, start: at(3, '10:00'), hours: 2 });
    expect(again.statusCode).toBe(201);
  });
});

describe('history in real time', () => {
  it('rows written in one transaction keep the order they were written in', async () => {
    const res = await book(f.cookies.traveler, { serviceId: f.service.id, start: at(3, '10:00'), hours: 2 });
    const id = res.json().booking.id as string;
    await t.db.transaction(async (tx) => {
      for (const [from, to] of [
        ['PENDING', 'CONFIRMED'],
        ['CONFIRMED', 'CANCELED'],
      ])
        await tx.execute(
          sql`insert into booking_events (booking_id, actor_role, from_status, to_status)
              values (${id}, 'SYSTEM', ${from}::booking_status, ${to}::booking_status)`,
        );
    });
    const byTime = await queryRows<{ to_status: string }>(
      t.db,
      sql`select to_status from booking_events where booking_id = ${id} order by created_at, seq`,
    );
    expect(byTime.map((r) => r.to_status)).toEqual(['PENDING', 'CONFIRMED', 'CANCELED']);
    // Each row's time is when it was written (not its transaction's start): never earlier than the row before.
    const inOrder = await queryRows<{ later: boolean | null }>(
      t.db,
      sql`select created_at >= lag(created_at) over (order by seq) as later
          from booking_events where booking_id = ${id} order by seq`,
    );
    expect(inOrder.map((r) => r.later)).toEqual([null, true, true]);
  });
});

// Concurrent transactions need connections of their own: PostgreSQL only (PGlite is one).
describe.skipIf(!process.env.TEST_DATABASE_URL)('history under races (PostgreSQL)', () => {
  it('an accept racing a cancel, 20 times: each booking’s history, by time, is one chain from its request', async () => {
    await t.db.execute(sql`update services set price_cents = 0 where id = ${f.service2.id}`);
    const ids: string[] = [];
    for (let i = 0; i < 20; i++) {
      const cookies = i % 2 ? f.cookies.traveler : f.cookies.traveler2;
      const day = 3 + (i % 2);
      const start = localAt(day, `${String(8 + Math.floor(i / 2)).padStart(2, '0')}:00`, f.timeZone).toISOString();
      const res = await book(cookies, { serviceId: f.service2.id, start, hours: 1 });
      expect(res.statusCode, res.body).toBe(201);
      ids.push(res.json().booking.id);
      // A traveler may hold 3 requests per provider: the provider answers as they come.
      if (i >= 4) {
        const older = ids[i - 4]!;
        const ownerOf = (i - 4) % 2 ? f.cookies.traveler : f.cookies.traveler2;
        await Promise.all([
          t.app.inject({ method: 'POST', url: `/api/bookings/${older}/accept`, cookies: f.cookies.owner }),
          t.app.inject({ method: 'POST', url: `/api/bookings/${older}/cancel`, cookies: ownerOf }),
        ]);
      }
    }
    const rows = await queryRows<{ booking_id: string; from_status: string | null; to_status: string }>(
      t.db,
      sql`select booking_id, from_status, to_status from booking_events order by booking_id, created_at`,
    );
    const broken: string[] = [];
    const last = new Map<string, string>();
    for (const r of rows) {
      if ((last.get(r.booking_id) ?? null) !== r.from_status)
        broken.push(`${r.booking_id}: ${r.from_status}>${r.to_status} after ${last.get(r.booking_id)}`);
      last.set(r.booking_id, r.to_status);
    }
    expect(broken).toEqual([]);
  });
});
