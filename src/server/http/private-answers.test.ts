// Every JSON answer to a signed-in request says `no-store`: one rule at the edge (session.ts), checked
// here over every API route the app documents, for each role, answers and refusals alike.
import { describe, expect, it } from 'vitest';
import { createProvider, createUser } from '../db/seed/factories.ts';
import { cookieFor } from '../test/booking-fixture.ts';
import { useTestApp } from '../test/test-app.ts';
import { PRIVATE_NO_STORE } from './session.ts';

const t = useTestApp();

type Operation = { method: string; url: string };

/** Every documented /api/ operation, its path parameters filled with a well-formed id. */
async function operations(): Promise<Operation[]> {
  await t.app.ready();
  const doc = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
  const out: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    // The event stream never ends (its own test covers its headers: no-store, no-transform).
    if (!path.startsWith('/api/') || path === '/api/events') continue;
    const url = path.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000');
    for (const method of Object.keys(methods)) {
      if (['get', 'post', 'put', 'patch', 'delete'].includes(method)) out.push({ method: method.toUpperCase(), url });
    }
  }
  return out;
}

describe('private answers', () => {
  it('every JSON answer to a signed-in traveler, provider or admin says no-store', { timeout: 120_000 }, async () => {
    const traveler = await createUser(t.db, { role: 'TRAVELER' });
    const provider = await createProvider(t.db, {});
    const admin = await createUser(t.db, { role: 'ADMIN' });
    const who = {
      traveler: await cookieFor(t.db, traveler.id),
      provider: await cookieFor(t.db, provider.user.id),
      admin: await cookieFor(t.db, admin.id),
    };
    const ops = await operations();
    // The routes the probe named are among them.
    for (const url of [
      '/api/provider/calendar-sync',
      '/api/provider/calendars/busy',
      '/api/bookings',
      '/api/bookings/00000000-0000-4000-8000-000000000000',
      '/api/provider/bookings',
    ])
      expect(
        ops.some((o) => o.method === 'GET' && o.url === url),
        url,
      ).toBe(true);

    let checked = 0;
    for (const [role, cookies] of Object.entries(who)) {
      for (const op of ops) {
        // Reads run; writes get a body that cannot be parsed, so they answer (400) without acting.
        const res = await t.app.inject({
          method: op.method as 'GET',
          url: op.url,
          cookies,
          ...(op.method === 'GET' ? {} : { headers: { 'content-type': 'application/json' }, payload: '{' }),
        });
        if (!String(res.headers['content-type'] ?? '').includes('json')) continue;
        expect(res.headers['cache-control'], `${role} ${op.method} ${op.url} (${res.statusCode})`).toBe(
          PRIVATE_NO_STORE,
        );
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(3 * 50);
  });

  it('leaves anonymous answers as their routes make them', async () => {
    const res = await t.app.inject({ url: '/api/categories' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control'] ?? '').not.toContain('private');
  });
});
