import { describe, expect, it } from 'vitest';
import { providerMoneyLines, travelerMoneyLine } from './booking-money';

describe("a booking's money, as each side reads it", () => {
  it('the traveler: what they pay, then what they paid, then only what it was made for', () => {
    expect(travelerMoneyLine({ status: 'PENDING', totalCents: 10_500, currency: 'USD' }, 'en')).toEqual({
      label: 'You pay',
      amount: '$105',
    });
    expect(travelerMoneyLine({ status: 'CONFIRMED', totalCents: 4199, currency: 'USD' }, 'en')).toEqual({
      label: 'You pay',
      amount: '$41.99',
    });
    expect(travelerMoneyLine({ status: 'PAID', totalCents: 131_303, currency: 'USD' }, 'en')).toEqual({
      label: 'You paid',
      amount: '$1,313.03',
    });
    expect(travelerMoneyLine({ status: 'COMPLETED', totalCents: 10_500, currency: 'USD' }, 'en').label).toBe(
      'You paid',
    );
    expect(travelerMoneyLine({ status: 'CANCELED', totalCents: 10_500, currency: 'USD' }, 'en')).toEqual({
      label: 'Booking total',
      amount: '$105',
    });
    expect(travelerMoneyLine({ status: 'REFUNDED', totalCents: 10_500, currency: 'USD' }, 'en').label).toBe(
      'Booking total',
    );
  });

  it('the provider: what the traveler pays and what they receive; a closed booking promises nothing', () => {
    const amounts = { totalCents: 10_500, providerReceivesCents: 10_000, currency: 'USD' as const };
    expect(providerMoneyLines({ status: 'PENDING', ...amounts }, 'en')).toEqual([
      { label: 'Traveler pays', amount: '$105' },
      { label: 'You receive', amount: '$100' },
    ]);
    expect(
      providerMoneyLines(
        { status: 'COMPLETED', totalCents: 131_303, providerReceivesCents: 125_050, currency: 'USD' },
        'en',
      ),
    ).toEqual([
      { label: 'Traveler paid', amount: '$1,313.03' },
      { label: 'You receive', amount: '$1,250.50' },
    ]);
    expect(providerMoneyLines({ status: 'CANCELED', ...amounts }, 'en')).toEqual([
      { label: 'Booking total', amount: '$105' },
    ]);
    expect(providerMoneyLines({ status: 'REFUNDED', ...amounts }, 'en')).toEqual([
      { label: 'Booking total', amount: '$105' },
    ]);
  });

  it('in the booking’s own currency, as the reader’s locale writes it', () => {
    expect(travelerMoneyLine({ status: 'PAID', totalCents: 8400, currency: 'JPY' }, 'en').amount).toBe('¥8,400');
    expect(travelerMoneyLine({ status: 'PAID', totalCents: 24_590, currency: 'BRL' }, 'pt-BR').amount).toBe(
      'R$\u00a0245,90',
    );
    expect(
      providerMoneyLines(
        { status: 'PAID', totalCents: 36_750_000, providerReceivesCents: 35_000_000, currency: 'IDR' },
        'id',
      ),
    ).toEqual([
      { label: 'Traveler paid', amount: 'Rp\u00a0367.500' },
      { label: 'You receive', amount: 'Rp\u00a0350.000' },
    ]);
  });
});
