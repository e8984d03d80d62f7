import type { ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import { safeNextPath } from '@shared/domain/return-path';
import { Button } from '@/components/ui/button';

function GoogleLogo() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className="size-4">
      <path
        fill="#4285F4"
        d="M23.49 12.27c0-.79-.07-1.54-.19-2.27H12v4.51h6.47a5.57 5.57 0 0 1-2.4 3.58v3h3.86c2.26-2.09 3.56-5.17 3.56-8.82Z"
      />
      <path
        fill="#34A853"
        d="M12 24c3.24 0 5.95-1.08 7.93-2.91l-3.86-3A7.18 7.18 0 0 1 12 19.3a7.15 7.15 0 0 1-6.72-4.95H1.29v3.09A12 12 0 0 0 12 24Z"
      />
      <path fill="#FBBC05" d="M5.28 14.35a7.2 7.2 0 0 1 0-4.7V6.56H1.29a12 12 0 0 0 0 10.88l3.99-3.09Z" />
      <path
        fill="#EA4335"
        d="M12 4.75c1.77 0 3.35.61 4.6 1.8l3.43-3.43A11.5 11.5 0 0 0 12 0 12 12 0 0 0 1.29 6.56l3.99 3.09A7.15 7.15 0 0 1 12 4.75Z"
      />
    </svg>
  );
}

/**
 * Starts Google sign-in: a full browser navigation to the API (docs/product.md), with the safe
 * `next`, and from the sign-up page the chosen role (and a provider's time zone) for a new account.
 * `onStart` may stop it (returning false), e.g. while a provider has no time zone yet.
 */
export function GoogleButton({
  children,
  disabled,
  next,
  role,
  timeZone,
  onStart,
}: {
  children: ReactNode;
  disabled?: boolean;
  next?: string;
  role?: 'TRAVELER' | 'PROVIDER';
  timeZone?: string;
  onStart?: () => boolean;
}) {
  return (
    <Button
      variant="outline"
      size="lg"
      className="w-full"
      disabled={disabled}
      onClick={() => {
        if (onStart && !onStart()) return;
        const params = new URLSearchParams();
        const safe = safeNextPath(next);
        if (safe) params.set('next', safe);
        if (role === 'PROVIDER') {
          params.set('role', role);
          if (timeZone) params.set('timeZone', timeZone);
        }
        const query = params.toString();
        window.location.href = query ? `/api/auth/google?${query}` : '/api/auth/google';
      }}
    >
      <GoogleLogo />
      {children}
    </Button>
  );
}

export function OrDivider() {
  return (
    <div className="relative flex items-center py-1 text-xs text-muted-foreground uppercase" aria-hidden="true">
      <span className="h-px flex-1 bg-border" />
      <span className="px-3">
        <Trans>or</Trans>
      </span>
      <span className="h-px flex-1 bg-border" />
    </div>
  );
}
