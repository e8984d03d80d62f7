import { describe, expect, it } from 'vitest';
import { formErrors, initialState, toPayload } from './service-form';

const base = { ...initialState(undefined), title: 'Tour', categoryId: 'c' };

describe('service form (dollars to integer cents by rounding, minHours an integer)', () => {
  it('starts with the product defaults', () => {
    expect(initialState(undefined)).toMatchObject({
      pricingUnit: 'per hour',
      minHours: '1',
      price: '',
      isFree: false,
      photos: [],
    });
  });

  it.each([
    ['45', 4500],
    ['19.99', 1999],
    ['0.1', 10],
    ['0.005', 1],
    ['100000', 10_000_000],
  ])('price %j dollars -> %i cents', (price, cents) => {
    expect(toPayload({ ...base, price }).price).toBe(cents);
    expect(toPayload({ ...base, price })).not.toHaveProperty('free');
  });

  it('never turns an empty or unreadable price into $0: it is left out for the server to refuse', () => {
    expect(toPayload({ ...base, price: '' })).not.toHaveProperty('price');
    expect(toPayload({ ...base, price: 'abc' })).not.toHaveProperty('price');
  });

  it('a free service is sent as free, with a price of 0, whatever was typed before', () => {
    expect(toPayload({ ...base, price: '40', isFree: true })).toMatchObject({ price: 0, free: true });
  });

  it.each([
    ['', false, 'empty'],
    ['  ', false, 'empty'],
    ['0', false, 'zero'],
    ['0.001', false, 'zero'],
    ['-5', false, 'negative'],
    ['1e999', false, 'not_number'],
  ])('price %j (free %s) is refused at the field: %s', (price, isFree, message) => {
    expect(formErrors({ ...base, price, isFree })).toEqual({ price: message });
  });

  it.each([
    ['45', false],
    ['', true],
    ['0', true],
  ])('price %j (free %s) is accepted', (price, isFree) => {
    expect(formErrors({ ...base, price, isFree })).toEqual({});
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
    expect(form).toMatchObject({
      price: '45.5',
      isFree: false,
      pricingUnit: 'per day',
      minHours: '3',
      photos: ['/uploads/a.webp'],
    });
    expect(toPayload(form).price).toBe(4550);
  });
});

describe('the length field when the unit changes', () => {
  it('a per-day service starts at 8 hours a day, and back to 1 per hour; a typed length is kept', async () => {
    const { minHoursForUnit } = await import('./service-form');
    expect(minHoursForUnit('per hour', 'per day', '1')).toBe('8');
    expect(minHoursForUnit('per day', 'per hour', '8')).toBe('1');
    expect(minHoursForUnit('per session', 'per day', '1')).toBe('8');
    expect(minHoursForUnit('per hour', 'per day', '3')).toBe('3');
    expect(minHoursForUnit('per day', 'per session', '6')).toBe('6');
    expect(minHoursForUnit('per day', 'per day', '1')).toBe('1');
  });
});
