/**
 * Calendars written to stall or crash a calendar reader, served by a local calendar host: the
 * import tests and `npm run bench:booking` sync each of them and watch the server keep answering.
 *
 * Dates are relative to `now` (the sync's clock): the window read is a day back to a year ahead.
 */
import { ics, startCalendarServer } from './calendar-server.ts';

const DAY = 86_400_000;
const stamp = (ms: number) =>
  new Date(ms)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
const day = (ms: number) => stamp(ms).slice(0, 8);

const calendar = (...lines: string[]) =>
  ics(['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Hostile//EN', ...lines, 'END:VCALENDAR'].join('\r\n'));

/** Daily on the 30th of February: ical.js looks for it forever (191 bytes). */
export const dailyOnFebruary30 = calendar(
  'BEGIN:VEVENT',
  'UID:feb30@hostile.test',
  'DTSTART:20250101T100000Z',
  'DTEND:20250101T110000Z',
  'RRULE:FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30',
  'END:VEVENT',
);

/** Hourly on the 31st of April. */
export const hourlyOnApril31 = calendar(
  'BEGIN:VEVENT',
  'UID:apr31@hostile.test',
  'DTSTART:20250101T100000Z',
  'DTEND:20250101T103000Z',
  'RRULE:FREQ=HOURLY;BYMONTH=4;BYMONTHDAY=31',
  'END:VEVENT',
);

/**
 * A made-up zone whose offset changes every second since 1601, and an event in it: reading the
 * event's time walks every second up to today.
 */
export function secondlyZone(now: Date) {
  const date = day(now.getTime() + 2 * DAY);
  return calendar(
    'BEGIN:VTIMEZONE',
    'TZID:Flicker Time',
    'BEGIN:STANDARD',
    'DTSTART:16010101T000000',
    'TZOFFSETFROM:+0100',
    'TZOFFSETTO:+0200',
    'RRULE:FREQ=SECONDLY',
    'END:STANDARD',
    'END:VTIMEZONE',
    'BEGIN:VEVENT',
    'UID:flicker@hostile.test',
    `DTSTART;TZID=Flicker Time:${date}T100000`,
    `DTEND;TZID=Flicker Time:${date}T110000`,
    'END:VEVENT',
  );
}

/**
 * `count` one-off events of 30 minutes every 12 hours, the last two years' worth ending a year
 * ahead: years of history, as a Google "secret address" serves it.
 */
export function manyEvents(now: Date, count = 20_000) {
  const first = now.getTime() + 365 * DAY - (count - 1) * (DAY / 2);
  const lines: string[] = [];
  for (let i = 0; i < count; i++) {
    const start = first + i * (DAY / 2);
    lines.push(
      'BEGIN:VEVENT',
      `UID:event-${i}@hostile.test`,
      `DTSTAMP:${stamp(first)}`,
      `DTSTART:${stamp(start)}`,
      `DTEND:${stamp(start + 30 * 60_000)}`,
      `SUMMARY:Event ${i}`,
      'END:VEVENT',
    );
  }
  return { text: calendar(lines.join('\r\n')), starts: Array.from({ length: count }, (_, i) => first + i * (DAY / 2)) };
}

/**
 * A daily 10:00-11:00 UTC series since 1990 with `count` EXDATEs: every day but each seventh is
 * deleted while they last, so it is busy once a week until then (`isBusyDay` tells which days).
 */
export function manyExdates(count = 20_000) {
  const first = Date.UTC(1990, 0, 1, 10);
  const exdates: string[] = [];
  let covered = 0;
  for (; exdates.length < count; covered++) if (covered % 7 !== 0) exdates.push(stamp(first + covered * DAY));
  return {
    text: calendar(
      'BEGIN:VEVENT',
      'UID:daily@hostile.test',
      `DTSTART:${stamp(first)}`,
      `DTEND:${stamp(first + 3_600_000)}`,
      'RRULE:FREQ=DAILY',
      `EXDATE:${exdates.join(',')}`,
      'END:VEVENT',
    ),
    /** Whether the series is busy at 10:00 UTC on the day of `ms`. */
    isBusyDay(ms: number) {
      const d = Math.floor((ms - Date.UTC(1990, 0, 1)) / DAY);
      return d >= covered || d % 7 === 0;
    },
  };
}

/** One event whose DTSTART carries `count` parameters, and one ordinary event 2 days ahead. */
export function manyParameters(now: Date, count = 400_000) {
  const at = now.getTime() + 2 * DAY;
  return {
    text: calendar(
      'BEGIN:VEVENT',
      'UID:params@hostile.test',
      `DTSTART${';X-P=1'.repeat(count)}:${stamp(at)}`,
      `DTEND:${stamp(at + 3_600_000)}`,
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:plain@hostile.test',
      `DTSTART:${stamp(at)}`,
      `DTEND:${stamp(at + 3_600_000)}`,
      'END:VEVENT',
    ),
    busy: { start: at, end: at + 3_600_000 },
  };
}

export const HOSTILE_PATHS = [
  '/february-30.ics',
  '/april-31.ics',
  '/secondly-zone.ics',
  '/20000-events.ics',
  '/20000-exdates.ics',
  '/400000-parameters.ics',
] as const;

/** A calendar host serving the six hostile calendars (for a sync at `now`). */
export function startHostileCalendarServer(now: Date) {
  return startCalendarServer({
    '/february-30.ics': { body: dailyOnFebruary30 },
    '/april-31.ics': { body: hourlyOnApril31 },
    '/secondly-zone.ics': { body: secondlyZone(now) },
    '/20000-events.ics': { body: manyEvents(now).text },
    '/20000-exdates.ics': { body: manyExdates().text },
    '/400000-parameters.ics': { body: manyParameters(now).text },
  });
}
