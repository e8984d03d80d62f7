import { Trans, useLingui } from '@lingui/react/macro';
import type { Booking } from '@shared/api/bookings-responses';
import { PublishedReview } from '@/components/trust/published-review';
import { useNow } from '@/lib/use-now';

/**
 * On the traveler's booking page: their own review as they wrote it (with the provider's answer
 * once public, or when it will be published), the provider's review of them once published (which
 * they may answer), or that the provider has reviewed them and theirs is awaited.
 */
export function TravelerReviewPanel({ booking }: { booking: Booking }) {
  const { t } = useLingui();
  const now = useNow();
  if (booking.status !== 'COMPLETED') return null;
  const provider = booking.service.provider.displayName;
  const theirs = booking.providerReview ?? null;
  const mine = booking.review ?? null;
  const ends = booking.reviewWindowEndsAt;
  const windowOpen = ends && now !== null ? new Date(ends).getTime() > now : false;
  if (!theirs?.publishedAt && !mine) {
    if (!booking.providerReviewed || !windowOpen) return null;
    return (
      <p className="rounded-lg border bg-accent p-3 text-sm text-accent-foreground">
        <Trans>{provider} reviewed you. Write yours to read it.</Trans>
      </p>
    );
  }
  return (
    <section aria-label={t`Reviews`} className="flex flex-col gap-3">
      {mine && !mine.publishedAt && (
        <p className="text-sm text-muted-foreground">
          <Trans>Your review is published when {provider} has written theirs, or when the review period ends.</Trans>
        </p>
      )}
      {/* Her own review, as she wrote it (its author always reads it), with the provider's answer once public. */}
      {mine && <PublishedReview title={t`Your review`} review={mine} answerName={provider} canAnswer={false} />}
      {theirs?.publishedAt && (
        <PublishedReview
          title={t`${provider}’s review of you`}
          review={theirs}
          answerName={booking.user.name ?? t`Traveler`}
          canAnswer
        />
      )}
    </section>
  );
}
