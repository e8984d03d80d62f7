import { useState } from 'react';
import { Info } from 'lucide-react';
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
  const [isSwitching, setIsSwitching] = useState(false);
  if (role === 'TRAVELER') return null;
  if (role === 'ADMIN')
    return (
      <Alert variant="info" data-testid="travelers-only">
        <Info aria-hidden="true" />
        <AlertTitle>Admins do not book</AlertTitle>
        <AlertDescription>
          Admin accounts look after Locora and cannot book services. Sign in with a traveler account to book.
        </AlertDescription>
      </Alert>
    );

  async function handleSwitch() {
    setIsSwitching(true);
    try {
      await switchRole('TRAVELER');
      toast({ title: 'Switched to Traveler', description: 'You are now using Locora as a traveler.' });
      onSwitched?.();
    } catch {
      toast({ variant: 'destructive', title: 'Role switch failed', description: 'Please try again.' });
    } finally {
      setIsSwitching(false);
    }
  }

  return (
    <Alert variant="info" data-testid="travelers-only">
      <Info aria-hidden="true" />
      <AlertTitle>Only travelers book</AlertTitle>
      <AlertDescription className="flex flex-col items-start gap-3">
        <p>You are using Locora as a provider. Switch to Traveler to book; the date you chose is kept.</p>
        <Button size="sm" onClick={() => void handleSwitch()} disabled={isSwitching}>
          {isSwitching && <Spinner decorative />}
          Switch to Traveler
        </Button>
      </AlertDescription>
    </Alert>
  );
}
