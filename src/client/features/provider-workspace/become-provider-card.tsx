import { lazy, Suspense, useState } from 'react';
import { Store } from 'lucide-react';
import type { User } from '@shared/api/auth-responses';
import { PROVIDER_TIME_ZONE_REQUIRED } from '@shared/api/messages';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api';
import { useAuth } from '@/lib/auth-context';
import { detectProviderTimeZone } from '@/lib/time-zone';

const TimeZoneDialog = lazy(() => import('@/components/time-zone-dialog').then((m) => ({ default: m.TimeZoneDialog })));

/**
 * What a signed-in traveler sees at /dashboard/provider: an offer to switch to provider (the same
 * call as the header's switch), instead of a blank page.
 */
export function BecomeProviderCard({ user }: { user: User }) {
  const { switchRole } = useAuth();
  const [isBusy, setIsBusy] = useState(false);
  const [isAskingZone, setIsAskingZone] = useState(false);

  async function doSwitch(timeZone: string | undefined) {
    setIsBusy(true);
    try {
      await switchRole('PROVIDER', timeZone);
      setIsAskingZone(false);
      toast({ title: 'Switched to Provider', description: 'You are now using Locora as a provider.' });
    } catch (error) {
      if (!timeZone && error instanceof ApiError && error.bodyText.includes(PROVIDER_TIME_ZONE_REQUIRED)) {
        setIsAskingZone(true);
        return;
      }
      toast({ variant: 'destructive', title: 'Role switch failed', description: 'Please try again.' });
    } finally {
      setIsBusy(false);
    }
  }

  return (
    <Card className="mx-auto w-full max-w-lg">
      <CardHeader className="items-center text-center">
        <div className="mx-auto mb-2 flex size-12 items-center justify-center rounded-full bg-accent text-accent-foreground">
          <Store className="size-6" aria-hidden="true" />
        </div>
        <CardTitle asChild>
          <h1 className="text-2xl">Become a provider</h1>
        </CardTitle>
        <CardDescription>
          {user.name ? `${user.name}, you` : 'You'} are signed in as a traveler. Switch to provider to offer your
          services, manage bookings and set your availability. You can switch back at any time.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex justify-center">
        <Button size="lg" onClick={() => void doSwitch(detectProviderTimeZone())} disabled={isBusy} aria-busy={isBusy}>
          {isBusy && <Spinner decorative />}
          Switch to Provider
        </Button>
      </CardContent>
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
    </Card>
  );
}
