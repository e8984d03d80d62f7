import { lazy, Suspense, useState } from 'react';
import { Flag } from '@/components/icons';
import { useLingui } from '@lingui/react/macro';
import type { ReportTargetType } from '@shared/domain/reports';
import { Button } from '@/components/ui/button';
import { useAuth } from '@/lib/auth-context';
import { cn } from '@/lib/utils';

// The dialog (its form, the dialog primitives, the request) loads on the first press: the pages that
// show a "Report" button (a service, a provider, reviews, messages) do not pay for it on first view.
const ReportDialog = lazy(() => import('./report-dialog').then((m) => ({ default: m.ReportDialog })));

/**
 * "Report" (or "Report a problem" on a booking): a dialog with the fixed reasons and a note, sent
 * to POST /api/reports. A person reports one thing once; a second time is said plainly.
 */
export function ReportButton({
  targetType,
  targetId,
  problem = false,
  className,
  size = 'sm',
}: {
  targetType: ReportTargetType;
  targetId: string;
  /** On a booking: "Report a problem", safety offered first. */
  problem?: boolean;
  className?: string;
  size?: 'sm' | 'icon';
}) {
  const { t } = useLingui();
  const { user } = useAuth();
  const [open, setOpen] = useState(false);
  // Travelers and providers report; a visitor signs in first, and admins act on reports instead.
  if (!user || user.role === 'ADMIN') return null;
  const label = problem ? t`Report a problem` : t`Report`;
  return (
    <>
      <Button
        type="button"
        variant="ghost"
        size={size === 'icon' ? 'icon' : 'sm'}
        className={cn('text-muted-foreground', className)}
        aria-label={size === 'icon' ? label : undefined}
        title={size === 'icon' ? label : undefined}
        onClick={() => setOpen(true)}
      >
        <Flag className="size-4" aria-hidden="true" />
        {size !== 'icon' && label}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <ReportDialog
            targetType={targetType}
            targetId={targetId}
            problem={problem}
            open={open}
            onOpenChange={setOpen}
          />
        </Suspense>
      )}
    </>
  );
}
