import { describe, expect, it } from 'vitest';
import { initialState, toPayload } from './service-form';

const base = { ...initialState(undefined), title: 'Tour', categoryId: 'c' };

describe('service form (dollars to integer cents by rounding, minHours an integer)', () => {
  it('starts with the product defaults', () => {
    expect(initialState(undefined)).toMatchObject({ pricingUnit: 'per hour', minHours: '1', price: '', photos: [] });
  });

  it.each([
    ['45', 4500],
    ['19.99', 1999],
    ['0.1', 10],
    ['0.005', 1],
    ['100000', 10_000_000],
    ['', 0],
    ['abc', 0],
  ])('price %j dollars -> %i cents', (price, cents) => {
    expect(toPayload({ ...base, price }).price).toBe(cents);
  });

  it.each([
    ['2', 2],
    ['2.7', 2],
    ['', 1],
    ['x', 1],
  ])('minHours %j -> %i', (minHours, n) => {
    expect(toPayload({ ...base, minHours }).minHours).toBe(n);
  });

  it('an edited service starts from its own values (cents back to dollars)', () => {
    const form = initialState({
      title: 'T',
      description: 'D',
      categoryId: 'c',
      city: 'Lisbon',
      price: 4550,
      pricingUnit: 'per day',
      minHours: 3,
      photos: ['/uploads/a.webp'],
    } as Parameters<typeof initialState>[0]);
    expect(form).toMatchObject({ price: '45.5', pricingUnit: 'per day', minHours: '3', photos: ['/uploads/a.webp'] });
    expect(toPayload(form).price).toBe(4550);
  });
});
