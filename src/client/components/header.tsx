import { lazy, Suspense, useRef, useState, useSyncExternalStore } from 'react';
import { Link, NavLink } from 'react-router';
import { Menu } from '@/components/icons';
import { i18n } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { User } from '@shared/api/auth-responses';
import type { Locale } from '@shared/domain/locales';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useAuth } from '@/lib/auth-context';
import { loadCatalogs } from '@/lib/i18n';
import { useUnreadCount } from '@/lib/realtime';
import { dashboardPath } from '@/lib/roles';
import { cn } from '@/lib/utils';
import { LanguageMenu } from './language-menu';
import { CurrencyMenu } from './currency-menu';
import { Logo } from './logo';
import type { NavItem } from './mobile-menu';
import { ThemeToggle } from './theme-toggle';
import { preloadModules } from '@/lib/preload-modules';

/*
 * Loaded when needed, not with the first page (decision 012): the account menu only for a signed-in
 * user, the phone navigation sheet when its button is first pressed. Both bring Radix's dialog and
 * menu code, which a visitor reading the home page never uses.
 */
const UserMenu = lazy(async () => {
  // Its words are in `public` (lingui.config.ts); the menu renders only in the browser, whose
  // pages use Lingui's global instance.
  preloadModules(['components/user-menu.tsx']);
  const [module] = await Promise.all([import('./user-menu'), loadCatalogs(i18n, i18n.locale as Locale, ['public'])]);
  return { default: module.UserMenu };
});
const MobileMenu = lazy(() => {
  preloadModules(['components/mobile-menu.tsx']);
  return import('./mobile-menu').then((m) => ({ default: m.MobileMenu }));
});

const subscribeToNothing = () => () => {};
/**
 * False on the server and while hydrating, true after. The account menu renders only then: a lazy
 * component would suspend the server render, and React would finish that boundary with an inline
 * script, which our CSP (script-src 'self') blocks. The server sends a placeholder of its size.
 */
function useIsHydrated() {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}

/** The role-dependent links of docs/product.md. */
function useNavItems(user: User | null, unread: number | undefined): NavItem[] {
  const { t } = useLingui();
  const items: NavItem[] = [{ to: '/browse', label: t`Browse Services` }];
  if (user?.role === 'ADMIN') items.push({ to: '/admin', label: t`Admin Panel` });
  const dashboard = user ? dashboardPath(user.role) : null;
  if (dashboard) items.push({ to: dashboard, label: t`My Dashboard` });
  // Travelers and providers talk about bookings (decision 017); the count updates live.
  if (user && user.role !== 'ADMIN')
    items.push({ to: '/messages', label: t`Messages`, badge: <NavBadge count={unread} /> });
  return items;
}

const desktopLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-md px-3 py-2 text-sm font-medium transition-colors outline-none hover:bg-accent hover:text-accent-foreground focus-visible:ring-[3px] focus-visible:ring-ring/60',
    isActive ? 'text-foreground underline decoration-primary decoration-2 underline-offset-8' : 'text-muted-foreground',
  );

/** The count beside a nav label, with its meaning for screen readers. */
function NavBadge({ count }: { count: number | undefined }) {
  if (!count) return null;
  return (
    <>
      <span
        aria-hidden="true"
        data-testid="unread-badge"
        className="ml-1.5 inline-flex min-w-5 items-center justify-center rounded-full bg-primary px-1.5 text-xs leading-5 font-semibold text-primary-foreground"
      >
        {count > 99 ? '99+' : count}
      </span>
      <span className="sr-only">
        <Trans>, {count} unread</Trans>
      </span>
    </>
  );
}

export function Header() {
  const { user, isLoading } = useAuth();
  const { t } = useLingui();
  const [isMenuOpen, setIsMenuOpen] = useState(false);
  // The sheet stays mounted after its first opening, so that it can animate closed.
  const [wasMenuOpened, setWasMenuOpened] = useState(false);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const isHydrated = useIsHydrated();
  const unread = useUnreadCount();
  const items = useNavItems(user, unread);
  const isSignedOut = !isLoading && !user;

  return (
    <header className="sticky top-0 z-40 border-b bg-background/85 backdrop-blur supports-[backdrop-filter]:bg-background/70">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-4 sm:px-6 lg:px-8">
        <Logo className="mr-2 shrink-0" />

        <nav aria-label={t`Main`} className="hidden flex-1 items-center gap-1 md:flex">
          {items.map((item) => (
            <NavLink key={item.to} to={item.to} className={desktopLinkClass}>
              {item.label}
              {item.badge}
            </NavLink>
          ))}
        </nav>

        <div className="ml-auto flex items-center gap-1 sm:gap-2">
          {isSignedOut && (
            <div className="hidden items-center gap-2 md:flex">
              <Button asChild variant="ghost">
                <Link to="/auth/signin">
                  <Trans>Sign In</Trans>
                </Link>
              </Button>
              <Button asChild>
                <Link to="/auth/signup">
                  <Trans>Sign Up</Trans>
                </Link>
              </Button>
            </div>
          )}
          <LanguageMenu className="hidden sm:flex" />
          <CurrencyMenu />
          <ThemeToggle />
          {isLoading && <Skeleton className="size-9 rounded-full" />}
          {user &&
            (isHydrated ? (
              <Suspense fallback={<Skeleton className="size-9 rounded-full" />}>
                <UserMenu user={user} />
              </Suspense>
            ) : (
              <Skeleton className="size-9 rounded-full" />
            ))}

          <Button
            ref={menuButtonRef}
            variant="ghost"
            size="icon"
            className="md:hidden"
            aria-label={t`Open menu`}
            aria-haspopup="dialog"
            aria-expanded={isMenuOpen}
            aria-controls={isMenuOpen ? 'mobile-menu' : undefined}
            onClick={() => {
              setWasMenuOpened(true);
              setIsMenuOpen(true);
            }}
          >
            <Menu className="size-5" aria-hidden="true" />
          </Button>
          {wasMenuOpened && (
            <Suspense fallback={null}>
              <MobileMenu
                open={isMenuOpen}
                onOpenChange={setIsMenuOpen}
                items={items}
                isSignedOut={isSignedOut}
                triggerRef={menuButtonRef}
              />
            </Suspense>
          )}
        </div>
      </div>
    </header>
  );
}
