import { Outlet } from 'react-router';
import { Trans } from '@lingui/react/macro';
import { ScrollRestoration } from '@/lib/scroll-restoration';
import { Footer } from './footer';
import { Header } from './header';
import { LanguageBanner } from './language-banner';

export function RootLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        <Trans>Skip to content</Trans>
      </a>
      <LanguageBanner />
      <Header />
      <main id="main" tabIndex={-1} className="flex flex-1 flex-col outline-none">
        <Outlet />
      </main>
      <Footer />
      <ScrollRestoration />
    </div>
  );
}
