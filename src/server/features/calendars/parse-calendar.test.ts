// Busy intervals read from calendar files (run with TZ=UTC): recurrence across both clock changes in
// the provider's zone and another, exceptions, all-day, floating and Windows zone names.
import { describe, expect, it } from 'vitest';
import {
  allDayCalendar,
  floatingCalendar,
  googleCalendar,
  htmlPage,
  outlookCalendar,
} from '../../test/calendar-fixtures.ts';
import {
  ianaZoneOf,
  NOT_A_CALENDAR,
  parseBusyIntervals,
  TOO_MANY_REPEATS,
  tooManyBusyTimes,
  wallToInstant,
} from './parse-calendar.ts';

const FROM = new Date('2027-03-01T00:00:00Z');
const TO = new Date('2028-03-01T00:00:00Z');
const NY = 'America/New_York';

const read = (text: string, timeZone = NY) =>
  parseBusyIntervals(text, { timeZone, from: FROM, to: TO }).map(
    (b) => `${b.start.toISOString()} ${b.end.toISOString()}`,
  );
const span = (start: string, end: string) => `${new Date(start).toISOString()} ${new Date(end).toISOString()}`;

describe('a weekly event across the clock changes', () => {
  const busy = read(googleCalendar);

  it('keeps 10:00 New York time on both sides of March 14 and November 7', () => {
    expect(busy).toContain(span('2027-03-03T15:00Z', '2027-03-03T16:00Z')); // EST
    expect(busy).toContain(span('2027-03-10T15:00Z', '2027-03-10T16:00Z'));
    expect(busy).toContain(span('2027-03-17T14:00Z', '2027-03-17T15:00Z')); // EDT
    expect(busy).toContain(span('2027-11-03T14:00Z', '2027-11-03T15:00Z'));
    expect(busy).toContain(span('2027-11-10T15:00Z', '2027-11-10T16:00Z')); // EST again
    expect(busy).toContain(span('2027-12-01T15:00Z', '2027-12-01T16:00Z')); // the 40th
    expect(busy.some((b) => b.startsWith('2027-12-08'))).toBe(false);
  });

  it('keeps 09:00 London time in another zone, whose clocks change on other days', () => {
    expect(busy).toContain(span('2027-03-25T09:00Z', '2027-03-25T10:00Z')); // GMT
    expect(busy).toContain(span('2027-04-01T08:00Z', '2027-04-01T09:00Z')); // BST
    expect(busy).toContain(span('2027-10-28T08:00Z', '2027-10-28T09:00Z'));
    expect(busy).toContain(span('2027-11-04T09:00Z', '2027-11-04T10:00Z')); // GMT again
  });

  it('drops the deleted occurrence (EXDATE) and moves the changed one (RECURRENCE-ID)', () => {
    expect(busy.some((b) => b.startsWith('2027-03-24'))).toBe(false);
    expect(busy).toContain(span('2027-03-31T19:00Z', '2027-03-31T20:00Z'));
    expect(busy).not.toContain(span('2027-03-31T14:00Z', '2027-03-31T15:00Z'));
    // 40 Wednesdays less the deleted one, and 40 Thursdays.
    expect(busy).toHaveLength(39 + 40);
  });

  it('counts neither a free (TRANSPARENT) nor a cancelled event', () => {
    expect(busy.some((b) => b.startsWith('2027-03-05'))).toBe(false);
    expect(busy.some((b) => b.startsWith('2027-03-06'))).toBe(false);
  });

  it('returns only what overlaps the window', () => {
    const april = parseBusyIntervals(googleCalendar, {
      timeZone: NY,
      from: new Date('2027-04-01T00:00:00Z'),
      to: new Date('2027-04-08T00:00:00Z'),
    });
    expect(april.map((b) => b.start.toISOString())).toEqual(['2027-04-01T08:00:00.000Z', '2027-04-07T14:00:00.000Z']);
  });
});

describe('all-day events', () => {
  it('are busy the whole local day in the calendar’s zone, 23 or 25 hours on a change day', () => {
    // The provider is in Lisbon; the calendar says New York (X-WR-TIMEZONE): New York's days count.
    const busy = read(allDayCalendar, 'Europe/Lisbon');
    expect(busy).toEqual([
      span('2027-03-14T05:00Z', '2027-03-15T04:00Z'),
      span('2027-04-01T04:00Z', '2027-04-02T04:00Z'),
      span('2027-11-06T04:00Z', '2027-11-08T05:00Z'),
    ]);
  });

  it('use the provider’s zone when the calendar names none', () => {
    const busy = read(allDayCalendar.replace('X-WR-TIMEZONE:America/New_York\r\n', ''), 'Europe/Lisbon');
    expect(busy[0]).toBe(span('2027-03-14T00:00Z', '2027-03-15T00:00Z'));
  });
});

describe('zones', () => {
  it('reads a floating time on the provider’s clock', () => {
    expect(read(floatingCalendar, NY)).toEqual([span('2027-03-10T18:00Z', '2027-03-10T20:00Z')]);
    expect(read(floatingCalendar, 'Europe/Lisbon')).toEqual([span('2027-03-10T13:00Z', '2027-03-10T15:00Z')]);
  });

  it('maps a Windows zone name (Outlook) to its IANA zone', () => {
    expect(read(outlookCalendar, 'Europe/Lisbon')).toEqual([
      span('2027-03-17T13:00Z', '2027-03-17T14:00Z'),
      span('2027-10-27T13:00Z', '2027-10-27T13:30Z'),
      span('2027-11-03T13:00Z', '2027-11-03T13:30Z'),
      span('2027-11-10T14:00Z', '2027-11-10T14:30Z'),
    ]);
    expect(ianaZoneOf('W. Europe Standard Time')).toBe('Europe/Berlin');
    expect(ianaZoneOf('/mozilla.org/20050126_1/Europe/Paris')).toBe('Europe/Paris');
  });

  it('falls back to the file’s own VTIMEZONE for a name it cannot map', () => {
    const custom = outlookCalendar.replaceAll('Eastern Standard Time', 'Head Office Time');
    expect(ianaZoneOf('Head Office Time')).toBeUndefined();
    expect(read(custom, 'Europe/Lisbon')).toEqual(read(outlookCalendar, 'Europe/Lisbon'));
  });

  it('reads a wall time in the spring gap forward, and the earlier of an autumn overlap', () => {
    const f = (day: number, month: number, hour: number, minute: number) => ({
      year: 2027,
      month,
      day,
      hour,
      minute,
      second: 0,
    });
    expect(wallToInstant(f(14, 3, 2, 30), NY).toISOString()).toBe('2027-03-14T07:30:00.000Z');
    expect(wallToInstant(f(7, 11, 1, 30), NY).toISOString()).toBe('2027-11-07T05:30:00.000Z');
  });
});

describe('what is not a calendar', () => {
  it.each([
    ['an HTML page', htmlPage],
    ['an empty answer', ''],
    ['JSON', '{"events": []}'],
    ['a broken calendar', 'BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nDTSTART;=bad\r\n'],
  ])('refuses %s in plain words', (_label, text) => {
    expect(() => read(text)).toThrow(NOT_A_CALENDAR);
  });

  it('stops a file whose events repeat so often that reading it would stall the server', () => {
    // 20 events, each every minute since 2000: a million occurrences before any reaches 2027.
    const events = Array.from({ length: 20 }, (_, i) =>
      [
        'BEGIN:VEVENT',
        `UID:minutely-${i}@example.com`,
        'DTSTAMP:20270101T000000Z',
        'DTSTART:20000101T000000Z',
        'DTEND:20000101T000030Z',
        'RRULE:FREQ=MINUTELY',
        'END:VEVENT',
      ].join('\r\n'),
    );
    const text = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//test//EN', ...events, 'END:VCALENDAR'].join('\r\n');
    expect(() => read(text)).toThrow(TOO_MANY_REPEATS);
  });

  it('refuses a calendar with more busy times than it may store', () => {
    expect(() => parseBusyIntervals(googleCalendar, { timeZone: NY, from: FROM, to: TO, maxIntervals: 10 })).toThrow(
      tooManyBusyTimes(),
    );
  });
});
