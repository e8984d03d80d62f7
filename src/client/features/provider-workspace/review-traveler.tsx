import { useId, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ProviderBooking } from '@shared/api/provider-workspace-responses';
import { REVIEW_TEXT_MAX } from '@shared/domain/booking-lifecycle';
import { apiSaid, PublishedReview } from '@/components/trust/published-review';
import { StarInput } from '@/components/trust/star-input';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api';
import { useLocalDate } from '@/lib/local-date';
import { invalidateAfterTrustChange, reviewTravelerRequest } from '@/lib/trust-api';
import { useNow } from '@/lib/use-now';

/** The provider's review of the traveler: rating and text, sent once. */
function ReviewTravelerDialog({
  bookingId,
  name,
  windowEndsAt,
  open,
  onOpenChange,
}: {
  bookingId: string;
  name: string;
  windowEndsAt: string | null | undefined;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useLingui();
  const id = useId();
  const date = useLocalDate();
  const queryClient = useQueryClient();
  const [rating, setRating] = useState(5);
  const [text, setText] = useState('');
  const send = useMutation({
    mutationFn: () => reviewTravelerRequest({ bookingId, rating, text: text.trim() }),
    onSuccess: () => {
      onOpenChange(false);
      invalidateAfterTrustChange(queryClient);
      toast({
        title: t`Review submitted!`,
        description: t`It is published when ${name} has written theirs, or when the review period ends.`,
      });
    },
    onError: (error) => {
      toast({
        variant: 'destructive',
        title: t`Failed to submit review`,
        description: apiSaid(error) ?? t`Please try again later.`,
      });
      if (error instanceof ApiError && error.status === 409) invalidateAfterTrustChange(queryClient);
    },
  });
  return (
    <Dialog open={open} onOpenChange={(next) => !send.isPending && onOpenChange(next)}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>
            <Trans>Review {name}</Trans>
          </DialogTitle>
          <DialogDescription>
            {windowEndsAt ? (
              <Trans>
                Neither of you reads the other’s review until both are written or the review period ends on{' '}
                {date(windowEndsAt)}.
              </Trans>
            ) : (
              <Trans>Neither of you reads the other’s review until both are written.</Trans>
            )}
          </DialogDescription>
        </DialogHeader>
        <form
          className="flex flex-col gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            if (text.trim() && !send.isPending) send.mutate();
          }}
        >
          <StarInput value={rating} onChange={setRating} disabled={send.isPending} />
          <div className="flex flex-col gap-2">
            <Label htmlFor={`${id}-text`}>
              <Trans>Your review of {name}</Trans>
            </Label>
            <Textarea
              id={`${id}-text`}
              rows={5}
              value={text}
              maxLength={REVIEW_TEXT_MAX}
              placeholder={t`Were they on time, clear and respectful?`}
              disabled={send.isPending}
              onValueChange={(value) => setText(value)}
            />
          </div>
          <DialogFooter>
            <Button variant="outline" type="button" onClick={() => onOpenChange(false)} disabled={send.isPending}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" disabled={!text.trim() || send.isPending} aria-busy={send.isPending}>
              {send.isPending && <Spinner decorative />}
              <Trans>Submit Review</Trans>
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/**
 * On a provider's COMPLETED booking: both reviews as far as the provider may read them (decision
 * 050). Before publication: whether each side has written; then both, with the answer to the
 * traveler's review (the provider's to write) and the traveler's answer to the provider's.
 */
export function ProviderReviewPanel({
  booking,
  travelerName,
  providerName,
}: {
  booking: ProviderBooking;
  travelerName: string;
  providerName: string | null;
}) {
  const { t } = useLingui();
  const date = useLocalDate();
  const [open, setOpen] = useState(false);
  const now = useNow();
  if (booking.status !== 'COMPLETED') return null;
  const mine = booking.travelerReview ?? null;
  const theirs = booking.review ?? null;
  const ends = booking.reviewWindowEndsAt;
  const windowOpen = ends && now !== null ? new Date(ends).getTime() > now : false;
  const published = Boolean(mine?.publishedAt || theirs?.publishedAt);
  return (
    <section aria-label={t`Reviews`} className="flex w-full flex-col gap-2 border-t pt-3">
      {!mine && windowOpen && (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-sm text-muted-foreground">
            {booking.travelerReviewed ? (
              <Trans>{travelerName} reviewed you. Write yours to read it.</Trans>
            ) : (
              ends && (
                <Trans>
                  You can review {travelerName} until {date(ends)}.
                </Trans>
              )
            )}
          </p>
          <Button size="sm" onClick={() => setOpen(true)}>
            <Trans>Review {travelerName}</Trans>
          </Button>
        </div>
      )}
      {mine && !mine.publishedAt && (
        <p className="text-sm text-muted-foreground">
          {ends ? (
            <Trans>
              You reviewed {travelerName}. Both reviews are published when {travelerName} writes theirs, or on{' '}
              {date(ends)}.
            </Trans>
          ) : (
            <Trans>
              You reviewed {travelerName}. Both reviews are published when {travelerName} writes theirs.
            </Trans>
          )}
        </p>
      )}
      {published && theirs?.publishedAt && (
        <PublishedReview
          title={t`${travelerName}’s review of your service`}
          review={theirs}
          answerName={providerName}
          canAnswer
        />
      )}
      {published && mine?.publishedAt && (
        <PublishedReview
          title={t`Your review of ${travelerName}`}
          review={mine}
          answerName={travelerName}
          canAnswer={false}
        />
      )}
      {open && (
        <ReviewTravelerDialog
          bookingId={booking.id}
          name={travelerName}
          windowEndsAt={ends}
          open={open}
          onOpenChange={setOpen}
        />
      )}
    </section>
  );
}
