import { Trans, useLingui } from '@lingui/react/macro';
import { BadgeCheck } from '@/components/icons';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';

// Apart from verified-badge.tsx, whose mark the first page's cards show: only a service's and a
// provider's page show the badge.

/** The 'Verified' badge of an ID-checked provider (govIdStatus APPROVED). */
export function VerifiedBadge({ className }: { className?: string }) {
  const { t } = useLingui();
  return (
    <Badge variant="soft" className={cn('gap-1', className)} title={t`Government ID verified`}>
      <BadgeCheck aria-hidden="true" />
      <Trans>Verified</Trans>
    </Badge>
  );
}
