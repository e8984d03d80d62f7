import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { manualClock } from '../../clock.ts';
import { loadConfig } from '../../config.ts';
import { queryRows } from '../../db/open.ts';
import { createUser } from '../../db/seed/factories.ts';
import { createSession, SESSION_COOKIE } from '../../http/session.ts';
import {
  ECB_RATES_2025_10_21,
  ecbDailyXml,
  startEcbRatesServer,
  type EcbRatesServer,
} from '../../test/ecb-rates-server.ts';
import { useTestApp } from '../../test/test-app.ts';
import { parseEcbRates } from './ecb-feed.ts';
import { EXCHANGE_RATES_JOB, latestStoredRates, refreshRates, storeRates } from './exchange-rates.ts';

let feed: EcbRatesServer;
beforeAll(async () => {
  feed = await startEcbRatesServer();
});
afterAll(async () => {
  await feed?.close();
});

// Saturday 28 November 2026, 12:00 UTC: Friday the 27th's rates are the latest published.
const clock = manualClock(new Date('2026-11-28T12:00:00Z'));
// The feed's address is read when the app is built, after the stand-in has started.
const t = useTestApp(
  {
    get exchangeRates() {
      return { url: feed.url };
    },
  },
  { clock },
);

const FRIDAY = '2026-11-27';

async function cookieFor(userId: string) {
  const { token } = await createSession(t.db, userId, 'test');
  return { [SESSION_COOKIE]: token };
}

describe('parseEcbRates', () => {
  it('reads the ECB’s daily file: its day, and the rates of our currencies exactly as written', () => {
    expect(parseEcbRates(ecbDailyXml('2025-10-21', ECB_RATES_2025_10_21))).toEqual({
      date: '2025-10-21',
      perEuro: { USD: '1.1607', JPY: '176.45', BRL: '6.2526', IDR: '19272.67', MXN: '21.4006', THB: '38.071' },
    });
  });

  it('refuses what is not the format, as a whole', () => {
    expect(() => parseEcbRates('<html><body>Maintenance</body></html>')).toThrow(/no day of rates/);
    expect(() => parseEcbRates('<gesmes:Envelope><Cube>')).toThrow(/not well-formed/);
    expect(() => parseEcbRates(ecbDailyXml('2025-13-45', { USD: '1.1' }))).toThrow(/not a date/);
    expect(() => parseEcbRates(ecbDailyXml('2025-10-21', { USD: 'n/a' }))).toThrow(/USD rate "n\/a" is not a rate/);
    expect(() => parseEcbRates(ecbDailyXml('2025-10-21', { GBP: '0.87' }))).toThrow(/has none of/);
  });
});

describe('fetching the rates', () => {
  it('fetches when the stored rates are older than the latest publication, then not again', async () => {
    feed.publish(FRIDAY);
    await storeRates(t.db, { date: '2025-10-21', perEuro: { USD: '1.1607' } }, 'demo');
    const before = feed.requests;
    expect(await t.app.jobs.runOnce(EXCHANGE_RATES_JOB)).toBe(1);
    expect(feed.requests).toBe(before + 1);
    const stored = await latestStoredRates(t.db);
    expect(stored).toMatchObject({ date: FRIDAY, source: 'ecb', perEuro: { JPY: '176.45', IDR: '19272.67' } });
    // Stored with its date, exactly as published (unconstrained numeric keeps '38.071').
    const rows = await queryRows<{ currency: string; per_euro: string }>(
      t.db,
      sql`select currency, per_euro::text as per_euro from exchange_rates where rate_date = ${FRIDAY} order by currency`,
    );
    expect(rows.map((r) => `${r.currency} ${r.per_euro}`)).toEqual([
      'BRL 6.2526',
      'IDR 19272.67',
      'JPY 176.45',
      'MXN 21.4006',
      'THB 38.071',
      'USD 1.1607',
    ]);
    // Up to date: the feed is not asked again over the weekend.
    clock.set(new Date('2026-11-30T14:00:00Z'));
    expect(await t.app.jobs.runOnce(EXCHANGE_RATES_JOB)).toBe(0);
    expect(feed.requests).toBe(before + 1);
    clock.set(new Date('2026-11-28T12:00:00Z'));
  });

  it('asks again after 16:00 in Frankfurt, and not more often than every 10 minutes while behind', async () => {
    feed.publish(FRIDAY);
    await storeRates(t.db, { date: FRIDAY, perEuro: { USD: '1.1607' } }, 'ecb');
    // Monday 30 November, 16:05 in Frankfurt: Monday's rates are due, the feed still has Friday's.
    const monday = manualClock(new Date('2026-11-30T15:05:00Z'));
    const before = feed.requests;
    const first = await refreshRates(t.db, { url: feed.url, now: monday.now() });
    expect(first).toMatchObject({ kind: 'fetched', changed: true });
    // Still behind, but another attempt was just made (by this or another instance).
    expect(await refreshRates(t.db, { url: feed.url, now: monday.now() })).toEqual({ kind: 'claimed-elsewhere' });
    expect(feed.requests).toBe(before + 1);
    // Ten minutes on (the claim is on the database's clock), Monday's rates are out.
    await t.db.execute(sql`update exchange_rate_feed set attempted_at = attempted_at - interval '10 minutes'`);
    feed.publish('2026-11-30', { ...ECB_RATES_2025_10_21, USD: '1.1500' });
    expect(await refreshRates(t.db, { url: feed.url, now: monday.now() })).toMatchObject({ kind: 'fetched' });
    expect(await latestStoredRates(t.db)).toMatchObject({ date: '2026-11-30', perEuro: { USD: '1.1500' } });
  });

  it('keeps the stored rates when the feed fails, and says why', async () => {
    await storeRates(t.db, { date: '2026-11-26', perEuro: { USD: '1.17' } }, 'ecb');
    for (const [fail, why] of [
      [() => feed.failWith(503), 'The rates feed answered 503'],
      [() => feed.serveBody('<html>not the feed</html>'), 'The rates feed has no day of rates'],
    ] as const) {
      fail();
      await t.db.execute(sql`update exchange_rate_feed set attempted_at = null`);
      await expect(refreshRates(t.db, { url: feed.url, now: clock.now() })).rejects.toThrow(why);
      expect(await latestStoredRates(t.db)).toMatchObject({ date: '2026-11-26', perEuro: { USD: '1.17' } });
      const [state] = await queryRows<{ last_error: string }>(t.db, sql`select last_error from exchange_rate_feed`);
      expect(state?.last_error).toBe(why);
    }
    // A feed that hangs is given up after its timeout.
    feed.hang();
    await t.db.execute(sql`update exchange_rate_feed set attempted_at = null`);
    await expect(refreshRates(t.db, { url: feed.url, now: clock.now(), timeoutMs: 200 })).rejects.toThrow(
      /did not answer/,
    );
    feed.publish(FRIDAY);
  });

  it('the demo data’s rates never replace fetched ones', async () => {
    await storeRates(t.db, { date: FRIDAY, perEuro: { USD: '1.1607' } }, 'ecb');
    expect(await storeRates(t.db, { date: FRIDAY, perEuro: { USD: '9.99' } }, 'demo')).toBe(false);
    expect(await latestStoredRates(t.db)).toMatchObject({ perEuro: { USD: '1.1607' }, source: 'ecb' });
  });
});

describe('FX_RATES_URL', () => {
  it('takes an https address, a loopback http one, or off', () => {
    const url = (v: string | undefined) => loadConfig({ FX_RATES_URL: v }).exchangeRates.url;
    expect(url(undefined)).toBe('https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml');
    expect(url('off')).toBeNull();
    expect(url('http://127.0.0.1:9000/stats/eurofxref/eurofxref-daily.xml')).toBe(
      'http://127.0.0.1:9000/stats/eurofxref/eurofxref-daily.xml',
    );
    expect(url('http://localhost:9000/x.xml')).toBe('http://localhost:9000/x.xml');
    expect(() => url('http://rates.example.com/x.xml')).toThrow(/FX_RATES_URL: must be an https:\/\/ address/);
    expect(() => url('not a url')).toThrow(/FX_RATES_URL/);
  });

  it('off: the feed is never asked', async () => {
    const { buildApp } = await import('../../app.ts');
    const off = await buildApp({ db: t.db, config: { ...t.config, exchangeRates: { url: null } }, logger: false });
    const before = feed.requests;
    expect(await off.jobs.runOnce(EXCHANGE_RATES_JOB)).toBe(0);
    expect(feed.requests).toBe(before);
    await off.close();
  });
});

describe('GET /api/currency', () => {
  const get = (headers: Record<string, string> = {}, cookies: Record<string, string> = {}) =>
    t.app.inject({ url: '/api/currency', headers, cookies });

  it('gives a guest the region of their browser’s language, or their cookie', async () => {
    await storeRates(t.db, { date: FRIDAY, perEuro: { BRL: '6.2526', JPY: '176.45' } }, 'ecb');
    const brazil = await get({ 'accept-language': 'pt-BR,pt;q=0.9' });
    expect(brazil.statusCode).toBe(200);
    expect(brazil.json()).toEqual({
      displayCurrency: 'BRL',
      source: 'language',
      rates: { date: FRIDAY, perEuro: { BRL: '6.2526', JPY: '176.45' } },
    });
    expect((await get({ 'accept-language': 'pt-BR' }, { currency: 'JPY' })).json()).toMatchObject({
      displayCurrency: 'JPY',
      source: 'cookie',
    });
    // No region Locora shows a currency for, and no choice: none.
    expect((await get({ 'accept-language': 'en-GB' })).json()).toMatchObject({ displayCurrency: null, source: null });
    expect((await get({}, { currency: 'XYZ' })).json()).toMatchObject({ displayCurrency: null });
  });

  it('hides rates more than 4 days old', async () => {
    await storeRates(t.db, { date: '2026-11-24', perEuro: { USD: '1.17' } }, 'ecb');
    expect((await get()).json().rates).toEqual({ date: '2026-11-24', perEuro: { USD: '1.17' } });
    await t.db.execute(sql`delete from exchange_rates`);
    await storeRates(t.db, { date: '2026-11-23', perEuro: { USD: '1.17' } }, 'ecb');
    expect((await get()).json().rates).toBeNull();
    await t.db.execute(sql`delete from exchange_rates`);
    expect((await get()).json().rates).toBeNull();
  });

  it('gives each signed-in user their own account’s choice, whatever their role', async () => {
    const traveler = await createUser(t.db, { displayCurrency: 'THB' });
    const other = await createUser(t.db, {});
    const provider = await createUser(t.db, { role: 'PROVIDER', displayCurrency: 'MXN' });
    const admin = await createUser(t.db, { role: 'ADMIN', displayCurrency: 'EUR' });
    const asked = async (id: string) =>
      (await get({ 'accept-language': 'ja-JP' }, { ...(await cookieFor(id)), currency: 'BRL' })).json();
    expect(await asked(traveler.id)).toMatchObject({ displayCurrency: 'THB', source: 'account' });
    // Another traveler who never chose: their own cookie, not the first one's account.
    expect(await asked(other.id)).toMatchObject({ displayCurrency: 'BRL', source: 'cookie' });
    expect(await asked(provider.id)).toMatchObject({ displayCurrency: 'MXN', source: 'account' });
    expect(await asked(admin.id)).toMatchObject({ displayCurrency: 'EUR', source: 'account' });
  });
});

describe('PATCH /api/account/profile displayCurrency', () => {
  it('keeps the choice on the account, goes back to the default with null, and names a wrong one', async () => {
    const traveler = await createUser(t.db, { name: 'Rita' });
    const cookies = await cookieFor(traveler.id);
    const patch = (payload: unknown, as: Record<string, string> | undefined = cookies) =>
      t.app.inject({ method: 'PATCH', url: '/api/account/profile', cookies: as, payload: payload as object });

    const chosen = await patch({ displayCurrency: 'JPY' });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json().user).toMatchObject({ name: 'Rita', displayCurrency: 'JPY' });
    expect((await t.app.inject({ url: '/api/auth/me', cookies })).json().user.displayCurrency).toBe('JPY');

    const bad = await patch({ displayCurrency: 'XYZ' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Unknown currency \\"XYZ\\"');
    expect((await patch({ displayCurrency: 'jpy' })).statusCode).toBe(400);
    expect((await patch({})).statusCode).toBe(400);

    const cleared = await patch({ displayCurrency: null });
    expect(cleared.json().user).toMatchObject({ name: 'Rita', displayCurrency: null });

    // Only one's own account: anonymous is 401; another user's change stays theirs.
    expect((await patch({ displayCurrency: 'EUR' }, {})).statusCode).toBe(401);
    const other = await createUser(t.db, {});
    await patch({ displayCurrency: 'EUR' }, await cookieFor(other.id));
    expect((await t.app.inject({ url: '/api/auth/me', cookies })).json().user.displayCurrency).toBeNull();
  });
});
