import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { FeedLink } from '../../../shared/api/calendars.ts';
import type { CurrencyCode } from '../../../shared/domain/currency.ts';
import { formatMoney } from '../../../shared/domain/pricing.ts';
import { formatDateIn, formatTimeIn } from '../../../shared/domain/time.ts';
import { queryRows } from '../../db/open.ts';
import { bookingFixture, localAt, type BookingFixture } from '../../test/booking-fixture.ts';
import { uniqueIp, useTestApp } from '../../test/test-app.ts';

/**
 * Each side of a booking reads about it in their own account's language: a provider whose
 * account is in Japanese, a traveler whose account is in Brazilian Portuguese, the same booking.
 */
const t = useTestApp();
let f: BookingFixture;

beforeEach(async () => {
  f = await bookingFixture(t.db, 'Asia/Tokyo');
  await t.db.execute(sql`update users set language = 'ja' where id = ${f.owner.user.id}`);
  await t.db.execute(sql`update users set language = 'pt-BR' where id = ${f.traveler.id}`);
});

type Mail = { to_address: string; kind: string; subject: string; text: string; html: string };
const mails = (kind: string) =>
  queryRows<Mail>(t.db, sql`select to_address, kind, subject, text, html from email_outbox where kind = ${kind}`);
/** An iCalendar body with its folded lines joined (RFC 5545 folds at 75 octets, inside a character's bytes too). */
const unfold = (ics: string) => ics.replace(/\r?\n[ \t]/g, '');

describe('a booking between a Japanese-speaking provider and a Portuguese-speaking traveler', () => {
  it('emails each in their language, with dates, times and the price in it, and links under their prefix', async () => {
    const start = localAt(3, '10:00', 'Asia/Tokyo');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/bookings',
      cookies: f.cookies.traveler,
      payload: { serviceId: f.service.id, start: start.toISOString(), hours: 2 },
    });
    expect(res.statusCode, res.body).toBe(201);
    const booking = res.json<{ booking: { id: string; totalCents: number; currency: CurrencyCode } }>().booking;

    const [request] = await mails('booking-request');
    expect(request).toMatchObject({
      to_address: f.owner.user.email,
      subject: '新しい予約リクエスト：Deep tissue massage',
    });
    expect(request!.text).toContain('Ana Lima様');
    expect(request!.text).toContain(
      `Rita Sousaさんから、${formatDateIn(start, 'Asia/Tokyo', 'ja')} 10:00 日本標準時 (UTC+9)に「Deep tissue massage」を2時間予約したいというリクエストが届きました。`,
    );
    expect(request!.text).toContain('ダッシュボードを開く: ');
    expect(request!.text).toContain('/ja/dashboard/provider?tab=bookings');
    expect(request!.html).toContain('<html lang="ja" dir="ltr">');

    const [receipt] = await mails('booking-receipt');
    expect(receipt).toMatchObject({ to_address: f.traveler.email, subject: 'Pedido enviado: Deep tissue massage' });
    expect(receipt!.text).toContain('Olá, Rita Sousa,');
    expect(receipt!.text).toContain(
      `Seu pedido para reservar Deep tissue massage em ${formatDateIn(start, 'Asia/Tokyo', 'pt-BR')} às ${formatTimeIn(start, 'Asia/Tokyo', 'pt-BR')}`,
    );
    expect(receipt!.text).toContain('(2 horas)');
    expect(receipt!.text).toContain(
      `Total: ${formatMoney(booking.totalCents, booking.currency, 'pt-BR')}, com a taxa de serviço incluída.`,
    );
    expect(receipt!.text).toContain('/pt-BR/dashboard/traveler');
    expect(receipt!.html).toContain('<html lang="pt-BR" dir="ltr">');

    // The provider's calendar feed is written in Japanese too.
    const link = await t.app.inject({ method: 'POST', url: '/api/provider/calendar-feed', cookies: f.cookies.owner });
    expect(link.statusCode, link.body).toBe(201);
    const feed = await t.app.inject({ url: new URL(link.json<FeedLink>().url).pathname, remoteAddress: uniqueIp() });
    expect(feed.statusCode).toBe(200);
    const ics = unfold(feed.body);
    expect(ics).toContain('X-WR-CALNAME:Locora の予約');
    expect(ics).toContain('Deep tissue massage（Rita様）');
    expect(ics).toContain('お返事待ちのリクエストです。');
    expect(ics).toContain('/ja/dashboard/provider?tab=bookings');

    const accepted = await t.app.inject({
      method: 'POST',
      url: `/api/bookings/${booking.id}/accept`,
      cookies: f.cookies.owner,
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const [status] = await mails('booking-accepted');
    expect(status).toMatchObject({ to_address: f.traveler.email, subject: 'Reserva aceita: Deep tissue massage' });
    expect(status!.text).toContain('Ana Lima aceitou sua reserva de Deep tissue massage em');
    expect(status!.text).toContain('Ver suas reservas: ');

    // The traveler's "Add to calendar" file is in Portuguese.
    const file = await t.app.inject({ url: `/api/bookings/${booking.id}/calendar.ics`, cookies: f.cookies.traveler });
    expect(file.statusCode, file.body).toBe(200);
    expect(unfold(file.body)).toContain('Deep tissue massage com Ana Lima');
    expect(unfold(file.body)).toContain('Sua reserva na Locora: ');
  });

  it('writes an English account’s emails in English, as before', async () => {
    await t.db.execute(sql`update users set language = 'en' where id in (${f.owner.user.id}, ${f.traveler.id})`);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/bookings',
      cookies: f.cookies.traveler,
      payload: { serviceId: f.service.id, start: localAt(3, '10:00', 'Asia/Tokyo').toISOString(), hours: 2 },
    });
    expect(res.statusCode, res.body).toBe(201);
    const [request] = await mails('booking-request');
    expect(request!.subject).toBe('New booking request: Deep tissue massage');
    expect(request!.text).toMatch(/at 10:00 AM Japan Standard Time \(UTC\+9\) for 2 hours\./);
    expect(request!.html).toContain('<html lang="en" dir="ltr">');
  });
});
