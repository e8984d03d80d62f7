import { useId, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import type { BookingReview } from '@shared/api/trust-responses';
import { ANSWER_EDIT_HOURS, ANSWER_TEXT_MAX } from '@shared/domain/reviews';
import { RatingStars } from '@/components/rating';
import { ReportButton } from '@/components/trust/report-button';
import { ReviewAnswer } from '@/components/trust/review-answer';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api';
import { useLocalDate } from '@/lib/local-date';
import { useHiddenNoteWords } from '@/lib/moderation-words';
import { answerReviewRequest, invalidateAfterTrustChange } from '@/lib/trust-api';

const HOUR_MS = 3600 * 1000;

export function apiSaid(error: unknown): string | undefined {
  return error instanceof ApiError && error.status < 500 ? error.body?.message : undefined;
}

/** A published review as one of the booking's two people reads it: stars, text, its answer or a form to answer it. */
export function PublishedReview({
  title,
  review,
  answerName,
  canAnswer,
}: {
  title: string;
  review: BookingReview;
  /** Who answers it (the reviewed side's name; without it, "the provider"). */
  answerName: string | null;
  /** The reader is the reviewed side: they may answer once, and change it for 48 hours. */
  canAnswer: boolean;
}) {
  const noteWords = useHiddenNoteWords();
  if (review.hiddenNote)
    return (
      <div
        data-testid="published-review"
        className="flex flex-col gap-1 rounded-lg border border-dashed p-3 text-sm text-muted-foreground"
      >
        <p className="font-medium text-foreground">{title}</p>
        <p>{noteWords(review.hiddenNote)}</p>
      </div>
    );
  return (
    <div data-testid="published-review" className="flex flex-col gap-2 rounded-lg border p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm font-medium">{title}</p>
        {canAnswer && <ReportButton targetType="review" targetId={review.id} size="icon" />}
      </div>
      <RatingStars value={review.rating} />
      <p className="text-sm text-pretty wrap-anywhere whitespace-pre-line">{review.text}</p>
      {canAnswer ? (
        <AnswerForm review={review} name={answerName} />
      ) : (
        review.answer && <ReviewAnswer name={answerName} answer={review.answer} answeredAt={review.answeredAt} />
      )}
    </div>
  );
}

/** The reviewed side's answer: written once, publicly; it can be changed for 48 hours. */
function AnswerForm({ review, name }: { review: BookingReview; name: string | null }) {
  const { t } = useLingui();
  const id = useId();
  const date = useLocalDate();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(review.answer ?? '');
  const editableUntil = review.answeredAt
    ? new Date(new Date(review.answeredAt).getTime() + ANSWER_EDIT_HOURS * HOUR_MS)
    : null;
  const [now] = useState(() => Date.now());
  const canEdit = editableUntil ? editableUntil.getTime() > now : true;
  const save = useMutation({
    mutationFn: () => answerReviewRequest(review.id, text.trim()),
    onSuccess: () => {
      setEditing(false);
      invalidateAfterTrustChange(queryClient);
      toast({ title: t`Answer published`, description: t`Everyone who reads the review sees your answer.` });
    },
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: t`Could not save the answer`,
        description: apiSaid(error) ?? t`Please try again later.`,
      }),
  });
  if (review.answer && !editing)
    return (
      <div className="flex flex-col gap-2">
        <ReviewAnswer name={name} answer={review.answer} answeredAt={review.answeredAt} />
        {canEdit && editableUntil && (
          <div className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
            <Trans>You can change your answer until {date(editableUntil)}.</Trans>
            <Button variant="link" size="sm" className="h-auto p-0" onClick={() => setEditing(true)}>
              <Trans>Edit answer</Trans>
            </Button>
          </div>
        )}
      </div>
    );
  return (
    <form
      className="flex flex-col gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (text.trim() && !save.isPending) save.mutate();
      }}
    >
      <Label htmlFor={`${id}-answer`}>
        {review.answer ? <Trans>Your answer</Trans> : <Trans>Answer publicly</Trans>}
      </Label>
      <Textarea
        id={`${id}-answer`}
        rows={3}
        value={text}
        maxLength={ANSWER_TEXT_MAX}
        disabled={save.isPending}
        onValueChange={(value) => setText(value)}
      />
      <p className="text-xs text-muted-foreground">
        <Trans>Your answer is shown under the review. You can change it for {ANSWER_EDIT_HOURS} hours.</Trans>
      </p>
      <div>
        <Button type="submit" size="sm" disabled={!text.trim() || save.isPending} aria-busy={save.isPending}>
          {save.isPending && <Spinner decorative />}
          {review.answer ? <Trans>Save answer</Trans> : <Trans>Publish answer</Trans>}
        </Button>
      </div>
    </form>
  );
}
