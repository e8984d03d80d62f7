import { Trans } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { TimeZoneSelect } from '@/components/time-zone-select';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { detectTimeZone } from '@/lib/time-zone';

/**
 * Asks a new provider where they work when the browser's zone names no place (UTC, 'Etc/*'), so a
 * provider's calendar is never silently UTC.
 */
export function TimeZoneDialog({
  open,
  onOpenChange,
  onConfirm,
  isBusy = false,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: (timeZone: string) => void;
  isBusy?: boolean;
}) {
  const [timeZone, setTimeZone] = useState('');
  const detected = detectTimeZone();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (timeZone) onConfirm(timeZone);
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <form onSubmit={handleSubmit} className="flex flex-col gap-4">
          <DialogHeader>
            <DialogTitle>
              <Trans>Where do you work?</Trans>
            </DialogTitle>
            <DialogDescription>
              {detected ? (
                <Trans>
                  Your calendar and bookings are shown in your time zone. Your browser reports {detected}, which is not
                  a place.
                </Trans>
              ) : (
                <Trans>
                  Your calendar and bookings are shown in your time zone. Your browser reports no time zone, which is
                  not a place.
                </Trans>
              )}
            </DialogDescription>
          </DialogHeader>
          <TimeZoneSelect value={timeZone} onChange={setTimeZone} required disabled={isBusy} />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={isBusy}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" disabled={isBusy || !timeZone}>
              <Trans>Switch to Provider</Trans>
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
