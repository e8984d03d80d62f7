import { StrictMode, type ReactNode } from 'react';
import type { I18n } from '@lingui/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { AppErrorBoundary } from '@/components/error-boundary';
import { Toaster } from '@/components/ui/toaster';
import { AuthProvider } from '@/features/auth/auth-provider';
import { LocaleProvider } from '@/lib/i18n';
import { RealtimeProvider } from '@/lib/realtime';
import { ViewerClockProvider, type ViewerClock } from '@/lib/viewer-clock';
import type { Locale } from '@shared/domain/locales';

/** Everything around the router, the same in the browser and on the server. */
export function AppProviders({
  queryClient,
  clock,
  locale,
  i18n,
  suggestedLocale,
  children,
}: {
  queryClient: QueryClient;
  /** The clock the server rendered with (undefined without server rendering). */
  clock: ViewerClock | undefined;
  /** The page's language, from its URL, and its words. */
  locale: Locale;
  i18n: I18n;
  /** A language to offer on the English home page (from the page data). */
  suggestedLocale?: Locale | undefined;
  children: ReactNode;
}) {
  return (
    <StrictMode>
      <LocaleProvider locale={locale} i18n={i18n} suggestedLocale={suggestedLocale}>
        <AppErrorBoundary>
          <QueryClientProvider client={queryClient}>
            <ViewerClockProvider initial={clock}>
              <AuthProvider>
                <RealtimeProvider>
                  {children}
                  <Toaster />
                </RealtimeProvider>
              </AuthProvider>
            </ViewerClockProvider>
          </QueryClientProvider>
        </AppErrorBoundary>
      </LocaleProvider>
    </StrictMode>
  );
}
