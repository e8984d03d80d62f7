import { describe, expect, it } from 'vitest';
import { signUp, uniqueIp, useTestApp } from '../test/test-app.ts';

const t = useTestApp();

describe('the API’s messages in the asker’s language', () => {
  it('answers a wrong password in the language of the page (X-Locale), its code in English', async () => {
    const { email } = await signUp(t.app);
    const login = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: uniqueIp(),
        headers,
        payload: { email, password: 'not the password' },
      });
    const ja = await login({ 'x-locale': 'ja' });
    expect(ja.statusCode).toBe(401);
    expect(ja.json()).toMatchObject({
      code: 'UNAUTHORIZED',
      message: 'メールアドレスまたはパスワードが正しくありません。',
    });
    // Without X-Locale, the browser's Accept-Language; English when it asks for none of ours.
    expect((await login({ 'accept-language': 'pt-BR,pt;q=0.9' })).json().message).toBe('E-mail ou senha incorretos.');
    expect((await login({ 'accept-language': 'de-DE' })).json().message).toBe('Invalid email or password.');
    expect((await login({})).json().message).toBe('Invalid email or password.');
  });

  it('maps a validation message (zod) to the asker’s language, in the message and its details', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      remoteAddress: uniqueIp(),
      headers: { 'x-locale': 'th' },
      payload: { email: 'not an address', password: 'correct horse battery', name: 'Somchai', role: 'TRAVELER' },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json<{ code: string; message: string; details: { path: string; message: string }[] }>();
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.message).toBe('กรอกอีเมลที่ถูกต้อง');
    expect(body.details).toContainEqual({ path: 'body.email', message: 'กรอกอีเมลที่ถูกต้อง' });
  });
});
