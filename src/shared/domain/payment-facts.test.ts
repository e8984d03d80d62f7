import { describe, expect, it } from 'vitest';
import { isActionDone, paymentFacts, rankOf } from './payment-facts.ts';

const fresh = { authorised: false, refundPending: false };

describe('paymentFacts: what Stripe says, as the booking’s events', () => {
  it('a card authorised: the payment moves to requires_capture, and the booking hears payment_authorised', () => {
    expect(
      paymentFacts({ status: 'requires_payment_method', pendingAction: null }, fresh, { status: 'requires_capture' }),
    ).toEqual({
      moves: true,
      status: 'requires_capture',
      clearsAction: false,
      refundFailed: false,
      events: ['payment_authorised'],
    });
  });

  it('a late or repeated event changes nothing: a status never goes back', () => {
    const facts = paymentFacts(
      { status: 'succeeded', pendingAction: null },
      { ...fresh, authorised: true },
      {
        status: 'requires_capture',
      },
    );
    expect(facts.moves).toBe(false);
    expect(facts.status).toBe('succeeded');
    // The booking still follows what is known (captured), which the machine ignores when done.
    expect(facts.events).toEqual(['captured']);
  });

  it('a capture owed is done once captured: the call is cleared, and the booking hears captured', () => {
    const facts = paymentFacts(
      { status: 'requires_capture', pendingAction: 'capture' },
      { ...fresh, authorised: true },
      {
        status: 'succeeded',
      },
    );
    expect(facts).toMatchObject({ moves: true, clearsAction: true, events: ['captured'] });
  });

  it('captured in Stripe’s dashboard before the card was known as authorised: authorised, then captured', () => {
    expect(
      paymentFacts({ status: 'requires_payment_method', pendingAction: null }, fresh, { status: 'succeeded' }).events,
    ).toEqual(['payment_authorised', 'captured']);
  });

  it('a failed attempt may move back before processing, never after the money is held', () => {
    expect(
      paymentFacts({ status: 'processing', pendingAction: null }, fresh, {
        status: 'requires_payment_method',
        isFailure: true,
      }),
    ).toMatchObject({ moves: true, events: ['payment_failed'] });
    expect(
      paymentFacts(
        { status: 'requires_capture', pendingAction: null },
        { ...fresh, authorised: true },
        {
          status: 'requires_payment_method',
          isFailure: true,
        },
      ),
    ).toMatchObject({ moves: false, events: [] });
  });

  it('a refund that failed takes refunded back to succeeded: captured, then refund_failed', () => {
    expect(
      paymentFacts(
        { status: 'refunded', pendingAction: null },
        { ...fresh, authorised: true },
        {
          status: 'succeeded',
          refundFailed: true,
        },
      ),
    ).toEqual({
      moves: true,
      status: 'succeeded',
      clearsAction: false,
      refundFailed: true,
      events: ['captured', 'refund_failed'],
    });
  });

  it('a hold released while a refund is owed counts as refunded; released without one, it does not', () => {
    const owed = paymentFacts(
      { status: 'requires_capture', pendingAction: 'refund' },
      { authorised: true, refundPending: true },
      {
        status: 'canceled',
      },
    );
    expect(owed).toMatchObject({ moves: true, clearsAction: true, events: ['refunded'] });
    const declined = paymentFacts(
      { status: 'requires_capture', pendingAction: 'cancel' },
      { authorised: true, refundPending: false },
      {
        status: 'canceled',
      },
    );
    expect(declined).toMatchObject({ moves: true, clearsAction: true, events: [] });
  });

  it('ranks and owed calls', () => {
    expect(rankOf('refunded')).toBeGreaterThan(rankOf('succeeded'));
    expect(rankOf('succeeded')).toBe(rankOf('canceled'));
    expect(rankOf('made-up')).toBe(-1);
    expect(isActionDone('capture', 'requires_capture')).toBe(false);
    expect(isActionDone('cancel', 'succeeded')).toBe(false);
    expect(isActionDone('refund', 'canceled')).toBe(true);
  });
});
