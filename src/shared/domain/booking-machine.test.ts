import { describe, expect, it } from 'vitest';
import {
  BOOKING_EVENTS,
  CARD_NOT_AUTHORISED_MESSAGE,
  CARD_PAYMENTS_OFF_MESSAGE,
  decide,
  effectiveStatus,
  respondBy,
  type BookingEvent,
  type MachineBooking,
  type Outcome,
} from './booking-machine.ts';
import { BOOKING_STATUSES, type BookingStatus } from './booking-status.ts';

const HOUR = 3600_000;
const NOW = new Date('2026-06-10T12:00:00.000Z');
const at = (hoursFromNow: number) => new Date(NOW.getTime() + hoursFromNow * HOUR);
const ctx = { now: NOW, cardPayments: true };

/** What each status's booking holds at Stripe in the table below (a card payment, the usual path). */
const PAYMENT_OF: Record<BookingStatus, string> = {
  PENDING: 'requires_capture',
  CONFIRMED: 'requires_capture',
  PAID: 'succeeded',
  COMPLETED: 'succeeded',
  CANCELED: 'canceled',
  REFUNDED: 'refunded',
};

/** A paid-by-card booking in `status`: 3 days ahead (a COMPLETED one ended 3 hours ago). */
function booking(status: BookingStatus, over: Partial<MachineBooking> = {}): MachineBooking {
  const past = status === 'COMPLETED';
  return {
    status,
    start: past ? at(-5) : at(72),
    end: past ? at(-3) : at(74),
    createdAt: at(-1),
    authorisedAt: at(-1),
    paymentRequired: true,
    paymentStatus: PAYMENT_OF[status],
    refundPending: false,
    ...over,
  };
}

/** An outcome in a few words: 'refused', or the next status, then the call owed, then 'refund pending'. */
function words(o: Outcome): string {
  if (o.refused !== undefined) return 'refused';
  return [o.to, o.payment, o.refundPending ? 'refund pending' : null].filter(Boolean).join(' ');
}

// Every status x every event (a booking that exists; 'request' is for one that does not). Each row
// is read as: "a <status> booking, then <event>: <what follows>".
const TABLE: Record<BookingStatus, Record<Exclude<BookingEvent, 'request'>, string>> = {
  PENDING: {
    payment_authorised: 'PENDING',
    payment_failed: 'PENDING',
    hold_lapsed: 'refused',
    accept: 'CONFIRMED capture',
    decline: 'CANCELED cancel',
    expire: 'refused',
    traveler_cancel: 'CANCELED cancel',
    provider_cancel: 'CANCELED cancel',
    complete: 'refused',
    captured: 'PENDING',
    refunded: 'PENDING',
    refund_failed: 'PENDING',
    dispute_opened: 'PENDING',
    dispute_closed: 'PENDING',
    payee_restricted: 'CANCELED cancel',
    account_suspended: 'CANCELED cancel',
  },
  CONFIRMED: {
    payment_authorised: 'CONFIRMED',
    payment_failed: 'CONFIRMED',
    hold_lapsed: 'refused',
    accept: 'refused',
    decline: 'refused',
    expire: 'refused',
    traveler_cancel: 'CANCELED refund refund pending',
    provider_cancel: 'CANCELED refund refund pending',
    complete: 'refused',
    captured: 'PAID',
    refunded: 'REFUNDED',
    refund_failed: 'CONFIRMED',
    dispute_opened: 'CONFIRMED',
    dispute_closed: 'CONFIRMED',
    payee_restricted: 'refused',
    account_suspended: 'CANCELED refund refund pending',
  },
  PAID: {
    payment_authorised: 'PAID',
    payment_failed: 'PAID',
    hold_lapsed: 'refused',
    accept: 'refused',
    decline: 'refused',
    expire: 'refused',
    traveler_cancel: 'CANCELED refund refund pending',
    provider_cancel: 'CANCELED refund refund pending',
    complete: 'refused',
    captured: 'PAID',
    refunded: 'REFUNDED',
    refund_failed: 'PAID',
    dispute_opened: 'PAID',
    dispute_closed: 'PAID',
    payee_restricted: 'refused',
    account_suspended: 'CANCELED refund refund pending',
  },
  COMPLETED: {
    payment_authorised: 'COMPLETED',
    payment_failed: 'COMPLETED',
    hold_lapsed: 'refused',
    accept: 'refused',
    decline: 'refused',
    expire: 'refused',
    traveler_cancel: 'refused',
    provider_cancel: 'refused',
    complete: 'refused',
    captured: 'COMPLETED',
    refunded: 'REFUNDED',
    refund_failed: 'COMPLETED',
    dispute_opened: 'COMPLETED',
    dispute_closed: 'COMPLETED',
    payee_restricted: 'refused',
    account_suspended: 'refused',
  },
  CANCELED: {
    payment_authorised: 'CANCELED',
    payment_failed: 'CANCELED',
    hold_lapsed: 'refused',
    accept: 'refused',
    decline: 'refused',
    expire: 'refused',
    traveler_cancel: 'refused',
    provider_cancel: 'refused',
    complete: 'refused',
    captured: 'CANCELED',
    refunded: 'CANCELED',
    refund_failed: 'CANCELED',
    dispute_opened: 'CANCELED',
    dispute_closed: 'CANCELED',
    payee_restricted: 'refused',
    account_suspended: 'refused',
  },
  REFUNDED: {
    payment_authorised: 'REFUNDED',
    payment_failed: 'REFUNDED',
    hold_lapsed: 'refused',
    accept: 'refused',
    decline: 'refused',
    expire: 'refused',
    traveler_cancel: 'refused',
    provider_cancel: 'refused',
    complete: 'refused',
    captured: 'REFUNDED',
    refunded: 'REFUNDED',
    refund_failed: 'CANCELED refund refund pending',
    dispute_opened: 'REFUNDED',
    dispute_closed: 'REFUNDED',
    payee_restricted: 'refused',
    account_suspended: 'refused',
  },
};

describe('decide: every status x every event', () => {
  it('the table names every status and every event', () => {
    expect(Object.keys(TABLE).sort()).toEqual([...BOOKING_STATUSES].sort());
    for (const row of Object.values(TABLE))
      expect(Object.keys(row).sort()).toEqual(BOOKING_EVENTS.filter((e) => e !== 'request').sort());
  });
  for (const status of BOOKING_STATUSES)
    for (const event of BOOKING_EVENTS.filter((e) => e !== 'request') as Exclude<BookingEvent, 'request'>[])
      it(`${status} + ${event} -> ${TABLE[status][event]}`, () => {
        expect(words(decide(booking(status), event, ctx))).toBe(TABLE[status][event]);
      });

  it('request: a new booking is PENDING and its provider is told; an existing one cannot be requested again', () => {
    const made = decide(null, 'request', ctx);
    expect(words(made)).toBe('PENDING');
    expect(made.refused === undefined && made.notify).toEqual([{ to: 'provider', kind: 'request' }]);
    for (const status of BOOKING_STATUSES) expect(words(decide(booking(status), 'request', ctx))).toBe('refused');
  });
  it('any event but request on no booking is refused', () => {
    for (const event of BOOKING_EVENTS.filter((e) => e !== 'request'))
      expect(words(decide(null, event, ctx))).toBe('refused');
  });
});

describe('the money, case by case', () => {
  it('a provider cancelling a paid booking: CANCELED, the refund owed and pending, the traveler told; REFUNDED once Stripe made it', () => {
    const canceled = decide(booking('PAID'), 'provider_cancel', ctx);
    expect(canceled).toMatchObject({
      to: 'CANCELED',
      payment: 'refund',
      refundPending: true,
      notify: [{ to: 'traveler', kind: 'canceled' }],
    });
    const refunded = decide(booking('CANCELED', { paymentStatus: 'refunded', refundPending: true }), 'refunded', ctx);
    expect(refunded).toMatchObject({ to: 'REFUNDED', moved: true, refundPending: false, payment: null });
  });
  it('a traveler cancelling less than 24 hours ahead: CANCELED, no refund (the payment stands)', () => {
    const late = booking('PAID', { start: at(10), end: at(12) });
    expect(words(decide(late, 'traveler_cancel', ctx))).toBe('CANCELED');
    expect(words(decide(late, 'provider_cancel', ctx))).toBe('CANCELED refund refund pending');
  });
  it('a paid booking whose card was never authorised: the hold is released, no refund pending', () => {
    const unpaid = booking('CONFIRMED', { paymentStatus: 'requires_payment_method' });
    expect(words(decide(unpaid, 'traveler_cancel', ctx))).toBe('CANCELED refund');
  });
  it('a booking with no card payment moves with no call to Stripe', () => {
    const free = (s: BookingStatus) => booking(s, { paymentStatus: null, paymentRequired: false, authorisedAt: null });
    expect(words(decide(free('PENDING'), 'accept', ctx))).toBe('CONFIRMED');
    expect(words(decide(free('PENDING'), 'decline', ctx))).toBe('CANCELED');
    expect(words(decide(free('CONFIRMED'), 'provider_cancel', ctx))).toBe('CANCELED');
  });
  it('a refund that fails while pending keeps the booking CANCELED and owes the refund again', () => {
    const pending = booking('CANCELED', { paymentStatus: 'succeeded', refundPending: true });
    expect(words(decide(pending, 'refund_failed', ctx))).toBe('CANCELED refund refund pending');
    expect(words(decide(pending, 'captured', ctx))).toBe('CANCELED refund pending');
  });
  it('a card authorised after the booking ended is released (refunded when a refund is owed)', () => {
    const late = booking('CANCELED', { paymentStatus: 'requires_capture' });
    expect(words(decide(late, 'payment_authorised', ctx))).toBe('CANCELED cancel');
  });
  it('accept needs an authorised card when the request was made to be paid by card', () => {
    const fresh = new Date(NOW.getTime() - 5 * 60_000);
    const unpaid = booking('PENDING', {
      paymentStatus: 'requires_payment_method',
      authorisedAt: null,
      createdAt: fresh,
    });
    expect(decide(unpaid, 'accept', ctx)).toMatchObject({ refused: CARD_NOT_AUTHORISED_MESSAGE });
    const noPayment = booking('PENDING', { paymentStatus: null, authorisedAt: null, createdAt: fresh });
    expect(decide(noPayment, 'accept', ctx)).toMatchObject({ refused: CARD_NOT_AUTHORISED_MESSAGE });
    expect(decide(noPayment, 'accept', { ...ctx, cardPayments: false })).toMatchObject({
      refused: CARD_PAYMENTS_OFF_MESSAGE,
    });
  });
  it('Stripe reports are never refused', () => {
    const reports: BookingEvent[] = [
      'payment_authorised',
      'payment_failed',
      'captured',
      'refunded',
      'refund_failed',
      'dispute_opened',
      'dispute_closed',
    ];
    for (const status of BOOKING_STATUSES)
      for (const event of reports) expect(decide(booking(status), event, ctx).refused).toBeUndefined();
  });
});

describe('time', () => {
  it('an unpaid request holds its time 15 minutes, and its provider never hears of it', () => {
    const unpaid = booking('PENDING', { paymentStatus: 'requires_payment_method', authorisedAt: null });
    expect(respondBy(unpaid).toISOString()).toBe('2026-06-10T11:15:00.000Z');
    const made = { ...unpaid, createdAt: new Date(NOW.getTime() - 10 * 60_000) };
    expect(effectiveStatus(made, NOW)).toBe('PENDING');
    expect(decide(made, 'hold_lapsed', ctx)).toMatchObject({ refused: 'The unpaid hold has not lapsed yet.' });
    expect(effectiveStatus(unpaid, NOW)).toBe('CANCELED');
    expect(decide(unpaid, 'hold_lapsed', ctx)).toMatchObject({
      to: 'CANCELED',
      payment: 'cancel',
      note: 'payment not completed',
      notify: [{ to: 'traveler', kind: 'hold_lapsed' }],
    });
    expect(words(decide(unpaid, 'expire', ctx))).toBe('refused');
    // The traveler cancelling it: the provider, who never saw it, is not told.
    expect(decide(made, 'traveler_cancel', ctx)).toMatchObject({ to: 'CANCELED', notify: [] });
  });
  it('the 24-hour answer clock starts at authorisation, not at the request', () => {
    const b = booking('PENDING', { createdAt: at(-30), authorisedAt: at(-20) });
    expect(respondBy(b).toISOString()).toBe(at(4).toISOString());
    expect(effectiveStatus(b, NOW)).toBe('PENDING');
    expect(words(decide(b, 'accept', ctx))).toBe('CONFIRMED capture');
    const late = booking('PENDING', { createdAt: at(-30), authorisedAt: at(-25) });
    expect(effectiveStatus(late, NOW)).toBe('CANCELED');
    expect(decide(late, 'accept', ctx)).toMatchObject({ refused: 'Cannot accept this booking: it is CANCELED' });
    expect(decide(late, 'expire', ctx)).toMatchObject({ to: 'CANCELED', payment: 'cancel', note: 'expired' });
  });
  it('a request without a card: 24 hours from the request, or its start if sooner', () => {
    const b = booking('PENDING', { paymentRequired: false, authorisedAt: null, paymentStatus: null, start: at(5) });
    expect(respondBy(b).toISOString()).toBe(at(5).toISOString());
  });
  it('a booking past its end completes; moves by a person after the start are refused with the reason', () => {
    const ended = booking('PAID', { start: at(-3), end: at(-1) });
    expect(effectiveStatus(ended, NOW)).toBe('COMPLETED');
    expect(words(decide(ended, 'complete', ctx))).toBe('COMPLETED');
    const started = booking('PAID', { start: at(-1), end: at(1) });
    expect(decide(started, 'provider_cancel', ctx)).toMatchObject({
      refused: 'Cannot cancel this booking: it is PAID and has already started.',
    });
  });
});

describe('account_suspended (decision 051)', () => {
  it('ends a booking under way too, refunding in full what was taken', () => {
    const underWay = booking('PAID', { start: at(-1), end: at(2) });
    expect(words(decide(underWay, 'account_suspended', ctx))).toBe('CANCELED refund refund pending');
    expect(words(decide(underWay, 'traveler_cancel', ctx))).toBe('refused');
  });
  it('tells both people, except of a request its provider never saw', () => {
    const told = decide(booking('CONFIRMED'), 'account_suspended', ctx);
    expect(told.refused === undefined && told.notify.map((n) => n.to)).toEqual(['traveler', 'provider']);
    const unpaid = decide(
      booking('PENDING', { authorisedAt: null, paymentStatus: null, createdAt: NOW }),
      'account_suspended',
      ctx,
    );
    expect(unpaid.refused === undefined && unpaid.notify.map((n) => n.to)).toEqual(['traveler']);
  });
});

describe('who hears of money moving', () => {
  it('a traveler who cancels is told when money was held or taken, not when none was', () => {
    const paid = decide(booking('PAID'), 'traveler_cancel', ctx);
    expect(paid.refused === undefined && paid.notify).toEqual([
      { to: 'provider', kind: 'canceled' },
      { to: 'traveler', kind: 'canceled' },
    ]);
    const direct = decide(booking('CONFIRMED', { paymentStatus: null }), 'traveler_cancel', ctx);
    expect(direct.refused === undefined && direct.notify).toEqual([{ to: 'provider', kind: 'canceled' }]);
  });
  it('a request paid by card: once its card is authorised, the provider sees it and the traveler gets a receipt', () => {
    const unpaid = booking('PENDING', {
      authorisedAt: null,
      paymentStatus: 'requires_capture',
      paymentRequired: true,
      createdAt: NOW,
    });
    const authorised = decide(unpaid, 'payment_authorised', ctx);
    expect(authorised.refused === undefined && authorised.notify).toEqual([
      { to: 'provider', kind: 'request' },
      { to: 'traveler', kind: 'authorised' },
    ]);
  });
});
