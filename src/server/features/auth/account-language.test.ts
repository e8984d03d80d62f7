import { describe, expect, it } from 'vitest';
import { signUp, useTestApp } from '../../test/test-app.ts';

const t = useTestApp();

describe("the account's language", () => {
  it('is English by default, or the language of the page the account was made on', async () => {
    const english = await signUp(t.app);
    expect(english.user.language).toBe('en');
    const japanese = await signUp(t.app, { language: 'ja' });
    expect(japanese.user.language).toBe('ja');
    const me = await t.app.inject({ url: '/api/auth/me', cookies: japanese.cookies });
    expect(me.json().user.language).toBe('ja');
  });

  it('is set with PATCH /api/account/profile, alone or with the name, by its owner only', async () => {
    const { cookies } = await signUp(t.app, { name: 'Ana' });
    const set = await t.app.inject({
      method: 'PATCH',
      url: '/api/account/profile',
      cookies,
      payload: { language: 'pt-BR' },
    });
    expect(set.statusCode).toBe(200);
    expect(set.json().user).toMatchObject({ name: 'Ana', language: 'pt-BR' });
    const both = await t.app.inject({
      method: 'PATCH',
      url: '/api/account/profile',
      cookies,
      payload: { name: 'Ana Sousa', language: 'pt-PT' },
    });
    expect(both.json().user).toMatchObject({ name: 'Ana Sousa', language: 'pt-PT' });
    const me = await t.app.inject({ url: '/api/auth/me', cookies });
    expect(me.json().user.language).toBe('pt-PT');

    const anonymous = await t.app.inject({ method: 'PATCH', url: '/api/account/profile', payload: { language: 'ja' } });
    expect(anonymous.statusCode).toBe(401);
  });

  it('refuses a language Locora does not speak, and an empty change', async () => {
    const { cookies } = await signUp(t.app);
    for (const payload of [{ language: 'fr' }, { language: 'EN' }, { language: 'pt' }, {}]) {
      const res = await t.app.inject({ method: 'PATCH', url: '/api/account/profile', cookies, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const signup = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { email: 'x@example.com', password: 'correct horse battery', name: 'X', language: 'klingon' },
    });
    expect(signup.statusCode).toBe(400);
  });
});
