import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Link, Navigate } from 'react-router';
import { ShieldAlert } from '@/components/icons';
import { signInPath } from '@shared/domain/return-path';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useAuth } from '@/lib/auth-context';
import { useResponseStatus } from '@/lib/render-context';
import { useCurrentPath } from '@/lib/sign-in-address';
import { AdminNav } from './admin-nav';

/** What a signed-in traveler or provider sees on an admin page (the server answers 403 too). */
export function AdminForbidden() {
  useResponseStatus(403);
  return (
    <div className="mx-auto flex max-w-xl flex-1 flex-col items-center justify-center gap-4 px-4 py-20 text-center">
      <div className="flex size-16 items-center justify-center rounded-full bg-destructive/10 text-destructive">
        <ShieldAlert className="size-8" aria-hidden="true" />
      </div>
      <p className="text-7xl font-extrabold tracking-tight text-primary">403</p>
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">
        <Trans>Admins only</Trans>
      </h1>
      <p className="text-muted-foreground">
        <Trans>This page is for Locora administrators. Your account does not have access to it.</Trans>
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

/**
 * The frame of every admin page: checks the role (signed out: to sign in and back; not an admin:
 * the 403 page), then the title, the shared navigation and the page.
 */
export function AdminShell({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: ReactNode;
}) {
  const { user, isLoading } = useAuth();
  const here = useCurrentPath();
  const { t } = useLingui();
  if (isLoading) {
    return (
      <div className="flex flex-1 items-center justify-center py-24">
        <Spinner className="size-8 text-primary" label={t`Loading your account`} />
      </div>
    );
  }
  if (!user) return <Navigate to={signInPath(here)} replace />;
  if (user.role !== 'ADMIN') return <AdminForbidden />;
  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col gap-6 px-4 py-8 sm:px-6 lg:px-8">
      <div className="flex flex-col gap-1">
        <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
        <p className="text-muted-foreground">{description}</p>
      </div>
      <AdminNav />
      {children}
    </div>
  );
}
