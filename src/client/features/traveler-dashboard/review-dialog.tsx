import { useId, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Star } from '@/components/icons';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { REVIEW_TEXT_MAX } from '@shared/domain/booking-lifecycle';
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
import { cn } from '@/lib/utils';
import { createReviewRequest, invalidateAfterReview } from './bookings-api';

export const DEFAULT_RATING = 5;

/**
 * 1 to 5 stars as a radio group (arrow keys move, the checked star is announced): filled up to the
 * chosen one. The radios are visually hidden; their labels are the stars.
 */
export function StarPicker({
  value,
  onChange,
  disabled,
}: {
  value: number;
  onChange: (value: number) => void;
  disabled?: boolean;
}) {
  const name = useId();
  const [hovered, setHovered] = useState<number | null>(null);
  const shown = hovered ?? value;
  return (
    <fieldset className="flex flex-col gap-2" disabled={disabled}>
      <legend className="mb-2 text-sm leading-none font-medium">
        <Trans>Rating</Trans>
      </legend>
      <div className="flex gap-1" onMouseLeave={() => setHovered(null)}>
        {[1, 2, 3, 4, 5].map((stars) => (
          <label
            key={stars}
            onMouseEnter={() => setHovered(stars)}
            className="relative cursor-pointer rounded-md p-1 has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/60"
          >
            <input
              type="radio"
              name={name}
              value={stars}
              checked={value === stars}
              onChange={() => onChange(stars)}
              className="peer sr-only"
            />
            <Star
              aria-hidden="true"
              className={cn(
                'size-8 transition-colors',
                stars <= shown ? 'fill-warm text-warm' : 'fill-transparent text-muted-foreground',
              )}
            />
            <span className="sr-only">
              <Plural value={stars} one="# star" other="# stars" />
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * The review dialog (docs/product.md) of a completed booking. Rating 1-5 (default 5) and a
 * text; Submit is off while the text is blank. On success: the product's toast, the rating back to 5 and
 * the text empty, the bookings lists (and the pages showing the review) refreshed.
 */
export function ReviewDialog({
  bookingId,
  serviceTitle,
  open,
  onOpenChange,
}: {
  bookingId: string;
  serviceTitle: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const id = useId();
  const [rating, setRating] = useState(DEFAULT_RATING);
  const [text, setText] = useState('');

  const submit = useMutation({
    mutationFn: () => createReviewRequest({ bookingId, rating, text: text.trim() }),
    onSuccess: () => {
      setRating(DEFAULT_RATING);
      setText('');
      onOpenChange(false);
      invalidateAfterReview(queryClient);
      toast({
        title: t`Review submitted!`,
        description: t`Thank you for your feedback.`,
      });
    },
    onError: (error) => {
      // A refusal the traveler can act on (already reviewed, too long) says why; anything else is the product's text.
      const said = error instanceof ApiError && error.status < 500 ? error.body?.message : undefined;
      toast({
        variant: 'destructive',
        title: t`Failed to submit review`,
        description: said ?? t`Please try again later.`,
      });
      if (error instanceof ApiError && error.status === 409) invalidateAfterReview(queryClient);
    },
  });

  const blank = text.trim() === '';
  return (
    <Dialog open={open} onOpenChange={(next) => !submit.isPending && onOpenChange(next)}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>
            <Trans>Write a Review</Trans>
          </DialogTitle>
          <DialogDescription>
            <Trans>How was {serviceTitle}?</Trans>{' '}
            <Trans>Neither of you reads the other’s review until both are written.</Trans>
          </DialogDescription>
        </DialogHeader>
        <form
          className="flex flex-col gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            if (!blank && !submit.isPending) submit.mutate();
          }}
        >
          <StarPicker value={rating} onChange={setRating} disabled={submit.isPending} />
          <div className="flex flex-col gap-2">
            <Label htmlFor={`${id}-text`}>
              <Trans>Your review</Trans>
            </Label>
            <Textarea
              id={`${id}-text`}
              rows={5}
              value={text}
              maxLength={REVIEW_TEXT_MAX}
              placeholder={t`Share your experience...`}
              disabled={submit.isPending}
              onValueChange={(value) => setText(value)}
            />
          </div>
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)} disabled={submit.isPending}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" disabled={blank || submit.isPending} aria-busy={submit.isPending}>
              {submit.isPending && <Spinner decorative />}
              <Trans>Submit Review</Trans>
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
