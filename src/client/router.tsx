import { lazy, Suspense } from 'react';
import { createBrowserRouter, Outlet } from 'react-router';
import { RouteErrorBoundary } from '@/components/error-boundary';
import { RootLayout } from '@/components/root-layout';
import { Spinner } from '@/components/ui/spinner';
import { HomePage } from '@/pages/home';
import { NotFoundPage } from '@/pages/not-found';

/*
 * Code splitting: the home and 404 pages ship in the entry chunk (the first screen most visitors
 * see); every other screen is its own chunk, loaded when first visited.
 */
const SignInPage = lazy(() => import('@/pages/signin').then((m) => ({ default: m.SignInPage })));
const SignUpPage = lazy(() => import('@/pages/signup').then((m) => ({ default: m.SignUpPage })));
const SettingsPage = lazy(() => import('@/pages/settings').then((m) => ({ default: m.SettingsPage })));
const BrowsePage = lazy(() => import('@/pages/browse').then((m) => ({ default: m.BrowsePage })));
const ServiceDetailPage = lazy(() => import('@/pages/service-detail').then((m) => ({ default: m.ServiceDetailPage })));
const ProviderProfilePage = lazy(() =>
  import('@/pages/provider-profile').then((m) => ({ default: m.ProviderProfilePage })),
);

/** Shown while a page's chunk loads the first time (later navigations keep the old page up). */
function PageFallback() {
  return (
    <div className="flex flex-1 items-center justify-center py-24">
      <Spinner className="size-8 text-primary" label="Loading page" />
    </div>
  );
}

function LazyOutlet() {
  return (
    <Suspense fallback={<PageFallback />}>
      <Outlet />
    </Suspense>
  );
}

/**
 * SPEC.md section 2. Screens of later issues (/dashboard/*, /messages, /checkout/:id, /admin/*)
 * are added as they are built; until then they fall through to the 404 page.
 */
export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    errorElement: <RouteErrorBoundary />,
    children: [
      {
        element: <LazyOutlet />,
        errorElement: <RouteErrorBoundary />,
        children: [
          { index: true, element: <HomePage /> },
          { path: 'auth/signin', element: <SignInPage /> },
          { path: 'auth/signup', element: <SignUpPage /> },
          { path: 'settings', element: <SettingsPage /> },
          { path: 'browse', element: <BrowsePage /> },
          { path: 'service/:id', element: <ServiceDetailPage /> },
          { path: 'provider/:username', element: <ProviderProfilePage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
]);
