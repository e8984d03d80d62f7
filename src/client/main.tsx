import { startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppProviders } from '@/app-providers';
import { ClientRouter } from '@/lib/client-router';
import { browserI18nFor } from '@/lib/i18n';
import { hydrateQueries, readPageData } from '@/lib/page-data';
import { startPreloads } from '@/lib/preload-modules';
import { createQueryClient } from '@/lib/query-client';
import { AppRoutes, preloadRoutes } from '@/lib/route-tree';
import { createRoutes } from '@/routes';
import { localeBasename, splitLocalePath } from '@shared/domain/locale-path';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

// The page's language is its URL's (English at /, the others under their prefix), as the server
// read it: the words shared by every page come first, then the page's own with its chunk.
const { locale } = splitLocalePath(window.location.pathname);
const basename = localeBasename(locale);
const i18n = await browserI18nFor(locale, ['app']);
const queryClient = createQueryClient();
const routes = createRoutes({ queryClient, isServer: false, locale, i18n });
const pageData = readPageData();
if (pageData) hydrateQueries(queryClient, pageData.queries);

// The page's own chunk is loaded before the first render, so hydration finds the same tree the
// server rendered (docs/decisions/026-declarative-router.md).
await preloadRoutes(routes, window.location, basename);

/** Marks <html data-hydrated> once the app is live (browser tests wait for it before clicking). */
function HydrationMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = '';
    // From now on a lazy module's files are preloaded with its chunk (the first page's came with the HTML).
    startPreloads();
  }, []);
  return null;
}

const app = (
  <AppProviders
    queryClient={queryClient}
    clock={pageData?.clock}
    locale={locale}
    i18n={i18n}
    suggestedLocale={pageData?.suggestedLocale}
  >
    <ClientRouter routes={routes} basename={basename}>
      <AppRoutes routes={routes} errors={pageData?.routeErrors} />
    </ClientRouter>
    <HydrationMark />
  </AppProviders>
);

// Hydration as a transition: React then works in slices of a few milliseconds and yields between
// them, so a slow phone is not frozen for the whole page (as Remix's and Next.js's entries do).
if (pageData) startTransition(() => void hydrateRoot(container, app));
else createRoot(container).render(app);
