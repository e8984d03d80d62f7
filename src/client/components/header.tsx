import { useState } from 'react';
import { Link, NavLink } from 'react-router';
import { Menu } from 'lucide-react';
import type { User } from '@shared/api/auth';
import { Button } from '@/components/ui/button';
import { Separator } from '@/components/ui/separator';
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle, SheetTrigger } from '@/components/ui/sheet';
import { Skeleton } from '@/components/ui/skeleton';
import { useAuth } from '@/lib/auth-context';
import { dashboardPath } from '@/lib/roles';
import { cn } from '@/lib/utils';
import { Logo } from './logo';
import { ThemeToggle } from './theme-toggle';
import { UserMenu } from './user-menu';

interface NavItem {
  to: string;
  label: string;
}

/** The role-dependent links of SPEC.md section 2, Header. */
function navItemsFor(user: User | null): NavItem[] {
  const items: NavItem[] = [{ to: '/browse', label: 'Browse Services' }];
  if (user?.role === 'ADMIN') items.push({ to: '/admin', label: 'Admin Panel' });
  const dashboard = user ? dashboardPath(user.role) : null;
  if (dashboard) items.push({ to: dashboard, label: 'My Dashboard' });
  return items;
}

const desktopLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-md px-3 py-2 text-sm font-medium transition-colors outline-none hover:bg-accent hover:text-accent-foreground focus-visible:ring-[3px] focus-visible:ring-ring/60',
    isActive ? 'text-foreground underline decoration-primary decoration-2 underline-offset-8' : 'text-muted-foreground',
  );

const mobileLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'flex items-center rounded-md px-3 py-3 text-base font-medium outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/60',
    isActive && 'bg-accent text-accent-foreground',
  );

export function Header() {
  const { user, isLoading } = useAuth();
  const [isMenuOpen, setIsMenuOpen] = useState(false);
  const items = navItemsFor(user);
  const isSignedOut = !isLoading && !user;

  return (
    <header className="sticky top-0 z-40 border-b bg-background/85 backdrop-blur supports-[backdrop-filter]:bg-background/70">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-4 sm:px-6 lg:px-8">
        <Logo className="mr-2 shrink-0" />

        <nav aria-label="Main" className="hidden flex-1 items-center gap-1 md:flex">
          {items.map((item) => (
            <NavLink key={item.to} to={item.to} className={desktopLinkClass}>
              {item.label}
            </NavLink>
          ))}
        </nav>

        <div className="ml-auto flex items-center gap-1 sm:gap-2">
          {isSignedOut && (
            <div className="hidden items-center gap-2 md:flex">
              <Button asChild variant="ghost">
                <Link to="/auth/signin">Sign In</Link>
              </Button>
              <Button asChild>
                <Link to="/auth/signup">Sign Up</Link>
              </Button>
            </div>
          )}
          <ThemeToggle />
          {isLoading && <Skeleton className="size-9 rounded-full" />}
          {user && <UserMenu user={user} />}

          <Sheet open={isMenuOpen} onOpenChange={setIsMenuOpen}>
            <SheetTrigger asChild>
              <Button variant="ghost" size="icon" className="md:hidden" aria-label="Open menu">
                <Menu className="size-5" aria-hidden="true" />
              </Button>
            </SheetTrigger>
            <SheetContent>
              <SheetHeader className="border-b">
                <SheetTitle>Menu</SheetTitle>
                <SheetDescription className="sr-only">Site navigation</SheetDescription>
              </SheetHeader>
              <nav aria-label="Mobile" className="flex flex-col gap-1 px-3">
                {items.map((item) => (
                  <NavLink key={item.to} to={item.to} className={mobileLinkClass} onClick={() => setIsMenuOpen(false)}>
                    {item.label}
                  </NavLink>
                ))}
              </nav>
              {isSignedOut && (
                <>
                  <Separator />
                  <div className="flex flex-col gap-2 px-4">
                    <Button asChild variant="outline" size="lg" onClick={() => setIsMenuOpen(false)}>
                      <Link to="/auth/signin">Sign In</Link>
                    </Button>
                    <Button asChild size="lg" onClick={() => setIsMenuOpen(false)}>
                      <Link to="/auth/signup">Sign Up</Link>
                    </Button>
                  </div>
                </>
              )}
            </SheetContent>
          </Sheet>
        </div>
      </div>
    </header>
  );
}
