import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { Heart } from '@/components/icons';
import type { Service } from '@shared/api/catalog';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { useAuth } from '@/lib/auth-context';
import { signInAddress, useCurrentPath } from '@/lib/sign-in-address';
import { cn } from '@/lib/utils';
import { saveFailedToast, useIsSaved } from './favorites';

const loadToggle = () => import('./favorite-toggle');

/**
 * The heart toggle of a service. Signed in it saves or unsaves at once (optimistically); signed
 * out it goes to sign in, which comes back to this page (decision 016).
 */
export function FavoriteButton({
  service,
  variant = 'overlay',
  className,
}: {
  service: Service;
  /** 'overlay' sits on a photo; 'outline' stands next to a title. */
  variant?: 'overlay' | 'outline';
  className?: string;
}) {
  const { user, isLoading } = useAuth();
  const navigate = useNavigate();
  const currentPath = useCurrentPath();
  const isSaved = useIsSaved(service.id);
  const queryClient = useQueryClient();

  // Signed in: the toggle's code is fetched now, so the first tap fills the heart at once.
  useEffect(() => {
    if (user) loadToggle().catch(() => undefined); // A tap tries again, and says so if it fails.
  }, [user]);

  function handleClick() {
    if (isLoading) return;
    if (!user) {
      navigate(signInAddress(currentPath, 'save'));
      return;
    }
    const save = !isSaved;
    loadToggle().then(
      ({ toggleFavorite }) => toggleFavorite(queryClient, service, save),
      // Offline, or a tab older than the last deploy: the code could not be fetched.
      () => toast(saveFailedToast()),
    );
  }

  return (
    <Button
      variant={variant === 'outline' ? 'outline' : 'ghost'}
      size="icon"
      aria-pressed={isSaved}
      aria-label={isSaved ? 'Remove from saved' : 'Save service'}
      title={isSaved ? 'Remove from saved' : 'Save service'}
      onClick={handleClick}
      className={cn(
        'rounded-full',
        variant === 'overlay' &&
          'size-9 bg-background/90 text-foreground shadow-sm backdrop-blur hover:bg-background dark:bg-background/80 dark:hover:bg-background',
        className,
      )}
    >
      <Heart
        aria-hidden="true"
        className={cn('size-5 transition-colors', isSaved ? 'fill-destructive text-destructive' : 'text-current')}
      />
    </Button>
  );
}
