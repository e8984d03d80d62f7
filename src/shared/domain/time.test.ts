import { describe, expect, it } from 'vitest';
import {
  addCalendarDays,
  calendarDateIn,
  calendarDateOfLocalDate,
  calendarDaysBetween,
  dayBounds,
  formatCalendarDate,
  formatCalendarDateForDisplay,
  formatDateIn,
  formatTimeIn,
  formatUtcOffset,
  formatWallTime,
  formatWallTimeForDisplay,
  formatWeekdayIn,
  HOUR_MS,
  isCalendarDate,
  isGenericTimeZone,
  isValidTimeZone,
  isWallTime,
  localDateOfCalendarDate,
  normalizeTimeZone,
  parseCalendarDate,
  utcOffsetMinutes,
  utcToZoned,
  weekdayOf,
  placeLiesInZone,
  zoneCity,
  zoneLabel,
  zonePickerLabel,
  zonePickerOptions,
  zonedToUtc,
} from './time.ts';

const iso = (d: Date) => d.toISOString();

// Every expected instant below is written out exactly: a one-hour error fails every one of them.
// 2026 changes: Lisbon 29 Mar 01:00Z (WET -> WEST) and 25 Oct 01:00Z (WEST -> WET);
// New York 8 Mar 07:00Z (EST -> EDT) and 1 Nov 06:00Z (EDT -> EST);
// Sydney 5 Apr 16:00Z (AEDT -> AEST) and 3 Oct 16:00Z (AEST -> AEDT);
// São Paulo, Tokyo and Kiritimati have no DST (UTC-3, UTC+9, UTC+14).

describe('the test process', () => {
  it('runs in UTC, so local-date helpers are checked against a known zone', () => {
    expect(new Date(2026, 0, 1).getTimezoneOffset()).toBe(0);
  });
});

describe('isValidTimeZone / normalizeTimeZone', () => {
  it('accepts IANA names', () => {
    for (const tz of [
      'Europe/Lisbon',
      'America/New_York',
      'America/Sao_Paulo',
      'Asia/Tokyo',
      'Pacific/Kiritimati',
      'Pacific/Pago_Pago',
      'America/Argentina/Buenos_Aires',
      'Asia/Kolkata',
      'UTC',
      'Etc/GMT+5',
    ]) {
      expect(isValidTimeZone(tz), tz).toBe(true);
    }
  });

  it('refuses unknown names, offsets, empty and non-strings', () => {
    for (const tz of [
      '',
      ' ',
      'Mars/Olympus_Mons',
      'Europe/Lisbon ',
      '+05:30',
      '-03:00',
      'GMT+5:30',
      'Europe/../Lisbon',
      'Europe/Lisbon\u0000',
      'x'.repeat(65),
      'Local',
    ]) {
      expect(isValidTimeZone(tz), JSON.stringify(tz)).toBe(false);
    }
    expect(isValidTimeZone(undefined)).toBe(false);
    expect(isValidTimeZone(null)).toBe(false);
    expect(isValidTimeZone(42)).toBe(false);
  });

  it('fixes the case of a name and keeps aliases as given', () => {
    expect(normalizeTimeZone('europe/lisbon')).toBe('Europe/Lisbon');
    expect(normalizeTimeZone('AMERICA/NEW_YORK')).toBe('America/New_York');
    expect(normalizeTimeZone('Asia/Tokyo')).toBe('Asia/Tokyo');
    expect(normalizeTimeZone('US/Eastern')).toBe('US/Eastern');
    expect(() => normalizeTimeZone('Nowhere/Land')).toThrow(RangeError);
  });

  it('knows which zones say nothing about a place', () => {
    for (const tz of ['UTC', 'utc', 'Etc/UTC', 'Etc/GMT', 'Etc/GMT+5', 'Etc/GMT-14', 'GMT', 'Universal', 'Zulu']) {
      expect(isGenericTimeZone(tz), tz).toBe(true);
    }
    for (const tz of ['Europe/London', 'Africa/Abidjan', 'Atlantic/Reykjavik', 'Asia/Tokyo']) {
      expect(isGenericTimeZone(tz), tz).toBe(false);
    }
  });
});

describe('offsets and labels', () => {
  it('gives exact offsets on both sides of each change', () => {
    expect(utcOffsetMinutes('Europe/Lisbon', new Date('2026-03-29T00:59:00Z'))).toBe(0);
    expect(utcOffsetMinutes('Europe/Lisbon', new Date('2026-03-29T01:00:00Z'))).toBe(60);
    expect(utcOffsetMinutes('Europe/Lisbon', new Date('2026-10-25T00:59:00Z'))).toBe(60);
    expect(utcOffsetMinutes('Europe/Lisbon', new Date('2026-10-25T01:00:00Z'))).toBe(0);
    expect(utcOffsetMinutes('America/New_York', new Date('2026-03-08T06:59:00Z'))).toBe(-300);
    expect(utcOffsetMinutes('America/New_York', new Date('2026-03-08T07:00:00Z'))).toBe(-240);
    expect(utcOffsetMinutes('America/New_York', new Date('2026-11-01T05:59:00Z'))).toBe(-240);
    expect(utcOffsetMinutes('America/New_York', new Date('2026-11-01T06:00:00Z'))).toBe(-300);
    expect(utcOffsetMinutes('America/Sao_Paulo', new Date('2026-01-15T12:00:00Z'))).toBe(-180);
    expect(utcOffsetMinutes('America/Sao_Paulo', new Date('2026-07-15T12:00:00Z'))).toBe(-180);
    expect(utcOffsetMinutes('Pacific/Kiritimati', new Date('2026-07-15T12:00:00Z'))).toBe(840);
    expect(utcOffsetMinutes('Asia/Kolkata', new Date('2026-07-15T12:00:00Z'))).toBe(330);
    expect(() => utcOffsetMinutes('Nowhere/Land', new Date())).toThrow(RangeError);
  });

  it('formats offsets', () => {
    expect(formatUtcOffset(0)).toBe('UTC');
    expect(formatUtcOffset(60)).toBe('UTC+1');
    expect(formatUtcOffset(-180)).toBe('UTC\u22123');
    expect(formatUtcOffset(330)).toBe('UTC+5:30');
    expect(formatUtcOffset(-570)).toBe('UTC\u22129:30');
    expect(formatUtcOffset(840)).toBe('UTC+14');
    expect(formatUtcOffset(345)).toBe('UTC+5:45');
  });

  it("names a zone by the caller's place when it lies there, else by the zone's own name, never the IANA id", () => {
    const summer = new Date('2026-07-01T12:00:00Z');
    const winter = new Date('2026-01-15T12:00:00Z');
    expect(zoneLabel('Asia/Makassar', summer, 'Bali')).toBe('Bali (UTC+8)');
    expect(zoneLabel('Asia/Ujung_Pandang', summer, 'Bali')).toBe('Bali (UTC+8)');
    expect(zoneLabel('Europe/Madrid', winter, 'Barcelona')).toBe('Barcelona (UTC+1)');
    expect(zoneLabel('Europe/Madrid', summer, 'Barcelona')).toBe('Barcelona (UTC+2)');
    expect(zoneLabel('Europe/Lisbon', winter, 'Lisbon')).toBe('Lisbon (UTC)');
    expect(zoneLabel('America/Sao_Paulo', summer, 'São Paulo')).toBe('São Paulo (UTC\u22123)');
    expect(zoneLabel('America/Sao_Paulo', summer, 'Sao Paulo')).toBe('Sao Paulo (UTC\u22123)');
    expect(zoneLabel('America/Mexico_City', summer, 'Mexico City')).toBe('Mexico City (UTC\u22126)');
    // The first place that lies in the zone: the service's city, then the provider's base city.
    expect(zoneLabel('Asia/Makassar', summer, [null, 'Lisbon', 'Ubud', 'Bali'])).toBe('Ubud (UTC+8)');
    // A place elsewhere, an unknown place or none: Intl's long generic name.
    expect(zoneLabel('Asia/Makassar', summer)).toBe('Central Indonesia Time (UTC+8)');
    expect(zoneLabel('Asia/Makassar', summer, 'Lisbon')).toBe('Central Indonesia Time (UTC+8)');
    expect(zoneLabel('Europe/Madrid', winter, 'Lisbon')).toBe('Central European Time (UTC+1)');
    expect(zoneLabel('Europe/Lisbon', winter, 'Barcelona')).toBe('Western European Time (UTC)');
    expect(zoneLabel('Europe/Lisbon', winter, 'Sintra-by-the-sea')).toBe('Western European Time (UTC)');
    expect(zoneLabel('America/New_York', winter, [])).toBe('Eastern Time (UTC\u22125)');
    expect(zoneLabel('Pacific/Kiritimati', summer)).toBe('Line Islands Time (UTC+14)');
    // Generic zones are their offset alone, whatever the place.
    expect(zoneLabel('UTC', summer, 'Lisbon')).toBe('UTC');
    expect(zoneLabel('Etc/GMT+5', summer)).toBe('UTC\u22125');
  });

  it("labels the offset at the instant shown, across both of the year's clock changes", () => {
    // Lisbon: 29 Mar 2026 01:00 UTC forward to UTC+1; 25 Oct 2026 01:00 UTC back to UTC.
    expect(zoneLabel('Europe/Lisbon', new Date('2026-03-29T00:59:00Z'), 'Lisbon')).toBe('Lisbon (UTC)');
    expect(zoneLabel('Europe/Lisbon', new Date('2026-03-29T01:00:00Z'), 'Lisbon')).toBe('Lisbon (UTC+1)');
    expect(zoneLabel('Europe/Lisbon', new Date('2026-10-25T00:59:00Z'), 'Lisbon')).toBe('Lisbon (UTC+1)');
    expect(zoneLabel('Europe/Lisbon', new Date('2026-10-25T01:00:00Z'), 'Lisbon')).toBe('Lisbon (UTC)');
    // Barcelona (Madrid's zone) changes at the same instants, an hour further east.
    expect(zoneLabel('Europe/Madrid', new Date('2026-03-29T00:59:00Z'), 'Barcelona')).toBe('Barcelona (UTC+1)');
    expect(zoneLabel('Europe/Madrid', new Date('2026-03-29T01:00:00Z'), 'Barcelona')).toBe('Barcelona (UTC+2)');
    expect(zoneLabel('Europe/Madrid', new Date('2026-10-25T01:00:00Z'), 'Barcelona')).toBe('Barcelona (UTC+1)');
    // The generic name does not change with the season; the offset does.
    expect(zoneLabel('America/New_York', new Date('2026-03-08T06:59:00Z'))).toBe('Eastern Time (UTC\u22125)');
    expect(zoneLabel('America/New_York', new Date('2026-03-08T07:00:00Z'))).toBe('Eastern Time (UTC\u22124)');
    expect(zoneLabel('America/New_York', new Date('2026-11-01T05:59:00Z'))).toBe('Eastern Time (UTC\u22124)');
    expect(zoneLabel('America/New_York', new Date('2026-11-01T06:00:00Z'))).toBe('Eastern Time (UTC\u22125)');
    // Bali has no DST: the same label all year.
    expect(zoneLabel('Asia/Makassar', new Date('2026-03-29T01:00:00Z'), 'Bali')).toBe('Bali (UTC+8)');
    expect(zoneLabel('Asia/Makassar', new Date('2026-10-25T01:00:00Z'), 'Bali')).toBe('Bali (UTC+8)');
  });

  it('decides whether a place lies in a zone', () => {
    expect(placeLiesInZone('Lisbon', 'Europe/Lisbon')).toBe(true);
    expect(placeLiesInZone('  new york ', 'America/New_York')).toBe(true);
    expect(placeLiesInZone('SÃO PAULO', 'America/Sao_Paulo')).toBe(true);
    expect(placeLiesInZone('Bali', 'Asia/Makassar')).toBe(true);
    expect(placeLiesInZone('Barcelona', 'Europe/Madrid')).toBe(true);
    expect(placeLiesInZone('Barcelona', 'Europe/Paris')).toBe(false);
    expect(placeLiesInZone('Bali', 'Asia/Jakarta')).toBe(false);
    expect(placeLiesInZone('Lisbon', 'Europe/London')).toBe(false);
    expect(placeLiesInZone('', 'Europe/Lisbon')).toBe(false);
    expect(placeLiesInZone('UTC', 'UTC')).toBe(false);
  });

  it('spells zone cities as people write them', () => {
    expect(zoneCity('America/Sao_Paulo')).toBe('São Paulo');
    expect(zoneCity('America/Mexico_City')).toBe('Mexico City');
    expect(zoneCity('America/New_York')).toBe('New York');
    expect(zoneCity('America/Argentina/Buenos_Aires')).toBe('Buenos Aires');
    expect(zoneCity('Asia/Ho_Chi_Minh')).toBe('Ho Chi Minh City');
    expect(zoneCity('America/Bogota')).toBe('Bogotá');
    expect(zoneCity('UTC')).toBe('UTC');
  });

  it('orders a zone picker by offset, then name, with names spelled properly', () => {
    const zones = [
      'Asia/Tokyo',
      'America/Sao_Paulo',
      'Europe/London',
      'America/New_York',
      'Europe/Lisbon',
      'America/Mexico_City',
      'America/Toronto',
      'Asia/Seoul',
      'America/Argentina/Buenos_Aires',
      'Not/AZone',
      'Asia/Tokyo',
    ];
    const winter = zonePickerOptions(zones, new Date('2026-01-15T12:00:00Z')).map((o) => o.label);
    expect(winter).toEqual([
      'Mexico City (UTC\u22126)',
      'New York (UTC\u22125)',
      'Toronto (UTC\u22125)',
      'Buenos Aires (UTC\u22123)',
      'São Paulo (UTC\u22123)',
      'Lisbon (UTC)',
      'London (UTC)',
      'Seoul (UTC+9)',
      'Tokyo (UTC+9)',
    ]);
    // In the northern summer New York and Toronto move an hour east (Mexico City has no DST since 2022).
    const summer = zonePickerOptions(zones, new Date('2026-07-01T12:00:00Z'));
    expect(summer.map((o) => o.label).slice(0, 5)).toEqual([
      'Mexico City (UTC\u22126)',
      'New York (UTC\u22124)',
      'Toronto (UTC\u22124)',
      'Buenos Aires (UTC\u22123)',
      'São Paulo (UTC\u22123)',
    ]);
    expect(summer.find((o) => o.zone === 'Europe/Lisbon')?.label).toBe('Lisbon (UTC+1)');
    expect(summer.map((o) => o.label).join(' ')).not.toMatch(/_/);
  });
});

describe('calendar dates', () => {
  it('parse only real days', () => {
    expect(parseCalendarDate('2026-03-08')).toEqual({ year: 2026, month: 3, day: 8 });
    expect(parseCalendarDate('2028-02-29')).toEqual({ year: 2028, month: 2, day: 29 });
    expect(parseCalendarDate('2000-02-29')).toEqual({ year: 2000, month: 2, day: 29 });
    for (const bad of [
      '2026-02-29',
      '1900-02-29',
      '2026-02-30',
      '2026-04-31',
      '2026-13-01',
      '2026-00-10',
      '2026-01-00',
      '0000-01-01',
      '2026-3-8',
      '2026-03-08T00:00:00.000Z',
      '2026-03-07T23:00:00.000Z',
      ' 2026-03-08',
      '20260308',
      '',
    ]) {
      expect(parseCalendarDate(bad), bad).toBeUndefined();
      expect(isCalendarDate(bad), bad).toBe(false);
    }
    expect(isCalendarDate('2026-12-31')).toBe(true);
    expect(isCalendarDate(20260308)).toBe(false);
  });

  it('format and round-trip', () => {
    expect(formatCalendarDate({ year: 2026, month: 3, day: 8 })).toBe('2026-03-08');
    expect(formatCalendarDate({ year: 987, month: 12, day: 31 })).toBe('0987-12-31');
    expect(() => formatCalendarDate({ year: 2026, month: 2, day: 29 })).toThrow(RangeError);
    expect(formatCalendarDateForDisplay('2026-03-08')).toBe('Mar 8, 2026');
    expect(formatCalendarDateForDisplay('2026-12-31')).toBe('Dec 31, 2026');
    expect(() => formatCalendarDateForDisplay('2026-02-30')).toThrow(RangeError);
  });

  it('move by whole calendar days across month, year and DST boundaries', () => {
    expect(addCalendarDays('2026-03-07', 1)).toBe('2026-03-08');
    expect(addCalendarDays('2026-03-08', 1)).toBe('2026-03-09');
    expect(addCalendarDays('2026-10-24', 2)).toBe('2026-10-26');
    expect(addCalendarDays('2026-01-31', 30)).toBe('2026-03-02');
    expect(addCalendarDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addCalendarDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addCalendarDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(addCalendarDays('2026-03-08', 0)).toBe('2026-03-08');
    expect(calendarDaysBetween('2026-03-07', '2026-03-09')).toBe(2);
    expect(calendarDaysBetween('2026-10-26', '2026-10-24')).toBe(-2);
    expect(calendarDaysBetween('2026-01-01', '2027-01-01')).toBe(365);
  });

  it('know their weekday (0 = Sunday)', () => {
    expect(weekdayOf('2026-03-08')).toBe(0);
    expect(weekdayOf('2026-03-06')).toBe(5);
    expect(weekdayOf('2026-10-25')).toBe(0);
    expect(weekdayOf('2026-11-01')).toBe(0);
    expect(weekdayOf('2026-03-09')).toBe(1);
    expect(weekdayOf('2028-02-29')).toBe(2);
    expect(weekdayOf('1970-01-01')).toBe(4);
  });

  it('convert to and from the Date a date picker holds (process zone, UTC here)', () => {
    expect(calendarDateOfLocalDate(new Date(2026, 2, 8))).toBe('2026-03-08');
    expect(calendarDateOfLocalDate(new Date(2026, 2, 8, 23, 59))).toBe('2026-03-08');
    expect(localDateOfCalendarDate('2026-03-08').getTime()).toBe(new Date(2026, 2, 8).getTime());
    expect(calendarDateOfLocalDate(localDateOfCalendarDate('0050-06-01'))).toBe('0050-06-01');
  });
});

describe('wall times', () => {
  it('validate and format HH:mm', () => {
    expect(isWallTime('00:00')).toBe(true);
    expect(isWallTime('23:59')).toBe(true);
    for (const bad of ['24:00', '9:00', '09:60', '09:00:00', '', 'noon']) expect(isWallTime(bad), bad).toBe(false);
    expect(formatWallTime(9, 5)).toBe('09:05');
    expect(formatWallTime(0)).toBe('00:00');
    expect(() => formatWallTime(24, 0)).toThrow(RangeError);
  });
});

describe('zonedToUtc', () => {
  it('is exact on both sides of New York’s spring change', () => {
    expect(iso(zonedToUtc('2026-03-07', '09:00', 'America/New_York'))).toBe('2026-03-07T14:00:00.000Z');
    expect(iso(zonedToUtc('2026-03-08', '01:59', 'America/New_York'))).toBe('2026-03-08T06:59:00.000Z');
    expect(iso(zonedToUtc('2026-03-08', '03:00', 'America/New_York'))).toBe('2026-03-08T07:00:00.000Z');
    expect(iso(zonedToUtc('2026-03-08', '09:00', 'America/New_York'))).toBe('2026-03-08T13:00:00.000Z');
    expect(iso(zonedToUtc('2026-03-09', '09:00', 'America/New_York'))).toBe('2026-03-09T13:00:00.000Z');
  });

  it('moves a time in the spring gap forward by the gap', () => {
    // 02:30 does not exist in New York on 8 March: it becomes 03:30 EDT.
    expect(iso(zonedToUtc('2026-03-08', '02:30', 'America/New_York'))).toBe('2026-03-08T07:30:00.000Z');
    expect(iso(zonedToUtc('2026-03-08', '02:00', 'America/New_York'))).toBe('2026-03-08T07:00:00.000Z');
    // 01:30 does not exist in Lisbon on 29 March: it becomes 02:30 WEST.
    expect(iso(zonedToUtc('2026-03-29', '01:30', 'Europe/Lisbon'))).toBe('2026-03-29T01:30:00.000Z');
    expect(iso(zonedToUtc('2026-03-29', '00:59', 'Europe/Lisbon'))).toBe('2026-03-29T00:59:00.000Z');
    expect(iso(zonedToUtc('2026-03-29', '02:00', 'Europe/Lisbon'))).toBe('2026-03-29T01:00:00.000Z');
    // 02:30 does not exist in Sydney on 4 October: it becomes 03:30 AEDT.
    expect(iso(zonedToUtc('2026-10-04', '02:30', 'Australia/Sydney'))).toBe('2026-10-03T16:30:00.000Z');
  });

  it('takes the earlier instant for a time in the autumn overlap, in every zone', () => {
    // 01:30 happens twice in New York on 1 November (EDT, then EST).
    expect(iso(zonedToUtc('2026-11-01', '01:30', 'America/New_York'))).toBe('2026-11-01T05:30:00.000Z');
    expect(iso(zonedToUtc('2026-11-01', '00:59', 'America/New_York'))).toBe('2026-11-01T04:59:00.000Z');
    expect(iso(zonedToUtc('2026-11-01', '02:00', 'America/New_York'))).toBe('2026-11-01T07:00:00.000Z');
    // 01:30 happens twice in Lisbon on 25 October (WEST, then WET).
    expect(iso(zonedToUtc('2026-10-25', '01:30', 'Europe/Lisbon'))).toBe('2026-10-25T00:30:00.000Z');
    expect(iso(zonedToUtc('2026-10-25', '01:00', 'Europe/Lisbon'))).toBe('2026-10-25T00:00:00.000Z');
    expect(iso(zonedToUtc('2026-10-25', '02:00', 'Europe/Lisbon'))).toBe('2026-10-25T02:00:00.000Z');
    // 02:30 happens twice in Sydney on 5 April (AEDT, then AEST).
    expect(iso(zonedToUtc('2026-04-05', '02:30', 'Australia/Sydney'))).toBe('2026-04-04T15:30:00.000Z');
  });

  it('is exact on both sides of Lisbon’s changes', () => {
    expect(iso(zonedToUtc('2026-03-28', '10:30', 'Europe/Lisbon'))).toBe('2026-03-28T10:30:00.000Z');
    expect(iso(zonedToUtc('2026-03-30', '10:30', 'Europe/Lisbon'))).toBe('2026-03-30T09:30:00.000Z');
    expect(iso(zonedToUtc('2026-10-24', '10:30', 'Europe/Lisbon'))).toBe('2026-10-24T09:30:00.000Z');
    expect(iso(zonedToUtc('2026-10-26', '10:30', 'Europe/Lisbon'))).toBe('2026-10-26T10:30:00.000Z');
  });

  it('handles zones without DST, far ahead of and behind UTC', () => {
    expect(iso(zonedToUtc('2026-01-15', '09:00', 'America/Sao_Paulo'))).toBe('2026-01-15T12:00:00.000Z');
    expect(iso(zonedToUtc('2026-07-01', '09:00', 'America/Sao_Paulo'))).toBe('2026-07-01T12:00:00.000Z');
    expect(iso(zonedToUtc('2026-01-15', '09:00', 'Asia/Makassar'))).toBe('2026-01-15T01:00:00.000Z');
    expect(iso(zonedToUtc('2026-03-08', '08:00', 'Asia/Tokyo'))).toBe('2026-03-07T23:00:00.000Z');
    expect(iso(zonedToUtc('2026-03-08', '00:00', 'Pacific/Kiritimati'))).toBe('2026-03-07T10:00:00.000Z');
    expect(iso(zonedToUtc('2026-03-08', '23:00', 'Pacific/Pago_Pago'))).toBe('2026-03-09T10:00:00.000Z');
    expect(iso(zonedToUtc('2026-03-08', '09:00', 'Asia/Kolkata'))).toBe('2026-03-08T03:30:00.000Z');
    expect(iso(zonedToUtc('2026-03-08', '09:00', 'UTC'))).toBe('2026-03-08T09:00:00.000Z');
  });

  it('refuses bad input', () => {
    expect(() => zonedToUtc('2026-02-30', '09:00', 'Europe/Lisbon')).toThrow(RangeError);
    expect(() => zonedToUtc('2026-03-08', '9:00', 'Europe/Lisbon')).toThrow(RangeError);
    expect(() => zonedToUtc('2026-03-08', '09:00', 'Nowhere/Land')).toThrow(RangeError);
  });
});

describe('utcToZoned / calendarDateIn', () => {
  it('reads the wall clock of a zone, exactly, across the changes', () => {
    expect(utcToZoned(new Date('2026-03-08T06:59:00Z'), 'America/New_York')).toEqual({
      date: '2026-03-08',
      time: '01:59',
    });
    expect(utcToZoned(new Date('2026-03-08T07:00:00Z'), 'America/New_York')).toEqual({
      date: '2026-03-08',
      time: '03:00',
    });
    expect(utcToZoned(new Date('2026-11-01T05:30:00Z'), 'America/New_York')).toEqual({
      date: '2026-11-01',
      time: '01:30',
    });
    expect(utcToZoned(new Date('2026-11-01T06:30:00Z'), 'America/New_York')).toEqual({
      date: '2026-11-01',
      time: '01:30',
    });
    expect(utcToZoned(new Date('2026-10-25T00:30:00Z'), 'Europe/Lisbon')).toEqual({
      date: '2026-10-25',
      time: '01:30',
    });
    expect(utcToZoned(new Date('2026-10-25T01:30:00Z'), 'Europe/Lisbon')).toEqual({
      date: '2026-10-25',
      time: '01:30',
    });
    expect(utcToZoned(new Date('2026-03-29T01:00:00Z'), 'Europe/Lisbon')).toEqual({
      date: '2026-03-29',
      time: '02:00',
    });
  });

  it('round-trips every quarter hour of the change days in several zones', () => {
    const zones = ['Europe/Lisbon', 'America/New_York', 'America/Sao_Paulo', 'Asia/Tokyo', 'Pacific/Kiritimati'];
    const days = ['2026-03-08', '2026-03-29', '2026-10-25', '2026-11-01', '2026-07-01'];
    for (const tz of zones) {
      for (const date of days) {
        for (let m = 0; m < 24 * 60; m += 15) {
          const time = formatWallTime(Math.floor(m / 60), m % 60);
          const instant = zonedToUtc(date, time, tz);
          const back = utcToZoned(instant, tz);
          const inGap =
            (tz === 'America/New_York' && date === '2026-03-08' && time >= '02:00' && time < '03:00') ||
            (tz === 'Europe/Lisbon' && date === '2026-03-29' && time >= '01:00' && time < '02:00');
          if (inGap) {
            // A time that does not exist reads back one hour later on the same day.
            expect(back, `${tz} ${date} ${time}`).toEqual({
              date,
              time: formatWallTime(Math.floor(m / 60) + 1, m % 60),
            });
          } else {
            expect(back, `${tz} ${date} ${time}`).toEqual({ date, time });
          }
        }
      }
    }
  });

  it('gives the calendar date in the zone, not in UTC', () => {
    const instant = new Date('2026-01-31T20:00:00Z');
    expect(calendarDateIn(instant, 'Asia/Tokyo')).toBe('2026-02-01');
    expect(calendarDateIn(instant, 'Pacific/Kiritimati')).toBe('2026-02-01');
    expect(calendarDateIn(instant, 'America/Mexico_City')).toBe('2026-01-31');
    expect(calendarDateIn(instant, 'Pacific/Pago_Pago')).toBe('2026-01-31');
    expect(calendarDateIn(new Date('2026-01-31T10:00:00Z'), 'Pacific/Kiritimati')).toBe('2026-02-01');
    // 30 calendar days on from Tokyo's 1 February, across the end of February.
    expect(addCalendarDays(calendarDateIn(instant, 'Asia/Tokyo'), 30)).toBe('2026-03-03');
    expect(addCalendarDays(calendarDateIn(new Date('2026-03-07T12:00:00Z'), 'America/New_York'), 1)).toBe('2026-03-08');
    expect(calendarDateIn(new Date('2026-01-31T09:59:59Z'), 'Pacific/Kiritimati')).toBe('2026-01-31');
    expect(calendarDateIn(new Date('2026-02-01T10:59:59Z'), 'Pacific/Pago_Pago')).toBe('2026-01-31');
    expect(calendarDateIn(new Date('2026-02-01T11:00:00Z'), 'Pacific/Pago_Pago')).toBe('2026-02-01');
  });
});

describe('dayBounds', () => {
  const span = (b: { start: Date; end: Date }) => (b.end.getTime() - b.start.getTime()) / HOUR_MS;

  it('is 23 hours on the spring change and 25 on the autumn change', () => {
    const nySpring = dayBounds('2026-03-08', 'America/New_York');
    expect([iso(nySpring.start), iso(nySpring.end)]).toEqual(['2026-03-08T05:00:00.000Z', '2026-03-09T04:00:00.000Z']);
    expect(span(nySpring)).toBe(23);
    const nyAutumn = dayBounds('2026-11-01', 'America/New_York');
    expect([iso(nyAutumn.start), iso(nyAutumn.end)]).toEqual(['2026-11-01T04:00:00.000Z', '2026-11-02T05:00:00.000Z']);
    expect(span(nyAutumn)).toBe(25);
    const lisbonSpring = dayBounds('2026-03-29', 'Europe/Lisbon');
    expect([iso(lisbonSpring.start), iso(lisbonSpring.end)]).toEqual([
      '2026-03-29T00:00:00.000Z',
      '2026-03-29T23:00:00.000Z',
    ]);
    expect(span(lisbonSpring)).toBe(23);
    const lisbonAutumn = dayBounds('2026-10-25', 'Europe/Lisbon');
    expect([iso(lisbonAutumn.start), iso(lisbonAutumn.end)]).toEqual([
      '2026-10-24T23:00:00.000Z',
      '2026-10-26T00:00:00.000Z',
    ]);
    expect(span(lisbonAutumn)).toBe(25);
  });

  it('is 24 hours on ordinary days and in zones without DST', () => {
    expect(span(dayBounds('2026-03-07', 'America/New_York'))).toBe(24);
    expect(span(dayBounds('2026-03-09', 'America/New_York'))).toBe(24);
    const sp = dayBounds('2026-10-18', 'America/Sao_Paulo');
    expect([iso(sp.start), iso(sp.end)]).toEqual(['2026-10-18T03:00:00.000Z', '2026-10-19T03:00:00.000Z']);
    const kiri = dayBounds('2026-03-08', 'Pacific/Kiritimati');
    expect([iso(kiri.start), iso(kiri.end)]).toEqual(['2026-03-07T10:00:00.000Z', '2026-03-08T10:00:00.000Z']);
    const tokyo = dayBounds('2026-03-08', 'Asia/Tokyo');
    expect([iso(tokyo.start), iso(tokyo.end)]).toEqual(['2026-03-07T15:00:00.000Z', '2026-03-08T15:00:00.000Z']);
  });

  it('starts a day whose midnight is skipped at its first real minute (Santiago, 6 Sep 2026)', () => {
    const b = dayBounds('2026-09-06', 'America/Santiago');
    expect(iso(b.start)).toBe('2026-09-06T04:00:00.000Z');
    expect(utcToZoned(b.start, 'America/Santiago')).toEqual({ date: '2026-09-06', time: '01:00' });
    expect(span(b)).toBe(23);
  });

  it('contains an instant exactly when the zone’s calendar says so', () => {
    const b = dayBounds('2026-10-25', 'Europe/Lisbon');
    expect(calendarDateIn(b.start, 'Europe/Lisbon')).toBe('2026-10-25');
    expect(calendarDateIn(new Date(b.start.getTime() - 1), 'Europe/Lisbon')).toBe('2026-10-24');
    expect(calendarDateIn(new Date(b.end.getTime() - 1), 'Europe/Lisbon')).toBe('2026-10-25');
    expect(calendarDateIn(b.end, 'Europe/Lisbon')).toBe('2026-10-26');
  });
});

describe('display formats in a zone', () => {
  it('show the product’s MMM d, yyyy and h:mm a as the zone sees the instant', () => {
    const instant = new Date('2026-03-07T23:30:00Z');
    expect(formatDateIn(instant, 'UTC')).toBe('Mar 7, 2026');
    expect(formatDateIn(instant, 'Asia/Tokyo')).toBe('Mar 8, 2026');
    expect(formatDateIn(instant, 'Pacific/Pago_Pago')).toBe('Mar 7, 2026');
    expect(formatTimeIn(instant, 'Asia/Tokyo')).toBe('8:30 AM');
    expect(formatTimeIn(instant, 'America/New_York')).toBe('6:30 PM');
    expect(formatTimeIn(new Date('2026-11-01T06:30:00Z'), 'America/New_York')).toBe('1:30 AM');
    expect(formatWeekdayIn(instant, 'Asia/Tokyo')).toBe('Sunday');
    expect(formatWeekdayIn(instant, 'UTC')).toBe('Saturday');
    expect(() => formatDateIn(instant, 'Nowhere/Land')).toThrow(RangeError);
    expect(formatTimeIn(new Date('2026-03-08T00:05:00Z'), 'UTC')).toBe('12:05 AM');
    expect(formatTimeIn(new Date('2026-03-08T12:00:00Z'), 'UTC')).toBe('12:00 PM');
    expect(formatTimeIn(new Date('2026-03-08T23:59:00Z'), 'UTC')).toBe('11:59 PM');
    expect(formatWallTimeForDisplay('13:05')).toBe('1:05 PM');
  });
});

describe('dates, times and zones in the reader’s language', () => {
  const tokyoEvening = new Date('2026-03-08T09:30:00.000Z'); // 18:30 in Tokyo, a Sunday

  it('keeps English as it was written', () => {
    expect(formatDateIn(tokyoEvening, 'Asia/Tokyo', 'en')).toBe('Mar 8, 2026');
    expect(formatTimeIn(tokyoEvening, 'Asia/Tokyo', 'en')).toBe('6:30 PM');
    expect(formatWeekdayIn(tokyoEvening, 'Asia/Tokyo', 'en')).toBe('Sunday');
  });

  it('writes dates, times and weekdays with Intl in each locale (Thai in the Gregorian calendar)', () => {
    expect(formatDateIn(tokyoEvening, 'Asia/Tokyo', 'ja')).toBe('2026年3月8日');
    expect(formatTimeIn(tokyoEvening, 'Asia/Tokyo', 'ja')).toBe('18:30');
    expect(formatWeekdayIn(tokyoEvening, 'Asia/Tokyo', 'ja')).toBe('日曜日');
    expect(formatDateIn(tokyoEvening, 'Asia/Tokyo', 'pt-BR')).toBe('8 de mar. de 2026');
    expect(formatWeekdayIn(tokyoEvening, 'Asia/Tokyo', 'es')).toBe('domingo');
    expect(formatDateIn(tokyoEvening, 'Asia/Bangkok', 'th')).toContain('2026');
    expect(formatDateIn(tokyoEvening, 'Asia/Bangkok', 'th')).not.toContain('2569');
    expect(formatTimeIn(tokyoEvening, 'Asia/Makassar', 'id')).toBe('17.30');
    expect(formatCalendarDateForDisplay('2026-12-01', 'es')).toBe('1 dic 2026');
  });

  it('names zones by the city in the reader’s script, with the offset', () => {
    expect(zoneLabel('Asia/Tokyo', tokyoEvening, 'Tokyo', 'ja')).toBe('東京 (UTC+9)');
    expect(zoneLabel('Asia/Bangkok', tokyoEvening, 'Bangkok', 'th')).toBe('กรุงเทพฯ (UTC+7)');
    expect(zoneLabel('Europe/Lisbon', tokyoEvening, 'Lisbon', 'pt-PT')).toBe('Lisboa (UTC)');
    expect(zoneLabel('America/New_York', tokyoEvening, 'New York', 'pt-BR')).toBe('Nova York (UTC−4)');
    // A place Locora does not know stays as written; a zone without one is named in the locale.
    expect(zoneLabel('Asia/Tokyo', tokyoEvening, 'Shibuya-ku', 'ja')).toBe('日本標準時 (UTC+9)');
    expect(zonePickerLabel('Asia/Tokyo', tokyoEvening, 'ja')).toBe('東京 (UTC+9)');
    expect(zoneLabel('Asia/Tokyo', tokyoEvening, 'Tokyo', 'en')).toBe('Tokyo (UTC+9)');
  });
});
