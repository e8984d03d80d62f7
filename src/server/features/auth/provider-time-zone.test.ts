import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { TIME_ZONE_REQUIRED_CODE } from '../../../shared/api/messages.ts';
import { providers, users } from '../../db/schema.ts';
import { createUser } from '../../db/seed/factories.ts';
import { signUp, uniqueEmail, useTestApp } from '../../test/test-app.ts';
import { ensureProviderProfile } from './auth.ts';

/** A provider's calendar is read in their zone, so becoming a provider needs a real one: never a silent UTC. */
const t = useTestApp();

const post = (url: string, payload: object, cookies?: Record<string, string>) =>
  t.app.inject({ method: 'POST', url, payload, ...(cookies ? { cookies } : {}) });

const signupBody = (extra: object) => ({
  email: uniqueEmail('tz'),
  password: 'correct horse battery',
  name: 'Zoe Zone',
  role: 'PROVIDER',
  ...extra,
});

async function zoneOf(userId: string) {
  const [row] = await t.db.select({ timeZone: providers.timeZone }).from(providers).where(eq(providers.userId, userId));
  return row?.timeZone;
}

async function countUsers() {
  return (await t.db.select({ id: users.id }).from(users)).length;
}

describe('signing up as a provider', () => {
  it('stores the given IANA zone', async () => {
    const res = await post('/api/auth/signup', signupBody({ timeZone: 'America/Sao_Paulo' }));
    expect(res.statusCode).toBe(201);
    expect(await zoneOf(res.json().user.id)).toBe('America/Sao_Paulo');
  });

  it('stores the zone with its canonical case', async () => {
    const res = await post('/api/auth/signup', signupBody({ timeZone: 'pacific/kiritimati' }));
    expect(res.statusCode).toBe(201);
    expect(await zoneOf(res.json().user.id)).toBe('Pacific/Kiritimati');
  });

  it('is refused without a zone (400, nothing created)', async () => {
    const before = await countUsers();
    const res = await post('/api/auth/signup', signupBody({}));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'A provider needs a time zone: send timeZone, an IANA name such as Europe/Lisbon',
    });
    expect(res.json().details).toContainEqual({
      path: 'body.timeZone',
      message: 'A provider needs a time zone: send timeZone, an IANA name such as Europe/Lisbon',
    });
    expect(await countUsers()).toBe(before);
  });

  it.each(['Mars/Olympus', '+05:30', '', 'Europe/Lisbon; drop table users', 'x'.repeat(65)])(
    'is refused with an invalid zone %j (400, nothing created)',
    async (timeZone) => {
      const before = await countUsers();
      const res = await post('/api/auth/signup', signupBody({ timeZone }));
      expect(res.statusCode).toBe(400);
      expect(res.json().details.map((d: { path: string }) => d.path)).toContain('body.timeZone');
      expect(res.json().message).toMatch(/time zone/i);
      expect(await countUsers()).toBe(before);
    },
  );

  it('a traveler needs no zone, and an invalid one is still refused', async () => {
    const ok = await post('/api/auth/signup', signupBody({ role: 'TRAVELER' }));
    expect(ok.statusCode).toBe(201);
    const bad = await post('/api/auth/signup', signupBody({ role: 'TRAVELER', timeZone: 'Mars/Olympus' }));
    expect(bad.statusCode).toBe(400);
  });
});

describe('switching to provider', () => {
  it('is refused without a zone: 400, the role and the profile stay as they were', async () => {
    const { cookies, user } = await signUp(t.app);
    const res = await post('/api/auth/switch-role', { role: 'PROVIDER' }, cookies);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('A provider needs a time zone: send timeZone, an IANA name such as Europe/Lisbon');
    const [row] = await t.db.select({ role: users.role }).from(users).where(eq(users.id, user.id));
    expect(row?.role).toBe('TRAVELER');
    expect(await zoneOf(user.id)).toBeUndefined();
  });

  it('says so by its code (the app asks for a zone), in the asker’s language', async () => {
    const { cookies } = await signUp(t.app);
    const ask = (locale: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/switch-role',
        payload: { role: 'PROVIDER' },
        cookies,
        headers: { 'x-locale': locale },
      });
    const ja = await ask('ja');
    expect([ja.statusCode, ja.json().code, ja.json().message]).toEqual([
      400,
      TIME_ZONE_REQUIRED_CODE,
      '提供者にはタイムゾーンが必要です。timeZone に Europe/Lisbon のような IANA 名を指定してください',
    ]);
    expect((await ask('pt-BR')).json()).toMatchObject({
      code: TIME_ZONE_REQUIRED_CODE,
      message: 'Um prestador precisa de um fuso horário: envie timeZone, um nome IANA como Europe/Lisbon',
    });
    const signup = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: signupBody({}),
      headers: { 'x-locale': 'ja' },
    });
    expect(signup.json().details).toContainEqual({
      path: 'body.timeZone',
      message: '提供者にはタイムゾーンが必要です。timeZone に Europe/Lisbon のような IANA 名を指定してください',
    });
  });

  it('is refused with an invalid zone', async () => {
    const { cookies, user } = await signUp(t.app);
    for (const timeZone of ['Mars/Olympus', 'UTC+1', '-03:00', 42]) {
      const res = await post('/api/auth/switch-role', { role: 'PROVIDER', timeZone }, cookies);
      expect(res.statusCode, String(timeZone)).toBe(400);
      expect(res.json().details.map((d: { path: string }) => d.path)).toContain('body.timeZone');
    }
    expect(await zoneOf(user.id)).toBeUndefined();
  });

  it('an unknown zone is refused in the asker’s language, quoting what they sent', async () => {
    const { cookies } = await signUp(t.app);
    const ask = (locale: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/switch-role',
        payload: { role: 'PROVIDER', timeZone: 'Mars/Olympus' },
        cookies,
        headers: { 'x-locale': locale },
      });
    const ja = (await ask('ja')).json();
    expect(ja.message).toBe(
      '不明なタイムゾーンです：「Mars/Olympus」。Europe/Lisbon のような IANA 名で指定してください',
    );
    expect(ja.details).toContainEqual({ path: 'body.timeZone', message: ja.message });
    expect((await ask('es')).json().message).toBe(
      'Zona horaria desconocida: «Mars/Olympus». Usa un nombre IANA como Europe/Lisbon',
    );
    expect((await ask('en')).json().message).toBe(
      'Unknown time zone "Mars/Olympus": use an IANA name such as Europe/Lisbon',
    );
  });

  it('creates the profile in the given zone; switching back needs no zone; an existing profile keeps its zone', async () => {
    const { cookies, user } = await signUp(t.app);
    const res = await post('/api/auth/switch-role', { role: 'PROVIDER', timeZone: 'Asia/Tokyo' }, cookies);
    expect(res.statusCode).toBe(200);
    expect(res.json().user.role).toBe('PROVIDER');
    expect(await zoneOf(user.id)).toBe('Asia/Tokyo');

    expect((await post('/api/auth/switch-role', { role: 'TRAVELER' }, cookies)).statusCode).toBe(200);
    const again = await post('/api/auth/switch-role', { role: 'PROVIDER', timeZone: 'Pacific/Pago_Pago' }, cookies);
    expect(again.statusCode).toBe(200);
    expect(await zoneOf(user.id)).toBe('Asia/Tokyo');

    // A returning provider is not asked again: no zone needed, and the profile's zone stays.
    expect((await post('/api/auth/switch-role', { role: 'TRAVELER' }, cookies)).statusCode).toBe(200);
    const back = await post('/api/auth/switch-role', { role: 'PROVIDER' }, cookies);
    expect(back.statusCode).toBe(200);
    expect(back.json().user.role).toBe('PROVIDER');
    expect(await zoneOf(user.id)).toBe('Asia/Tokyo');
  });
});

describe('the currency of a new provider (decision 047)', () => {
  it('is the currency of their zone’s country, US dollars for a country Locora does not serve', async () => {
    for (const [timeZone, currency] of [
      ['Asia/Tokyo', 'JPY'],
      ['Asia/Bangkok', 'THB'],
      ['Asia/Makassar', 'IDR'],
      ['America/Mexico_City', 'MXN'],
      ['America/Sao_Paulo', 'BRL'],
      ['Europe/Lisbon', 'EUR'],
      ['Europe/Madrid', 'EUR'],
      ['America/New_York', 'USD'],
      ['Europe/London', 'USD'],
    ] as const) {
      // What sign-up as a provider and "Switch to Provider" do (sign-ups from one address are capped).
      const user = await createUser(t.db, { role: 'PROVIDER' });
      await ensureProviderProfile(t.db, { id: user.id, name: 'Zoe Zone', email: user.email }, timeZone);
      const [row] = await t.db
        .select({ currency: providers.currency })
        .from(providers)
        .where(eq(providers.userId, user.id));
      expect(row?.currency, timeZone).toBe(currency);
    }
  });

  it('is set when switching to provider, and kept when switching again', async () => {
    const { cookies, user } = await signUp(t.app);
    expect(
      (await post('/api/auth/switch-role', { role: 'PROVIDER', timeZone: 'Asia/Tokyo' }, cookies)).statusCode,
    ).toBe(200);
    const me = await t.app.inject({ url: '/api/provider/me', cookies });
    expect(me.json()).toMatchObject({ currency: 'JPY' });
    expect((await post('/api/auth/switch-role', { role: 'TRAVELER' }, cookies)).statusCode).toBe(200);
    expect(
      (await post('/api/auth/switch-role', { role: 'PROVIDER', timeZone: 'Europe/Lisbon' }, cookies)).statusCode,
    ).toBe(200);
    const [row] = await t.db
      .select({ currency: providers.currency })
      .from(providers)
      .where(eq(providers.userId, user.id));
    expect(row?.currency).toBe('JPY');
  });
});
