import type { Booking } from '@shared/api/bookings';
import { monthOfDate } from '@shared/domain/checkout';
import type { CalendarDate } from '@shared/domain/time';
import type { CardPaymentState } from '@/features/payments/card-payment';

/**
 * Everything the traveler has chosen or been told on the checkout, in one place. What can be
 * derived (the hours parsed, the amounts, the chosen slot) is derived, never stored.
 */
export type CheckoutState = {
  date: CalendarDate | undefined;
  /** The calendar's month (yyyy-MM). */
  month: string;
  hoursText: string;
  chosenStart: string | undefined;
  address: string;
  notes: string;
  /** The chosen time went to someone else: the server's words. */
  conflict: string | undefined;
  submitError: string | undefined;
  /** The traveler pressed Request to book: a missing address is now pointed out. */
  triedToSend: boolean;
  /** The request already sent whose card is not yet authorised (a retry pays for it, never books again). */
  unpaidSent: Booking | undefined;
  /** Set once that request is paid for or cannot be any more (the dashboard's one is then done too). */
  unpaidCleared: boolean;
  paymentError: string | undefined;
  isPaying: boolean;
  cardState: CardPaymentState;
};

export type CheckoutAction =
  | { type: 'chooseDay'; date: CalendarDate }
  | { type: 'showMonth'; month: string }
  | { type: 'typeHours'; text: string }
  | { type: 'chooseStart'; start: string }
  | { type: 'typeAddress'; text: string }
  | { type: 'typeNotes'; text: string }
  | { type: 'send' }
  | { type: 'taken'; message: string }
  | { type: 'notSent'; message: string }
  | { type: 'sentUnpaid'; booking: Booking }
  | { type: 'payStart' }
  | { type: 'payFailed'; message: string }
  | { type: 'payEnd' }
  | { type: 'unpaidCleared' }
  | { type: 'cardState'; state: CardPaymentState };

export function initialCheckoutState(
  date: CalendarDate | undefined,
  today: CalendarDate,
  minHours: number,
  /** A start already chosen (an offered time's link, ?start=): kept when its day is the one asked. */
  chosenStart?: string,
): CheckoutState {
  return {
    date,
    month: monthOfDate(date ?? today),
    hoursText: String(minHours),
    chosenStart: date ? chosenStart : undefined,
    address: '',
    notes: '',
    conflict: undefined,
    submitError: undefined,
    triedToSend: false,
    unpaidSent: undefined,
    unpaidCleared: false,
    paymentError: undefined,
    isPaying: false,
    cardState: 'loading',
  };
}

export function checkoutReducer(state: CheckoutState, action: CheckoutAction): CheckoutState {
  switch (action.type) {
    case 'chooseDay':
      // Another day has other times: the chosen one is gone, and so is the last failure.
      return { ...state, date: action.date, chosenStart: undefined, submitError: undefined };
    case 'showMonth':
      return { ...state, month: action.month };
    case 'typeHours':
      // Other hours fit other starts.
      return { ...state, hoursText: action.text, chosenStart: undefined, submitError: undefined };
    case 'chooseStart':
      return { ...state, chosenStart: action.start, conflict: undefined, submitError: undefined };
    case 'typeAddress':
      return { ...state, address: action.text };
    case 'typeNotes':
      return { ...state, notes: action.text };
    case 'send':
      return { ...state, conflict: undefined, submitError: undefined, triedToSend: true };
    case 'taken':
      // The details typed are kept; only the time has to be chosen again.
      return { ...state, chosenStart: undefined, conflict: action.message };
    case 'notSent':
      return { ...state, submitError: action.message };
    case 'sentUnpaid':
      return { ...state, unpaidSent: action.booking, unpaidCleared: false };
    case 'payStart':
      return { ...state, paymentError: undefined, isPaying: true };
    case 'payFailed':
      return { ...state, paymentError: action.message };
    case 'payEnd':
      return { ...state, isPaying: false };
    case 'unpaidCleared':
      return { ...state, unpaidSent: undefined, unpaidCleared: true };
    case 'cardState':
      return { ...state, cardState: action.state };
  }
}
