/**
 * Earnings, payouts, disputes and the admin payments view (decision 039), against the local
 * Stripe-protocol server. Business time is a manual clock (mid-November 2026), TZ=UTC.
 */
import type { ProviderStats } from '../../../shared/api/provider-workspace.ts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AdminBooking, AdminPayments, Earnings, ProviderPayouts } from '../../../shared/api/earnings.ts';
import { manualClock } from '../../clock.ts';
import type { Config } from '../../config.ts';
import { queryRows } from '../../db/open.ts';
import { decimalToMinor } from '../../../shared/domain/currency.ts';
import { createBooking, createMessage } from '../../db/seed/factories.ts';
import { bookingFixture, type BookingFixture } from '../../test/booking-fixture.ts';
import { startStripeServer, type StripeServer } from '../../test/stripe-server.ts';
import { useTestApp } from '../../test/test-app.ts';
import { recordLedger } from '../../payments/ledger.ts';
import { PROCESSING_FEES_JOB } from '../../payments/processing-fees.ts';

let stripe: StripeServer;
beforeAll(async () => {
  stripe = await startStripeServer();
});
afterAll(async () => {
  await stripe?.close();
});

const NOW = new Date('2026-11-15T12:00:00Z');
const clock = manualClock(NOW);
const t = useTestApp(
  {
    get stripe(): Config['stripe'] {
      return {
        secretKey: stripe.secretKey,
        publishableKey: stripe.publishableKey,
        webhookSecret: stripe.webhookSecret,
        apiUrl: stripe.url,
        timeoutMs: 2000,
        connectWebhookSecret: stripe.connectWebhookSecret,
        platformCountry: stripe.platformCountry,
      };
    },
  } as Partial<Config>,
  { clock },
);

let f: BookingFixture;
const ACCOUNT = 'acct_test_owner';
beforeEach(async () => {
  clock.set(NOW);
  stripe.setMode('ok');
  // The provider works in New York: months begin at midnight there.
  f = await bookingFixture(t.db, 'America/New_York');
  await t.db.execute(
    sql`insert into connected_accounts (id, provider_id, country, state, charges_enabled, payouts_enabled,
          details_submitted, transfers_capability, card_payments_capability)
        values (${ACCOUNT}, ${f.owner.provider.id}, 'US', 'active', true, true, true, 'active', 'active')`,
  );
});

function get(url: string, cookies?: Record<string, string>) {
  return t.app.inject({ method: 'GET', url, ...(cookies ? { cookies } : {}) });
}

function webhook(event: unknown) {
  const signed = stripe.sign(event);
  return t.app.inject({
    method: 'POST',
    url: '/api/webhooks/stripe',
    headers: { 'content-type': 'application/json', 'stripe-signature': signed.signature },
    payload: signed.payload,
  });
}

type Money = 'authorised' | 'captured' | 'refunded' | null;

/**
 * A booking of `service` starting at `start` in `status`, with a card payment Stripe holds as
 * `money` (a destination charge to the owner's account when it is the owner's), or none.
 */
async function booking(opts: {
  start: string;
  status: 'CONFIRMED' | 'PAID' | 'COMPLETED' | 'CANCELED' | 'REFUNDED';
  money: Money;
  service?: BookingFixture['service'];
  hours?: number;
  userId?: string;
  fee?: number;
  /** When the card was charged (the ledger's capture); the clock's now when not said. */
  capturedAt?: string;
  /** A refund of part of the charge, in cents (Stripe's dashboard). */
  partialRefund?: number;
}) {
  const service = opts.service ?? f.service;
  const b = await createBooking(t.db, {
    service,
    userId: opts.userId ?? f.traveler.id,
    hours: opts.hours ?? service.minHours,
    startAt: new Date(opts.start),
    status: opts.status,
  });
  if (!opts.money) return { id: b.id, pi: null, total: b.amountCents + b.feeCents, booking: b };
  const pi = await t.app.stripe!.paymentIntents.create({
    amount: b.amountCents + b.feeCents,
    currency: b.currency.toLowerCase(),
    capture_method: 'manual',
  });
  stripe.authorize(pi.id);
  if (opts.fee !== undefined) stripe.money.setProcessingFee(pi.id, opts.fee);
  if (opts.money !== 'authorised') await t.app.stripe!.paymentIntents.capture(pi.id);
  if (opts.money === 'refunded') await t.app.stripe!.refunds.create({ payment_intent: pi.id });
  if (opts.partialRefund) await t.app.stripe!.refunds.create({ payment_intent: pi.id, amount: opts.partialRefund });
  const status = { authorised: 'requires_capture', captured: 'succeeded', refunded: 'refunded' }[opts.money];
  const destination = service.providerId === f.owner.provider.id ? ACCOUNT : null;
  await t.db.execute(
    sql`insert into payments (id, booking_id, amount_cents, currency, status, destination_account_id, application_fee_cents, refunded_cents)
        values (${pi.id}, ${b.id}, ${pi.amount}, ${b.currency}, ${status}, ${destination}, ${b.feeCents}, ${opts.partialRefund ?? 0})`,
  );
  // The ledger's rows, by its writer, at the time the card was charged (the clock's, not the database's).
  await recordLedger(t.db, b.id, 'test', opts.capturedAt ? new Date(opts.capturedAt) : clock.now());
  return { id: b.id, pi: pi.id, total: pi.amount, booking: b };
}

/** RFC 4180, written here independently of the writer: quoted fields, doubled quotes, CRLF rows. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  if (cell || row.length) throw new Error('the last row does not end with CRLF');
  return rows;
}

describe('earnings: rows, totals on the provider’s clock, and the Revenue card', () => {
  it('lists each booking’s gross, fee, net and status; totals count what the ledger kept; Revenue (net) agrees', async () => {
    // Service: $60 an hour, 2 hours: subtotal 12000, fee 600, gross 12600.
    const thisMonth = await booking({ start: '2026-11-10T15:00:00Z', status: 'PAID', money: 'captured' });
    // Oct 31, 23:00 in New York: last month there, though November in UTC.
    const lastMonth = await booking({ start: '2026-11-01T03:00:00Z', status: 'COMPLETED', money: 'captured' });
    // Nov 1, 00:00 in New York (EDT, -4): this month.
    const firstMinute = await booking({ start: '2026-11-01T04:00:00Z', status: 'COMPLETED', money: 'captured' });
    const authorised = await booking({ start: '2026-11-20T15:00:00Z', status: 'CONFIRMED', money: 'authorised' });
    const refunded = await booking({ start: '2026-11-05T15:00:00Z', status: 'REFUNDED', money: 'refunded' });
    // No card payment: no money through Locora, so nothing in the totals (decision 060, addendum).
    const direct = await booking({ start: '2026-06-01T15:00:00Z', status: 'COMPLETED', money: null });
    // Someone else's booking with the other provider.
    await booking({ start: '2026-11-09T15:00:00Z', status: 'PAID', money: 'captured', service: f.othersService });
    await t.db.execute(
      sql`insert into booking_payouts (booking_id, account_id, amount_cents, currency, stripe_payout_id, status)
          values (${lastMonth.id}, ${ACCOUNT}, 12000, 'usd', 'po_paid_1', 'paid')`,
    );

    const res = await get('/api/provider/earnings', f.cookies.owner);
    expect(res.statusCode).toBe(200);
    const e = res.json<Earnings>();
    expect(e.timeZone).toBe('America/New_York');
    expect(e.revenueBasis).toBe('net');
    const byId = new Map(e.rows.map((r) => [r.bookingId, r]));
    expect(e.rows).toHaveLength(6);
    expect(byId.get(thisMonth.id)).toMatchObject({
      grossCents: 12600,
      feeCents: 600,
      netCents: 12000,
      status: 'captured',
      serviceTitle: 'Deep tissue massage',
      travelerName: 'Rita Sousa',
      countsInTotals: true,
    });
    expect(byId.get(lastMonth.id)).toMatchObject({ status: 'paid_out', countsInTotals: true });
    expect(byId.get(firstMinute.id)?.status).toBe('captured');
    expect(byId.get(authorised.id)).toMatchObject({ status: 'authorised', countsInTotals: false });
    expect(byId.get(refunded.id)).toMatchObject({ status: 'refunded', countsInTotals: false });
    expect(byId.get(direct.id)).toMatchObject({
      status: 'direct',
      grossCents: 12600,
      feeCents: 0,
      netCents: 0,
      countsInTotals: false,
    });

    expect(e.thisMonth).toMatchObject({
      label: 'November 2026',
      earned: [{ currency: 'USD', grossCents: 25200, feeCents: 1200, netCents: 24000, bookings: 2 }],
    });
    expect(e.lastMonth).toMatchObject({
      label: 'October 2026',
      earned: [{ currency: 'USD', grossCents: 12600, feeCents: 600, netCents: 12000, bookings: 1 }],
    });
    expect(e.allTime).toEqual([{ currency: 'USD', grossCents: 37800, feeCents: 1800, netCents: 36000, bookings: 3 }]);

    // The Revenue card counts the same bookings, and it is the net.
    const stats = await get('/api/provider/stats', f.cookies.owner);
    expect(stats.json<ProviderStats>().revenue).toEqual([{ currency: 'USD', amount: e.allTime[0]!.netCents }]);

    // A month later (December 2 in New York) the months move on.
    clock.set(new Date('2026-12-02T12:00:00Z'));
    const later = (await get('/api/provider/earnings', f.cookies.owner)).json<Earnings>();
    expect(later.thisMonth.earned).toEqual([]);
    // The authorised booking (Nov 20) has ended meanwhile: COMPLETED, but its card was never charged,
    // so it earned nothing.
    expect(later.rows.find((r) => r.bookingId === authorised.id)).toMatchObject({
      bookingStatus: 'COMPLETED',
      netCents: 0,
      countsInTotals: false,
    });
    expect(later.lastMonth.earned).toEqual([
      { currency: 'USD', grossCents: 25200, feeCents: 1200, netCents: 24000, bookings: 2 },
    ]);
    expect(later.allTime[0]!.bookings).toBe(3);
    expect((await get('/api/provider/stats', f.cookies.owner)).json<ProviderStats>().revenue).toEqual([
      { currency: 'USD', amount: later.allTime[0]!.netCents },
    ]);
  });

  it('another provider never sees the owner’s earnings', async () => {
    const mine = await booking({ start: '2026-11-10T15:00:00Z', status: 'PAID', money: 'captured' });
    const theirs = await booking({
      start: '2026-11-09T15:00:00Z',
      status: 'PAID',
      money: 'captured',
      service: f.othersService,
    });
    const other = (await get('/api/provider/earnings', f.cookies.other)).json<Earnings>();
    expect(other.rows.map((r) => r.bookingId)).toEqual([theirs.id]);
    const csv = (await get('/api/provider/earnings.csv', f.cookies.other)).body;
    expect(csv).not.toContain(mine.id);
    expect(csv).toContain(theirs.id);
  });
});

describe('the earnings CSV', () => {
  it('opens cleanly in a spreadsheet: BOM, CRLF, quoted fields, formula guard, plain decimals, a filename', async () => {
    await t.db.execute(
      sql`update services set title = ${'=HYPERLINK("http://evil.example","Click")'} where id = ${f.service2.id}`,
    );
    await t.db.execute(sql`update users set name = ${'@SUM(1+1), "Bob"'} where id = ${f.traveler2.id}`);
    // $25.50 an hour, 3 hours: subtotal 7650, fee 383 (382.5 rounded half up), gross 8033.
    const odd = await booking({
      start: '2026-11-11T14:30:00Z',
      status: 'PAID',
      money: 'captured',
      service: f.service2,
      hours: 3,
      userId: f.traveler2.id,
    });
    const plain = await booking({ start: '2026-10-20T15:00:00Z', status: 'COMPLETED', money: 'captured' });

    const res = await get('/api/provider/earnings.csv', f.cookies.owner);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="locora-earnings-2026-11-15.csv"');
    expect(res.headers['cache-control']).toBe('private, no-store');
    const body = res.rawPayload.toString('utf8');
    expect(body.startsWith('\uFEFF"Date"')).toBe(true);
    expect(body.endsWith('\r\n')).toBe(true);
    expect(body.replace(/\r\n/g, '')).not.toMatch(/\n/);

    const rows = parseCsv(body.slice(1));
    expect(rows[0]).toEqual([
      'Date',
      'Service',
      'Traveler',
      'Currency',
      'Gross',
      'Refunded',
      'Locora fee',
      'Net',
      'Status',
      'Booking status',
      'Booking ID',
    ]);
    expect(rows).toHaveLength(3);
    const [first, second] = [rows[1]!, rows[2]!];
    // Newest first; dates on the provider's clock (New York).
    expect(first).toEqual([
      'Nov 11, 2026 9:30 AM',
      `'=HYPERLINK("http://evil.example","Click")`,
      `'@SUM(1+1), "Bob"`,
      'USD',
      '80.33',
      '0.00',
      '3.83',
      '76.50',
      'Captured',
      // PAID, and ended by now (Nov 15): completed.
      'Completed',
      odd.id,
    ]);
    expect(second).toEqual([
      'Oct 20, 2026 11:00 AM',
      'Deep tissue massage',
      'Rita Sousa',
      'USD',
      '126.00',
      '0.00',
      '6.00',
      '120.00',
      'Captured',
      'Completed',
      plain.id,
    ]);
    // Amounts parse back to the API's cents.
    const json = (await get('/api/provider/earnings', f.cookies.owner)).json<Earnings>();
    for (const [i, row] of json.rows.entries()) {
      const line = rows[i + 1]!;
      expect(line[3]).toBe(row.currency);
      expect(decimalToMinor(line[4]!, row.currency)).toBe(row.grossCents);
      expect(decimalToMinor(line[5]!, row.currency)).toBe(row.refundedCents);
      expect(decimalToMinor(line[6]!, row.currency)).toBe(row.feeCents);
      expect(decimalToMinor(line[7]!, row.currency)).toBe(row.netCents);
    }
  });

  it('writes the file in the provider’s account language: its columns, dates and statuses', async () => {
    const plain = await booking({ start: '2026-10-20T15:00:00Z', status: 'COMPLETED', money: 'captured' });
    await t.db.execute(sql`update users set language = 'ja' where id = ${f.owner.user.id}`);
    const rows = parseCsv(
      (await get('/api/provider/earnings.csv', f.cookies.owner)).rawPayload.toString('utf8').slice(1),
    );
    expect(rows[0]).toEqual([
      '日付',
      'サービス',
      '旅行者',
      '通貨',
      '総額',
      '返金額',
      'Locora 手数料',
      '純額',
      '状態',
      '予約の状態',
      '予約 ID',
    ]);
    const line = rows.find((r) => r.includes(plain.id))!;
    // The provider's clock (New York), written in Japanese; the amounts stay plain decimals.
    expect(line[0]).toBe('2026年10月20日 11:00');
    expect(line.slice(4, 10)).toEqual(['126.00', '0.00', '6.00', '120.00', '請求済み', '完了']);
    // A traveler whose account has no name is "旅行者" in the file, and null (not English) on screen.
    await t.db.execute(
      sql`update users set name = null where id = (select user_id from bookings where id = ${plain.id})`,
    );
    const unnamed = parseCsv(
      (await get('/api/provider/earnings.csv', f.cookies.owner)).rawPayload.toString('utf8').slice(1),
    ).find((r) => r.includes(plain.id))!;
    expect(unnamed[2]).toBe('旅行者');
    const screen = (await get('/api/provider/earnings', f.cookies.owner)).json() as Earnings;
    expect(screen.rows.find((r) => r.bookingId === plain.id)?.travelerName).toBeNull();
  });

  it('writes each booking in its own currency: yen whole, never divided by 100; rows on screen carry it too', async () => {
    await t.db.execute(
      sql`update services set currency = 'JPY', price_cents = 8000, pricing_unit = 'per session' where id = ${f.service2.id}`,
    );
    const yen = { ...f.service2, currency: 'JPY' as const, priceCents: 8000, pricingUnit: 'per session' as const };
    const tokyo = await booking({ start: '2026-11-11T14:30:00Z', status: 'PAID', money: 'captured', service: yen });
    const rows = parseCsv(
      (await get('/api/provider/earnings.csv', f.cookies.owner)).rawPayload.toString('utf8').slice(1),
    );
    expect(rows.find((r) => r.includes(tokyo.id))!.slice(3, 8)).toEqual(['JPY', '8400', '0', '400', '8000']);
    const json = (await get('/api/provider/earnings', f.cookies.owner)).json<Earnings>();
    expect(json.rows.find((r) => r.bookingId === tokyo.id)).toMatchObject({
      currency: 'JPY',
      grossCents: 8400,
      netCents: 8000,
    });
  });
});

describe('the CSV adds up to the screen', () => {
  it('a refunded booking’s net is what the provider kept: 0 for a full refund, the rest for a partial one', async () => {
    // Each: subtotal 12000, fee 600, gross 12600.
    const paid = await booking({ start: '2026-11-10T15:00:00Z', status: 'COMPLETED', money: 'captured' });
    const full = await booking({ start: '2026-11-05T15:00:00Z', status: 'REFUNDED', money: 'refunded' });
    // Half refunded in Stripe's dashboard: the fee gives back 300, the provider 6000.
    const partial = await booking({
      start: '2026-11-03T15:00:00Z',
      status: 'COMPLETED',
      money: 'captured',
      partialRefund: 6300,
    });
    // A late cancellation: the traveler was charged and not refunded, so the provider keeps it.
    const late = await booking({ start: '2026-11-14T15:00:00Z', status: 'CANCELED', money: 'captured' });
    // A request whose card is held, not charged: nothing earned yet.
    const held = await booking({ start: '2026-11-25T15:00:00Z', status: 'CONFIRMED', money: 'authorised' });
    // Before: the CSV kept the refunded booking's net (120.00), adding up to more than was earned.
    const e = (await get('/api/provider/earnings', f.cookies.owner)).json<Earnings>();
    const byId = new Map(e.rows.map((r) => [r.bookingId, r]));
    expect(byId.get(full.id)).toMatchObject({ refundedCents: 12600, feeCents: 0, netCents: 0, countsInTotals: false });
    expect(byId.get(partial.id)).toMatchObject({
      grossCents: 12600,
      refundedCents: 6300,
      feeCents: 300,
      netCents: 6000,
      countsInTotals: true,
    });
    expect(byId.get(late.id)).toMatchObject({ netCents: 12000, countsInTotals: true });
    expect(byId.get(held.id)).toMatchObject({ status: 'authorised', netCents: 0, countsInTotals: false });
    expect(byId.get(paid.id)?.netCents).toBe(12000);
    expect(e.allTime).toEqual([
      { currency: 'USD', grossCents: 12600 * 3 - 6300, feeCents: 600 + 300 + 600, netCents: 30000, bookings: 3 },
    ]);
    expect(e.thisMonth.earned).toEqual(e.allTime);

    const csv = parseCsv(
      (await get('/api/provider/earnings.csv', f.cookies.owner)).rawPayload.toString('utf8').slice(1),
    );
    const header = csv[0]!;
    const sum = (column: string) =>
      csv.slice(1).reduce((n, line) => n + decimalToMinor(line[header.indexOf(column)]!, 'USD')!, 0);
    expect(csv).toHaveLength(6);
    expect(sum('Net')).toBe(e.allTime[0]!.netCents);
    expect(sum('Locora fee')).toBe(e.allTime[0]!.feeCents);
    const fullLine = csv.find((line) => line.includes(full.id))!;
    expect(fullLine[header.indexOf('Net')]).toBe('0.00');
    expect(fullLine[header.indexOf('Refunded')]).toBe('126.00');
  });
});

describe('earned and charged', () => {
  it('a traveler charged today for next month’s service: charged this month, earned next month', async () => {
    // Charged Nov 15 (today), for Dec 3.
    const next = await booking({ start: '2026-12-03T15:00:00Z', status: 'PAID', money: 'captured' });
    // Charged in October (Oct 28), took place this month.
    await booking({
      start: '2026-11-02T15:00:00Z',
      status: 'COMPLETED',
      money: 'captured',
      capturedAt: '2026-10-28T15:00:00Z',
    });
    const e = (await get('/api/provider/earnings', f.cookies.owner)).json<Earnings>();
    expect(e.rows.find((r) => r.bookingId === next.id)?.status).toBe('captured');
    expect(e.thisMonth.charged).toEqual([
      { currency: 'USD', grossCents: 12600, feeCents: 600, netCents: 12000, bookings: 1 },
    ]);
    expect(e.thisMonth.earned).toEqual([
      { currency: 'USD', grossCents: 12600, feeCents: 600, netCents: 12000, bookings: 1 },
    ]);
    expect(e.lastMonth.charged).toEqual([
      { currency: 'USD', grossCents: 12600, feeCents: 600, netCents: 12000, bookings: 1 },
    ]);
    expect(e.lastMonth.earned).toEqual([]);
    // The admin's month counts the charges taken this month (UTC), not the bookings' dates.
    const a = (await get('/api/admin/payments', f.cookies.admin)).json<AdminPayments>();
    expect(a.thisMonth).toEqual([expect.objectContaining({ currency: 'USD', grossCents: 12600, payments: 1 })]);
    // Last month (October, UTC): the card charged on October 28.
    expect(a.months).toEqual({ thisMonth: '2026-11-01', lastMonth: '2026-10-01' });
    expect(a.lastMonth).toEqual([expect.objectContaining({ currency: 'USD', grossCents: 12600, payments: 1 })]);
    expect(a.allTime).toEqual([expect.objectContaining({ currency: 'USD', grossCents: 25200, payments: 2 })]);
  });

  it('totals one line per currency when bookings are in several', async () => {
    await t.db.execute(
      sql`update services set currency = 'JPY', price_cents = 8000, pricing_unit = 'per session' where id = ${f.service2.id}`,
    );
    const yen = { ...f.service2, currency: 'JPY' as const, priceCents: 8000, pricingUnit: 'per session' as const };
    await booking({ start: '2026-11-11T14:30:00Z', status: 'PAID', money: 'captured', service: yen });
    await booking({ start: '2026-11-10T15:00:00Z', status: 'PAID', money: 'captured' });
    const e = (await get('/api/provider/earnings', f.cookies.owner)).json<Earnings>();
    expect(e.thisMonth.earned).toEqual([
      { currency: 'USD', grossCents: 12600, feeCents: 600, netCents: 12000, bookings: 1 },
      { currency: 'JPY', grossCents: 8400, feeCents: 400, netCents: 8000, bookings: 1 },
    ]);
  });
});

describe('a dispute, to an admin who reads Japanese', () => {
  it('is told in their language: what was disputed, why, by when, and its outcome', async () => {
    await t.db.execute(sql`update users set language = 'ja' where id = ${f.admin.id}`);
    const paid = await booking({ start: '2026-11-10T15:00:00Z', status: 'PAID', money: 'captured' });
    const dueBy = Math.floor(new Date('2026-11-25T23:59:59Z').getTime() / 1000);
    const dispute = stripe.money.openDispute(paid.pi!, { reason: 'insufficient_funds', dueBy });
    expect((await webhook(stripe.money.disputeEvent('charge.dispute.created', dispute.id))).statusCode).toBe(200);
    stripe.money.setDisputeStatus(dispute.id, 'won');
    expect((await webhook(stripe.money.disputeEvent('charge.dispute.closed', dispute.id))).statusCode).toBe(200);
    const told = await queryRows<{ kind: string; subject: string; text: string }>(
      t.db,
      sql`select kind, subject, text from email_outbox where to_address = ${f.admin.email} order by kind`,
    );
    expect(told.map((m) => m.kind)).toEqual(['dispute-closed-admin', 'dispute-opened-admin']);
    const [closed, opened] = told;
    expect(opened!.subject).toMatch(/^異議申し立て発生：/);
    expect(opened!.text).toContain('異議が申し立てられました：口座の残高が不足していました。');
    expect(opened!.text).toContain('証拠の提出期限は');
    expect(opened!.text).toContain('/ja/admin/payments');
    expect(closed!.subject).toMatch(/^異議申し立て勝訴：/);
    expect(closed!.text).toContain('Locora に有利な判断が下されました');
  });
});

describe('a dispute opened and lost', () => {
  it('is recorded against the booking, tells the provider and the admins, and shows Locora’s loss', async () => {
    const paid = await booking({ start: '2026-11-10T15:00:00Z', status: 'PAID', money: 'captured' });
    await createMessage(t.db, { bookingId: paid.id, senderId: f.traveler.id, body: 'See you at 3pm!' });
    const dueBy = Math.floor(new Date('2026-11-25T23:59:59Z').getTime() / 1000);
    const dispute = stripe.money.openDispute(paid.pi!, { reason: 'product_not_received', dueBy });
    const created = stripe.money.disputeEvent('charge.dispute.created', dispute.id);
    expect((await webhook(created)).statusCode).toBe(200);
    // Delivered again: recognised, nothing more.
    expect((await webhook(created)).statusCode).toBe(200);

    const [row] = await queryRows<{
      booking_id: string;
      status: string;
      amount_cents: number;
      fee_cents: number;
      due_by: Date;
    }>(t.db, sql`select booking_id, status, amount_cents, fee_cents, due_by from disputes where id = ${dispute.id}`);
    expect(row).toMatchObject({ booking_id: paid.id, status: 'needs_response', amount_cents: 12600, fee_cents: 1500 });
    expect(new Date(row!.due_by).toISOString()).toBe('2026-11-25T23:59:59.000Z');
    const mails = async () =>
      queryRows<{ to_address: string; kind: string; subject: string; text: string }>(
        t.db,
        sql`select to_address, kind, subject, text from email_outbox where kind like 'dispute%' order by kind, to_address`,
      );
    const opened = await mails();
    expect(opened.map((m) => [m.kind, m.to_address])).toEqual([
      ['dispute-opened', f.owner.user.email],
      ['dispute-opened-admin', f.admin.email],
    ]);
    expect(opened[0]!.text).toContain('the cardholder says the service was not received');
    expect(opened[1]!.text).toContain('Evidence is due by Nov 25, 2026 11:59 PM UTC.');

    // The provider sees it in the app: the booking's earning is disputed, the dispute listed.
    const earnings = (await get('/api/provider/earnings', f.cookies.owner)).json<Earnings>();
    expect(earnings.rows.find((r) => r.bookingId === paid.id)?.status).toBe('disputed');
    expect(earnings.disputes).toEqual([
      expect.objectContaining({ bookingId: paid.id, status: 'needs_response', isOpen: true, amountCents: 12600 }),
    ]);
    // The admins: open, with its deadline.
    let admin = (await get('/api/admin/payments', f.cookies.admin)).json<AdminPayments>();
    expect(admin.disputes).toEqual([
      expect.objectContaining({
        id: dispute.id,
        bookingId: paid.id,
        isOpen: true,
        dueBy: '2026-11-25T23:59:59.000Z',
        destinationCharge: true,
        locoraLossCents: 0,
        providerName: 'Ana Lima',
      }),
    ]);
    expect(admin.allTime).toEqual([expect.objectContaining({ openDisputes: 1, openDisputedCents: 12600 })]);

    // Under review (an update): the row follows, nobody is emailed again.
    stripe.money.setDisputeStatus(dispute.id, 'under_review');
    expect((await webhook(stripe.money.disputeEvent('charge.dispute.updated', dispute.id))).statusCode).toBe(200);
    expect((await queryRows<{ status: string }>(t.db, sql`select status from disputes`))[0]?.status).toBe(
      'under_review',
    );
    expect(await mails()).toHaveLength(2);

    // Lost. A stale snapshot (still "needs_response") arriving after changes nothing: Stripe is read again.
    const stale = stripe.money.disputeEvent('charge.dispute.updated', dispute.id, { status: 'needs_response' });
    stripe.money.setDisputeStatus(dispute.id, 'lost');
    expect((await webhook(stripe.money.disputeEvent('charge.dispute.closed', dispute.id))).statusCode).toBe(200);
    expect((await webhook(stale)).statusCode).toBe(200);
    const [closed] = await queryRows<{ status: string; closed: boolean }>(
      t.db,
      sql`select status, closed_at is not null as closed from disputes where id = ${dispute.id}`,
    );
    expect(closed).toEqual({ status: 'lost', closed: true });
    const all = await mails();
    expect(all.map((m) => m.kind)).toEqual([
      'dispute-closed',
      'dispute-closed-admin',
      'dispute-opened',
      'dispute-opened-admin',
    ]);
    admin = (await get('/api/admin/payments', f.cookies.admin)).json<AdminPayments>();
    expect(admin.disputes).toEqual([
      expect.objectContaining({ id: dispute.id, status: 'lost', isOpen: false, locoraLossCents: 12600 + 1500 }),
    ]);
    expect(admin.allTime[0]!.openDisputes).toBe(0);
    // The booking's status is unchanged (a dispute moves no status); its history notes it.
    const [b] = await queryRows<{ status: string }>(t.db, sql`select status from bookings where id = ${paid.id}`);
    expect(b?.status).toBe('PAID');

    // The admin opens the booking and its messages (evidence): audit-logged.
    const view = await get(`/api/admin/bookings/${paid.id}`, f.cookies.admin);
    expect(view.statusCode).toBe(200);
    const v = view.json<AdminBooking>();
    expect(v.messages).toEqual([expect.objectContaining({ body: 'See you at 3pm!', senderName: 'Rita Sousa' })]);
    expect(v.disputes[0]).toMatchObject({ status: 'lost' });
    const [audit] = await queryRows<{ action: string; target_id: string; admin_id: string }>(
      t.db,
      sql`select action, target_id, admin_id from audit_log`,
    );
    expect(audit).toEqual({ action: 'booking.view_messages', target_id: paid.id, admin_id: f.admin.id });
  });
});

describe('payouts', () => {
  it('lists the connected account’s payouts from Stripe, with a failed one and Stripe’s reason', async () => {
    const done = await booking({ start: '2026-11-02T15:00:00Z', status: 'COMPLETED', money: 'captured' });
    stripe.money.addPayout(ACCOUNT, { amount: 12000, status: 'paid' });
    stripe.money.addPayout(ACCOUNT, { amount: 5000, status: 'in_transit' });
    // The booking's payout, made (decision 038) and then refused by the bank: payout.failed.
    const failed = stripe.money.addPayout(ACCOUNT, { amount: 12000, status: 'pending' });
    stripe.money.addPayout('acct_someone_else', { amount: 999 });
    await t.db.execute(
      sql`insert into booking_payouts (booking_id, account_id, amount_cents, currency, stripe_payout_id, status)
          values (${done.id}, ${ACCOUNT}, 12000, 'usd', ${failed.id}, 'pending')`,
    );
    expect(
      (await get('/api/provider/earnings', f.cookies.owner)).json<Earnings>().rows.find((r) => r.bookingId === done.id)
        ?.status,
    ).toBe('paid_out');
    const event = stripe.failPayout(failed.id, 'account_closed', 'The bank account has been closed.');
    expect((await webhook(event)).statusCode).toBe(200);

    const res = await get('/api/provider/payouts', f.cookies.owner);
    expect(res.statusCode).toBe(200);
    const p = res.json<ProviderPayouts>();
    expect(p).toMatchObject({ configured: true, hasAccount: true, unavailable: null });
    expect(p.payouts?.map((x) => [x.amountCents, x.status])).toEqual([
      [12000, 'failed'],
      [5000, 'in_transit'],
      [12000, 'paid'],
    ]);
    expect(p.failed).toEqual([
      expect.objectContaining({
        payoutId: failed.id,
        bookingId: done.id,
        failureCode: 'account_closed',
        failureMessage: 'The bank account has been closed.',
      }),
    ]);
    // Listed through the connected account.
    const call = stripe.calls.filter((c) => c.path === '/v1/payouts').at(-1);
    expect(call).toMatchObject({ method: 'GET', account: ACCOUNT });
    // The earning of that booking is not paid out.
    const e = (await get('/api/provider/earnings', f.cookies.owner)).json<Earnings>();
    expect(e.rows.find((r) => r.bookingId === done.id)?.status).toBe('captured');
    // The admins see the failure.
    const admin = (await get('/api/admin/payments', f.cookies.admin)).json<AdminPayments>();
    expect(admin.failedPayouts).toEqual([
      expect.objectContaining({ bookingId: done.id, providerName: 'Ana Lima', failureCode: 'account_closed' }),
    ]);

    // Another provider (no account) sees none of it.
    const other = (await get('/api/provider/payouts', f.cookies.other)).json<ProviderPayouts>();
    expect(other).toEqual({
      configured: true,
      hasAccount: false,
      payouts: [],
      unavailable: null,
      failed: [],
      takenBack: [],
    });

    // Stripe down: the failures are still shown, the list says why it is missing.
    stripe.setMode('fail');
    const down = (await get('/api/provider/payouts', f.cookies.owner)).json<ProviderPayouts>();
    expect(down.payouts).toBeNull();
    expect(down.unavailable).toMatch(/Stripe could not be reached/);
    expect(down.failed).toHaveLength(1);
  });
});

describe('the admin payments view', () => {
  it('volume, fees, Stripe’s fees from balance transactions, refunds; small bookings; providers not ready; audit', async () => {
    // $10 an hour, 1 hour: subtotal 1000, fee 50, gross 1050; Stripe's fee 60 (2.9 % + 30 cents): Locora loses 10.
    await t.db.execute(sql`update services set price_cents = 1000, min_hours = 1 where id = ${f.service2.id}`);
    const service2 = { ...f.service2, priceCents: 1000, minHours: 1 };
    const small = await booking({
      start: '2026-11-03T15:00:00Z',
      status: 'COMPLETED',
      money: 'captured',
      service: service2,
    });
    const big = await booking({ start: '2026-11-04T15:00:00Z', status: 'COMPLETED', money: 'captured', fee: 395 });
    const old = await booking({
      start: '2026-09-04T15:00:00Z',
      status: 'REFUNDED',
      money: 'refunded',
      fee: 395,
      capturedAt: '2026-09-01T15:00:00Z',
    });
    await booking({ start: '2026-11-20T15:00:00Z', status: 'CONFIRMED', money: 'authorised' });

    // The job reads each captured charge's balance transaction.
    expect(await t.app.jobs.runOnce(PROCESSING_FEES_JOB)).toBe(3);
    const fees = await queryRows<{ id: string; stripe_fee_cents: number; balance_transaction_id: string }>(
      t.db,
      sql`select id, stripe_fee_cents, balance_transaction_id from payments where stripe_fee_cents is not null order by stripe_fee_cents`,
    );
    expect(Object.fromEntries(fees.map((x) => [x.id, x.stripe_fee_cents]))).toEqual({
      [small.pi!]: 60,
      [big.pi!]: 395,
      [old.pi!]: 395,
    });
    expect(stripe.calls.some((c) => c.path === `/v1/balance_transactions/${fees[0]!.balance_transaction_id}`)).toBe(
      true,
    );

    const res = await get('/api/admin/payments', f.cookies.admin);
    expect(res.statusCode).toBe(200);
    const a = res.json<AdminPayments>();
    expect(a.monthLabel).toBe('November 2026');
    expect(a.thisMonth).toEqual([
      {
        currency: 'USD',
        grossCents: 1050 + 12600,
        feeCents: 50 + 600,
        stripeFeeCents: 60 + 395,
        stripeFeesUnread: 0,
        refundedCents: 0,
        openDisputes: 0,
        openDisputedCents: 0,
        payments: 2,
      },
    ]);
    expect(a.allTime).toEqual([
      expect.objectContaining({
        grossCents: 1050 + 12600 + 12600,
        feeCents: 650,
        stripeFeeCents: 60 + 395 + 395,
        refundedCents: 12600,
        payments: 3,
      }),
    ]);
    expect(a.smallBookings).toEqual([
      expect.objectContaining({ bookingId: small.id, feeCents: 50, stripeFeeCents: 60, shortfallCents: 10 }),
    ]);
    // The owner's account is active; the other provider has none.
    expect(a.providersNotReady).toEqual([
      expect.objectContaining({ providerId: f.other.provider.id, displayName: 'Bruno Costa', state: 'not_set_up' }),
    ]);
    expect(a.providersNotReadyCount).toBe(1);
    await t.db.execute(
      sql`update connected_accounts set state = 'restricted', disabled_reason = 'requirements.past_due' where id = ${ACCOUNT}`,
    );
    const restricted = (await get('/api/admin/payments', f.cookies.admin)).json<AdminPayments>();
    expect(restricted.providersNotReady[0]).toMatchObject({
      displayName: 'Ana Lima',
      state: 'restricted',
      reason: 'requirements.past_due',
    });
    // What Stripe still asks, named as Stripe names it, in the admin's language.
    await t.db.execute(
      sql`update connected_accounts set state = 'details_needed', disabled_reason = null,
            currently_due = '{individual.id_number,external_account}' where id = ${ACCOUNT}`,
    );
    const inPortuguese = await t.app.inject({
      url: '/api/admin/payments',
      cookies: f.cookies.admin,
      headers: { 'x-locale': 'pt-BR' },
    });
    expect(inPortuguese.json<AdminPayments>().providersNotReady[0]).toMatchObject({
      displayName: 'Ana Lima',
      state: 'details_needed',
      reason: 'A Stripe precisa de: individual.id_number, external_account',
    });

    // Reading the fees now is an admin action: audit-logged.
    const read = await t.app.inject({
      method: 'POST',
      url: '/api/admin/payments/stripe-fees',
      cookies: f.cookies.admin,
    });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ read: 0, failed: 0, left: 0 });
    const audit = await queryRows<{ action: string; admin_id: string }>(
      t.db,
      sql`select action, admin_id from audit_log`,
    );
    expect(audit).toEqual([{ action: 'payments.read_stripe_fees', admin_id: f.admin.id }]);
  });
});

describe('who may call what', () => {
  const PROVIDER_ROUTES = ['/api/provider/earnings', '/api/provider/earnings.csv', '/api/provider/payouts'];

  it('provider routes: anonymous 401, the provider and another provider 200 (each their own), a traveler and an admin 403', async () => {
    for (const url of PROVIDER_ROUTES) {
      expect((await get(url)).statusCode, url).toBe(401);
      expect((await get(url, f.cookies.owner)).statusCode, url).toBe(200);
      expect((await get(url, f.cookies.other)).statusCode, url).toBe(200);
      expect((await get(url, f.cookies.traveler)).statusCode, url).toBe(403);
      expect((await get(url, f.cookies.admin)).statusCode, url).toBe(403);
    }
  });

  it('admin routes: anonymous 401, a provider, another provider and a traveler 403, an admin 200', async () => {
    const paid = await booking({ start: '2026-11-10T15:00:00Z', status: 'PAID', money: 'captured' });
    const calls = [
      { method: 'GET' as const, url: '/api/admin/payments' },
      { method: 'POST' as const, url: '/api/admin/payments/stripe-fees' },
      { method: 'GET' as const, url: `/api/admin/bookings/${paid.id}` },
    ];
    for (const call of calls) {
      expect((await t.app.inject(call)).statusCode, call.url).toBe(401);
      for (const who of [f.cookies.owner, f.cookies.other, f.cookies.traveler])
        expect((await t.app.inject({ ...call, cookies: who })).statusCode, call.url).toBe(403);
      expect((await t.app.inject({ ...call, cookies: f.cookies.admin })).statusCode, call.url).toBe(200);
    }
    expect((await get('/api/admin/bookings/not-a-uuid', f.cookies.admin)).statusCode).toBe(400);
    expect((await get('/api/admin/bookings/00000000-0000-4000-8000-000000000000', f.cookies.admin)).statusCode).toBe(
      404,
    );
  });
});
