import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Info } from '@/components/icons';
import type { Role } from '@shared/api/auth';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { useAuth } from '@/lib/auth-context';

/**
 * Only travelers book. A provider is offered to switch to their traveler side (and `onSwitched`
 * carries on with what they chose, the date included); an admin is told that admins do not book.
 */
export function TravelersOnly({ role, onSwitched }: { role: Role; onSwitched?: () => void }) {
  const { switchRole } = useAuth();
  const { t } = useLingui();
  const [isSwitching, setIsSwitching] = useState(false);
  if (role === 'TRAVELER') return null;
  if (role === 'ADMIN')
    return (
      <Alert variant="info" data-testid="travelers-only">
        <Info aria-hidden="true" />
        <AlertTitle>
          <Trans>Admins do not book</Trans>
        </AlertTitle>
        <AlertDescription>
          <Trans>
            Admin accounts look after Locora and cannot book services. Sign in with a traveler account to book.
          </Trans>
        </AlertDescription>
      </Alert>
    );

  async function handleSwitch() {
    setIsSwitching(true);
    try {
      await switchRole('TRAVELER');
      toast({ title: t`Switched to Traveler`, description: t`You are now using Locora as a traveler.` });
      onSwitched?.();
    } catch {
      toast({ variant: 'destructive', title: t`Role switch failed`, description: t`Please try again.` });
    } finally {
      setIsSwitching(false);
    }
  }

  return (
    <Alert variant="info" data-testid="travelers-only">
      <Info aria-hidden="true" />
      <AlertTitle>
        <Trans>Only travelers book</Trans>
      </AlertTitle>
      <AlertDescription className="flex flex-col items-start gap-3">
        <p>
          <Trans>You are using Locora as a provider. Switch to Traveler to book; the date you chose is kept.</Trans>
        </p>
        <Button size="sm" onClick={() => void handleSwitch()} disabled={isSwitching}>
          {isSwitching && <Spinner decorative />}
          <Trans>Switch to Traveler</Trans>
        </Button>
      </AlertDescription>
    </Alert>
  );
}
