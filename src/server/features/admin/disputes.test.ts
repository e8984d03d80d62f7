/**
 * Disputes for admins: the list with its filters and deadlines, and answering one with evidence
 * through Stripe's dispute update API (the local Stripe-protocol server), once, before the deadline.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AdminDispute } from '../../../shared/api/earnings.ts';
import { manualClock } from '../../clock.ts';
import { queryRows } from '../../db/open.ts';
import { createBooking, createMessage } from '../../db/seed/factories.ts';
import { bookingFixture, localAt, type BookingFixture } from '../../test/booking-fixture.ts';
import { onboardProvider } from '../../test/connect-fixture.ts';
import { startStripeServer, stripeConfigFor, type StripeServer } from '../../test/stripe-server.ts';
import { useTestApp } from '../../test/test-app.ts';
import { DISPUTE_CLOSED_TO_EVIDENCE, DISPUTE_DEADLINE_PASSED, DISPUTE_NOT_FOUND } from './disputes.ts';

let stripe: StripeServer;
beforeAll(async () => {
  stripe = await startStripeServer();
});
afterAll(async () => {
  await stripe?.close();
});

const clock = manualClock();
const t = useTestApp(
  {
    get stripe() {
      return stripeConfigFor(stripe);
    },
  },
  { clock },
);

let f: BookingFixture;
beforeEach(async () => {
  clock.set(new Date());
  stripe.setMode('ok');
  f = await bookingFixture(t.db);
  await onboardProvider(t.db, stripe, f.owner.provider.id);
});

type Cookies = Record<string, string>;
const list = (status?: string, cookies: Cookies | null = f.cookies.admin) =>
  t.app.inject({
    method: 'GET',
    url: `/api/admin/disputes${status ? `?status=${status}` : ''}`,
    ...(cookies ? { cookies } : {}),
  });
const answer = (id: string, payload: unknown, cookies: Cookies | null = f.cookies.admin) =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/disputes/${id}/evidence`,
    payload: payload as Record<string, unknown>,
    ...(cookies ? { cookies } : {}),
  });

/** A paid booking with messages, disputed by the traveler's bank (Stripe's webhook recorded it). */
async function disputedBooking() {
  const b = await createBooking(t.db, {
    service: f.service,
    userId: f.traveler.id,
    hours: 2,
    startAt: localAt(2, '10:00', f.timeZone),
    status: 'PAID',
    paymentRequired: true,
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
        values (${pi.id}, ${b.id}, ${pi.amount}, 'USD', 'succeeded')`,
  );
  await createMessage(t.db, { bookingId: b.id, senderId: f.traveler.id, body: 'See you at ten at the hotel lobby.' });
  await createMessage(t.db, { bookingId: b.id, senderId: f.owner.user.id, body: 'Perfect, I will bring everything.' });
  const dispute = stripe.money.openDispute(pi.id, { reason: 'product_not_received' });
  const signed = stripe.sign(stripe.money.disputeEvent('charge.dispute.created', dispute.id));
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/webhooks/stripe',
    headers: { 'content-type': 'application/json', 'stripe-signature': signed.signature },
    payload: signed.payload,
  });
  expect(res.statusCode, res.body).toBe(200);
  return { bookingId: b.id, pi: pi.id, disputeId: dispute.id };
}

describe('GET /api/admin/disputes', () => {
  it('lists the open dispute with its deadline for admins; won and lost are filters of their own', async () => {
    const { bookingId, disputeId } = await disputedBooking();
    const open = await list();
    expect(open.statusCode).toBe(200);
    const [row] = open.json() as AdminDispute[];
    expect(row).toMatchObject({
      id: disputeId,
      bookingId,
      status: 'needs_response',
      reason: 'product_not_received',
      isOpen: true,
      takesEvidence: true,
      evidenceSubmittedAt: null,
    });
    expect(new Date(row!.dueBy!).getTime()).toBeGreaterThan(clock.now().getTime());
    expect((await list('won')).json()).toEqual([]);
    expect((await list('lost')).json()).toEqual([]);
    expect((await list('all')).json()).toHaveLength(1);
    expect((await list('closed')).statusCode).toBe(400);
  });

  it('anonymous 401; the traveler, the provider, another provider 403; an admin 200', async () => {
    await disputedBooking();
    expect((await list(undefined, null)).statusCode).toBe(401);
    for (const cookies of [f.cookies.traveler, f.cookies.owner, f.cookies.other])
      expect((await list(undefined, cookies)).statusCode).toBe(403);
    expect((await list()).statusCode).toBe(200);
  });
});

describe('POST /api/admin/disputes/{id}/evidence', () => {
  it('submits the text and the booking’s messages to Stripe, once; the dispute is under review, and audit-logged', async () => {
    const { bookingId, disputeId } = await disputedBooking();
    const text = 'The provider cooked at the traveler’s hotel on the booked day; the traveler thanked them by message.';
    const res = await answer(disputeId, { text });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: disputeId, status: 'under_review', takesEvidence: false, isOpen: true });
    expect(res.json().evidenceSubmittedAt).toBe(clock.now().toISOString());

    // What Stripe holds: the text, then the thread; the service, its date and the traveler.
    const atStripe = stripe.money.disputes.get(disputeId)!;
    expect(atStripe.status).toBe('under_review');
    expect(atStripe.evidence_details.submission_count).toBe(1);
    expect(atStripe.evidence!.uncategorized_text).toContain(text);
    expect(atStripe.evidence!.uncategorized_text).toContain('See you at ten at the hotel lobby.');
    expect(atStripe.evidence!.uncategorized_text).toContain('Perfect, I will bring everything.');
    expect(atStripe.evidence!.product_description).toContain(f.service.title);
    expect(atStripe.evidence!.service_date).toBe(localAt(2, '10:00', f.timeZone).toISOString().slice(0, 10));
    expect(atStripe.evidence!.customer_email_address).toBe(f.traveler.email);

    const [row] = await queryRows<{ status: string; evidence_text: string }>(
      t.db,
      sql`select status, evidence_text from disputes where id = ${disputeId}`,
    );
    expect(row).toEqual({ status: 'under_review', evidence_text: atStripe.evidence!.uncategorized_text });
    const audit = await queryRows<{ action: string; target_id: string }>(
      t.db,
      sql`select action, target_id from audit_log where action = 'dispute.submit_evidence'`,
    );
    expect(audit).toEqual([{ action: 'dispute.submit_evidence', target_id: bookingId }]);

    // Once: answered, it takes no more.
    const again = await answer(disputeId, { text: 'More.' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(DISPUTE_CLOSED_TO_EVIDENCE);
    expect(stripe.money.disputes.get(disputeId)!.evidence_details.submission_count).toBe(1);
  });

  it('without the messages when asked; past the deadline refused before Stripe is asked', async () => {
    const { disputeId } = await disputedBooking();
    clock.advance(8 * 24 * 3600_000);
    const late = await answer(disputeId, { text: 'Too late.' });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(DISPUTE_DEADLINE_PASSED);
    expect(stripe.money.disputes.get(disputeId)!.evidence).toBeUndefined();

    clock.set(new Date());
    const res = await answer(disputeId, { text: 'The service was given.', includeMessages: false });
    expect(res.statusCode, res.body).toBe(200);
    expect(stripe.money.disputes.get(disputeId)!.evidence!.uncategorized_text).toBe('The service was given.');
  });

  it('answers the admin in their language: refusals, and Stripe’s own refusal quoted inside ours', async () => {
    const { disputeId } = await disputedBooking();
    const inJapanese = (id: string, payload: unknown) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/disputes/${id}/evidence`,
        payload: payload as Record<string, unknown>,
        cookies: f.cookies.admin,
        headers: { 'x-locale': 'ja' },
      });
    expect((await inJapanese(disputeId, { text: ' ' })).json().message).toBe(
      '何があったかを書いてください。銀行が読みます。',
    );
    expect((await inJapanese('dp_unknown123', { text: 'こんにちは' })).json()).toMatchObject({
      code: 'NOT_FOUND',
      message: '異議申し立てが見つかりません。',
    });
    // Stripe no longer takes evidence (answered in its dashboard) before Locora heard of it.
    stripe.money.setDisputeStatus(disputeId, 'under_review');
    const refused = await inJapanese(disputeId, { text: 'サービスは提供済みです。' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'Stripeが証拠を受け付けませんでした：This dispute is under_review and can no longer be updated.',
    );
    clock.advance(8 * 24 * 3600_000);
    stripe.money.setDisputeStatus(disputeId, 'needs_response');
    expect((await inJapanese(disputeId, { text: '遅すぎました。' })).json().message).toBe(
      'この異議申し立ての回答期限は過ぎています。',
    );
  });

  it('bad input is a 400 that says what; an unknown dispute 404; every actor but an admin refused', async () => {
    const { disputeId } = await disputedBooking();
    const blank = await answer(disputeId, { text: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toContain('Write what happened');
    expect((await answer(disputeId, { text: 'x'.repeat(15_001) })).statusCode).toBe(400);
    expect((await answer('not-a-dispute', { text: 'Hello' })).statusCode).toBe(400);
    const unknown = await answer('dp_unknown123', { text: 'Hello' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(DISPUTE_NOT_FOUND);

    expect((await answer(disputeId, { text: 'Hello' }, null)).statusCode).toBe(401);
    for (const cookies of [f.cookies.traveler, f.cookies.owner, f.cookies.other])
      expect((await answer(disputeId, { text: 'Hello' }, cookies)).statusCode).toBe(403);
    expect(stripe.money.disputes.get(disputeId)!.evidence).toBeUndefined();
  });
});
