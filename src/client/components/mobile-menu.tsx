import type { ReactNode, RefObject } from 'react';
import { Link, NavLink } from 'react-router';
import { Button } from '@/components/ui/button';
import { Separator } from '@/components/ui/separator';
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from '@/components/ui/sheet';
import { cn } from '@/lib/utils';
import { Trans, useLingui } from '@lingui/react/macro';
import { LanguageMenu } from './language-menu';

export interface NavItem {
  to: string;
  label: string;
  /** Shown beside the label (the unread messages count). */
  badge?: ReactNode;
}

const mobileLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'flex items-center rounded-md px-3 py-3 text-base font-medium outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/60',
    isActive && 'bg-accent text-accent-foreground',
  );

/**
 * The phone navigation sheet. Loaded the first time the menu button is pressed (the header keeps
 * the button), so the dialog code is not part of the first chunk; focus goes back to that button
 * when the sheet closes.
 */
export function MobileMenu({
  open,
  onOpenChange,
  items,
  isSignedOut,
  triggerRef,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  items: NavItem[];
  isSignedOut: boolean;
  triggerRef: RefObject<HTMLButtonElement | null>;
}) {
  const close = () => onOpenChange(false);
  const { t } = useLingui();
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent
        id="mobile-menu"
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          triggerRef.current?.focus();
        }}
      >
        <SheetHeader className="border-b">
          <SheetTitle>
            <Trans>Menu</Trans>
          </SheetTitle>
          <SheetDescription className="sr-only">
            <Trans>Site navigation</Trans>
          </SheetDescription>
        </SheetHeader>
        <nav aria-label={t`Mobile`} className="flex flex-col gap-1 px-3">
          {items.map((item) => (
            <NavLink key={item.to} to={item.to} className={mobileLinkClass} onClick={close}>
              {item.label}
              {item.badge}
            </NavLink>
          ))}
        </nav>
        {isSignedOut && (
          <>
            <Separator />
            <div className="flex flex-col gap-2 px-4">
              <Button asChild variant="outline" size="lg" onClick={close}>
                <Link to="/auth/signin">
                  <Trans>Sign In</Trans>
                </Link>
              </Button>
              <Button asChild size="lg" onClick={close}>
                <Link to="/auth/signup">
                  <Trans>Sign Up</Trans>
                </Link>
              </Button>
            </div>
          </>
        )}
        <Separator />
        <LanguageMenu showLabel className="justify-between px-4" />
      </SheetContent>
    </Sheet>
  );
}
