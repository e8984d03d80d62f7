import { createBrowserRouter } from 'react-router';
import { RouteErrorBoundary } from '@/components/error-boundary';
import { RootLayout } from '@/components/root-layout';
import { HomePage } from '@/pages/home';
import { NotFoundPage } from '@/pages/not-found';
import { SettingsPage } from '@/pages/settings';
import { SignInPage } from '@/pages/signin';
import { SignUpPage } from '@/pages/signup';

/**
 * SPEC.md section 2. Screens of later issues (/browse, /service/:id, /provider/:username,
 * /dashboard/*, /messages, /checkout/:id, /admin/*) are added as they are built; until then
 * they fall through to the 404 page.
 */
export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    errorElement: <RouteErrorBoundary />,
    children: [
      {
        errorElement: <RouteErrorBoundary />,
        children: [
          { index: true, element: <HomePage /> },
          { path: 'auth/signin', element: <SignInPage /> },
          { path: 'auth/signup', element: <SignUpPage /> },
          { path: 'settings', element: <SettingsPage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
]);
