import { describe, expect, it } from 'vitest';
import { providerMoneyLines, travelerMoneyState } from './booking-money';

describe("a booking's money, as each side reads it", () => {
  it('the traveler: what they pay, then what they paid, then only what it was made for', () => {
    expect(travelerMoneyState('PENDING')).toBe('due');
    expect(travelerMoneyState('CONFIRMED')).toBe('due');
    expect(travelerMoneyState('PAID')).toBe('paid');
    expect(travelerMoneyState('COMPLETED')).toBe('paid');
    expect(travelerMoneyState('CANCELED')).toBe('closed');
    expect(travelerMoneyState('REFUNDED')).toBe('closed');
  });

  it('the provider: what the traveler pays and what they receive; a closed booking promises nothing', () => {
    const amounts = { totalCents: 10_500, providerReceivesCents: 10_000, currency: 'USD' as const };
    expect(providerMoneyLines({ status: 'PENDING', ...amounts }, 'en')).toEqual([
      { kind: 'traveler_pays', amount: '$105' },
      { kind: 'you_receive', amount: '$100' },
    ]);
    expect(
      providerMoneyLines(
        { status: 'COMPLETED', totalCents: 131_303, providerReceivesCents: 125_050, currency: 'USD' },
        'en',
      ),
    ).toEqual([
      { kind: 'traveler_paid', amount: '$1,313.03' },
      { kind: 'you_receive', amount: '$1,250.50' },
    ]);
    expect(providerMoneyLines({ status: 'CANCELED', ...amounts }, 'ja')).toEqual([
      { kind: 'booking_total', amount: '$105' },
    ]);
    expect(providerMoneyLines({ status: 'REFUNDED', ...amounts }, 'en')).toEqual([
      { kind: 'booking_total', amount: '$105' },
    ]);
  });
});
