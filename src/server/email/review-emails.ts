/**
 * Emails of two-sided blind reviews (decision 050): the other side wrote theirs (write yours to
 * read it), and the reviews of a booking are published.
 */
import { renderEmail, type RenderedEmail } from './templates.ts';

/** Where each side writes and reads the reviews of its bookings. */
export const reviewsPath = (side: 'traveler' | 'provider') =>
  side === 'traveler' ? '/dashboard/traveler?tab=past' : '/dashboard/provider?tab=bookings';

/** "Chef Paolo reviewed you. Write yours to read it." */
export function reviewedYouEmail(input: {
  appUrl: string;
  recipientName: string | null;
  recipientSide: 'traveler' | 'provider';
  reviewerName: string;
  serviceTitle: string;
  /** When the window closes, as the recipient reads it ('Dec 12, 2026'). */
  windowEndsText: string;
}): RenderedEmail {
  return renderEmail({
    subject: `${input.reviewerName} reviewed you. Write yours to read it.`,
    greeting: input.recipientName ? `Hi ${input.recipientName},` : 'Hi,',
    paragraphs: [
      `${input.reviewerName} wrote a review of you after ${input.serviceTitle}.`,
      `Reviews on Locora stay hidden until both of you have written yours, so neither can answer the other's. Write yours by ${input.windowEndsText} to read theirs; after that day, theirs is published without yours.`,
    ],
    action: { label: 'Write your review', url: `${input.appUrl}${reviewsPath(input.recipientSide)}` },
  });
}

/** "Your reviews are published": to both people of the booking. */
export function reviewsPublishedEmail(input: {
  appUrl: string;
  recipientName: string | null;
  recipientSide: 'traveler' | 'provider';
  otherName: string;
  serviceTitle: string;
  /** Which reviews were published: both, or only one side's (the other did not write in time). */
  wrote: { recipient: boolean; other: boolean };
}): RenderedEmail {
  const what =
    input.wrote.recipient && input.wrote.other
      ? `Your review of ${input.otherName} and ${input.otherName}'s review of you are now public.`
      : input.wrote.recipient
        ? `Your review of ${input.otherName} is now public. ${input.otherName} did not write one in time.`
        : `${input.otherName}'s review of you is now public. You can answer it publicly, once.`;
  return renderEmail({
    subject: 'Your reviews are published',
    greeting: input.recipientName ? `Hi ${input.recipientName},` : 'Hi,',
    paragraphs: [`The reviews of ${input.serviceTitle} are published. ${what}`],
    action: { label: 'Read the reviews', url: `${input.appUrl}${reviewsPath(input.recipientSide)}` },
  });
}
