import { Link } from 'react-router';
import { MessageSquareText } from '@/components/icons';
import { Trans, useLingui } from '@lingui/react/macro';
import type { PublicReview } from '@shared/api/catalog';
import { PersonAvatar } from '@/components/person-avatar';
import { RatingStars } from '@/components/rating';
import { ReportButton } from '@/components/trust/report-button';
import { ReviewAnswer } from '@/components/trust/review-answer';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDate } from '@/lib/format-date';
import { useViewerTimeZone } from '@/lib/viewer-clock';
import { useLocale } from '@/lib/locale';

/** Reviews newest first: author, stars, date ('MMM d, yyyy') and text; the service when asked. */
export function ReviewList({
  reviews,
  emptyText,
  showService = false,
  linkableServiceIds,
  answerName,
}: {
  reviews: PublicReview[];
  emptyText: string;
  /** On a provider's page, each review names the service it is about. */
  showService?: boolean;
  /** Services that can be opened (active ones); the others are named without a link. */
  linkableServiceIds?: ReadonlySet<string>;
  /** Who answers the reviews (the provider's name), shown with each answer. */
  answerName?: string;
}) {
  const { t } = useLingui();
  const timeZone = useViewerTimeZone();
  const locale = useLocale();
  if (reviews.length === 0) {
    return (
      <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed px-4 py-10 text-center">
        <MessageSquareText className="size-8 text-muted-foreground" aria-hidden="true" />
        <p className="text-muted-foreground">{emptyText}</p>
      </div>
    );
  }
  return (
    <ul className="flex flex-col divide-y rounded-xl border bg-card">
      {reviews.map((review) => {
        const author = review.author.name?.trim() || t`Traveler`;
        return (
          <li key={review.id} className="flex flex-col gap-3 p-4 sm:p-5">
            <div className="flex items-start gap-3">
              <PersonAvatar name={author} image={review.author.image} className="size-10" onceLive />
              <div className="flex min-w-0 flex-1 flex-col gap-1">
                <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
                  <p className="font-medium">{author}</p>
                  <time dateTime={review.createdAt} className="text-sm text-muted-foreground">
                    {formatDate(review.createdAt, locale, timeZone)}
                  </time>
                </div>
                <RatingStars value={review.rating} />
              </div>
            </div>
            {showService && (
              <p className="text-sm text-muted-foreground">
                <Trans>
                  Reviewed{' '}
                  {!linkableServiceIds || linkableServiceIds.has(review.service.id) ? (
                    <Link
                      to={`/service/${review.service.id}`}
                      className="font-medium text-foreground underline-offset-4 hover:text-primary hover:underline"
                    >
                      {review.service.title}
                    </Link>
                  ) : (
                    <span className="font-medium text-foreground">{review.service.title}</span>
                  )}
                </Trans>
              </p>
            )}
            <p className="text-pretty wrap-anywhere whitespace-pre-line">{review.text}</p>
            {review.answer && <ReviewAnswer name={answerName} answer={review.answer} answeredAt={review.answeredAt} />}
            <div className="flex justify-end">
              <ReportButton targetType="review" targetId={review.id} size="icon" className="size-8" />
            </div>
          </li>
        );
      })}
    </ul>
  );
}

export function ReviewListSkeleton({ count = 3 }: { count?: number }) {
  return (
    <div className="flex flex-col divide-y rounded-xl border bg-card">
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="flex flex-col gap-3 p-5">
          <div className="flex items-center gap-3">
            <Skeleton className="size-10 rounded-full" />
            <div className="flex flex-1 flex-col gap-2">
              <Skeleton className="h-4 w-32" />
              <Skeleton className="h-3 w-24" />
            </div>
          </div>
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-2/3" />
        </div>
      ))}
    </div>
  );
}
