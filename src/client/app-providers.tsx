import { StrictMode, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { AppErrorBoundary } from '@/components/error-boundary';
import { Toaster } from '@/components/ui/toaster';
import { AuthProvider } from '@/features/auth/auth-provider';
import { RealtimeProvider } from '@/lib/realtime';
import { ViewerClockProvider, type ViewerClock } from '@/lib/viewer-clock';

/** Everything around the router, the same in the browser and on the server. */
export function AppProviders({
  queryClient,
  clock,
  children,
}: {
  queryClient: QueryClient;
  /** The clock the server rendered with (undefined without server rendering). */
  clock: ViewerClock | undefined;
  children: ReactNode;
}) {
  return (
    <StrictMode>
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
    </StrictMode>
  );
}
