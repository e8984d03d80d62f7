import { Star } from 'lucide-react';
import { cn } from '@/lib/utils';
import { formatRating, pluralize } from '@/lib/format';

/** 1-5 stars of one review; read out as 'Rated 4 out of 5'. */
export function RatingStars({ value, className }: { value: number; className?: string }) {
  return (
    <div className={cn('flex gap-0.5', className)} role="img" aria-label={`Rated ${value} out of 5`}>
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

/** '★ 4.6 (7)', or 'New' with no reviews; the full wording is there for screen readers. */
export function RatingSummary({
  rating,
  count,
  className,
  long = false,
}: {
  rating: number;
  count: number;
  className?: string;
  /** '(7 reviews)' instead of '(7)'. */
  long?: boolean;
}) {
  if (count === 0) {
    return (
      <span className={cn('inline-flex items-center gap-1 text-sm text-muted-foreground', className)}>
        <Star className="size-4 text-muted-foreground/70" aria-hidden="true" />
        New<span className="sr-only">, no reviews yet</span>
      </span>
    );
  }
  return (
    <span className={cn('inline-flex items-center gap-1 text-sm', className)}>
      <Star className="size-4 fill-warm text-warm" aria-hidden="true" />
      <span className="font-semibold">{formatRating(rating)}</span>
      <span className="sr-only"> out of 5,</span>
      <span className="text-muted-foreground">
        {long ? (
          `(${pluralize(count, 'review')})`
        ) : (
          <>
            <span aria-hidden="true">({count})</span>
            <span className="sr-only">{pluralize(count, 'review')}</span>
          </>
        )}
      </span>
    </span>
  );
}
