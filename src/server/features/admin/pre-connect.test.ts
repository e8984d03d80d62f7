/**
 * Bookings paid before payouts existed (decision 046): a captured charge with no destination
 * account is never paid out, so /admin/payments lists what each provider is owed, and an admin
 * settles one by hand, once, with a note and an audit row.
 */
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import { payoutNetCents } from '../../../shared/domain/connect.ts';
import { queryRows } from '../../db/open.ts';
import { createBooking } from '../../db/seed/factories.ts';
import { bookingFixture, type BookingFixture } from '../../test/booking-fixture.ts';
import { useTestApp } from '../../test/test-app.ts';

const t = useTestApp();
let f: BookingFixture;
const DAY = 86_400_000;
beforeEach(async () => {
  f = await bookingFixture(t.db);
});

type Cookies = Record<string, string>;
const inject = (method: 'GET' | 'POST', url: string, cookies?: Cookies, payload?: Record<string, unknown>) =>
  t.app.inject({
    method,
    url,
    ...(cookies ? { cookies } : {}),
    ...(payload !== undefined ? { payload } : {}),
  }) as Promise<LightMyRequestResponse>;

let n = 0;
/** A booking of the owner's service, paid by card `daysAgo` days ago, as recorded (`destination`: a Connect charge). */
async function paidBooking(opts: {
  status: 'COMPLETED' | 'CANCELED' | 'PAID';
  refundPending?: boolean;
  refundedCents?: number;
  paymentStatus?: string;
  destination?: string | null;
}) {
  n += 1;
  const startAt = new Date(Math.floor(Date.now() / 3600_000) * 3600_000 - (10 + n) * DAY);
  const booking = await createBooking(t.db, {
    service: f.service,
    userId: f.traveler.id,
    hours: 2,
    startAt,
    status: opts.status,
    paymentRequired: true,
    refundPending: opts.refundPending ?? false,
  });
  const pi = `pi_pre_connect_${n}_${Date.now()}`;
  const charged = Number(booking.amountCents) + Number(booking.feeCents);
  await t.db.execute(
    sql`insert into payments (id, booking_id, amount_cents, currency, status, refunded_cents, destination_account_id)
        values (${pi}, ${booking.id}, ${charged}, ${booking.currency}, ${opts.paymentStatus ?? 'succeeded'},
                ${opts.refundedCents ?? 0}, ${opts.destination ?? null})`,
  );
  return { booking, pi, charged };
}

const owedList = async () => {
  const res = await inject('GET', '/api/admin/payments', f.cookies.admin);
  expect(res.statusCode).toBe(200);
  return res.json().preConnectOwed as { bookingId: string; owedCents: number; currency: string }[];
};

describe('bookings paid before payouts existed', () => {
  it('listed on /admin/payments with what the provider is owed: completed, or cancelled with the money kept', async () => {
    const completed = await paidBooking({ status: 'COMPLETED' });
    const kept = await paidBooking({ status: 'CANCELED' });
    const partly = await paidBooking({ status: 'COMPLETED', refundedCents: 3000 });
    // Not owed by hand: refunded in full, being refunded, upcoming, or paid through Connect.
    await paidBooking({ status: 'CANCELED', paymentStatus: 'refunded' });
    await paidBooking({ status: 'CANCELED', refundPending: true });
    await paidBooking({ status: 'PAID' });

    const list = await owedList();
    expect(list.map((r) => r.bookingId).sort()).toEqual(
      [completed.booking.id, kept.booking.id, partly.booking.id].sort(),
    );
    const row = list.find((r) => r.bookingId === completed.booking.id)!;
    expect(row).toMatchObject({
      owedCents: Number(completed.booking.amountCents),
      currency: completed.booking.currency,
      paymentIntentId: completed.pi,
      providerName: f.owner.provider.displayName,
      bookingStatus: 'COMPLETED',
    });
    const partial = list.find((r) => r.bookingId === partly.booking.id)!;
    expect(partial.owedCents).toBe(
      payoutNetCents(partly.charged, Number(partly.booking.feeCents), 3000, partly.booking.currency),
    );
    expect(partial.owedCents).toBeLessThan(Number(partly.booking.amountCents));
  });

  it('dated on the page in the admin’s language and on their clock, its zone named (a Japanese admin in Tokyo)', async () => {
    const { booking } = await paidBooking({ status: 'COMPLETED' });
    const res = await t.app.inject({ url: '/ja/admin/payments', cookies: { ...f.cookies.admin, tz: 'Asia/Tokyo' } });
    expect(res.statusCode).toBe(200);
    const html = res.body
      .slice(res.body.indexOf('<div id="root">'), res.body.indexOf('locora-page-data'))
      .replaceAll('<!-- -->', '');
    const day = new Intl.DateTimeFormat('ja', { dateStyle: 'medium', timeZone: 'Asia/Tokyo' }).format(booking.startAt);
    expect(day).toMatch(/^\d{4}\/\d{1,2}\/\d{1,2}$/);
    expect(html).toContain(`${day} · ${f.service.title}`);
    expect(html).toContain('日付と時刻は、お使いのタイムゾーン（日本標準時 (UTC+9)）で表示しています。');
    expect(html).toContain('完了');
    // Not the English date, nor the UTC one.
    const english = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' }).format(booking.startAt);
    expect(html).not.toContain(english);
  });

  it('settled by hand by an admin: once, with the note, the amount and an audit row; then no longer listed', async () => {
    const { booking } = await paidBooking({ status: 'COMPLETED' });
    const url = `/api/admin/payments/bookings/${booking.id}/settle`;
    const note = 'Paid by bank transfer on 3 March, reference 4471.';

    // Who may: anonymous 401; the traveler, the provider and another provider 403; nothing written.
    expect((await inject('POST', url, undefined, { note })).statusCode).toBe(401);
    for (const who of [f.cookies.traveler, f.cookies.owner, f.cookies.other])
      expect((await inject('POST', url, who, { note })).statusCode).toBe(403);
    // A note is required, and the booking must exist.
    const empty = await inject('POST', url, f.cookies.admin, { note: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toMatch(/note is required/);
    const missing = await inject(
      'POST',
      '/api/admin/payments/bookings/00000000-0000-4000-8000-000000000000/settle',
      f.cookies.admin,
      { note },
    );
    expect(missing.statusCode).toBe(404);
    expect(await queryRows(t.db, sql`select * from manual_settlements`)).toEqual([]);

    const settled = await inject('POST', url, f.cookies.admin, { note });
    expect(settled.statusCode).toBe(200);
    expect(settled.json()).toMatchObject({
      bookingId: booking.id,
      amountCents: Number(booking.amountCents),
      currency: booking.currency,
      note,
    });
    const [row] = await queryRows<{ amount_cents: string; currency: string; note: string; settled_by: string }>(
      t.db,
      sql`select amount_cents, currency, note, settled_by from manual_settlements where booking_id = ${booking.id}`,
    );
    expect(row).toEqual({
      amount_cents: expect.anything(),
      currency: booking.currency,
      note,
      settled_by: f.admin.id,
    });
    expect(Number(row!.amount_cents)).toBe(Number(booking.amountCents));
    const audit = await queryRows<{ admin_id: string; action: string; reason: string }>(
      t.db,
      sql`select admin_id, action, reason from audit_log where target_id = ${booking.id}`,
    );
    expect(audit).toEqual([{ admin_id: f.admin.id, action: 'payments.settle_by_hand', reason: note }]);
    expect(await owedList()).toEqual([]);

    // Twice: 409, nothing more written.
    const again = await inject('POST', url, f.cookies.admin, { note });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/already settled/);
    expect((await queryRows(t.db, sql`select 1 from audit_log where action = 'payments.settle_by_hand'`)).length).toBe(
      1,
    );
  });

  it('a booking paid through Connect, or not owed yet, is refused (409)', async () => {
    const upcoming = await paidBooking({ status: 'PAID' });
    const res = await inject('POST', `/api/admin/payments/bookings/${upcoming.booking.id}/settle`, f.cookies.admin, {
      note: 'Paid in cash.',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/owes its provider nothing by hand/);
    const inThai = await t.app.inject({
      method: 'POST',
      url: `/api/admin/payments/bookings/${upcoming.booking.id}/settle`,
      cookies: f.cookies.admin,
      headers: { 'x-locale': 'th' },
      payload: { note: 'จ่ายเป็นเงินสด' },
    });
    expect(inThai.json().message).toMatch(/^การจองนี้ไม่มียอดที่ต้องชำระให้ผู้ให้บริการด้วยตนเอง/);
    expect(await queryRows(t.db, sql`select * from manual_settlements`)).toEqual([]);
  });
});
