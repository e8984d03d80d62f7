import { useLingui } from '@lingui/react/macro';
import { Star } from '@/components/icons';
import { cn } from '@/lib/utils';

/** 1-5 stars of one review; read out as 'Rated 4 out of 5'. */
export function RatingStars({ value, className }: { value: number; className?: string }) {
  const { t } = useLingui();
  return (
    <div className={cn('flex gap-0.5', className)} role="img" aria-label={t`Rated ${value} out of 5`}>
      {Array.from({ length: 5 }, (_, i) => (
        <Star
          key={i}
          aria-hidden="true"
          className={cn('size-4', i < value ? 'fill-warm text-warm' : 'fill-muted text-muted-foreground/40')}
        />
      ))}
    </div>
  );
}
