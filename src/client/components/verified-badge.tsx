import { BadgeCheck } from 'lucide-react';
import type { GovIdStatus } from '@shared/api/providers';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';

export const isVerified = (status: GovIdStatus) => status === 'APPROVED';

/** The 'Verified' badge of an ID-checked provider (govIdStatus APPROVED). */
export function VerifiedBadge({ className }: { className?: string }) {
  return (
    <Badge variant="soft" className={cn('gap-1', className)} title="Government ID verified">
      <BadgeCheck aria-hidden="true" />
      Verified
    </Badge>
  );
}

/** The compact mark for cards: an icon whose accessible name is 'Verified'. */
export function VerifiedMark({ className }: { className?: string }) {
  return (
    <span className={cn('inline-flex shrink-0 text-primary', className)} title="Verified provider">
      <BadgeCheck className="size-4" aria-hidden="true" />
      <span className="sr-only">Verified</span>
    </span>
  );
}
