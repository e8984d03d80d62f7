import { Component, type ErrorInfo, type ReactNode } from 'react';
import { isRouteErrorResponse, Link } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { ErrorState } from '@/components/load-failed';
import { Button } from '@/components/ui/button';
import { useDocumentTitle } from '@/lib/document-title';
import { useResponseStatus } from '@/lib/render-context';
import { useRouteError } from '@/lib/route-tree';

function ErrorPanel({ title, message, withHomeLink }: { title: string; message: string; withHomeLink: boolean }) {
  return (
    <ErrorState title={title} message={message} className="min-h-[60vh] py-16">
      <div className="flex flex-wrap justify-center gap-2">
        <Button onClick={() => window.location.reload()}>
          <Trans>Reload page</Trans>
        </Button>
        <Button asChild variant="outline">
          {withHomeLink ? (
            <Link to="/">
              <Trans>Go Home</Trans>
            </Link>
          ) : (
            <a href="/">
              <Trans>Go Home</Trans>
            </a>
          )}
        </Button>
      </div>
    </ErrorState>
  );
}

/** A route's errorElement: shown in place of a page that failed to render or load. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const { t } = useLingui();
  useDocumentTitle(t`Something went wrong`);
  useResponseStatus(500);
  if (error) console.error(error);
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : t`An unexpected error occurred while showing this page. Please try again.`;
  return <ErrorPanel title={t`Something went wrong`} message={message} withHomeLink />;
}

function AppErrorPanel() {
  const { t } = useLingui();
  return (
    <ErrorPanel
      title={t`Something went wrong`}
      message={t`Locora hit an unexpected error. Reload the page to continue.`}
      withHomeLink={false}
    />
  );
}

/** Last line of defence outside the router (providers, toaster). */
export class AppErrorBoundary extends Component<{ children: ReactNode }, { hasError: boolean }> {
  override state = { hasError: false };

  static getDerivedStateFromError() {
    return { hasError: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('Uncaught error', error, info.componentStack);
  }

  override render() {
    if (this.state.hasError) {
      return <AppErrorPanel />;
    }
    return this.props.children;
  }
}
