// Every date parameter is checked at the edge against the one accepted range (decision 034):
// out of it, a 400 that names the parameter; never a 500, whatever the format.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  EARLIEST_ACCEPTED_YEAR,
  LATEST_ACCEPTED_YEAR,
  outsideAcceptedDatesMessage,
} from '../../shared/domain/accepted-dates.ts';
import { createCategory, createProvider, createService, createUser } from '../db/seed/factories.ts';
import { createSession, SESSION_COOKIE } from './session.ts';
import { useTestApp } from '../test/test-app.ts';

const t = useTestApp();

async function fixture() {
  const category = await createCategory(t.db);
  const owner = await createProvider(t.db, { timeZone: 'America/New_York' });
  const service = await createService(t.db, { providerId: owner.provider.id, categoryId: category.id, minHours: 1 });
  const traveler = await createUser(t.db, { role: 'TRAVELER' });
  const cookie = async (userId: string) => ({ [SESSION_COOKIE]: (await createSession(t.db, userId, 'test')).token });
  return { owner, service, providerCookies: await cookie(owner.user.id), travelerCookies: await cookie(traveler.id) };
}
type Fixture = Awaited<ReturnType<typeof fixture>>;

/** Each endpoint with one date parameter set to `value`: [parameter name, request]. */
function requests(f: Fixture, value: string) {
  const get = (url: string, query: Record<string, string>) => t.app.inject({ method: 'GET', url, query });
  const post = (url: string, payload: object, cookies: Record<string, string>) =>
    t.app.inject({ method: 'POST', url, payload, cookies });
  const slot = { end: '2099-01-01T10:00', isRecurring: true, recurrenceType: 'WEEKLY', recurrenceDays: [1] };
  return [
    ['month', () => get(`/api/services/${f.service.id}/available-days`, { month: value, hours: '1' })],
    ['date', () => get(`/api/services/${f.service.id}/slots`, { date: value, hours: '1' })],
    ['from', () => get(`/api/availability/${f.owner.user.id}`, { from: value })],
    ['to', () => get(`/api/availability/${f.owner.user.id}`, { to: value })],
    ['start', () => post('/api/availability', { ...slot, start: value }, f.providerCookies)],
    ['end', () => post('/api/availability', { start: '2099-01-01T09:00', end: value }, f.providerCookies)],
    ['start', () => post('/api/availability/bulk', { availabilities: [{ ...slot, start: value }] }, f.providerCookies)],
    ['start', () => post('/api/bookings', { serviceId: f.service.id, start: value, hours: 1 }, f.travelerCookies)],
  ] as const;
}

describe('dates outside the accepted range', () => {
  it('the three reproduced cases get a 400 naming the parameter (they were 500s)', async () => {
    const f = await fixture();
    const cases = [
      [`/api/services/${f.service.id}/available-days?month=0000-01&hours=1`, 'month'],
      [`/api/services/${f.service.id}/available-days?month=9999-12&hours=1`, 'month'],
      [`/api/availability/${f.owner.user.id}?from=9999-12-31`, 'from'],
      [`/api/availability/${f.owner.user.id}?from=0000-06-01T00:00:00Z`, 'from'],
    ] as const;
    for (const [url, parameter] of cases) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message, url).toBe(outsideAcceptedDatesMessage(parameter));
    }
    const recurring = await t.app.inject({
      method: 'POST',
      url: '/api/availability',
      cookies: f.providerCookies,
      payload: {
        start: '9999-12-31T09:00',
        end: '9999-12-31T10:00',
        isRecurring: true,
        recurrenceType: 'WEEKLY',
        recurrenceDays: [1, 3],
      },
    });
    expect(recurring.statusCode).toBe(400);
    expect(recurring.json().message).toBe(outsideAcceptedDatesMessage('start'));
    expect(recurring.json().details[0].path).toBe('body.start');
  });

  it('the edges of the range are accepted; past the booking horizon the answers are empty', async () => {
    const f = await fixture();
    const latest = `${LATEST_ACCEPTED_YEAR}-12`;
    const days = await t.app.inject({
      url: `/api/services/${f.service.id}/available-days?month=${latest}&hours=1`,
    });
    expect(days.statusCode).toBe(200);
    expect(days.json()).toMatchObject({ month: latest, days: [] });
    const slots = await t.app.inject({ url: `/api/services/${f.service.id}/slots?date=${latest}-31&hours=1` });
    expect(slots.statusCode).toBe(200);
    expect(slots.json().slots).toEqual([]);
    for (const from of [`${latest}-31`, `${EARLIEST_ACCEPTED_YEAR}-01-01T00:00:00Z`]) {
      const listed = await t.app.inject({ url: `/api/availability/${f.owner.user.id}?from=${from}` });
      expect(listed.statusCode, from).toBe(200);
      expect(listed.json()).toEqual([]);
    }
    // In range but more than a year ahead: the slot rule's own 400, not the range's.
    const ahead = await t.app.inject({
      method: 'POST',
      url: '/api/availability',
      cookies: f.providerCookies,
      payload: { start: `${latest}-31T09:00`, end: `${latest}-31T10:00`, isRecurring: true, recurrenceDays: [1] },
    });
    expect(ahead.statusCode).toBe(400);
    expect(ahead.json().message).not.toBe(outsideAcceptedDatesMessage('start'));
    const year1999 = await t.app.inject({
      url: `/api/services/${f.service.id}/slots?date=${EARLIEST_ACCEPTED_YEAR - 1}-12-31&hours=1`,
    });
    expect(year1999.json().message).toBe(outsideAcceptedDatesMessage('date'));
  });

  it('no date input, in any format, gives a 500 (property test)', async () => {
    const f = await fixture();
    const pad = (n: number, width: number) => String(n).padStart(width, '0');
    const year = fc.oneof(
      fc.integer({ min: 0, max: 9999 }).map((y) => pad(y, 4)),
      fc.constantFrom('1999', '2000', '2100', '2101', '0000', '0001', '9999', '+275760', '-000001', '99999'),
    );
    const month = fc.integer({ min: 0, max: 13 }).map((m) => pad(m, 2));
    const day = fc.integer({ min: 0, max: 32 }).map((d) => pad(d, 2));
    const time = fc
      .tuple(
        fc.integer({ min: 0, max: 25 }),
        fc.integer({ min: 0, max: 60 }),
        fc.constantFrom('', ':00', ':30', ':00.000'),
      )
      .map(([h, m, s]) => `${pad(h, 2)}:${pad(m, 2)}${s}`);
    const offset = fc.constantFrom('', 'Z', '+00:00', '+14:00', '-12:00', '+0530', '-23:59', '+99:99');
    const dateInput = fc.oneof(
      fc.tuple(year, month).map(([y, m]) => `${y}-${m}`),
      fc.tuple(year, month, day).map(([y, m, d]) => `${y}-${m}-${d}`),
      fc.tuple(year, month, day, time, offset).map(([y, m, d, tm, o]) => `${y}-${m}-${d}T${tm}${o}`),
      fc.string({ maxLength: 30 }),
      fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
    );
    await fc.assert(
      fc.asyncProperty(dateInput, async (value) => {
        const writtenYear = /^(\d{4})-/.exec(value)?.[1];
        const outside =
          writtenYear !== undefined &&
          (Number(writtenYear) < EARLIEST_ACCEPTED_YEAR || Number(writtenYear) > LATEST_ACCEPTED_YEAR);
        for (const [parameter, send] of requests(f, value)) {
          const res = await send();
          expect(res.statusCode, `${parameter}=${value}`).toBeLessThan(500);
          if (outside) {
            // Refused at the edge, naming the parameter (a malformed booking start may be told
            // about its format first).
            expect(res.statusCode, `${parameter}=${value}`).toBe(400);
            expect(res.json().message.toLowerCase(), `${parameter}=${value}`).toMatch(
              new RegExp(`^"?${parameter}"? must`),
            );
          }
        }
      }),
      { numRuns: 300 },
    );
  });
});
