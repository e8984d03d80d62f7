import { Trans, useLingui } from '@lingui/react/macro';
import { BadgeCheck } from '@/components/icons';
import type { GovIdStatus } from '@shared/api/providers';
import { cn } from '@/lib/utils';

export const isVerified = (status: GovIdStatus) => status === 'APPROVED';

/** The compact mark for cards: an icon whose accessible name is 'Verified'. */
export function VerifiedMark({ className }: { className?: string }) {
  const { t } = useLingui();
  return (
    <span className={cn('inline-flex shrink-0 text-primary', className)} title={t`Verified provider`}>
      <BadgeCheck className="size-4" aria-hidden="true" />
      <span className="sr-only">
        <Trans>Verified</Trans>
      </span>
    </span>
  );
}
