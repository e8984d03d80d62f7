import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { TRAVELER_ADDRESS_REQUIRED, SERVICE_ADDRESS_REQUIRED } from '../../../shared/domain/service-location.ts';
import { queryRows } from '../../db/open.ts';
import { createService } from '../../db/seed/factories.ts';
import { useTestApp } from '../../test/test-app.ts';
import { bookingFixture, localAt, type BookingFixture } from '../../test/booking-fixture.ts';

/**
 * Where a service happens, and what the provider needs to serve a booking: the address and the
 * special requests reach the provider; the traveler sees a place's exact address once confirmed;
 * the emails say where, why and who.
 */
const t = useTestApp();
let f: BookingFixture;
/** A service that comes to the traveler (the fixture's happen at the provider's). */
let atHome: { id: string };
beforeEach(async () => {
  f = await bookingFixture(t.db);
  atHome = await createService(t.db, {
    providerId: f.owner.provider.id,
    categoryId: f.category.id,
    title: 'Home massage',
    priceCents: 6000,
    minHours: 2,
  });
});

type Cookies = Record<string, string>;
const at = (time: string) => localAt(3, time, f.timeZone).toISOString();
const inject = (method: 'GET' | 'POST' | 'PATCH', url: string, cookies?: Cookies, payload?: object) =>
  t.app.inject({ method, url, ...(cookies ? { cookies } : {}), ...(payload ? { payload } : {}) });

async function mails(kind: string) {
  return queryRows<{ to_address: string; subject: string; text: string }>(
    t.db,
    sql`select to_address, subject, text from email_outbox where kind = ${kind} order by created_at`,
  );
}

async function meetingPoint() {
  return createService(t.db, {
    providerId: f.owner.provider.id,
    categoryId: f.category.id,
    title: 'Old town walk',
    priceCents: 3000,
    minHours: 1,
    city: 'Lisbon',
    locationType: 'meeting_point',
    locationAddress: 'Largo do Carmo 1, by the fountain',
    locationArea: 'Chiado',
  });
}

describe('the service says where it happens', () => {
  it('defaults to the traveler’s address when a client does not say; a place or meeting point needs its address', async () => {
    const base = { title: 'Hot stone massage', categoryId: f.category.id, price: 5000, city: 'Lisbon' };
    const plain = await inject('POST', '/api/services', f.cookies.owner, base);
    expect(plain.statusCode).toBe(201);
    expect(plain.json().service).toMatchObject({ locationType: 'traveler_address', locationAddress: null });

    const missing = await inject('POST', '/api/services', f.cookies.owner, { ...base, locationType: 'provider_place' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toContain(SERVICE_ADDRESS_REQUIRED);

    const place = await inject('POST', '/api/services', f.cookies.owner, {
      ...base,
      locationType: 'provider_place',
      locationAddress: 'Rua da Rosa 10, 2nd floor',
      locationArea: 'Bairro Alto',
    });
    expect(place.statusCode).toBe(201);
    const id = place.json().service.id;
    // The public sees the area, never the address.
    const pub = await inject('GET', `/api/services/${id}`);
    expect(pub.json()).toMatchObject({ locationType: 'provider_place', locationArea: 'Bairro Alto' });
    expect(JSON.stringify(pub.json())).not.toContain('Rua da Rosa');

    // Switching to a meeting point without an address left is refused.
    const cleared = await inject('PATCH', `/api/services/${id}`, f.cookies.owner, { locationType: 'traveler_address' });
    expect(cleared.json().service).toMatchObject({ locationType: 'traveler_address', locationAddress: null });
    const back = await inject('PATCH', `/api/services/${id}`, f.cookies.owner, { locationType: 'meeting_point' });
    expect(back.statusCode).toBe(400);
    expect(back.json().message).toBe(SERVICE_ADDRESS_REQUIRED);
  });
});

describe('a request reaches the provider with where and what was asked', () => {
  it('a service at the traveler’s address needs their address; the provider sees it and the notes; both get emails', async () => {
    const none = await inject('POST', '/api/bookings', f.cookies.traveler, {
      serviceId: atHome.id,
      start: at('10:00'),
      hours: 2,
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(TRAVELER_ADDRESS_REQUIRED);
    // A Japanese page asks: the same refusal in Japanese.
    const inJapanese = await t.app.inject({
      method: 'POST',
      url: '/api/bookings',
      cookies: f.cookies.traveler,
      headers: { 'x-locale': 'ja' },
      payload: { serviceId: atHome.id, start: at('10:00'), hours: 2 },
    });
    expect(inJapanese.json()).toMatchObject({ code: 'BAD_REQUEST', message: 'サービスを行う住所を入力してください' });

    const res = await inject('POST', '/api/bookings', f.cookies.traveler, {
      serviceId: atHome.id,
      start: at('10:00'),
      hours: 2,
      address: 'Rua Augusta 1, 3rd floor',
      notes: 'Please bring an extra towel',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().booking.location).toEqual({
      type: 'traveler_address',
      area: null,
      address: 'Rua Augusta 1, 3rd floor',
    });

    const list = await inject('GET', '/api/provider/bookings', f.cookies.owner);
    expect(list.json()[0]).toMatchObject({
      address: 'Rua Augusta 1, 3rd floor',
      notes: 'Please bring an extra towel',
      location: { type: 'traveler_address' },
    });

    const [request] = await mails('booking-request');
    expect(request!.to_address).toBe(f.owner.user.email);
    expect(request!.text).toContain('Where: Rua Augusta 1, 3rd floor');
    expect(request!.text).toContain('Special requests: Please bring an extra towel');
    const [receipt] = await mails('booking-receipt');
    expect(receipt!.to_address).toBe(f.traveler.email);
    expect(receipt!.subject).toBe('Request sent: Home massage');
    expect(receipt!.text).toContain('Total: $126, service fee included.');
  });

  it('a meeting point: the traveler sees area and city until the provider accepts, then the address (view and email)', async () => {
    const walk = await meetingPoint();
    const res = await inject('POST', '/api/bookings', f.cookies.traveler, {
      serviceId: walk.id,
      start: at('10:00'),
      hours: 1,
    });
    expect(res.statusCode).toBe(201);
    const id = res.json().booking.id;
    expect(res.json().booking.location).toEqual({ type: 'meeting_point', area: 'Chiado', address: null });
    const [receipt] = await mails('booking-receipt');
    expect(receipt!.text).toContain('Where: Chiado, Lisbon');
    expect(receipt!.text).not.toContain('Largo do Carmo');
    // The provider knows their own meeting point.
    expect((await inject('GET', '/api/provider/bookings', f.cookies.owner)).json()[0].location.address).toBe(
      'Largo do Carmo 1, by the fountain',
    );

    expect((await inject('POST', `/api/bookings/${id}/accept`, f.cookies.owner)).statusCode).toBe(200);
    const mine = await inject('GET', `/api/bookings/${id}`, f.cookies.traveler);
    expect(mine.json().booking.location.address).toBe('Largo do Carmo 1, by the fountain');
    const [accepted] = await mails('booking-accepted');
    expect(accepted!.text).toContain('Where: Largo do Carmo 1, by the fountain');
  });
});

describe('declines and cancellations say why and who', () => {
  it('a declined request reads as declined, with its reason, for the traveler and in the email', async () => {
    const res = await inject('POST', '/api/bookings', f.cookies.traveler, {
      serviceId: atHome.id,
      start: at('10:00'),
      hours: 2,
      address: 'Rua Augusta 1',
    });
    const id = res.json().booking.id;
    await inject('POST', `/api/bookings/${id}/decline`, f.cookies.owner, { reason: 'Fully booked that week' });
    const mine = (await inject('GET', `/api/bookings/${id}`, f.cookies.traveler)).json().booking;
    expect(mine).toMatchObject({
      status: 'CANCELED',
      declined: true,
      canceledBy: 'PROVIDER',
      cancelReason: 'Fully booked that week',
    });
    const [declined] = await mails('booking-declined');
    expect(declined!.text).toContain('Ana Lima declined your booking request');
    expect(declined!.text).toContain('The reason given: “Fully booked that week”');
  });

  it('a cancellation names who canceled and passes the reason on', async () => {
    const res = await inject('POST', '/api/bookings', f.cookies.traveler, {
      serviceId: atHome.id,
      start: at('10:00'),
      hours: 2,
      address: 'Rua Augusta 1',
    });
    const id = res.json().booking.id;
    await inject('POST', `/api/bookings/${id}/accept`, f.cookies.owner);
    await inject('POST', `/api/bookings/${id}/cancel`, f.cookies.traveler, { reason: 'Flight moved' });
    const mine = (await inject('GET', `/api/bookings/${id}`, f.cookies.traveler)).json().booking;
    expect(mine).toMatchObject({ declined: false, canceledBy: 'TRAVELER', cancelReason: 'Flight moved' });
    const [canceled] = await mails('booking-canceled');
    expect(canceled!.to_address).toBe(f.owner.user.email);
    expect(canceled!.text).toContain('Rita Sousa canceled the booking of Home massage');
    expect(canceled!.text).toContain('The reason given: “Flight moved”');
  });
});
