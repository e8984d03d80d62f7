import { EXPIRED_REASON, HOLD_LAPSED_REASON } from '@shared/domain/booking-lifecycle';

/** What a canceled booking says of how it closed (from its history, as the API reads it). */
type ClosedBooking = {
  declined?: boolean | undefined;
  canceledBy?: 'TRAVELER' | 'PROVIDER' | 'SYSTEM' | null | undefined;
  cancelReason?: string | null | undefined;
};

/** Who or what closed a canceled booking (each screen words it for its reader); null when there is nothing to say. */
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
