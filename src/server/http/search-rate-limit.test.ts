import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { useTestApp } from '../test/test-app.ts';
import { clientNetwork, createTokenBuckets } from './rate-limit.ts';

describe('the search limit (GET /api/services, per client network)', () => {
  const t = useTestApp({ searchesPerIpPerMinute: 3 });
  const search = (ip: string, query = 'q=yoga') =>
    t.app.inject({ method: 'GET', url: `/api/services?${query}`, remoteAddress: ip });

  it('lets searches below the limit through, answers 429 with Retry-After above it, and leaves other addresses alone', async () => {
    for (const query of ['q=yoga', 'q=massage&sortBy=rating', 'city=lisbon']) {
      expect((await search('203.0.113.7', query)).statusCode).toBe(200);
    }
    const refused = await search('203.0.113.7');
    expect(refused.statusCode).toBe(429);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(20);
    expect(refused.json()).toMatchObject({
      statusCode: 429,
      code: 'RATE_LIMITED',
      message: `Too many searches from your network. Please wait ${retryAfter} second${retryAfter === 1 ? '' : 's'} and try again.`,
    });

    // Another address is not affected; nor are the other routes of the limited address.
    expect((await search('203.0.113.8')).statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/categories', remoteAddress: '203.0.113.7' })).statusCode,
    ).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/healthz', remoteAddress: '203.0.113.7' })).statusCode).toBe(200);
  });

  it('says so in the asker’s language (X-Locale), with the wait in their words', async () => {
    const ask = (locale: string) =>
      t.app.inject({
        method: 'GET',
        url: '/api/services?q=yoga',
        remoteAddress: '203.0.113.40',
        headers: { 'x-locale': locale },
      });
    for (let i = 0; i < 3; i++) expect((await ask('ja')).statusCode).toBe(200);
    const ja = await ask('ja');
    const wait = Number(ja.headers['retry-after']);
    expect([ja.statusCode, ja.json().code, ja.json().message]).toEqual([
      429,
      'RATE_LIMITED',
      `お使いのネットワークからの検索が多すぎます。${wait}秒待ってからもう一度お試しください。`,
    ]);
    const ptBR = (await ask('pt-BR')).json().message;
    expect(ptBR).toMatch(/^Buscas demais a partir da sua rede\. Aguarde \d+ segundos? e tente de novo\.$/);
  });

  it('counts one IPv6 /64 as one client', async () => {
    for (let i = 1; i <= 3; i++) expect((await search(`2001:db8:1:2::${i}`)).statusCode).toBe(200);
    expect((await search('2001:db8:1:2:ffff::9')).statusCode).toBe(429);
    expect((await search('2001:db8:1:3::1')).statusCode).toBe(200);
  });
});

describe('token buckets', () => {
  it('allow a burst of the capacity, then one request per refill interval', () => {
    let now = 0;
    const buckets = createTokenBuckets({ capacity: 2, refillPerSecond: 0.5, now: () => now });
    expect(buckets.take('a')).toBe(0);
    expect(buckets.take('a')).toBe(0);
    expect(buckets.take('a')).toBe(2); // one token comes back in 2 s
    now = 1000;
    expect(buckets.take('a')).toBe(1);
    now = 2000;
    expect(buckets.take('a')).toBe(0);
    expect(buckets.take('b')).toBe(0);
    now = 1_000_000;
    expect(buckets.take('a')).toBe(0);
    expect(buckets.take('a')).toBe(0);
    expect(buckets.take('a')).toBeGreaterThan(0); // refilled only up to the capacity
  });

  it('keep at most maxKeys buckets, forgetting the least recently used', () => {
    const buckets = createTokenBuckets({ capacity: 1, refillPerSecond: 1, maxKeys: 2, now: () => 0 });
    buckets.take('a');
    buckets.take('b');
    buckets.take('a');
    buckets.take('c');
    expect(buckets.size).toBe(2);
    expect(buckets.take('a')).toBeGreaterThan(0); // still remembered: used up
    expect(buckets.take('b')).toBe(0); // forgotten: a fresh bucket
  });
});

describe('clientNetwork', () => {
  it('keys IPv4 by address and IPv6 by its /64', () => {
    expect(clientNetwork('203.0.113.7')).toBe('203.0.113.7');
    expect(clientNetwork('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientNetwork('2001:db8:0:1::5')).toBe('2001:db8:0:1::/64');
    expect(clientNetwork('2001:0db8:0000:0001:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:0:1::/64');
    expect(clientNetwork('2001:DB8::1')).toBe('2001:db8:0:0::/64');
    expect(clientNetwork('::1')).toBe('0:0:0:0::/64');
    expect(clientNetwork('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });
});

describe('SEARCHES_PER_IP_PER_MINUTE', () => {
  it('defaults to 120 and refuses nonsense', () => {
    expect(loadConfig({}).searchesPerIpPerMinute).toBe(120);
    expect(loadConfig({ SEARCHES_PER_IP_PER_MINUTE: '600' }).searchesPerIpPerMinute).toBe(600);
    expect(() => loadConfig({ SEARCHES_PER_IP_PER_MINUTE: '0' })).toThrow(/SEARCHES_PER_IP_PER_MINUTE/);
    expect(() => loadConfig({ SEARCHES_PER_IP_PER_MINUTE: 'lots' })).toThrow(/SEARCHES_PER_IP_PER_MINUTE/);
  });
});
