/**
 * Reports, the admin queue, its actions and suspensions (decision 051), over the API, with the
 * five actors of every new route: anonymous, the owner, another user of the same role, the other
 * role and an admin.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../db/open.ts';
import { createBooking, createReview } from '../../db/seed/factories.ts';
import { bookingFixture, DAY_MS, type BookingFixture } from '../../test/booking-fixture.ts';
import { signUp, useTestApp } from '../../test/test-app.ts';
import { HIDDEN_MESSAGE_NOTE } from './reports.ts';

const t = useTestApp();

const report = (f: BookingFixture, who: keyof BookingFixture['cookies'] | null, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/reports', payload, ...(who ? { cookies: f.cookies[who] } : {}) });

describe('POST /api/reports', () => {
  it('takes a report of a service from anyone signed in but its provider and admins, once each', async () => {
    const f = await bookingFixture(t.db);
    const payload = {
      targetType: 'service',
      targetId: f.service.id,
      reason: 'misleading',
      note: 'Photos are not the place',
    };
    expect((await report(f, null, payload)).statusCode).toBe(401);
    const first = await report(f, 'traveler', payload);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().report).toMatchObject({ targetType: 'service', reason: 'misleading' });
    const again = await report(f, 'traveler', payload);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('You have already reported this. We will look into it.');
    expect((await report(f, 'traveler2', payload)).statusCode).toBe(201);
    expect((await report(f, 'other', payload)).statusCode).toBe(201);
    const own = await report(f, 'owner', payload);
    expect(own.statusCode).toBe(400);
    expect((await report(f, 'admin', payload)).statusCode).toBe(403);
    // The reasons are a fixed list; an unknown item is a 404.
    expect((await report(f, 'traveler', { ...payload, reason: 'boring' })).statusCode).toBe(400);
    const unknown = await report(f, 'traveler', { ...payload, targetId: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.statusCode).toBe(404);
  });

  it('lets only the people of a conversation report a message, and a booking once it has started', async () => {
    const f = await bookingFixture(t.db);
    const booking = await createBooking(t.db, {
      service: f.service,
      userId: f.traveler.id,
      status: 'CONFIRMED',
      startAt: new Date(Date.now() + 5 * DAY_MS),
    });
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/bookings/${booking.id}/messages`,
      cookies: f.cookies.owner,
      payload: { body: 'Pay me in cash and skip the app next time' },
    });
    const message = { targetType: 'message', targetId: sent.json().id, reason: 'fraud', note: '' };
    expect((await report(f, 'traveler2', message)).statusCode).toBe(404);
    expect((await report(f, 'other', message)).statusCode).toBe(404);
    expect((await report(f, 'owner', message)).statusCode).toBe(400);
    expect((await report(f, 'traveler', message)).statusCode).toBe(201);
    const ofBooking = { targetType: 'booking', targetId: booking.id, reason: 'safety', note: 'Not started yet' };
    expect((await report(f, 'traveler', ofBooking)).statusCode).toBe(404);
    await t.db.execute(
      sql`update bookings set start_at = now() - interval '1 hour', end_at = now() + interval '1 hour' where id = ${booking.id}`,
    );
    expect((await report(f, 'traveler2', ofBooking)).statusCode).toBe(404);
    expect((await report(f, 'owner', ofBooking)).statusCode).toBe(201);
  });

  it('takes at most 10 reports a day from one person', async () => {
    const f = await bookingFixture(t.db);
    const someone = await signUp(t.app);
    let last = 0;
    for (let i = 0; i < 11; i++) {
      const other = await signUp(t.app, { role: 'PROVIDER' });
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/reports',
        cookies: someone.cookies,
        payload: { targetType: 'provider', targetId: other.user.id, reason: 'other', note: `#${i}` },
      });
      last = res.statusCode;
      if (i < 10) expect(res.statusCode, res.body).toBe(201);
    }
    expect(last).toBe(429);
    expect(f.service.id).toBeTruthy();
  });
});

describe('the admin queue', () => {
  it('is for admins only, safety first, with the reported message in its thread (what was typed too)', async () => {
    const f = await bookingFixture(t.db);
    const asked = await t.app.inject({
      method: 'POST',
      url: `/api/services/${f.service.id}/inquiry`,
      cookies: f.cookies.traveler,
      payload: { body: 'Call me on +351 912 345 678, you idiot' },
    });
    const messageId = asked.json().message.id;
    await report(f, 'traveler2', { targetType: 'service', targetId: f.service.id, reason: 'misleading', note: '' });
    await report(f, 'owner', { targetType: 'message', targetId: messageId, reason: 'harassment', note: 'Rude' });
    await report(f, 'traveler', { targetType: 'provider', targetId: f.owner.user.id, reason: 'safety', note: '' });

    for (const who of [null, 'traveler', 'owner', 'other'] as const) {
      const res = await t.app.inject({ url: '/api/admin/reports', ...(who ? { cookies: f.cookies[who] } : {}) });
      expect(res.statusCode, String(who)).toBe(who ? 403 : 401);
    }
    const queue = (await t.app.inject({ url: '/api/admin/reports', cookies: f.cookies.admin })).json();
    expect(queue.open.map((r: { reason: string }) => r.reason)).toEqual(['safety', 'harassment', 'misleading']);
    const harassment = queue.open[1];
    expect(harassment.actions).toEqual(['dismiss', 'hide', 'warn', 'suspend']);
    expect(harassment.context.messages).toEqual([
      expect.objectContaining({
        reported: true,
        body: expect.stringContaining('[contact details are shared once the booking is confirmed]'),
        originalBody: 'Call me on +351 912 345 678, you idiot',
      }),
    ]);

    // Hiding the message: a note in its place for both sides, the reporter told, audit-logged.
    for (const who of [null, 'traveler', 'owner'] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/admin/reports/${harassment.id}/resolve`,
        payload: { action: 'hide', reason: 'Insult' },
        ...(who ? { cookies: f.cookies[who] } : {}),
      });
      expect(res.statusCode).toBe(who ? 403 : 401);
    }
    const hid = await t.app.inject({
      method: 'POST',
      url: `/api/admin/reports/${harassment.id}/resolve`,
      cookies: f.cookies.admin,
      payload: { action: 'hide', reason: 'Insult' },
    });
    expect(hid.statusCode, hid.body).toBe(200);
    expect(hid.json()).toMatchObject({ status: 'actioned', action: 'hide', resolutionReason: 'Insult' });
    const thread = await t.app.inject({
      url: `/api/conversations/${asked.json().conversation.id}/messages`,
      cookies: f.cookies.traveler,
    });
    expect(thread.json()[0]).toMatchObject({ body: '', hiddenNote: HIDDEN_MESSAGE_NOTE });
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/admin/reports/${harassment.id}/resolve`,
      cookies: f.cookies.admin,
      payload: { action: 'dismiss', reason: 'x' },
    });
    expect(again.statusCode).toBe(409);
    const audit = await queryRows<{ action: string; reason: string }>(
      t.db,
      sql`select action, reason from audit_log order by created_at, action`,
    );
    expect(audit.map((a) => a.action).sort()).toEqual(['message.hide', 'report.hide']);
    const told = await queryRows<{ to_address: string; subject: string }>(
      t.db,
      sql`select to_address, subject from email_outbox where kind = 'report-outcome'`,
    );
    expect(told).toEqual([{ to_address: f.owner.user.email, subject: 'About your report' }]);
  });
});

describe('the admin queue, in the admin’s language', () => {
  it('titles the reported item and refuses a second decision in their language', async () => {
    const f = await bookingFixture(t.db);
    const asked = await t.app.inject({
      method: 'POST',
      url: `/api/services/${f.service.id}/inquiry`,
      cookies: f.cookies.traveler,
      payload: { body: 'Is the price per person?' },
    });
    await report(f, 'owner', {
      targetType: 'message',
      targetId: asked.json().message.id,
      reason: 'harassment',
      note: '',
    });
    const inJapanese = { cookies: f.cookies.admin, headers: { 'x-locale': 'ja' } };
    const [open] = (await t.app.inject({ url: '/api/admin/reports', ...inJapanese })).json().open;
    expect(open.context.title).toBe(`${f.service.title} に関するメッセージ`);
    const resolve = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/reports/${open.id}/resolve`,
        payload: { action: 'dismiss', reason: '問題なし' },
        ...inJapanese,
      });
    const first = await resolve();
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().context.title).toBe(`${f.service.title} に関するメッセージ`);
    expect((await resolve()).json()).toMatchObject({ code: 'CONFLICT', message: 'この報告はすでに対応済みです。' });

    // A review of the service, reported by its provider.
    const booking = await createBooking(t.db, {
      service: f.service,
      userId: f.traveler.id,
      startAt: new Date(Date.now() - 3 * DAY_MS),
      status: 'COMPLETED',
    });
    const review = await createReview(t.db, booking, { text: 'Never showed up.' });
    await report(f, 'owner', { targetType: 'review', targetId: review.id, reason: 'misleading', note: '' });
    const inSpanish = { cookies: f.cookies.admin, headers: { 'x-locale': 'es' } };
    const queue = (await t.app.inject({ url: '/api/admin/reports', ...inSpanish })).json();
    expect(queue.open.map((r: { context: { title: string } }) => r.context.title)).toEqual([
      `Reseña de ${f.service.title}`,
    ]);
  });
});

describe('suspension', () => {
  it('refuses sign-in with a plain message, ends sessions, hides services, cancels open bookings with refunds; lifting undoes it', async () => {
    const f = await bookingFixture(t.db);
    const provider = await signUp(t.app, { role: 'PROVIDER', name: 'Paolo' });
    const [p] = await queryRows<{ id: string }>(
      t.db,
      sql`select id from providers where user_id = ${provider.user.id}`,
    );
    const [service] = await queryRows<{ id: string }>(
      t.db,
      sql`insert into services (provider_id, category_id, title, price_cents) values (${p!.id}, ${f.category.id}, 'Pasta class', 5000) returning id`,
    );
    const paid = await createBooking(t.db, {
      service: (await t.db.query.services.findFirst({ where: (s, { eq }) => eq(s.id, service!.id) }))!,
      userId: f.traveler.id,
      status: 'PAID',
      startAt: new Date(Date.now() + 3 * DAY_MS),
    });
    await t.db.execute(
      sql`insert into payments (id, booking_id, amount_cents, currency, status) values ('pi_suspend_1', ${paid.id}, 10500, 'usd', 'succeeded')`,
    );
    const body = { reason: 'Asked travelers to pay outside Locora' };
    for (const who of [null, 'traveler', 'owner'] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/admin/users/${provider.user.id}/suspend`,
        payload: body,
        ...(who ? { cookies: f.cookies[who] } : {}),
      });
      expect(res.statusCode).toBe(who ? 403 : 401);
    }
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/users/${provider.user.id}/suspend`,
      cookies: f.cookies.admin,
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ user: { id: provider.user.id, suspended: true }, canceledBookings: 1, services: 1 });
    // Sessions ended; sign-in refused with how to appeal.
    expect((await t.app.inject({ url: '/api/auth/me', cookies: provider.cookies })).statusCode).toBe(401);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: provider.email, password: provider.password },
    });
    expect(login.statusCode).toBe(403);
    expect(login.json().message).toMatch(/suspended.*To appeal, reply to that email/);
    // The service is hidden; the booking canceled through the state machine, refund owed in full.
    expect((await t.app.inject({ url: `/api/services/${service!.id}` })).statusCode).toBe(404);
    const [b] = await queryRows<{ status: string; refund_pending: boolean; cancel_reason: string }>(
      t.db,
      sql`select status, refund_pending, cancel_reason from bookings where id = ${paid.id}`,
    );
    expect(b).toMatchObject({ status: 'CANCELED', refund_pending: true });
    const [pay] = await queryRows<{ pending_action: string }>(
      t.db,
      sql`select pending_action from payments where id = 'pi_suspend_1'`,
    );
    expect(pay?.pending_action).toBe('refund');
    const history = await queryRows<{ actor_role: string; to_status: string }>(
      t.db,
      sql`select actor_role, to_status from booking_events where booking_id = ${paid.id}`,
    );
    expect(history).toEqual([{ actor_role: 'SYSTEM', to_status: 'CANCELED' }]);
    // Admins cannot be suspended here; twice is a conflict.
    const admin = await t.app.inject({
      method: 'POST',
      url: `/api/admin/users/${f.admin.id}/suspend`,
      cookies: f.cookies.admin,
      payload: body,
    });
    expect(admin.statusCode).toBe(403);
    const twice = await t.app.inject({
      method: 'POST',
      url: `/api/admin/users/${provider.user.id}/suspend`,
      cookies: f.cookies.admin,
      payload: body,
    });
    expect(twice.statusCode).toBe(409);

    // Lifted: sign-in works, the service is back.
    for (const who of [null, 'traveler', 'owner'] as const) {
      const r = await t.app.inject({
        method: 'POST',
        url: `/api/admin/users/${provider.user.id}/unsuspend`,
        payload: { reason: 'Appeal accepted' },
        ...(who ? { cookies: f.cookies[who] } : {}),
      });
      expect(r.statusCode).toBe(who ? 403 : 401);
    }
    const lifted = await t.app.inject({
      method: 'POST',
      url: `/api/admin/users/${provider.user.id}/unsuspend`,
      cookies: f.cookies.admin,
      payload: { reason: 'Appeal accepted' },
    });
    expect(lifted.json()).toEqual({
      user: { id: provider.user.id, suspended: false },
      canceledBookings: 0,
      services: 1,
    });
    expect((await t.app.inject({ url: `/api/services/${service!.id}` })).statusCode).toBe(200);
    const back = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: provider.email, password: provider.password },
    });
    expect(back.statusCode).toBe(200);
    const audit = await queryRows<{ action: string }>(t.db, sql`select action from audit_log order by created_at`);
    expect(audit.map((a) => a.action)).toEqual(['user.suspend', 'user.unsuspend']);
  });

  it('answers the admin in their language: an admin, twice, not suspended, an unknown user, no reason', async () => {
    const f = await bookingFixture(t.db);
    const as = (locale: string, userId: string, action: 'suspend' | 'unsuspend', reason = 'Fraude') =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/users/${userId}/${action}`,
        cookies: f.cookies.admin,
        headers: { 'x-locale': locale },
        payload: { reason },
      });
    expect((await as('id', f.admin.id, 'suspend')).json()).toMatchObject({
      code: 'FORBIDDEN',
      message: 'Akun admin tidak dapat ditangguhkan di sini.',
    });
    expect((await as('ja', f.traveler.id, 'unsuspend')).json()).toMatchObject({
      code: 'CONFLICT',
      message: 'このアカウントは停止されていません。',
    });
    expect((await as('pt-PT', f.traveler.id, 'suspend')).statusCode).toBe(200);
    expect((await as('pt-PT', f.traveler.id, 'suspend')).json()).toMatchObject({
      code: 'CONFLICT',
      message: 'Esta conta já está suspensa.',
    });
    expect((await as('es', '00000000-0000-4000-8000-000000000000', 'suspend')).json()).toMatchObject({
      code: 'NOT_FOUND',
      message: 'No se encontró el usuario.',
    });
    expect((await as('th', f.traveler2.id, 'suspend', '  ')).json().message).toBe('โปรดระบุเหตุผล');
  });
});
