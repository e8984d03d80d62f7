import { lazy, Suspense, useState } from 'react';
import { Store } from '@/components/icons';
import type { User } from '@shared/api/auth-responses';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { CardDescription, CardHeader, CardTitle } from '@/components/ui/card-parts';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { useAuth } from '@/lib/auth-context';
import { detectProviderTimeZone, isTimeZoneRequired } from '@/lib/time-zone';
import { Trans, useLingui } from '@lingui/react/macro';

const TimeZoneDialog = lazy(() => import('@/components/time-zone-dialog').then((m) => ({ default: m.TimeZoneDialog })));

/**
 * What a signed-in traveler sees at /dashboard/provider: an offer to switch to provider (the same
 * call as the header's switch), instead of a blank page.
 */
export function BecomeProviderCard({ user }: { user: User }) {
  const { switchRole } = useAuth();
  const { t } = useLingui();
  const [isBusy, setIsBusy] = useState(false);
  const [isAskingZone, setIsAskingZone] = useState(false);

  async function doSwitch(timeZone: string | undefined) {
    setIsBusy(true);
    try {
      await switchRole('PROVIDER', timeZone);
      setIsAskingZone(false);
      toast({ title: t`Switched to Provider`, description: t`You are now using Locora as a provider.` });
    } catch (error) {
      if (!timeZone && isTimeZoneRequired(error)) {
        setIsAskingZone(true);
        return;
      }
      toast({ variant: 'destructive', title: t`Role switch failed`, description: t`Please try again.` });
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
          <h1 className="text-2xl">
            <Trans>Become a provider</Trans>
          </h1>
        </CardTitle>
        <CardDescription>
          {user.name ? (
            <Trans>
              {user.name}, you are signed in as a traveler. Switch to provider to offer your services, manage bookings
              and set your availability. You can switch back at any time.
            </Trans>
          ) : (
            <Trans>
              You are signed in as a traveler. Switch to provider to offer your services, manage bookings and set your
              availability. You can switch back at any time.
            </Trans>
          )}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex justify-center">
        <Button size="lg" onClick={() => void doSwitch(detectProviderTimeZone())} disabled={isBusy} aria-busy={isBusy}>
          {isBusy && <Spinner decorative />}
          <Trans>Switch to Provider</Trans>
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
