/**
 * What a provider reads about an imported calendar, in their language (the page's, X-Locale): why
 * its last sync failed (calendar-error.ts's problems) and how zones not plainly named were read
 * (calendar-zones.ts's notes). Rows written before these were kept as codes hold only the English
 * sentence: one this file recognises is worded like a new one, any other is shown as written.
 */
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { DEFAULT_LOCALE, intlLocale, type Locale } from '../../../shared/domain/locales.ts';
import { localeDateFormat } from '../../../shared/domain/calendar-date.ts';
import { formatUtcOffset } from '../../../shared/domain/time.ts';
import { i18nFor } from '../../i18n.ts';
import type { CalendarProblem, CalendarProblemCode } from './calendar-error.ts';
import type { ZoneNote } from './calendar-zones.ts';
import { MAX_BUSY_INTERVALS } from './parse-calendar.ts';
import { CALENDAR_FETCH_TIMEOUT_MS, CALENDAR_MAX_BYTES, CALENDAR_MAX_REDIRECTS } from './safe-fetch.ts';

type PlainCode = Exclude<
  CalendarProblemCode,
  'answered_status' | 'never_happens_on' | 'too_slow' | 'too_large' | 'too_many_busy_times'
>;

const PLAIN: Record<PlainCode, MessageDescriptor> = {
  not_a_web_address: msg`This is not a web address`,
  https_only: msg`Use an address that starts with https:// or webcal://`,
  private_address: msg`The address points inside a private network, which Locora does not fetch`,
  host_not_found: msg`The address’s server could not be found`,
  too_many_redirects: msg`The address redirected more than ${CALENDAR_MAX_REDIRECTS} times`,
  could_not_connect: msg`Could not connect to the address`,
  bad_certificate: msg`The address’s security certificate is not valid`,
  not_a_calendar: msg`This is not a calendar file`,
  cut_short: msg`The calendar file is cut short`,
  too_many_repeats: msg`The calendar repeats its events too often to be read`,
  never_happens: msg`An event in the calendar repeats on a date that never comes`,
  too_long_to_read: msg`This calendar took too long to read`,
  too_big_to_read: msg`This calendar needs too much memory to read`,
  could_not_read: msg`The calendar could not be read`,
  did_not_finish: msg`The last syncs of this calendar did not finish`,
};

/** A day of a month as the reader writes it ('February 30', '2月30日'), even one that never comes. */
function monthDay(month: number, day: number, locale: Locale): string {
  const parts = localeDateFormat(locale, { month: 'long', day: 'numeric', timeZone: 'UTC' }).formatToParts(
    Date.UTC(2000, month - 1, 1),
  );
  return parts.map((p) => (p.type === 'day' ? String(day) : p.value)).join('');
}

/** Why a sync failed, in the reader's words (no closing full stop: the screen adds its own). */
export function calendarProblemWords(problem: CalendarProblem, locale: Locale): string {
  const i18n: I18n = i18nFor(locale);
  switch (problem.code) {
    case 'answered_status': {
      const status = String(problem.status);
      return i18n._(msg`The address answered ${status}`);
    }
    case 'never_happens_on': {
      const date = monthDay(problem.month, problem.day, locale);
      return i18n._(msg`An event in the calendar repeats on a date that never comes (${date})`);
    }
    case 'too_slow': {
      const seconds = CALENDAR_FETCH_TIMEOUT_MS / 1000;
      return i18n._(msg`The address did not answer within ${seconds} seconds`);
    }
    case 'too_large': {
      const megabytes = CALENDAR_MAX_BYTES / 1024 / 1024;
      return i18n._(msg`The calendar is larger than ${megabytes} MB`);
    }
    case 'too_many_busy_times': {
      const count = new Intl.NumberFormat(intlLocale(locale)).format(MAX_BUSY_INTERVALS);
      return i18n._(msg`The calendar has more than ${count} busy times in the next year`);
    }
    default:
      return i18n._(PLAIN[problem.code]);
  }
}

const MONTHS = Array.from({ length: 12 }, (_, i) =>
  new Date(Date.UTC(2000, i, 1)).toLocaleString('en', { month: 'long', timeZone: 'UTC' }),
);

/** The problem an English sentence stored before the codes names, when it is one of ours. */
export function problemOfEnglish(text: string): CalendarProblem | undefined {
  const status = /^The address answered (\d{3})$/.exec(text);
  if (status) return { code: 'answered_status', status: Number(status[1]) };
  const never = /^An event in the calendar repeats on a date that never comes \((\w+) (\d{1,2})\)$/.exec(text);
  if (never && MONTHS.includes(never[1]!))
    return { code: 'never_happens_on', month: MONTHS.indexOf(never[1]!) + 1, day: Number(never[2]) };
  const codes = [...Object.keys(PLAIN), 'too_slow', 'too_large', 'too_many_busy_times'] as CalendarProblemCode[];
  return codes
    .map((code) => ({ code }) as CalendarProblem)
    .find((problem) => calendarProblemWords(problem, DEFAULT_LOCALE) === text);
}

/** A calendar's last error in the reader's words: from its code, else its stored English sentence. */
export function lastErrorWords(
  stored: { text: string | null; problem: CalendarProblem | null },
  locale: Locale,
): string | null {
  const problem = stored.problem ?? (stored.text ? problemOfEnglish(stored.text) : undefined);
  return problem ? calendarProblemWords(problem, locale) : stored.text;
}

/** How a zone not plainly named was read, in the reader's words. */
export function zoneNoteWords(note: ZoneNote, locale: Locale): string {
  const i18n = i18nFor(locale);
  const name = note.name;
  if (note.code === 'fixed_offset') {
    const offset = formatUtcOffset(note.offsetMinutes);
    return i18n._(msg`Times in “${name}” were read at ${offset}, without daylight saving time.`);
  }
  const zone = note.zone;
  return note.code === 'zone_unreadable'
    ? i18n._(
        msg`Times in “${name}” were read in your time zone (${zone}): the calendar defines that zone in a way Locora cannot read.`,
      )
    : i18n._(
        msg`Times in “${name}” were read in your time zone (${zone}): the calendar does not say where that zone is.`,
      );
}
