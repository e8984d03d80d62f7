import { useAuth } from '@/lib/auth-context';
import { useViewerToday } from '@/lib/viewer-clock';
import { Link } from 'react-router';
import { LogoMark } from './logo';
import { Trans, useLingui } from '@lingui/react/macro';

export function Footer() {
  const year = useViewerToday().getFullYear();
  const { user } = useAuth();
  const { t } = useLingui();
  // Signed in, sign-up would bounce: the provider dashboard offers a traveler the switch instead.
  const offerPath = user ? '/dashboard/provider' : '/auth/signup?role=provider';
  return (
    <footer className="border-t bg-muted/40">
      <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-10 sm:px-6 md:flex-row md:items-center md:justify-between lg:px-8">
        <div className="flex max-w-md flex-col gap-2">
          <div className="flex items-center gap-2 text-lg font-bold tracking-tight">
            <LogoMark className="size-7" />
            Locora
          </div>
          <p className="text-sm text-muted-foreground">
            <Trans>Trusted local services for travelers, from verified providers in every city you visit.</Trans>
          </p>
        </div>
        <nav aria-label={t`Footer`} className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
          <Link className="text-muted-foreground underline-offset-4 hover:text-foreground hover:underline" to="/browse">
            <Trans>Find local services</Trans>
          </Link>
          {/* An admin cannot become a provider (their provider dashboard only says so): no link. */}
          {user?.role !== 'ADMIN' && (
            <Link
              className="text-muted-foreground underline-offset-4 hover:text-foreground hover:underline"
              to={offerPath}
            >
              <Trans>Offer your services</Trans>
            </Link>
          )}
        </nav>
      </div>
      <div className="border-t">
        <p className="mx-auto max-w-7xl px-4 py-4 text-xs text-muted-foreground sm:px-6 lg:px-8">
          <Trans>© {year} Locora. Explore like a local.</Trans>
        </p>
      </div>
    </footer>
  );
}
