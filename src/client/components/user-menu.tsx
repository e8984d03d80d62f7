import { lazy, Suspense, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { ArrowLeftRight, LogOut, Settings } from '@/components/icons';
import type { User } from '@shared/api/auth-responses';
import { Badge } from '@/components/ui/badge';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { toast } from '@/components/ui/use-toast';
import { useAuth } from '@/lib/auth-context';
import { dashboardPath, switchTarget } from '@/lib/roles';
import { useRoleLabel } from '@/lib/role-words';
import { UserAvatar } from '@/components/user-avatar';
import { detectProviderTimeZone, isTimeZoneRequired } from '@/lib/time-zone';
import { useSwitchRole } from '@/lib/use-switch-role';

// Shown only to a new provider whose browser reports UTC: loaded when needed.
const TimeZoneDialog = lazy(() => import('@/components/time-zone-dialog').then((m) => ({ default: m.TimeZoneDialog })));

export function RoleBadge({ role }: { role: User['role'] }) {
  const roleLabel = useRoleLabel();
  return (
    <Badge variant={role === 'ADMIN' ? 'secondary' : 'soft'} data-role={role}>
      {roleLabel(role)}
    </Badge>
  );
}

export function UserMenu({ user }: { user: User }) {
  const { logout } = useAuth();
  const { t } = useLingui();
  const switchRole = useSwitchRole();
  const navigate = useNavigate();
  const [isBusy, setIsBusy] = useState(false);
  const [isAskingZone, setIsAskingZone] = useState(false);
  const target = switchTarget(user.role);
  const displayName = user.name?.trim() || user.email;

  /** A new provider gets the browser's zone, or is asked for one when it names no place. */
  function handleSwitch() {
    // A detected zone is sent along (used only if no provider profile exists yet); without one,
    // the server answers 400 only for an account that has never been a provider: then we ask.
    void doSwitch(target === 'PROVIDER' ? detectProviderTimeZone() : undefined);
  }

  async function doSwitch(timeZone?: string) {
    if (!target) return;
    setIsBusy(true);
    try {
      const next = await switchRole(target, timeZone);
      setIsAskingZone(false);
      toast(
        next.role === 'PROVIDER'
          ? { title: t`Switched to Provider`, description: t`You are now using Locora as a provider.` }
          : { title: t`Switched to Traveler`, description: t`You are now using Locora as a traveler.` },
      );
      navigate(dashboardPath(next.role) ?? '/');
    } catch (error) {
      if (target === 'PROVIDER' && !timeZone && isTimeZoneRequired(error)) return void setIsAskingZone(true);
      toast({ variant: 'destructive', title: t`Role switch failed`, description: t`Please try again.` });
    } finally {
      setIsBusy(false);
    }
  }

  async function handleLogout() {
    // Leave the current page first, so a page that requires sign-in does not redirect to sign-in.
    navigate('/');
    await logout();
  }

  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger
          aria-label={t`Account menu for ${displayName}`}
          className="cursor-pointer rounded-full outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60 focus-visible:ring-offset-2 focus-visible:ring-offset-background"
        >
          <UserAvatar user={user} className="size-9 border" />
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="w-64">
          <DropdownMenuLabel className="flex items-center gap-3 py-2 font-normal">
            <UserAvatar user={user} className="size-10" />
            <div className="flex min-w-0 flex-col gap-1">
              <span className="truncate text-sm font-medium" data-testid="user-menu-name">
                {displayName}
              </span>
              {user.name && <span className="truncate text-xs text-muted-foreground">{user.email}</span>}
              <RoleBadge role={user.role} />
            </div>
          </DropdownMenuLabel>
          <DropdownMenuSeparator />
          <DropdownMenuGroup>
            <DropdownMenuItem asChild>
              <Link to="/settings">
                <Settings aria-hidden="true" />
                <Trans>Settings</Trans>
              </Link>
            </DropdownMenuItem>
            {target && (
              <DropdownMenuItem disabled={isBusy} onSelect={handleSwitch}>
                <ArrowLeftRight aria-hidden="true" />
                {target === 'PROVIDER' ? <Trans>Switch to Provider</Trans> : <Trans>Switch to Traveler</Trans>}
              </DropdownMenuItem>
            )}
          </DropdownMenuGroup>
          <DropdownMenuSeparator />
          <DropdownMenuItem onSelect={() => void handleLogout()}>
            <LogOut aria-hidden="true" />
            <Trans>Log out</Trans>
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      {isAskingZone && (
        <Suspense fallback={null}>
          <TimeZoneDialog
            open={isAskingZone}
            onOpenChange={setIsAskingZone}
            onConfirm={(zone) => void doSwitch(zone)}
            isBusy={isBusy}
          />
        </Suspense>
      )}
    </>
  );
}
