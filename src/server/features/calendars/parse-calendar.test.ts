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
import { ics } from '../../test/calendar-server.ts';
import {
  CUT_SHORT,
  ianaZoneOf,
  NEVER_HAPPENS,
  NOT_A_CALENDAR,
  parseBusyIntervals,
  readCalendar,
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
  ])('refuses %s in plain words', (_label, text) => {
    expect(() => read(text)).toThrow(NOT_A_CALENDAR);
  });

  it('refuses a file cut short rather than store half of it', () => {
    expect(() => read('BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nDTSTART;=bad\r\n')).toThrow(CUT_SHORT);
  });

  it('stops a rule that looks at too many times, counting inside the loop, not only what it returns', () => {
    // Every minute of June since 2000: a rule filtered by month starts at its DTSTART, and looks at
    // every minute of the year to find June's.
    const text = calendar(
      event(
        'UID:june-minutes@example.com',
        'DTSTART:20000101T000000Z',
        'DTEND:20000101T000030Z',
        'RRULE:FREQ=MINUTELY;BYMONTH=6',
      ),
    );
    expect(() => read(text)).toThrow(TOO_MANY_REPEATS);
  });

  it.each([
    ['daily on February 30', 'FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30', `${NEVER_HAPPENS} (February 30)`],
    ['hourly on April 31', 'FREQ=HOURLY;BYMONTH=4;BYMONTHDAY=31', `${NEVER_HAPPENS} (April 31)`],
    ['minutely on February -30', 'FREQ=MINUTELY;BYMONTH=2;BYMONTHDAY=-30', `${NEVER_HAPPENS} (February 30)`],
    ['every first Monday, daily', 'FREQ=DAILY;BYDAY=1MO', NEVER_HAPPENS],
  ])('refuses a rule that can never happen (%s) with a plain error, at once', (_label, rule, message) => {
    const text = calendar(
      event('UID:never@example.com', 'DTSTART:20250101T100000Z', 'DTEND:20250101T110000Z', `RRULE:${rule}`),
    );
    expect(() => read(text)).toThrow(message);
  });

  it('refuses a calendar with more busy times than it may store', () => {
    expect(() => parseBusyIntervals(googleCalendar, { timeZone: NY, from: FROM, to: TO, maxIntervals: 10 })).toThrow(
      tooManyBusyTimes(),
    );
  });
});

const calendar = (...events: string[]) =>
  ics('BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//test//EN', ...events, 'END:VCALENDAR');
const event = (...lines: string[]) => ['BEGIN:VEVENT', 'DTSTAMP:20270101T000000Z', ...lines, 'END:VEVENT'].join('\r\n');

describe('each series keeps its own edits', () => {
  // Two daily series at 10:00 New York time; A's March 10 is deleted by a cancelled instance and
  // its March 11 moved to 15:00. B is untouched.
  const text = calendar(
    event(
      'UID:series-a@example.com',
      'DTSTART;TZID=America/New_York:20270308T100000',
      'DTEND;TZID=America/New_York:20270308T110000',
      'RRULE:FREQ=DAILY;COUNT=5',
    ),
    event(
      'UID:series-b@example.com',
      'DTSTART;TZID=America/New_York:20270308T100000',
      'DTEND;TZID=America/New_York:20270308T110000',
      'RRULE:FREQ=DAILY;COUNT=5',
    ),
    event(
      'UID:series-a@example.com',
      'RECURRENCE-ID;TZID=America/New_York:20270310T100000',
      'DTSTART;TZID=America/New_York:20270310T100000',
      'DTEND;TZID=America/New_York:20270310T110000',
      'STATUS:CANCELLED',
    ),
    event(
      'UID:series-a@example.com',
      'RECURRENCE-ID;TZID=America/New_York:20270311T100000',
      'DTSTART;TZID=America/New_York:20270311T150000',
      'DTEND;TZID=America/New_York:20270311T160000',
    ),
  );

  it('keeps the other series’ busy time on the day one is cancelled, and stores a moved instance once', () => {
    const busy = read(text);
    // B at 10:00 EST (15:00Z) every day; A on the 8th, 9th and 12th, and at 15:00 EST (20:00Z) on the 11th.
    expect(busy).toEqual([
      span('2027-03-08T15:00Z', '2027-03-08T16:00Z'),
      span('2027-03-09T15:00Z', '2027-03-09T16:00Z'),
      span('2027-03-10T15:00Z', '2027-03-10T16:00Z'),
      span('2027-03-11T15:00Z', '2027-03-11T16:00Z'),
      span('2027-03-11T20:00Z', '2027-03-11T21:00Z'),
      span('2027-03-12T15:00Z', '2027-03-12T16:00Z'),
    ]);
  });

  it('finds an edit whose RECURRENCE-ID is written in UTC or as a bare date', () => {
    const utc = text.replace('RECURRENCE-ID;TZID=America/New_York:20270311T100000', 'RECURRENCE-ID:20270311T150000Z');
    const bare = text.replace('RECURRENCE-ID;TZID=America/New_York:20270311T100000', 'RECURRENCE-ID:20270311');
    expect(read(utc)).toEqual(read(text));
    expect(read(bare)).toEqual(read(text));
  });
});

describe('Outlook’s zone labels', () => {
  // Exchange 2010 and OWA: a display label for TZID, and no VTIMEZONE.
  const meeting = (tzid: string) =>
    calendar(
      event('UID:owa@example.com', `DTSTART;TZID="${tzid}":20270317T133000`, `DTEND;TZID="${tzid}":20270317T143000`),
    );

  it('reads a display label in its Windows zone, not the provider’s', () => {
    const reading = readCalendar(meeting('(UTC-05:00) Eastern Time (US & Canada)'), {
      timeZone: 'Australia/Sydney',
      from: FROM,
      to: TO,
    });
    // 13:30 in New York (EDT) is 17:30Z, whatever the provider's zone.
    expect(reading.intervals.map((b) => b.start.toISOString())).toEqual(['2027-03-17T17:30:00.000Z']);
    expect(reading.notes).toEqual([]);
    expect(ianaZoneOf('(UTC+01:00) Amsterdam, Berlin, Bern, Rome, Stockholm, Vienna')).toBe('Europe/Berlin');
    expect(ianaZoneOf('(GMT-08:00) Pacific Time (US & Canada); Tijuana')).toBe('America/Los_Angeles');
    expect(ianaZoneOf('(UTC+09:00) Osaka, Sapporo, Tokyo')).toBe('Asia/Tokyo');
  });

  it('reads an unknown label at the offset it writes, and says so', () => {
    const reading = readCalendar(meeting('(UTC+05:30) Head Office'), { timeZone: NY, from: FROM, to: TO });
    expect(reading.intervals.map((b) => b.start.toISOString())).toEqual(['2027-03-17T08:00:00.000Z']);
    expect(reading.notes).toEqual([
      'Times in “(UTC+05:30) Head Office” were read at UTC+5:30, without daylight saving time.',
    ]);
  });

  it('says so when it reads a zone it cannot place in the provider’s zone', () => {
    const reading = readCalendar(meeting('Head Office Time'), { timeZone: NY, from: FROM, to: TO });
    expect(reading.intervals.map((b) => b.start.toISOString())).toEqual(['2027-03-17T17:30:00.000Z']);
    expect(reading.notes).toEqual([
      'Times in “Head Office Time” were read in your time zone (America/New_York): the calendar does not say where that zone is.',
    ]);
  });

  it('maps every label of the list to a zone', async () => {
    const { WINDOWS_ZONE_LABELS } = await import('./windows-zone-labels.ts');
    for (const [label] of WINDOWS_ZONE_LABELS) expect(ianaZoneOf(`(UTC) ${label}`), label).toBeTruthy();
  });
});

describe('a rule that started long ago', () => {
  it('gives its busy times in the coming weeks: hourly since 2019, and every 86,400 seconds since 2000', () => {
    const hourly = readCalendar(
      calendar(
        event('UID:hourly@example.com', 'DTSTART:20190101T000000Z', 'DTEND:20190101T000500Z', 'RRULE:FREQ=HOURLY'),
      ),
      { timeZone: NY, from: FROM, to: new Date('2027-03-02T00:00:00Z') },
    );
    expect(hourly.intervals).toHaveLength(24);
    expect(hourly.intervals[0]?.start.toISOString()).toBe('2027-03-01T00:00:00.000Z');
    const secondly = readCalendar(
      calendar(
        event(
          'UID:secondly@example.com',
          'DTSTART:20000101T093000Z',
          'DTEND:20000101T103000Z',
          'RRULE:FREQ=SECONDLY;INTERVAL=86400',
          'EXDATE:20270302T093000Z',
        ),
      ),
      { timeZone: NY, from: FROM, to: new Date('2027-03-05T00:00:00Z') },
    );
    expect(secondly.intervals.map((b) => b.start.toISOString())).toEqual([
      '2027-03-01T09:30:00.000Z',
      '2027-03-03T09:30:00.000Z',
      '2027-03-04T09:30:00.000Z',
    ]);
  });

  it('gives a weekly rule since 1995 its days, and keeps an UNTIL in UTC for a zone east of it', () => {
    const weekly = readCalendar(
      calendar(
        event(
          'UID:weekly@example.com',
          'DTSTART;TZID=Asia/Tokyo:19950106T100000',
          'DTEND;TZID=Asia/Tokyo:19950106T110000',
          // The last one is 10:00 Tokyo on March 12, 2027: 01:00Z.
          'RRULE:FREQ=WEEKLY;BYDAY=FR;UNTIL=20270312T010000Z',
        ),
      ),
      { timeZone: NY, from: FROM, to: TO },
    );
    expect(weekly.intervals.map((b) => b.start.toISOString())).toEqual([
      '2027-03-05T01:00:00.000Z',
      '2027-03-12T01:00:00.000Z',
    ]);
  });
});

describe('a file with a line that cannot be read', () => {
  const good = event('UID:good@example.com', 'DTSTART:20270310T150000Z', 'DTEND:20270310T160000Z');

  it.each([
    ['a bad DTSTART', event('UID:bad@example.com', 'DTSTART:2027-03-11', 'DTEND:20270311T160000Z')],
    [
      'a rule that is not one',
      event('UID:bad@example.com', 'DTSTART:20270311T150000Z', 'DTEND:20270311T160000Z', 'RRULE:FREQ=SOMETIMES'),
    ],
    [
      '400 parameters on a line',
      event('UID:bad@example.com', `DTSTART${';X-A=1'.repeat(400)}:20270311T150000Z`, 'DTEND:20270311T160000Z'),
    ],
  ])('keeps the rest and counts the one skipped (%s)', (_label, bad) => {
    const reading = readCalendar(calendar(good, bad), { timeZone: NY, from: FROM, to: TO });
    expect(reading.intervals.map((b) => b.start.toISOString())).toEqual(['2027-03-10T15:00:00.000Z']);
    expect(reading.unreadable).toBe(1);
  });

  it('reads spaces inside BYDAY and a bare date in EXDATE as calendar apps do', () => {
    const series = event(
      'UID:weekly@example.com',
      'DTSTART:20270301T150000Z',
      'DTEND:20270301T160000Z',
      'RRULE:FREQ=WEEKLY;COUNT=4;BYDAY=MO, WE',
      'EXDATE:20270303',
    );
    const reading = readCalendar(calendar(series), { timeZone: NY, from: FROM, to: TO });
    expect(reading.intervals.map((b) => b.start.toISOString().slice(0, 10))).toEqual([
      '2027-03-01',
      '2027-03-08',
      '2027-03-10',
    ]);
    expect(reading.unreadable).toBe(0);
  });
});
