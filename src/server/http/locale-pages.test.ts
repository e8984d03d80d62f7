import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/test-app.ts';

const t = useTestApp();

const rootHtml = (html: string) => html.slice(html.indexOf('<div id="root">'), html.indexOf('locora-page-data'));

describe('pages in the language of their URL', () => {
  it('renders /ja in Japanese: <html lang>, the header, and links that keep the prefix', async () => {
    const res = await t.app.inject({ url: '/ja' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<html lang="ja" dir="ltr">');
    const body = rootHtml(res.body);
    expect(body).toContain('サービスを探す');
    expect(body).toContain('href="/ja/browse"');
    expect(body).not.toContain('Browse Services');
  });

  it('renders every page of every locale under its prefix, English at /', async () => {
    const browse = await t.app.inject({ url: '/pt-BR/browse' });
    expect(browse.statusCode).toBe(200);
    expect(browse.body).toContain('<html lang="pt-BR" dir="ltr">');
    expect(rootHtml(browse.body)).toContain('Explorar serviços');
    const english = await t.app.inject({ url: '/browse' });
    expect(english.body).toContain('<html lang="en" dir="ltr">');
    expect(rootHtml(english.body)).toContain('Browse Services');
  });

  it('knows only the exact codes: /en/… and /JA/… are not pages', async () => {
    for (const url of ['/en/browse', '/JA/browse', '/pt/browse']) {
      expect((await t.app.inject({ url })).statusCode, url).toBe(404);
    }
  });

  it('names the same page in every language (hreflang), English as the default', async () => {
    const res = await t.app.inject({ url: '/th/browse?q=yoga' });
    for (const [lang, href] of [
      ['en', '/browse?q=yoga'],
      ['ja', '/ja/browse?q=yoga'],
      ['pt-PT', '/pt-PT/browse?q=yoga'],
      ['x-default', '/browse?q=yoga'],
    ]) {
      expect(res.body).toContain(`<link rel="alternate" hreflang="${lang}" href="http://localhost${href}" />`);
    }
    const missing = await t.app.inject({ url: '/th/no-such-page' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).not.toContain('hreflang');
  });

  it('sends a signed-out visitor to sign in in their language, and back to the page', async () => {
    const res = await t.app.inject({ url: '/ja/settings' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/ja/auth/signin?next=%2Fsettings');
  });
});
