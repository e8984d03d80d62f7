import { describe, expect, it } from 'vitest';
import type { Booking } from '@shared/api/bookings';
import { checkoutReducer, initialCheckoutState, type CheckoutState } from './checkout-state';

const start = (): CheckoutState => initialCheckoutState('2030-05-10', '2030-05-01', 2);

describe('checkout state', () => {
  it('starts on the asked day, its month, and the service minimum hours', () => {
    const state = start();
    expect(state).toMatchObject({ date: '2030-05-10', month: '2030-05', hoursText: '2', chosenStart: undefined });
    expect(initialCheckoutState(undefined, '2030-06-20', 1).month).toBe('2030-06');
  });

  it('opens on an offered time already chosen (a declined request’s other time), only with its day', () => {
    const offered = initialCheckoutState('2030-05-10', '2030-05-01', 2, '2030-05-10T09:30:00.000Z');
    expect(offered).toMatchObject({ date: '2030-05-10', chosenStart: '2030-05-10T09:30:00.000Z' });
    expect(initialCheckoutState(undefined, '2030-05-01', 2, '2030-05-10T09:30:00.000Z').chosenStart).toBeUndefined();
  });

  it('forgets the chosen time when the day or the hours change, and keeps the details typed', () => {
    let state = checkoutReducer(start(), { type: 'typeAddress', text: 'Rua Augusta 1' });
    state = checkoutReducer(state, { type: 'chooseStart', start: '2030-05-10T09:00:00.000Z' });
    expect(state.chosenStart).toBe('2030-05-10T09:00:00.000Z');
    expect(checkoutReducer(state, { type: 'chooseDay', date: '2030-05-11' }).chosenStart).toBeUndefined();
    const moreHours = checkoutReducer(state, { type: 'typeHours', text: '3' });
    expect(moreHours).toMatchObject({ chosenStart: undefined, hoursText: '3', address: 'Rua Augusta 1' });
  });

  it('a time taken meanwhile clears the choice and says so; choosing another clears the news', () => {
    let state = checkoutReducer(start(), { type: 'chooseStart', start: 'a' });
    state = checkoutReducer(state, { type: 'taken', message: 'That time is no longer free.' });
    expect(state).toMatchObject({ chosenStart: undefined, conflict: 'That time is no longer free.' });
    state = checkoutReducer(state, { type: 'chooseStart', start: 'b' });
    expect(state.conflict).toBeUndefined();
  });

  it('a sent request waits for its card until it is cleared, and a payment failure is kept until retried', () => {
    const booking = { id: 'b1' } as Booking;
    let state = checkoutReducer(start(), { type: 'sentUnpaid', booking });
    expect(state.unpaidSent).toBe(booking);
    state = checkoutReducer(state, { type: 'payStart' });
    state = checkoutReducer(state, { type: 'payFailed', message: 'Card declined' });
    state = checkoutReducer(state, { type: 'payEnd' });
    expect(state).toMatchObject({ isPaying: false, paymentError: 'Card declined' });
    expect(checkoutReducer(state, { type: 'payStart' }).paymentError).toBeUndefined();
    expect(checkoutReducer(state, { type: 'unpaidCleared' })).toMatchObject({
      unpaidSent: undefined,
      unpaidCleared: true,
    });
  });
});
