import { describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { configWarnings, loadConfig, type TrustProxy } from '../config.ts';
import { users } from '../db/schema.ts';
import { testConfig, uniqueEmail, useTestApp } from '../test/test-app.ts';

const t = useTestApp();

const LIMIT = 5;
/** The load balancer's own address: the socket every request arrives on. */
const BALANCER = '10.0.0.2';
/** The client's real address, which the balancer appends to X-Forwarded-For. */
const REAL = '203.0.113.7';

/**
 * Eight sign-ups from one client behind the balancer, each forging a different left-most
 * X-Forwarded-For value: `198.51.100.$i, <real>` once the balancer has appended what it saw.
 */
async function forgedChainSignups(
  trustProxy: TrustProxy,
  socket = BALANCER,
  chain = (i: number) => `198.51.100.${i}, ${REAL}`,
) {
  const app = await buildApp({
    db: t.db,
    config: testConfig({ trustProxy, signupsPerIpPerHour: LIMIT }),
    logger: false,
  });
  try {
    const statuses: number[] = [];
    for (let i = 1; i <= 8; i++) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        remoteAddress: socket,
        headers: { 'x-forwarded-for': chain(i) },
        payload: { email: uniqueEmail('chain'), password: 'longenough', name: 'Chain' },
      });
      statuses.push(res.statusCode);
    }
    return { statuses };
  } finally {
    await app.close();
  }
}

describe('TRUST_PROXY', () => {
  it('parses a hop count, a list of addresses/CIDRs, and the old booleans', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.4,fd00::/8,loopback' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.168.1.4',
      'fd00::/8',
      'loopback',
    ]);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(
      /TRUST_PROXY: .*not an address or CIDR: 10\.0\.0\.0\/33/,
    );
    expect(() => loadConfig({ TRUST_PROXY: 'balancer.internal' })).toThrow(/TRUST_PROXY: must be false, a hop count/);
  });

  it('warns at start that `true` lets any client pose as any address', () => {
    expect(configWarnings(loadConfig({ TRUST_PROXY: 'true' }))).toEqual([
      expect.stringMatching(/^TRUST_PROXY=true believes every hop of X-Forwarded-For.*per-IP limit.*TRUST_PROXY=1/),
    ]);
    expect(configWarnings(loadConfig({ TRUST_PROXY: '1' }))).toEqual([]);
  });

  it('with one balancer (1), a forged left-most X-Forwarded-For does not pass the per-IP sign-up limit', async () => {
    const { statuses } = await forgedChainSignups(1);
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429, 429, 429]);
    expect(await t.db.select().from(users)).toHaveLength(LIMIT);
  });

  it('with the balancer named by its CIDR, the address it appended is the client', async () => {
    const { statuses } = await forgedChainSignups(['10.0.0.0/8']);
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429, 429, 429]);
  });

  it('ignores X-Forwarded-For from a peer outside the trusted list', async () => {
    const { statuses } = await forgedChainSignups(['10.0.0.0/8'], '192.0.2.9', (i) => `198.51.100.${i}`);
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429, 429, 429]);
  });

  it('with `true` (the risk the warning names) the same chain gets past the limit', async () => {
    const { statuses } = await forgedChainSignups(true);
    expect(statuses).toEqual([201, 201, 201, 201, 201, 201, 201, 201]);
  });
});
