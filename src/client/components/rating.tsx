import { plural } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Star } from '@/components/icons';
import { cn } from '@/lib/utils';
import { formatRating } from '@/lib/format';

export { RatingStars } from './rating-stars';

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
  const { t } = useLingui();
  if (count === 0) {
    return (
      <span className={cn('inline-flex items-center gap-1 text-sm text-muted-foreground', className)}>
        <Star className="size-4 text-muted-foreground/70" aria-hidden="true" />
        <Trans>
          New<span className="sr-only">, no reviews yet</span>
        </Trans>
      </span>
    );
  }
  return (
    <span className={cn('inline-flex items-center gap-1 text-sm', className)}>
      <Star className="size-4 fill-warm text-warm" aria-hidden="true" />
      <span className="font-semibold">{formatRating(rating)}</span>
      <span className="sr-only">
        {' '}
        <Trans>out of 5,</Trans>
      </span>
      <span className="text-muted-foreground">
        {long ? (
          // One message with the screen-reader wording below: the brackets stay outside it.
          `(${t`${plural(count, { one: '# review', other: '# reviews' })}`})`
        ) : (
          <>
            <span aria-hidden="true">({count})</span>
            <span className="sr-only">
              <Plural value={count} one="# review" other="# reviews" />
            </span>
          </>
        )}
      </span>
    </span>
  );
}
