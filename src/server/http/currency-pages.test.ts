import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { manualClock } from '../clock.ts';
import { createCategory, createProvider, createService, createUser } from '../db/seed/factories.ts';
import { storeRates } from '../features/exchange-rates/exchange-rates.ts';
import { createSession, SESSION_COOKIE } from './session.ts';
import { useTestApp } from '../test/test-app.ts';

const t = useTestApp({}, { clock: manualClock(new Date('2026-11-28T12:00:00Z')) });

const FRIDAY = '2026-11-27';
const RATES = { USD: '1.1607', JPY: '176.45', BRL: '6.2526', IDR: '19272.67', MXN: '21.4006', THB: '38.071' };

/** The code the header's currency menu shows, as rendered. */
function menuCode(html: string): string | undefined {
  return /data-testid="currency-menu-code">([^<]*)</.exec(html)?.[1];
}

function currencyQuery(html: string) {
  const m = html.match(/<script type="application\/json" id="locora-page-data">([\s\S]*?)<\/script>/);
  const data = JSON.parse(m![1]!) as { queries: { queries: { queryKey: unknown[]; state: { data: unknown } }[] } };
  return data.queries.queries.find((q) => q.queryKey[0] === '/api/currency')?.state.data;
}

describe('the display currency is rendered with the page', () => {
  it('from the browser’s language for a guest, then their cookie, then their account', async () => {
    await storeRates(t.db, { date: FRIDAY, perEuro: RATES }, 'ecb');
    const guest = await t.app.inject({ url: '/', headers: { 'accept-language': 'pt-BR,pt;q=0.9' } });
    expect(guest.statusCode).toBe(200);
    expect(menuCode(guest.body)).toBe('BRL');
    expect(guest.headers.vary).toMatch(/Accept-Language/);
    // The page data carries the same view the HTML was rendered with: hydration shows the same.
    expect(currencyQuery(guest.body)).toEqual({
      displayCurrency: 'BRL',
      source: 'language',
      rates: { date: FRIDAY, perEuro: RATES },
    });

    const chosen = await t.app.inject({
      url: '/browse',
      headers: { 'accept-language': 'pt-BR' },
      cookies: { currency: 'JPY' },
    });
    expect(menuCode(chosen.body)).toBe('JPY');

    const user = await createUser(t.db, { displayCurrency: 'THB' });
    const { token } = await createSession(t.db, user.id, 'test');
    const account = await t.app.inject({
      url: '/',
      headers: { 'accept-language': 'pt-BR' },
      cookies: { currency: 'JPY', [SESSION_COOKIE]: token },
    });
    expect(menuCode(account.body)).toBe('THB');
  });

  it('shows no currency when none can be told', async () => {
    const res = await t.app.inject({ url: '/', headers: { 'accept-language': 'en-GB' } });
    expect(menuCode(res.body)).toBe('¤');
  });
});

describe('estimates are rendered with the page', () => {
  async function tokyoService() {
    const category = await createCategory(t.db, { name: 'Tours', slug: 'tours' });
    const { provider } = await createProvider(t.db, { baseCity: 'Tokyo', timeZone: 'Asia/Tokyo', currency: 'JPY' });
    return createService(t.db, {
      providerId: provider.id,
      categoryId: category.id,
      title: 'Yanaka old town walk',
      city: 'Tokyo',
      priceCents: 8000,
      currency: 'JPY',
    });
  }

  it('≈ R$ beside a yen price on cards and the service page, with the rate’s date in the HTML', async () => {
    await storeRates(t.db, { date: FRIDAY, perEuro: RATES }, 'ecb');
    const service = await tokyoService();
    // ¥8,000 = 45.34 € = R$ 283.48: "≈ R$283" on an English page.
    const page = await t.app.inject({ url: `/service/${service.id}`, headers: { 'accept-language': 'pt-BR' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toMatch(/data-testid="price-estimate" data-rate-date="2026-11-27"/);
    expect(page.body).toContain('≈ R$283');
    expect(page.body).toContain('<time dateTime="2026-11-27">Nov 27, 2026</time>');
    const home = await t.app.inject({ url: '/browse', headers: { 'accept-language': 'pt-BR' } });
    expect(home.body).toContain('≈ R$283');
    // A reader whose currency is the yen sees no estimate; nor does anyone once the rates are too old.
    const yen = await t.app.inject({ url: `/service/${service.id}`, headers: { 'accept-language': 'ja-JP' } });
    expect(yen.body).not.toContain('data-testid="price-estimate"');
    await t.db.execute(sql`update exchange_rates set rate_date = '2026-11-23'`);
    const stale = await t.app.inject({ url: `/service/${service.id}`, headers: { 'accept-language': 'pt-BR' } });
    expect(stale.body).not.toContain('data-testid="price-estimate"');
  });
});
