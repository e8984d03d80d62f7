import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Star } from '@/components/icons';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { TravelerRecord } from '@shared/api/trust-responses';
import { intlLocale } from '@shared/domain/locales';
import { RatingStars } from '@/components/rating';
import { ReviewAnswer } from '@/components/trust/review-answer';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useLocale } from '@/lib/locale';
import { useLocalDate } from '@/lib/local-date';
import { travelerCardQuery } from '@/lib/trust-api';

/**
 * Who is asking (decision 050), on a provider's request card: the traveler's rating from
 * providers' published reviews, their completed bookings and when they joined; their reviews, with
 * the traveler's answers, on demand.
 */
export function TravelerRecordLine({ record }: { record: TravelerRecord }) {
  const { t } = useLingui();
  const locale = useLocale();
  const [showReviews, setShowReviews] = useState(false);
  const joined = new Intl.DateTimeFormat(intlLocale(locale), { month: 'long', year: 'numeric' }).format(
    new Date(record.joinedAt),
  );
  const rating = new Intl.NumberFormat(intlLocale(locale), {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  }).format(record.rating);
  const completed = record.completedBookings;
  const count = record.ratingCount;
  return (
    <div className="flex w-full flex-col gap-2" data-testid="traveler-record">
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
        <span>
          <Trans>Joined {joined}</Trans>
        </span>
        <span>
          <Plural value={completed} one="# completed booking" other="# completed bookings" />
        </span>
        {count > 0 ? (
          <span className="inline-flex items-center gap-1">
            <Star className="size-3.5 fill-warm text-warm" aria-hidden="true" />
            <span className="font-medium text-foreground">{rating}</span>
            <Plural value={count} one="from # provider review" other="from # provider reviews" />
            <Button
              variant="link"
              size="sm"
              className="h-auto p-0"
              aria-expanded={showReviews}
              onClick={() => setShowReviews((v) => !v)}
            >
              {showReviews ? t`Hide reviews` : t`Read reviews`}
            </Button>
          </span>
        ) : (
          <span>
            <Trans>No reviews from providers yet</Trans>
          </span>
        )}
      </p>
      {showReviews && <TravelerReviews travelerId={record.id} name={record.name ?? t`Traveler`} />}
    </div>
  );
}

function TravelerReviews({ travelerId, name }: { travelerId: string; name: string }) {
  const card = useQuery(travelerCardQuery(travelerId));
  const date = useLocalDate();
  if (card.isPending) return <Spinner />;
  if (card.isError)
    return (
      <p className="text-sm text-destructive">
        <Trans>The reviews could not be loaded.</Trans>
      </p>
    );
  return (
    <ul className="flex flex-col gap-3">
      {card.data.reviews.map((r) => (
        <li key={r.id} className="flex flex-col gap-1 rounded-lg border p-3 text-sm">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <span className="font-medium">{r.author.name}</span>
            <time dateTime={r.publishedAt} className="text-muted-foreground">
              {date(r.publishedAt)}
            </time>
          </div>
          <RatingStars value={r.rating} />
          <p className="text-pretty wrap-anywhere whitespace-pre-line">{r.text}</p>
          {r.answer && <ReviewAnswer name={name} answer={r.answer} answeredAt={r.answeredAt} />}
        </li>
      ))}
    </ul>
  );
}
