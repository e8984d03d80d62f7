import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/test-app.ts';

/**
 * A built client's compiled catalogs are chunks of their own, and a page names its language's in a
 * JSON block (src/client/lib/i18n.tsx imports them from there, not from a table in the first
 * chunk). Here a client as `vite build` leaves it: an index.html and a manifest with catalogs in
 * two languages.
 */
const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'locora-catalogs-'));
fs.mkdirSync(path.join(clientDir, '.vite'), { recursive: true });
fs.mkdirSync(path.join(clientDir, 'assets'));
fs.writeFileSync(
  path.join(clientDir, 'index.html'),
  '<!doctype html>\n<html lang="en"><head><title>Locora</title></head><body><div id="root"></div></body></html>\n',
);
const manifest = {
  'main.tsx': { file: 'assets/index-Main1234.js', isEntry: true },
  '../locales/en/app.ts': { file: 'assets/EnApp12.js', isEntry: true, src: '../locales/en/app.ts' },
  '../locales/en/public.ts': { file: 'assets/EnPub12.js', isEntry: true, src: '../locales/en/public.ts' },
  '../locales/ja/app.ts': { file: 'assets/JaApp12.js', isEntry: true, src: '../locales/ja/app.ts' },
  '../locales/ja/public.ts': { file: 'assets/JaPub12.js', isEntry: true, src: '../locales/ja/public.ts' },
  '../locales/pt-BR/app.ts': { file: 'assets/PtApp12.js', isEntry: true, src: '../locales/pt-BR/app.ts' },
};
fs.writeFileSync(path.join(clientDir, '.vite', 'manifest.json'), JSON.stringify(manifest));

const t = useTestApp({ clientDir });

function catalogFiles(html: string): unknown {
  const m = /<script type="application\/json" id="locora-catalogs">([\s\S]*?)<\/script>/.exec(html);
  if (!m) throw new Error('no catalog files in the page');
  return JSON.parse(m[1]!);
}

describe("a page names its language's catalog files", () => {
  it('in English at /, in Japanese under /ja, in Brazilian Portuguese under /pt-BR', async () => {
    const en = await t.app.inject({ url: '/' });
    expect(en.statusCode).toBe(200);
    expect(catalogFiles(en.body)).toEqual({ app: '/assets/EnApp12.js', public: '/assets/EnPub12.js' });

    const ja = await t.app.inject({ url: '/ja/browse' });
    expect(ja.statusCode).toBe(200);
    expect(catalogFiles(ja.body)).toEqual({ app: '/assets/JaApp12.js', public: '/assets/JaPub12.js' });

    const pt = await t.app.inject({ url: '/pt-BR/' });
    expect(catalogFiles(pt.body)).toEqual({ app: '/assets/PtApp12.js' });
  });

  it('on a page that does not exist, and its first catalog is preloaded with the page', async () => {
    const res = await t.app.inject({ url: '/ja/no-such-page' });
    expect(res.statusCode).toBe(404);
    expect(catalogFiles(res.body)).toEqual({ app: '/assets/JaApp12.js', public: '/assets/JaPub12.js' });
    expect(res.body).toContain('<link rel="modulepreload" crossorigin href="/assets/JaApp12.js" />');
  });
});
