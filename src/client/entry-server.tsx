import { PassThrough } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import { createStaticHandler, StaticRouter } from 'react-router';
import { AppProviders } from '@/app-providers';
import { setServerTransport, type ApiTransport } from '@/lib/api';
import { serverI18nFor } from '@/lib/i18n';
import { dehydrateQueries, type PageData } from '@/lib/page-data';
import { createQueryClient } from '@/lib/query-client';
import { RenderContext, RenderRecord } from '@/lib/render-context';
import { AppRoutes, preloadRoutes } from '@/lib/route-tree';
import { clockIn, VIEWER_ZONE_COOKIE } from '@/lib/viewer-clock';
import { localeBasename, splitLocalePath } from '@shared/domain/locale-path';
import { LOCALE_DIRECTION, type Locale } from '@shared/domain/locales';
import { isValidTimeZone } from '@shared/domain/time';
import { createRoutes } from '@/routes';

/**
 * Server rendering of any page (docs/decisions/013-server-rendering.md). The server calls
 * `renderPage` with the request; the routes' loaders fetch the page's data through `transport`
 * (the API in-process, with the visitor's cookies), React renders the page with it, and the page
 * data (the query cache and the router state) goes into the HTML for hydration.
 */
export interface RenderedPage {
  /** 200, 404 for a page that does not exist, 503 when its data could not be loaded, 500. */
  status: number;
  /** The markup inside #root. */
  html: string;
  title: string | undefined;
  head: RenderRecord['head'];
  data: PageData;
  /** The client chunks of the matched routes (source paths), for modulepreload. */
  routeModules: string[];
  /** The page's language (from its URL), its direction, and the catalogs its routes load. */
  locale: Locale;
  dir: 'ltr' | 'rtl';
  catalogs: string[];
}

export { setServerTransport, VIEWER_ZONE_COOKIE };
export type { ApiTransport };

/**
 * @param viewerZone the zone the browser reported last time (the `tz` cookie), else UTC: dates on
 *   the page are written in it, and the browser hydrates with the same clock.
 */
export async function renderPage(
  request: Request,
  origin: string,
  viewerZone: string | undefined,
  /** A language to offer on the English home page: the visitor's last choice, else their browser's. */
  suggestedLocale?: Locale,
): Promise<RenderedPage | Response> {
  const clock = clockIn(viewerZone && isValidTimeZone(viewerZone) ? viewerZone : 'UTC');
  const url = new URL(request.url);
  // The language is the URL's: English at /, the others under their prefix (the router's basename).
  const { locale } = splitLocalePath(url.pathname);
  const basename = localeBasename(locale);
  const i18n = await serverI18nFor(locale);
  const queryClient = createQueryClient();
  const routes = createRoutes({ queryClient, isServer: true, clock, locale, i18n });
  const handler = createStaticHandler(routes, { basename });
  const context = await handler.query(request);
  // A loader redirect (none today) is answered as it is.
  if (context instanceof Response) return context;

  // The same tree the browser hydrates: the declarative router over the same table, with the
  // matched pages loaded first (docs/decisions/026-declarative-router.md).
  await preloadRoutes(routes, url, basename);
  const record = new RenderRecord(origin);
  const html = await renderToHtml(
    <RenderContext.Provider value={record}>
      <AppProviders
        queryClient={queryClient}
        clock={clock}
        locale={locale}
        i18n={i18n}
        suggestedLocale={suggestedLocale}
      >
        <StaticRouter basename={basename} location={`${url.pathname}${url.search}`}>
          <AppRoutes routes={routes} errors={context.errors} />
        </StaticRouter>
      </AppProviders>
    </RenderContext.Provider>,
  );
  const data: PageData = {
    queries: dehydrateQueries(queryClient),
    routeErrors: context.errors,
    clock,
    ...(suggestedLocale ? { suggestedLocale } : {}),
  };
  queryClient.clear();
  const status = context.errors ? 500 : Math.max(context.statusCode, record.status ?? 200);
  return {
    status,
    html,
    title: record.title,
    head: record.head,
    data,
    routeModules: context.matches.flatMap((m) => {
      const handle = m.route.handle as { module?: string; modulesFor?: (url: URL) => string[] } | undefined;
      return [...(handle?.module ? [handle.module] : []), ...(handle?.modulesFor?.(url) ?? [])];
    }),
    locale,
    dir: LOCALE_DIRECTION[locale],
    catalogs: [
      'app',
      ...context.matches.flatMap((m) => (m.route.handle as { catalogs?: string[] } | undefined)?.catalogs ?? []),
    ],
  };
}

/** A render that takes longer than this is given up (the visitor gets the failure page). */
const RENDER_TIMEOUT_MS = 10_000;

/** Renders when everything is ready (data is already in the cache; lazy pages are resolved). */
export function renderToHtml(element: React.ReactElement): Promise<string> {
  return new Promise((resolve, reject) => {
    let failed: unknown;
    const timer = setTimeout(() => {
      failed ??= new Error(`Rendering took longer than ${RENDER_TIMEOUT_MS} ms`);
      stream.abort(failed);
      reject(failed);
    }, RENDER_TIMEOUT_MS);
    const stream = renderToPipeableStream(element, {
      // The page is sent whole, once ready: every Suspense boundary in place, however large. (By
      // default React moves a large one after the page with an inline script to reveal it, which
      // the Content-Security-Policy rightly blocks.)
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady() {
        clearTimeout(timer);
        if (failed) return reject(failed);
        const sink = new PassThrough();
        const chunks: Buffer[] = [];
        sink.on('data', (chunk: Buffer) => chunks.push(chunk));
        sink.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
        stream.pipe(sink);
      },
      onShellError(error) {
        clearTimeout(timer);
        reject(error);
      },
      onError(error) {
        failed ??= error;
      },
    });
  });
}
