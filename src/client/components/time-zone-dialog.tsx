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
            <DialogTitle>Where do you work?</DialogTitle>
            <DialogDescription>
              Your calendar and bookings are shown in your time zone. Your browser reports {detected ?? 'no time zone'},
              which is not a place.
            </DialogDescription>
          </DialogHeader>
          <TimeZoneSelect value={timeZone} onChange={setTimeZone} required disabled={isBusy} />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={isBusy}>
              Cancel
            </Button>
            <Button type="submit" disabled={isBusy || !timeZone}>
              Switch to Provider
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
