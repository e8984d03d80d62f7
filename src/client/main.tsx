import { useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterProvider } from 'react-router';
import { AppProviders } from '@/app-providers';
import { hydrateQueries, readPageData } from '@/lib/page-data';
import { createQueryClient } from '@/lib/query-client';
import { createRoutes } from '@/routes';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

const queryClient = createQueryClient();
const routes = createRoutes({ queryClient, isServer: false });
const pageData = readPageData();
if (pageData) hydrateQueries(queryClient, pageData.queries);

// The page's own chunk is loaded before the first render, so hydration finds the same tree the
// server rendered (React Router's documented way for lazy routes with server rendering).
const lazyMatches = matchRoutes(routes, window.location)?.filter((match) => match.route.lazy) ?? [];
await Promise.all(
  lazyMatches.map(async (match) => {
    const { lazy } = match.route;
    if (typeof lazy !== 'function') return;
    Object.assign(match.route, { ...(await lazy()), lazy: undefined });
  }),
);

/** Marks <html data-hydrated> once the app is live (browser tests wait for it before clicking). */
function HydrationMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = '';
  }, []);
  return null;
}

const router = createBrowserRouter(routes, pageData ? { hydrationData: pageData.router } : undefined);
const app = (
  <AppProviders queryClient={queryClient} clock={pageData?.clock}>
    <RouterProvider router={router} />
    <HydrationMark />
  </AppProviders>
);

if (pageData) hydrateRoot(container, app);
else createRoot(container).render(app);
