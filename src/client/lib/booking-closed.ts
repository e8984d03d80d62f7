import { EXPIRED_REASON, HOLD_LAPSED_REASON, UNPAID_HOLD_MINUTES } from '@shared/domain/booking-lifecycle';

/** What a canceled booking says of how it closed (from its history, as the API reads it). */
type ClosedBooking = {
  declined?: boolean | undefined;
  canceledBy?: 'TRAVELER' | 'PROVIDER' | 'SYSTEM' | null | undefined;
  cancelReason?: string | null | undefined;
};

/** Who or what closed a canceled booking (see closedNote); null when there is nothing to say. */
export type ClosedKind = 'declined' | 'provider' | 'traveler' | 'lapsed' | 'expired' | 'reason';

/**
 * How a canceled booking closed: the provider declined or canceled it, the traveler canceled it,
 * or time did (`expired`: the provider did not answer; `lapsed`: the card payment was not
 * completed); `reason`: only a typed reason is known. Null when there is nothing to say.
 */
export function closedKind(booking: ClosedBooking): ClosedKind | null {
  if (booking.declined) return 'declined';
  if (booking.canceledBy === 'PROVIDER') return 'provider';
  if (booking.canceledBy === 'TRAVELER') return 'traveler';
  if (booking.cancelReason === HOLD_LAPSED_REASON) return 'lapsed';
  if (booking.cancelReason === EXPIRED_REASON) return 'expired';
  if (booking.canceledBy === 'SYSTEM') return null;
  return booking.cancelReason ? 'reason' : null;
}

/** Whether a typed reason follows the note ('Reason: ...'); a system reason is said by the text. */
export const closedShowsReason = (kind: ClosedKind) => kind !== 'lapsed' && kind !== 'expired';

/**
 * Who or what closed a canceled booking, said to the one reading it (in English; a translated
 * screen words closedKind itself): the provider declined or canceled, the traveler canceled, or
 * time did (the provider did not answer, or the card payment was not completed). `showReason`:
 * the reason typed by a person follows ('Reason: ...'); a system reason is already said by the
 * text. Null when there is nothing to say.
 */
export function closedNote(
  booking: ClosedBooking,
  reader: 'TRAVELER' | 'PROVIDER',
  names: { provider: string; traveler: string },
): { text: string; showReason: boolean } | null {
  const kind = closedKind(booking);
  if (kind === null) return null;
  const traveler = reader === 'TRAVELER';
  const text: Record<ClosedKind, string> = {
    declined: traveler ? `${names.provider} declined this request.` : 'You declined this request.',
    provider: traveler ? `${names.provider} canceled this booking.` : 'You canceled this booking.',
    traveler: traveler ? 'You canceled this booking.' : `${names.traveler} canceled this booking.`,
    lapsed: traveler
      ? `The card payment was not completed within ${UNPAID_HOLD_MINUTES} minutes, so the time was released. You were not charged.`
      : 'The card payment was not completed, so the time was released.',
    expired: traveler
      ? `${names.provider} did not answer in time, so the request expired.`
      : 'You did not answer in time, so the request expired.',
    reason: '',
  };
  return { text: text[kind], showReason: closedShowsReason(kind) };
}
