import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import { Compass } from '@/components/icons';
import { Button } from '@/components/ui/button';
import { useDocumentTitle } from '@/lib/document-title';
import { useResponseStatus } from '@/lib/render-context';

export function NotFoundPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Page not found`);
  useResponseStatus(404);
  return (
    <div className="mx-auto flex max-w-xl flex-1 flex-col items-center justify-center gap-4 px-4 py-20 text-center">
      <div className="flex size-16 items-center justify-center rounded-full bg-accent text-accent-foreground">
        <Compass className="size-8" aria-hidden="true" />
      </div>
      <p className="text-7xl font-extrabold tracking-tight text-primary">404</p>
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">
        <Trans>Page Not Found</Trans>
      </h1>
      <p className="text-muted-foreground">
        <Trans>The page you&apos;re looking for doesn&apos;t exist or has been moved.</Trans>
      </p>
      <div className="mt-2 flex flex-wrap justify-center gap-3">
        <Button asChild size="lg">
          <Link to="/">
            <Trans>Go Home</Trans>
          </Link>
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link to="/browse">
            <Trans>Browse Services</Trans>
          </Link>
        </Button>
      </div>
    </div>
  );
}
