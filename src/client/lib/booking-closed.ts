import { EXPIRED_REASON, HOLD_LAPSED_REASON, UNPAID_HOLD_MINUTES } from '@shared/domain/booking-lifecycle';

/** What a canceled booking says of how it closed (from its history, as the API reads it). */
type ClosedBooking = {
  declined?: boolean | undefined;
  canceledBy?: 'TRAVELER' | 'PROVIDER' | 'SYSTEM' | null | undefined;
  cancelReason?: string | null | undefined;
};

/**
 * Who or what closed a canceled booking, said to the one reading it: the provider declined or
 * canceled, the traveler canceled, or time did (the provider did not answer, or the card payment
 * was not completed). `showReason`: the reason typed by a person follows ('Reason: ...'); a
 * system reason is already said by the text. Null when there is nothing to say.
 */
export function closedNote(
  booking: ClosedBooking,
  reader: 'TRAVELER' | 'PROVIDER',
  names: { provider: string; traveler: string },
): { text: string; showReason: boolean } | null {
  const traveler = reader === 'TRAVELER';
  if (booking.declined)
    return {
      text: traveler ? `${names.provider} declined this request.` : 'You declined this request.',
      showReason: true,
    };
  if (booking.canceledBy === 'PROVIDER')
    return {
      text: traveler ? `${names.provider} canceled this booking.` : 'You canceled this booking.',
      showReason: true,
    };
  if (booking.canceledBy === 'TRAVELER')
    return {
      text: traveler ? 'You canceled this booking.' : `${names.traveler} canceled this booking.`,
      showReason: true,
    };
  if (booking.cancelReason === HOLD_LAPSED_REASON)
    return {
      text: traveler
        ? `The card payment was not completed within ${UNPAID_HOLD_MINUTES} minutes, so the time was released. You were not charged.`
        : 'The card payment was not completed, so the time was released.',
      showReason: false,
    };
  if (booking.cancelReason === EXPIRED_REASON)
    return {
      text: traveler
        ? `${names.provider} did not answer in time, so the request expired.`
        : 'You did not answer in time, so the request expired.',
      showReason: false,
    };
  if (booking.canceledBy === 'SYSTEM') return null;
  return booking.cancelReason ? { text: '', showReason: true } : null;
}
