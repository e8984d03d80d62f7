/**
 * Booking statuses and what each means (docs/product.md). The
 * database enum `booking_status` holds the same six values.
 */

export const BOOKING_STATUSES = ['PENDING', 'CONFIRMED', 'PAID', 'COMPLETED', 'CANCELED', 'REFUNDED'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/**
 * The badge colour of each status, as a tone the client maps to its classes. Each status has its
 * own; a value the client does not know gets 'unknown' (and is shown as raw text).
 */
export type BookingStatusTone = 'amber' | 'sky' | 'emerald' | 'violet' | 'slate' | 'rose' | 'unknown';

const TONES: Record<BookingStatus, BookingStatusTone> = {
  PENDING: 'amber',
  CONFIRMED: 'sky',
  PAID: 'emerald',
  COMPLETED: 'violet',
  CANCELED: 'slate',
  REFUNDED: 'rose',
};

export function isBookingStatus(value: unknown): value is BookingStatus {
  return typeof value === 'string' && (BOOKING_STATUSES as readonly string[]).includes(value);
}

export function bookingStatusTone(status: string): BookingStatusTone {
  return isBookingStatus(status) ? TONES[status] : 'unknown';
}

/** PENDING is a request the provider has not answered yet (the Pending Requests count). */
export function isPendingRequest(status: string): boolean {
  return status === 'PENDING';
}

/** Statuses whose amount counts as the provider's revenue. */
export const REVENUE_STATUSES = ['PAID', 'COMPLETED'] as const satisfies readonly BookingStatus[];

export function countsAsRevenue(status: string): boolean {
  return (REVENUE_STATUSES as readonly string[]).includes(status);
}

/**
 * Statuses that hold the provider's time: two of these may not overlap (the database's exclusion
 * constraint says the same). CANCELED, REFUNDED and COMPLETED free the slot.
 */
export const LIVE_STATUSES = ['PENDING', 'CONFIRMED', 'PAID'] as const satisfies readonly BookingStatus[];

export function holdsSlot(status: string): boolean {
  return (LIVE_STATUSES as readonly string[]).includes(status);
}

/** Only a COMPLETED booking can be reviewed (docs/product.md). */
export function canBeReviewed(status: string): boolean {
  return status === 'COMPLETED';
}
