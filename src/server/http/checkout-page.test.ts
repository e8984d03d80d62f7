import { describe, expect, it } from 'vitest';
import { createCategory, createProvider, createService } from '../db/seed/factories.ts';
import { signUp, useTestApp } from '../test/test-app.ts';

const t = useTestApp();

function pageData(html: string) {
  const m = html.match(/<script type="application\/json" id="locora-page-data">([\s\S]*?)<\/script>/);
  if (!m) throw new Error('no page data in the HTML');
  return JSON.parse(m[1]!) as {
    queries: { queries: { queryKey: unknown[]; state: { status: string; data?: unknown } }[] };
    clock: { today: string };
  };
}
const rootHtml = (html: string) => html.slice(html.indexOf('<div id="root">'), html.indexOf('locora-page-data'));

async function aService(priceCents = 4550, minHours = 2) {
  const category = await createCategory(t.db, { name: 'Surfing', slug: 'surfing' });
  const { provider } = await createProvider(t.db, { displayName: 'Rita Waves', baseCity: 'Lisbon' });
  return createService(t.db, {
    providerId: provider.id,
    categoryId: category.id,
    title: 'Dawn surf at Carcavelos',
    city: 'Lisbon',
    priceCents,
    minHours,
  });
}

describe('/checkout/{id} (server-rendered)', () => {
  it('sends a signed-out visitor to sign in, coming back with the date', async () => {
    const service = await aService();
    const res = await t.app.inject({ url: `/checkout/${service.id}?date=2026-12-01` });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(
      `/auth/signin?next=${encodeURIComponent(`/checkout/${service.id}?date=2026-12-01`)}`,
    );
  });

  it('renders the checkout with the service, the product texts and exact amounts for a traveler', async () => {
    const service = await aService(4550, 2);
    const { cookies } = await signUp(t.app, { name: 'Tomas Traveler' });
    const res = await t.app.inject({ url: `/checkout/${service.id}?date=2026-12-01`, cookies });
    expect(res.statusCode).toBe(200);
    const html = rootHtml(res.body);
    for (const text of [
      'Back to service',
      'Booking Details',
      'Number of Hours',
      'Minimum 2 hours',
      'Service Address',
      'Special Requests (Optional)',
      'Payment processing is not configured.',
      'Please add Stripe API keys to enable payments.',
      'Order Summary',
      'Dawn surf at Carcavelos',
      'Surfing',
      'Lisbon',
      'Request to book',
      // $45.50 x 2 = $91 (no decimals when the cents are zero); fee 5 % = $4.55; total $95.55.
      '$45.50',
      '$4.55',
      '$95.55',
    ])
      expect(html, text).toContain(text);
    expect(html).toMatch(/>\$91</);
    expect(html).not.toContain('$91.00');
    const service_ = pageData(res.body).queries.queries.find(
      (q) => q.queryKey[0] === '/api/services' && q.queryKey[1] === service.id,
    );
    expect(service_?.state.status).toBe('success');
  });

  it('renders the calendar with its free days and whether card payments are on, for the month it opens on', async () => {
    const service = await aService(4550, 2);
    const { cookies } = await signUp(t.app, { name: 'Clara Traveler' });
    const freeDaysOf = (html: string) =>
      pageData(html).queries.queries.filter((q) => q.queryKey[2] === 'available-days' && q.queryKey[1] === service.id);

    const res = await t.app.inject({ url: `/checkout/${service.id}`, cookies: { ...cookies, tz: 'Asia/Tokyo' } });
    expect(res.statusCode).toBe(200);
    const { today } = pageData(res.body).clock;
    const [first, ...more] = freeDaysOf(res.body);
    expect(more).toEqual([]);
    expect(first?.queryKey[3]).toEqual({ month: today.slice(0, 7), hours: 2 });
    expect(first?.state.status).toBe('success');
    expect(first?.state.data).toMatchObject({ month: today.slice(0, 7) });
    // The calendar is rendered knowing them: the browser waits for nothing.
    expect(rootHtml(res.body)).toContain('data-free-days="known"');
    const config = pageData(res.body).queries.queries.find((q) => q.queryKey[0] === '/api/payments/config');
    expect(config?.state.status).toBe('success');

    // A chosen date opens the calendar on its month.
    const chosen = await t.app.inject({ url: `/checkout/${service.id}?date=2031-02-14`, cookies });
    expect(freeDaysOf(chosen.body).map((q) => q.queryKey[3])).toEqual([{ month: '2031-02', hours: 2 }]);
  });

  it('renders the payment card, the day and the summary in Japanese on /ja', async () => {
    const service = await aService(4550, 2);
    const { cookies } = await signUp(t.app, { name: 'Haruka Traveler' });
    const res = await t.app.inject({ url: `/ja/checkout/${service.id}?date=2026-12-01`, cookies });
    expect(res.statusCode).toBe(200);
    const html = rootHtml(res.body);
    for (const text of [
      '決済処理が設定されていません。',
      'お支払いを有効にするには、Stripe の API キーを追加してください。',
      // The chosen day, in the summary and over the times.
      '2026年12月1日',
    ])
      expect(html, text).toContain(text);
    for (const english of ['Payment processing is not configured.', 'Please add Stripe API keys', 'Dec 1, 2026'])
      expect(html, english).not.toContain(english);
  });

  it('tells a provider they cannot book their own service', async () => {
    const { cookies } = await signUp(t.app, { role: 'PROVIDER', name: 'Own Provider', timeZone: 'Europe/Lisbon' });
    const me = await t.app.inject({ url: '/api/provider/me', cookies });
    const category = await createCategory(t.db, { name: 'Surfing', slug: 'surfing' });
    const service = await createService(t.db, {
      providerId: me.json().id,
      categoryId: category.id,
      title: 'My own lesson',
    });
    const res = await t.app.inject({ url: `/checkout/${service.id}`, cookies });
    expect(res.statusCode).toBe(200);
    expect(rootHtml(res.body)).toContain('You cannot book your own service.');
  });

  it('answers the 404 page for a service that does not exist', async () => {
    const { cookies } = await signUp(t.app);
    const res = await t.app.inject({ url: '/checkout/00000000-0000-4000-8000-000000000000', cookies });
    expect(res.statusCode).toBe(404);
  });
});
