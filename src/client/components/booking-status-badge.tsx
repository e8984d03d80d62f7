import { Trans } from '@lingui/react/macro';
import { bookingStatusTone, type BookingStatusTone } from '@shared/domain/booking-status';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';
import { useBookingStatusLabel } from '@/lib/booking-words';

/** Each status's own colour (shared/domain/booking-status.ts), legible in both themes. */
const TONE_CLASSES: Record<BookingStatusTone, string> = {
  amber: 'border-transparent bg-amber-100 text-amber-900 dark:bg-amber-500/20 dark:text-amber-200',
  sky: 'border-transparent bg-sky-100 text-sky-900 dark:bg-sky-500/20 dark:text-sky-200',
  emerald: 'border-transparent bg-emerald-100 text-emerald-900 dark:bg-emerald-500/20 dark:text-emerald-200',
  violet: 'border-transparent bg-violet-100 text-violet-900 dark:bg-violet-500/20 dark:text-violet-200',
  slate: 'border-transparent bg-slate-200 text-slate-800 dark:bg-slate-500/25 dark:text-slate-200',
  rose: 'border-transparent bg-rose-100 text-rose-900 dark:bg-rose-500/20 dark:text-rose-200',
  unknown: '',
};

/** A booking's status; a value this version does not know shows as its raw text (docs/product.md). */
export function BookingStatusBadge({
  status,
  declined,
  className,
}: {
  status: string;
  /** A CANCELED request the provider declined (from its history): shown as 'Declined'. */
  declined?: boolean | undefined;
  className?: string;
}) {
  const tone = bookingStatusTone(status);
  const label = useBookingStatusLabel();
  return (
    <Badge
      variant={tone === 'unknown' ? 'outline' : undefined}
      className={cn(TONE_CLASSES[tone], className)}
      data-status={status}
      data-declined={declined || undefined}
    >
      {declined && status === 'CANCELED' ? <Trans>Declined</Trans> : label(status)}
    </Badge>
  );
}
