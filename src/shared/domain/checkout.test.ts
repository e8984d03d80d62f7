import { describe, expect, it } from 'vitest';
import {
  checkoutDateFromParam,
  monthOfDate,
  nextAvailableDay,
  nextMonth,
  parseHoursField,
  slotLabel,
  zonesDiffer,
} from './checkout.ts';

describe('checkoutDateFromParam', () => {
  it('takes a calendar date as it is', () => {
    expect(checkoutDateFromParam('2026-12-01', 'Pacific/Kiritimati')).toBe('2026-12-01');
    expect(checkoutDateFromParam('2028-02-29', 'UTC')).toBe('2028-02-29');
  });

  it('reads an ISO instant on the traveler clock where it was picked', () => {
    // Local midnight of Dec 1 in Lisbon (winter, UTC+0) and in Kiritimati (UTC+14).
    expect(checkoutDateFromParam('2026-12-01T00:00:00.000Z', 'Europe/Lisbon')).toBe('2026-12-01');
    expect(checkoutDateFromParam('2026-11-30T10:00:00.000Z', 'Pacific/Kiritimati')).toBe('2026-12-01');
    // Local midnight of Dec 1 in Pago Pago (UTC-11).
    expect(checkoutDateFromParam('2026-12-01T11:00:00Z', 'Pacific/Pago_Pago')).toBe('2026-12-01');
    expect(checkoutDateFromParam('2026-12-01T00:00:00+01:00', 'Europe/Paris')).toBe('2026-12-01');
    // Summer in Lisbon: local midnight is 23:00 UTC the day before.
    expect(checkoutDateFromParam('2026-06-30T23:00:00.000Z', 'Europe/Lisbon')).toBe('2026-07-01');
  });

  it('ignores dates outside the accepted range (years 2000-2100), so the page opens on today', () => {
    for (const value of ['0000-06-01T00:00:00Z', '9999-12-31T23:59:59Z', '9999-12-31', '1999-12-31', '2101-01-01']) {
      expect(checkoutDateFromParam(value, 'UTC'), value).toBeUndefined();
    }
    // An instant inside the range whose day, on the traveler's clock, falls outside it.
    expect(checkoutDateFromParam('2100-12-31T12:00:00Z', 'Pacific/Kiritimati')).toBeUndefined();
    expect(checkoutDateFromParam('2100-12-31', 'UTC')).toBe('2100-12-31');
    expect(checkoutDateFromParam('2000-01-01T00:00:00Z', 'UTC')).toBe('2000-01-01');
  });

  it('ignores anything that is not a date', () => {
    for (const value of [
      null,
      undefined,
      '',
      'tomorrow',
      '2026-02-30',
      '2026-13-01',
      '2026-12-01T25:00:00Z',
      '12/01/2026',
    ])
      expect(checkoutDateFromParam(value, 'UTC')).toBeUndefined();
    // No offset: ambiguous, not an instant.
    expect(checkoutDateFromParam('2026-12-01T00:00:00', 'UTC')).toBeUndefined();
  });

  it('reads an instant in UTC when the viewer zone is unknown', () => {
    expect(checkoutDateFromParam('2026-12-01T23:30:00Z', 'Not/AZone')).toBe('2026-12-01');
  });
});

describe('months', () => {
  it('names the month of a day and the month after', () => {
    expect(monthOfDate('2026-12-31')).toBe('2026-12');
    expect(nextMonth('2026-12')).toBe('2027-01');
    expect(nextMonth('2026-01')).toBe('2026-02');
    expect(nextMonth('2026-09')).toBe('2026-10');
  });
});

describe('slot labels in two zones', () => {
  const start = '2026-12-01T09:00:00.000Z';

  it('shows only the provider time when both clocks read the same', () => {
    expect(slotLabel(start, 'Europe/Lisbon', 'Europe/Lisbon', 'en')).toEqual({ time: '9:00 AM' });
    // Different zones, same offset in winter.
    expect(slotLabel(start, 'Europe/Lisbon', 'Europe/London', 'en')).toEqual({ time: '9:00 AM' });
    expect(zonesDiffer('Europe/Lisbon', 'Europe/London', new Date(start))).toBe(false);
  });

  it('adds the traveler time when it differs', () => {
    expect(slotLabel(start, 'Europe/Lisbon', 'Europe/Paris', 'en')).toEqual({
      time: '9:00 AM',
      viewerTime: '10:00 AM',
    });
    expect(slotLabel('2026-12-01T14:30:00Z', 'America/New_York', 'Europe/Lisbon', 'en')).toEqual({
      time: '9:30 AM',
      viewerTime: '2:30 PM',
    });
  });

  it('names the weekday when the traveler is on another day', () => {
    // 9:00 in Lisbon on Tuesday Dec 1 is 23:00 Tuesday in Kiritimati (UTC+14).
    expect(slotLabel(start, 'Europe/Lisbon', 'Pacific/Kiritimati', 'en')).toEqual({
      time: '9:00 AM',
      viewerTime: '11:00 PM',
    });
    // 11:00 in Lisbon is 1:00 AM Wednesday there; 9:00 in Lisbon is 10:00 PM Monday in Pago Pago.
    expect(slotLabel('2026-12-01T11:00:00Z', 'Europe/Lisbon', 'Pacific/Kiritimati', 'en')).toEqual({
      time: '11:00 AM',
      viewerTime: '1:00 AM Wednesday',
    });
    expect(slotLabel(start, 'Europe/Lisbon', 'Pacific/Pago_Pago', 'en')).toEqual({
      time: '9:00 AM',
      viewerTime: '10:00 PM Monday',
    });
  });

  it('follows both clock changes of the provider zone', () => {
    // New York springs forward on 2026-03-08 and falls back on 2026-11-01; Lisbon on 03-29 and 10-25.
    // Between the two changes, New York is 4 hours behind Lisbon instead of 5.
    expect(slotLabel('2026-03-09T13:00:00Z', 'America/New_York', 'Europe/Lisbon', 'en')).toEqual({
      time: '9:00 AM',
      viewerTime: '1:00 PM',
    });
    expect(slotLabel('2026-03-06T14:00:00Z', 'America/New_York', 'Europe/Lisbon', 'en')).toEqual({
      time: '9:00 AM',
      viewerTime: '2:00 PM',
    });
    expect(slotLabel('2026-10-26T13:00:00Z', 'America/New_York', 'Europe/Lisbon', 'en')).toEqual({
      time: '9:00 AM',
      viewerTime: '1:00 PM',
    });
    expect(slotLabel('2026-11-02T14:00:00Z', 'America/New_York', 'Europe/Lisbon', 'en')).toEqual({
      time: '9:00 AM',
      viewerTime: '2:00 PM',
    });
    // On the day New York falls back, 1:30 AM happens twice: each instant is labelled 1:30 AM.
    expect(slotLabel('2026-11-01T05:30:00Z', 'America/New_York', 'America/New_York', 'en').time).toBe('1:30 AM');
    expect(slotLabel('2026-11-01T06:30:00Z', 'America/New_York', 'America/New_York', 'en').time).toBe('1:30 AM');
  });
});

describe('nextAvailableDay', () => {
  it('finds the first day after the given one', () => {
    const days = ['2026-12-02', '2026-12-05', '2026-12-09'];
    expect(nextAvailableDay(days, '2026-12-01')).toBe('2026-12-02');
    expect(nextAvailableDay(days, '2026-12-02')).toBe('2026-12-05');
    expect(nextAvailableDay(days, '2026-12-09')).toBeUndefined();
    expect(nextAvailableDay([], '2026-12-01')).toBeUndefined();
  });
});

describe('parseHoursField', () => {
  it('accepts whole numbers from minHours to 24', () => {
    expect(parseHoursField('2', 2)).toEqual({ hours: 2 });
    expect(parseHoursField(' 5 ', 1)).toEqual({ hours: 5 });
    expect(parseHoursField('24', 1)).toEqual({ hours: 24 });
  });

  it('says what is wrong otherwise', () => {
    expect(parseHoursField('', 1)).toEqual({ problem: 'empty' });
    expect(parseHoursField('1.5', 1)).toEqual({ problem: 'not_whole' });
    expect(parseHoursField('-1', 1)).toEqual({ problem: 'not_whole' });
    expect(parseHoursField('1e1', 1)).toEqual({ problem: 'not_whole' });
    expect(parseHoursField('1', 3)).toEqual({ problem: 'below_minimum', min: 3 });
    expect(parseHoursField('0', 1)).toEqual({ problem: 'below_minimum', min: 1 });
    expect(parseHoursField('25', 1)).toEqual({ problem: 'above_maximum', max: 24 });
  });
});
