import type { I18n } from '@lingui/core';
import type { QueryClient } from '@tanstack/react-query';
import { Outlet, redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import type { ViewerClock } from '@/lib/viewer-clock';
import { loadCatalogs, type CatalogName } from '@/lib/i18n';
import { preloadModules } from '@/lib/preload-modules';
import type { Locale } from '@shared/domain/locales';
import { RouteErrorBoundary } from '@/components/error-boundary';
import { RootLayout } from '@/components/root-layout';
import { emailStatusQueryKey, sessionsQueryKey } from '@/features/auth/query-keys';
import { currentUserQuery } from '@/features/auth/auth-api';
import { filtersFromParams } from '@/features/catalog/browse-params';
import {
  categoriesQuery,
  featuredServicesQuery,
  providerQuery,
  providerReviewsQuery,
  serviceQuery,
  serviceSearchQueryOptions,
} from '@/features/catalog/catalog-api';
import { favoritesQuery } from '@/features/catalog/favorites';
import { currencyViewQuery } from '@/lib/currency-view';
import { conversationsQuery } from '@/features/messages/conversation-queries';
import { HomePage } from '@/pages/home';

/**
 * The screens of docs/product.md: the one route table of the app, used by the browser router and by
 * the server renderer alike (docs/decisions/013-server-rendering.md).
 *
 * Data: each route's loader names the queries its page reads, by the same query options the page
 * passes to useQuery. On the server the loader waits for them, so the HTML carries the data and the
 * page hydrates from the dehydrated cache without fetching again. In the browser it only starts
 * them (a navigation fetches data and the page's chunk at once) and the page shows its own
 * loading state, as before.
 *
 * Code splitting: home ships in the entry chunk (the first screen most visitors see); every other
 * screen, the 404 page too, is its own chunk (`lazy`), loaded when first visited or before
 * hydration.
 */
export type RouteEnv = {
  queryClient: QueryClient;
  isServer: boolean;
  /** The server's render clock (the viewer's zone from their cookie): the page's "today". */
  clock?: ViewerClock;
  /** The page's language (from the URL) and its words: a lazy page loads its catalogs with its code. */
  locale: Locale;
  i18n: I18n;
};

/**
 * False in the client build (Vite sets `import.meta.env.SSR` per build), so the bundler drops the
 * server-only loaders below, their guards and prefetches, from the browser's code. True in the
 * server build and the tests, and where no bundler set it (the dev API, run from the sources).
 */
const SERVER_BUILD = typeof import.meta.env === 'undefined' || import.meta.env.SSR;

type Prefetch = (args: LoaderFunctionArgs) => readonly { queryKey: readonly unknown[] }[];

function loaderOf({ queryClient, isServer }: RouteEnv, queries: Prefetch) {
  return (args: LoaderFunctionArgs) => {
    const running = Promise.all(queries(args).map((options) => queryClient.prefetchQuery(options)));
    return SERVER_BUILD && isServer ? running.then(() => null) : null;
  };
}

/**
 * Who may see a page, decided on the server before rendering (its routes use it only when
 * `isServer`): a signed-out visitor asking for a signed-in screen is redirected to sign in, a
 * signed-in one asking for sign-in goes home (the browser does the same with <Navigate> once it
 * routes on its own).
 */
function serverGuard(
  { queryClient }: RouteEnv,
  wants: 'signed-in' | 'signed-out',
  queries: readonly { queryKey: readonly unknown[] }[] = [],
) {
  return async ({ request }: LoaderFunctionArgs) => {
    // Could not check (the API is down): render the page, which waits for the browser to ask.
    const user = await queryClient.fetchQuery(currentUserQuery).catch(() => undefined);
    // Signed out: to sign in, which comes back to this page (decision 016).
    const url = new URL(request.url);
    // Imported here: the guard runs on the server only, and the browser's first load stays lean.
    const { safeNextPath, signInPath } = await import('@shared/domain/return-path');
    // The path under the locale's prefix: React Router adds the prefix to a redirect, and `next`
    // is followed inside the app (in the same language).
    const { splitLocalePath } = await import('@shared/domain/locale-path');
    const appPath = splitLocalePath(url.pathname).path;
    if (wants === 'signed-in' && user === null) throw redirect(signInPath(`${appPath}${url.search}`));
    // Signed in already: on to where sign-in would have gone.
    if (wants === 'signed-out' && user) throw redirect(safeNextPath(url.searchParams.get('next')) ?? '/');
    await Promise.all(queries.map((options) => queryClient.prefetchQuery(options)));
    return null;
  };
}

/**
 * A page in its own chunk, loaded with the catalogs of its words beside `app` (which every page
 * has) and `public` (which holds what the pages but the first share too): `module` (its source
 * under src/client) and `catalogs` let the server preload both.
 */
function pageIn(env: RouteEnv) {
  return <K extends string>(
    module: string,
    load: () => Promise<Record<K, React.ComponentType>>,
    name: K,
    pageCatalogs: CatalogName[] = [],
  ) => {
    const catalogs: CatalogName[] = pageCatalogs.includes('public') ? pageCatalogs : [...pageCatalogs, 'public'];
    return {
      lazy: async () => {
        // The page's files side by side with its chunk (from the build's map, lib/preload-modules.ts).
        preloadModules([module]);
        const [loaded] = await Promise.all([load(), loadCatalogs(env.i18n, env.locale, catalogs)]);
        return { Component: loaded[name] };
      },
      handle: { module, catalogs },
    };
  };
}

/**
 * A page whose `?tab=` shows code of its own (lazy in the page): the server preloads that tab's
 * modules (sources under src/client) with the page's, so the tab's code is not a second round trip.
 */
function withTabModules<P extends { handle: { module: string; catalogs: CatalogName[] } }>(
  page: P,
  tabModules: Record<string, string[]>,
): P & { handle: P['handle'] & { modulesFor: (url: URL) => string[] } } {
  const modulesFor = (url: URL) => tabModules[url.searchParams.get('tab') ?? ''] ?? [];
  return { ...page, handle: { ...page.handle, modulesFor } };
}

export function createRoutes(env: RouteEnv): RouteObject[] {
  const { queryClient } = env;
  const page = pageIn(env);
  const isServer = SERVER_BUILD && env.isServer;
  return [
    {
      id: 'root',
      element: <RootLayout />,
      errorElement: <RouteErrorBoundary />,
      // The server renders every page with the visitor's session (and their saved services), so the
      // header and the hearts are right in the HTML. The browser keeps them in AuthProvider.
      loader: isServer
        ? async () => {
            const [user] = await Promise.all([
              queryClient.fetchQuery(currentUserQuery).catch(() => null),
              // The display currency and rates: estimates are rendered with the page (decision 049).
              queryClient.prefetchQuery(currencyViewQuery),
            ]);
            if (user) await queryClient.prefetchQuery(favoritesQuery);
            return null;
          }
        : undefined,
      children: [
        {
          id: 'pages',
          element: <Outlet />,
          errorElement: <RouteErrorBoundary />,
          children: [
            {
              index: true,
              element: <HomePage />,
              loader: loaderOf(env, () => [categoriesQuery, featuredServicesQuery]),
            },
            {
              path: 'auth/signin',
              ...page('pages/signin.tsx', () => import('@/pages/signin'), 'SignInPage', ['account', 'public']),
              loader: isServer ? serverGuard(env, 'signed-out') : undefined,
            },
            {
              path: 'auth/signup',
              ...page('pages/signup.tsx', () => import('@/pages/signup'), 'SignUpPage', ['account']),
              loader: isServer ? serverGuard(env, 'signed-out') : undefined,
            },
            {
              // Links sent by email (decision 022): open signed in or out.
              path: 'auth/verify-email',
              ...page('pages/verify-email.tsx', () => import('@/pages/verify-email'), 'VerifyEmailPage', ['account']),
              // A link confirms only for its own account, signed in (decision 022): a signed-out visitor
              // with a link is sent to sign in, and comes back to it (the browser does the same).
              loader: isServer
                ? async ({ request }: LoaderFunctionArgs) => {
                    const url = new URL(request.url);
                    if (!url.searchParams.get('token')) return null;
                    const user = await queryClient.fetchQuery(currentUserQuery).catch(() => undefined);
                    if (user !== null) return null;
                    const { signInPath } = await import('@shared/domain/return-path');
                    const { splitLocalePath } = await import('@shared/domain/locale-path');
                    throw redirect(signInPath(`${splitLocalePath(url.pathname).path}${url.search}`, 'verify'));
                  }
                : undefined,
            },
            {
              path: 'auth/forgot-password',
              ...page('pages/forgot-password.tsx', () => import('@/pages/forgot-password'), 'ForgotPasswordPage', [
                'account',
              ]),
            },
            {
              path: 'auth/reset-password',
              ...page('pages/reset-password.tsx', () => import('@/pages/reset-password'), 'ResetPasswordPage', [
                'account',
              ]),
            },
            {
              // Signed-in screens use the same pattern: the server renders them with their data.
              path: 'settings',
              ...page('pages/settings.tsx', () => import('@/pages/settings'), 'SettingsPage', ['account']),
              loader: isServer
                ? serverGuard(env, 'signed-in', [{ queryKey: sessionsQueryKey }, { queryKey: emailStatusQueryKey }])
                : undefined,
            },
            {
              // A provider's workspace; a traveler is offered the switch (their data is not asked for).
              path: 'dashboard/provider',
              ...withTabModules(
                page(
                  'pages/provider-dashboard.tsx',
                  () => import('@/pages/provider-dashboard'),
                  'ProviderDashboardPage',
                  ['account', 'public'],
                ),
                // The Payouts tab's own chunks (lazy in the page), preloaded when it is the tab asked for.
                { payouts: ['features/payouts/payouts-tab.tsx', 'features/earnings/money-sections.tsx'] },
              ),
              loader: isServer
                ? async (args: LoaderFunctionArgs) => {
                    await serverGuard(env, 'signed-in')(args);
                    const user = queryClient.getQueryData<{ role: string } | null>(currentUserQuery.queryKey);
                    if (user?.role === 'PROVIDER') {
                      // Imported here: the server runs this loader, and the browser's first load stays lean.
                      const [{ prefetchProviderDashboard }, { prefetchProviderTab }] = await Promise.all([
                        import('@/features/provider-workspace/workspace-api'),
                        import('@/pages/provider-dashboard-data'),
                      ]);
                      await Promise.all([
                        prefetchProviderDashboard(queryClient),
                        queryClient.prefetchQuery(categoriesQuery),
                        // The tab asked for (?tab=) with its data, as the browser shows it.
                        prefetchProviderTab(queryClient, new URL(args.request.url).searchParams.get('tab')),
                      ]);
                    }
                    return null;
                  }
                : undefined,
            },
            // Admin pages (decision 021): signed out -> sign in and back; a traveler or provider gets the
            // 403 page; an admin's page is rendered with its data. The API checks the role again.
            ...(
              [
                ['admin', 'pages/admin-dashboard.tsx', () => import('@/pages/admin-dashboard'), 'AdminDashboardPage'],
                [
                  'admin/providers',
                  'pages/admin-providers.tsx',
                  () => import('@/pages/admin-providers'),
                  'AdminProvidersPage',
                ],
                [
                  'admin/services',
                  'pages/admin-services.tsx',
                  () => import('@/pages/admin-services'),
                  'AdminServicesPage',
                ],
                [
                  'admin/categories',
                  'pages/admin-categories.tsx',
                  () => import('@/pages/admin-categories'),
                  'AdminCategoriesPage',
                ],
                ['admin/reports', 'pages/admin-reports.tsx', () => import('@/pages/admin-reports'), 'AdminReportsPage'],
                [
                  'admin/disputes',
                  'pages/admin-disputes.tsx',
                  () => import('@/pages/admin-disputes'),
                  'AdminDisputesPage',
                ],
                [
                  'admin/payments/*',
                  'pages/admin-payments.tsx',
                  () => import('@/pages/admin-payments'),
                  'AdminPaymentsPage',
                ],
              ] as const
            ).map(([path, module, load, name]) => ({
              path,
              ...page(module, load as () => Promise<Record<string, React.ComponentType>>, name, ['admin']),
              loader: isServer
                ? async (args: LoaderFunctionArgs) => {
                    await serverGuard(env, 'signed-in')(args);
                    const user = queryClient.getQueryData<{ role: string } | null>(currentUserQuery.queryKey);
                    if (user?.role === 'ADMIN') {
                      const { prefetchAdminPage } = await import('@/features/admin/admin-api');
                      await Promise.all([
                        prefetchAdminPage(queryClient, new URL(args.request.url)),
                        path === 'admin/categories' ? queryClient.prefetchQuery(categoriesQuery) : undefined,
                      ]);
                    }
                    return null;
                  }
                : undefined,
            })),
            {
              // A signed-in user's bookings and saved services, rendered with their data; and one booking,
              // bookings/{id}, in the same chunk (the first load stays as it was).
              path: 'dashboard/traveler/*',
              ...page(
                'pages/traveler-dashboard.tsx',
                () => import('@/pages/traveler-dashboard'),
                'TravelerDashboardPage',
                ['account', 'public'],
              ),
              loader: isServer
                ? async (args: LoaderFunctionArgs) => {
                    await serverGuard(env, 'signed-in')(args);
                    // Imported here: the server runs this loader, and the browser's first load stays lean.
                    const { prefetchTravelerDashboard, travelerBookingQuery } =
                      await import('@/features/traveler-dashboard/bookings-api');
                    const rest = args.params['*'] ?? '';
                    if (rest) {
                      // Its booking page (bookings/{id}); any other path is the page's 404.
                      const id = /^bookings\/([^/]+)\/?$/.exec(rest)?.[1];
                      const { paymentsConfigQuery } = await import('@/features/payments/payments-api');
                      if (id)
                        await Promise.all([
                          queryClient.prefetchQuery(travelerBookingQuery(id)),
                          queryClient.prefetchQuery(paymentsConfigQuery()),
                        ]);
                      return null;
                    }
                    // Whether card payments are on decides each booking's "Complete payment".
                    const { paymentsConfigQuery } = await import('@/features/payments/payments-api');
                    await Promise.all([
                      prefetchTravelerDashboard(queryClient),
                      queryClient.prefetchQuery(favoritesQuery),
                      queryClient.prefetchQuery(paymentsConfigQuery()),
                    ]);
                    return null;
                  }
                : undefined,
            },
            {
              path: 'messages',
              ...page('pages/messages.tsx', () => import('@/pages/messages'), 'MessagesPage', ['account', 'public']),
              loader: isServer
                ? async (args: LoaderFunctionArgs) => {
                    // The open inquiries beside the bookings' threads: the whole list is in the HTML.
                    // Imported here: the server runs this loader, and the browser's first load stays lean.
                    const { inquiriesQuery } = await import('@/features/messages/inquiry-queries');
                    return serverGuard(env, 'signed-in', [conversationsQuery, inquiriesQuery])(args);
                  }
                : undefined,
            },
            {
              path: 'browse',
              ...page('pages/browse.tsx', () => import('@/pages/browse'), 'BrowsePage', ['public']),
              loader: loaderOf(env, ({ request }) => [
                categoriesQuery,
                serviceSearchQueryOptions(filtersFromParams(new URL(request.url).searchParams)),
              ]),
            },
            {
              path: 'service/:id',
              ...page('pages/service-detail.tsx', () => import('@/pages/service-detail'), 'ServiceDetailPage', [
                'public',
              ]),
              loader: isServer
                ? // The service and the booking card's free days. Imported here: the server runs this
                  // loader, and the browser's first load stays lean.
                  async (args: LoaderFunctionArgs) =>
                    (await import('@/features/catalog/service-page-data')).loadServicePage(env, args)
                : loaderOf(env, ({ params }) => [serviceQuery(params.id ?? '')]),
            },
            {
              // Signed in only (a visitor is sent to sign in, and comes back here).
              path: 'checkout/:id',
              ...page('pages/checkout.tsx', () => import('@/pages/checkout'), 'CheckoutPage', ['account']),
              loader: isServer
                ? async (args: LoaderFunctionArgs) => {
                    await serverGuard(env, 'signed-in', [serviceQuery(args.params.id ?? '')])(args);
                    // Whether card payments are on (the payment card), the calendar's free days: in
                    // the HTML. Imported here: the server runs this loader, and the browser's first
                    // load stays lean.
                    return (await import('@/features/checkout/checkout-page-data')).loadCheckoutPage(env, args);
                  }
                : undefined,
            },
            {
              path: 'provider/:username',
              ...page('pages/provider-profile.tsx', () => import('@/pages/provider-profile'), 'ProviderProfilePage', [
                'public',
              ]),
              loader: loaderOf(env, ({ params }) => [
                providerQuery(params.username ?? ''),
                providerReviewsQuery(params.username ?? ''),
              ]),
            },
            {
              path: '*',
              ...page('pages/not-found.tsx', () => import('@/pages/not-found'), 'NotFoundPage', ['public']),
            },
          ],
        },
      ],
    },
  ];
}
