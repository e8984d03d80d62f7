import { AsyncLocalStorage } from 'node:async_hooks';
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ApiTransport, RenderedPage } from '../../client/entry-server.tsx';
import { THEME_STORAGE_KEY } from '../../shared/domain/constants.ts';
import { alternatePaths, splitLocalePath } from '../../shared/domain/locale-path.ts';
import {
  CATALOG_FILES_ELEMENT_ID,
  DEFAULT_LOCALE,
  isLocale,
  LANGUAGE_COOKIE,
  preferredLocale,
  type Locale,
} from '../../shared/domain/locales.ts';
import { isKnownPage } from '../../shared/routes.ts';
import { escapeHtml, headTagsHtml, safeJsonForHtml } from '../../shared/seo/head.ts';
import type { Config } from '../config.ts';
import { notFoundBody } from './errors.ts';
import { originOf } from './origin.ts';

type Renderer = typeof import('../../client/entry-server.tsx');

const ROOT = '<div id="root"></div>';

/**
 * The transport of the request being rendered. One store for the process: the renderer module is
 * shared by every app in it (tests build several), each request brings its own app's transport.
 */
const transports = new AsyncLocalStorage<ApiTransport>();

/** The built client's index.html, cut where the server writes the page. */
interface Shell {
  html: string;
  /** Vite's manifest: source path -> built file and its static imports (for modulepreload). */
  manifest: Record<string, { file: string; imports?: string[] }>;
}

function readShell(clientDir: string): Shell | undefined {
  const indexFile = path.join(clientDir, 'index.html');
  if (!fs.existsSync(indexFile)) return undefined;
  const html = fs.readFileSync(indexFile, 'utf8');
  if (!html.includes(ROOT)) throw new Error(`${indexFile} has no ${ROOT} to render into`);
  const manifestFile = path.join(clientDir, '.vite', 'manifest.json');
  const manifest = fs.existsSync(manifestFile)
    ? (JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Shell['manifest'])
    : {};
  return { html, manifest };
}

/** The built files a page's own chunk needs (entry imports are preloaded by the shell already). */
function modulePreloads(shell: Shell, modules: string[]): string[] {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = shell.manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const module of modules) visit(module);
  return [...files].filter((file) => !shell.html.includes(`/${file}"`));
}

/**
 * The language the bare English home page offers (never a redirect): the one the visitor chose in
 * the language menu before, else the first of ours their browser asks for. None for English.
 */
function suggestedLocaleFor(request: FastifyRequest, pathname: string): Locale | undefined {
  if (pathname !== '/') return undefined;
  const chosen = request.cookies[LANGUAGE_COOKIE];
  const locale = isLocale(chosen) ? chosen : preferredLocale(request.headers['accept-language']);
  return locale === DEFAULT_LOCALE ? undefined : locale;
}

/** The theme the visitor chose (a cookie the theme toggle writes beside localStorage). */
function themeOf(request: FastifyRequest): 'dark' | 'light' | undefined {
  const value = request.cookies[THEME_STORAGE_KEY];
  return value === 'dark' || value === 'light' ? value : undefined;
}

/**
 * The same page in every language, for search engines (`hreflang`), English as the default for
 * readers whose language we do not speak. Only pages that exist have alternates.
 */
function alternateLinks(page: RenderedPage, url: URL, origin: string): string[] {
  if (page.status !== 200) return [];
  const { path } = splitLocalePath(url.pathname);
  const appPath = `${path}${url.search}`;
  const alternates = alternatePaths(appPath).map(
    ({ locale, path: href }) => `<link rel="alternate" hreflang="${locale}" href="${escapeHtml(origin + href)}" />`,
  );
  const english = alternatePaths(appPath).find((a) => a.locale === DEFAULT_LOCALE)?.path ?? appPath;
  return [...alternates, `<link rel="alternate" hreflang="x-default" href="${escapeHtml(origin + english)}" />`];
}

/**
 * The compiled catalogs of the page's words in its language (each its own chunk), preloaded with
 * its code so that the browser does not wait for them after the entry (docs/decisions/055).
 */
function catalogPreloads(shell: Shell, page: RenderedPage): string[] {
  return modulePreloads(
    shell,
    page.catalogs.map((name) => `../locales/${page.locale}/${name}.ts`),
  );
}

/**
 * Where the browser finds the compiled catalogs of a language, by name ({"app": "/assets/x.js"}):
 * a JSON block read by src/client/lib/i18n.tsx, so that the first chunk holds no table of every
 * language's files (decision 055). Empty without a built client (the tests' API, `npm run dev`).
 */
function catalogFilesJson(shell: Shell, locale: string): string {
  const files: Record<string, string> = {};
  const prefix = `../locales/${locale}/`;
  for (const [key, chunk] of Object.entries(shell.manifest)) {
    if (key.startsWith(prefix) && key.endsWith('.ts')) files[key.slice(prefix.length, -3)] = `/${chunk.file}`;
  }
  return `<script type="application/json" id="${CATALOG_FILES_ELEMENT_ID}">${safeJsonForHtml(files)}</script>`;
}

/** The whole document: the shell with the page's head, markup and data in it. */
export function pageDocument(
  shell: Shell,
  page: RenderedPage,
  theme: 'dark' | 'light' | undefined,
  url: URL,
  origin: string,
): string {
  const title = page.head?.title ?? page.title ?? 'Locora';
  const headTags = [
    page.head ? headTagsHtml(page.head) : '',
    page.status === 404 && !page.head?.noindex ? '<meta name="robots" content="noindex" />' : '',
    ...alternateLinks(page, url, origin),
    ...[...catalogPreloads(shell, page), ...modulePreloads(shell, page.routeModules)].map(
      (file) => `<link rel="modulepreload" crossorigin href="/${escapeHtml(file)}" />`,
    ),
  ].filter(Boolean);
  // The page's language and direction are known here, before any script runs.
  const themeAttributes = theme ? ` class="${theme}" style="color-scheme: ${theme}"` : '';
  let html = shell.html.replace(
    '<html lang="en">',
    () => `<html lang="${escapeHtml(page.locale)}" dir="${page.dir}"${themeAttributes}>`,
  );
  // Replacer functions, not strings: a "$&" or "$`" in a user's text must stay literal.
  html = html.replace(/<title>[\s\S]*?<\/title>/, () => `<title>${escapeHtml(title)}</title>`);
  if (page.head) html = html.replace(/<meta\s+name="description"[\s\S]*?\/>/, () => '');
  if (headTags.length) html = html.replace('</head>', () => `  ${headTags.join('\n    ')}\n  </head>`);
  return html.replace(
    ROOT,
    () =>
      `<div id="root">${page.html}</div>\n    <script type="application/json" id="locora-page-data">${safeJsonForHtml(page.data)}</script>\n    ${catalogFilesJson(shell, page.locale)}`,
  );
}

/** Shown when rendering itself failed: a page, never a stack. */
function failureDocument(shell: Shell, locale: Locale): string {
  return shell.html
    .replace(/<title>[\s\S]*?<\/title>/, '<title>Something went wrong · Locora</title>')
    .replace(
      ROOT,
      `<div id="root"><main style="max-width:32rem;margin:15vh auto;padding:0 1rem;text-align:center;font-family:system-ui,sans-serif"><h1>Something went wrong</h1><p>Locora could not show this page just now. Please try again in a moment.</p><p><a href="">Reload page</a> · <a href="/">Go Home</a></p></main></div>\n    ${catalogFilesJson(shell, locale)}`,
    );
}

const isPagePath = (request: FastifyRequest, url: string) =>
  (request.method === 'GET' || request.method === 'HEAD') &&
  !url.startsWith('/api/') &&
  !url.startsWith('/uploads/') &&
  !url.startsWith('/media/') &&
  !/\.[a-z0-9]+$/i.test(url);

/**
 * Serves the built client and renders every page on the server (docs/decisions/013): hashed
 * assets cached forever, pages as full HTML with their data, answered with the page's status (404
 * for a path or record that does not exist). The pages' API calls run in-process through
 * `app.inject`, with the visitor's cookies and address, so they are scoped as in the browser.
 */
export const pagesPlugin = fp(
  async (app: FastifyInstance, opts: { config: Config; preloadRenderer?: boolean }) => {
    const { clientDir } = opts.config;
    const shell = readShell(clientDir);

    let renderer: Promise<Renderer> | undefined;
    const loadRenderer = () =>
      (renderer ??= import('../../client/entry-server.tsx').then((module) => {
        module.setServerTransport(() => transports.getStore());
        return module;
      }));
    if (shell && opts.preloadRenderer) await loadRenderer();

    if (shell) {
      // The hashed assets: one wildcard route that looks each file up when asked. Listing them
      // (wildcard: false) made two routes per file, .map, .br and .gz included: ~630 routes, about
      // 0.3 s of every start on a 2-core machine, for files that are only ever fetched by name.
      await app.register(fastifyStatic, {
        root: path.join(clientDir, 'assets'),
        prefix: '/assets/',
        wildcard: true,
        // vite build writes .br and .gz beside each asset (decision 012).
        preCompressed: true,
        index: false,
        setHeaders(res) {
          res.header('cache-control', 'public, max-age=31536000, immutable');
        },
      });
      // The few files at the top (favicon, theme script), each its own route, so that any other
      // path falls through to the pages. Never the page shell itself: pages are rendered.
      await app.register(fastifyStatic, {
        root: clientDir,
        prefix: '/',
        wildcard: false,
        globIgnore: ['assets/**', 'index.html', 'index.html.*'],
        preCompressed: true,
        index: false,
        decorateReply: false,
        setHeaders(res) {
          res.header('cache-control', 'no-cache');
        },
      });
    }

    function transportFor(request: FastifyRequest): ApiTransport {
      return async (url, init) => {
        const headers: Record<string, string> = {};
        if (request.headers.cookie) headers.cookie = request.headers.cookie;
        if (request.headers['user-agent']) headers['user-agent'] = request.headers['user-agent'];
        // The display currency's default follows the browser's language (decision 049).
        if (request.headers['accept-language']) headers['accept-language'] = request.headers['accept-language'];
        // The page's language, for the words the API writes back (as the browser's calls send it).
        headers['x-locale'] = splitLocalePath(new URL(request.url, 'http://page').pathname).locale;
        new Headers(init.headers).forEach((value, key) => (headers[key] = value));
        const res = await app.inject({
          method: (init.method ?? 'GET') as 'GET',
          url,
          headers,
          remoteAddress: request.ip,
          ...(typeof init.body === 'string' ? { payload: init.body } : {}),
        });
        const responseHeaders = new Headers();
        for (const [key, value] of Object.entries(res.headers)) {
          if (value === undefined || key === 'set-cookie') continue;
          for (const v of Array.isArray(value) ? value : [value]) responseHeaders.append(key, String(v));
        }
        const empty = res.statusCode === 204 || res.statusCode === 304;
        return new Response(empty ? null : new Uint8Array(res.rawPayload), {
          status: res.statusCode,
          statusText: res.statusMessage,
          headers: responseHeaders,
        });
      };
    }

    async function sendPage(request: FastifyRequest, reply: FastifyReply, shell: Shell) {
      const origin = originOf(opts.config, request);
      const { renderPage, VIEWER_ZONE_COOKIE } = await loadRenderer();
      const url = new URL(request.url, origin);
      const page = await transports.run(transportFor(request), () =>
        renderPage(
          new Request(url),
          origin,
          request.cookies[VIEWER_ZONE_COOKIE],
          suggestedLocaleFor(request, url.pathname),
        ),
      );
      if (page instanceof Response) {
        return reply.redirect(page.headers.get('location') ?? '/', page.status as 301);
      }
      return (
        reply
          .status(page.status)
          // Pages carry the visitor's data (their name, saved services, sessions): never kept, not
          // even by the browser's back/forward cache after they sign out.
          .header('cache-control', 'no-store')
          .header('vary', 'Cookie, Accept-Language')
          .type('text/html; charset=utf-8')
          .send(pageDocument(shell, page, themeOf(request), url, origin))
      );
    }

    app.setNotFoundHandler(async (request, reply) => {
      const url = request.url.split('?')[0] ?? '/';
      // People type /services/{id} as often as the service page's /service/{id}: moved for good,
      // in the same language, with the query kept.
      const located = splitLocalePath(url);
      const plural = /^\/services\/([^/]+)\/?$/.exec(located.path);
      if (plural && (request.method === 'GET' || request.method === 'HEAD')) {
        const query = request.url.slice(url.length);
        const prefix = url.slice(0, url.length - located.path.length);
        return reply.redirect(`${prefix}/service/${plural[1]}${query}`, 301);
      }
      if (!isPagePath(request, url)) {
        return reply.status(404).send(notFoundBody(String(request.id), `No route for ${request.method} ${url}`));
      }
      if (!shell) {
        return reply
          .status(isKnownPage(splitLocalePath(url).path) ? 503 : 404)
          .type('text/plain; charset=utf-8')
          .send('The client is not built. Run `npm run build` (npm start does this for you).');
      }
      try {
        return await sendPage(request, reply, shell);
      } catch (error) {
        request.log.error({ err: error }, 'server rendering failed');
        return reply
          .status(500)
          .header('cache-control', 'no-store')
          .type('text/html; charset=utf-8')
          .send(failureDocument(shell, splitLocalePath(url).locale));
      }
    });
  },
  { name: 'pages' },
);
