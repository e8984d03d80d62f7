import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { precompressFile } from '../../../scripts/vite-precompress.ts';
import { createCategory } from '../db/seed/factories.ts';
import { useTestApp } from '../test/test-app.ts';
import { preferredEncoding } from './compression.ts';

/** A built client as `vite build` leaves it: a hashed asset with its .br and .gz siblings. */
const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'locora-compress-'));
const ASSET = 'assets/app-Ab12Cd34.js';
const assetText = `export const rows = [${Array.from({ length: 400 }, (_, i) => `{id:${i},label:"row ${i}"}`).join(',')}];\n`;
const pageHtml = `<!doctype html>\n<html lang="en"><head><title>Locora</title></head><body><div id="root"></div>${'<!-- padding -->'.repeat(100)}</body></html>\n`;
fs.mkdirSync(path.join(clientDir, 'assets'));
fs.writeFileSync(path.join(clientDir, ASSET), assetText);
fs.writeFileSync(path.join(clientDir, 'index.html'), pageHtml);
fs.writeFileSync(path.join(clientDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
await precompressFile(path.join(clientDir, ASSET));

const t = useTestApp({ clientDir });

function decode(res: LightMyRequestResponse): string {
  const body = res.rawPayload;
  switch (res.headers['content-encoding']) {
    case 'br':
      return zlib.brotliDecompressSync(body).toString('utf8');
    case 'gzip':
      return zlib.gunzipSync(body).toString('utf8');
    case undefined:
      return body.toString('utf8');
    default:
      throw new Error(`unexpected encoding ${String(res.headers['content-encoding'])}`);
  }
}

/** A rendered page without the times its dehydrated cache was taken at (they differ per request). */
const stable = (html: string) => html.replace(/"(dehydratedAt|dataUpdatedAt|errorUpdatedAt)":\d+/g, '"$1":0');

function varies(res: LightMyRequestResponse) {
  return String(res.headers.vary ?? '')
    .toLowerCase()
    .split(',')
    .map((token) => token.trim())
    .includes('accept-encoding');
}

async function seedCategories(count: number) {
  for (let i = 0; i < count; i += 1) await createCategory(t.db, { icon: 'sparkles' });
}

describe('API JSON is compressed on the fly', () => {
  it.each([
    ['br, gzip, deflate', 'br'],
    ['gzip, deflate', 'gzip'],
  ])('Accept-Encoding %s gets %s, and the same JSON', async (acceptEncoding, encoding) => {
    await seedCategories(20);
    const plain = await t.app.inject({ method: 'GET', url: '/api/categories' });
    expect(plain.statusCode).toBe(200);
    expect(plain.body.length).toBeGreaterThan(1024);

    const res = await t.app.inject({
      method: 'GET',
      url: '/api/categories',
      headers: { 'accept-encoding': acceptEncoding },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(JSON.parse(decode(res))).toEqual(plain.json());
    expect(varies(res)).toBe(true);
  });

  it('without Accept-Encoding (or with identity) the JSON goes as it is', async () => {
    await seedCategories(20);
    for (const headers of [{}, { 'accept-encoding': 'identity' }]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/categories', headers });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.json()).toHaveLength(20);
      expect(varies(res)).toBe(true);
    }
  });

  it('a small JSON body is not worth compressing, but still says it varies', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/categories',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toEqual([]);
    expect(varies(res)).toBe(true);
  });
});

describe('built assets are served precompressed', () => {
  it.each([
    ['br, gzip', 'br'],
    ['gzip', 'gzip'],
    [undefined, undefined],
  ])('Accept-Encoding %s gets %s, cached forever', async (acceptEncoding, encoding) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/${ASSET}`,
      headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(varies(res)).toBe(true);
    expect(decode(res)).toBe(assetText);
    if (encoding) {
      // The file written at build time, not a fresh compression.
      const suffix = encoding === 'br' ? '.br' : '.gz';
      expect(res.rawPayload.equals(fs.readFileSync(path.join(clientDir, ASSET + suffix)))).toBe(true);
    }
  });
});

describe('static files', () => {
  it('an asset written after the start is served: assets are looked up when asked, not listed at start', async () => {
    const late = 'assets/late-Zz99Yy88.js';
    fs.writeFileSync(path.join(clientDir, late), 'export const late = 1;\n');
    const res = await t.app.inject({ method: 'GET', url: `/${late}` });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('export const late = 1;\n');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const head = await t.app.inject({ method: 'HEAD', url: `/${ASSET}` });
    expect(head.statusCode).toBe(200);
  });

  it('a missing asset is a 404, not a page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/gone-00000000.js' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).not.toMatch(/^text\/html/);
  });

  it('a path leaving the assets folder is not served', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/..%2Findex.html' });
    expect([403, 404]).toContain(res.statusCode);
    expect(res.body).not.toContain('<!-- padding -->');
  });

  it('files at the top are served and revalidated; the page shell is never served as a file', async () => {
    const icon = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.body).toContain('<svg');
    expect(icon.headers['cache-control']).toBe('no-cache');
    const shell = await t.app.inject({ method: 'GET', url: '/index.html' });
    expect(shell.statusCode).toBe(404);
    expect(shell.body).not.toContain('<!-- padding -->');
  });
});

describe('HTML pages', () => {
  it('a server-rendered page is compressed when the browser accepts it, and whole without', async () => {
    await seedCategories(3);
    const plain = await t.app.inject({ method: 'GET', url: '/' });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('<div id="root">');
    expect(varies(plain)).toBe(true);

    const compressed = await t.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'gzip, br' } });
    expect(compressed.statusCode).toBe(200);
    expect(compressed.headers['content-type']).toMatch(/^text\/html/);
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(stable(decode(compressed))).toBe(stable(plain.body));
    expect(varies(compressed)).toBe(true);
  });

  it('an unknown path is a compressed 404 page', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/no-such-screen' });
    const res = await t.app.inject({ method: 'GET', url: '/no-such-screen', headers: { 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(stable(decode(res))).toBe(stable(plain.body));
  });
});

describe('preferredEncoding', () => {
  it.each([
    [undefined, undefined],
    ['', undefined],
    ['identity', undefined],
    ['deflate', undefined],
    ['gzip', 'gzip'],
    ['gzip, deflate, br', 'br'],
    ['br;q=0.5, gzip', 'gzip'],
    ['br;q=0, gzip;q=0', undefined],
    ['*', 'br'],
    ['*;q=0.1, br;q=0', 'gzip'],
  ])('%s -> %s', (header, expected) => {
    expect(preferredEncoding(header)).toBe(expected);
  });
});
