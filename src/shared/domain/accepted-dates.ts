/**
 * The one range of dates the API accepts, anywhere a date, month or date-time is a parameter
 * (decision 034). Outside it a request is refused with a 400 that names the parameter, before any
 * calendar arithmetic runs. Dates inside it but past the booking horizon are valid questions with
 * empty answers (decision 020).
 */
import { isCalendarDate, type CalendarDate } from './calendar-date.ts';

export const EARLIEST_ACCEPTED_YEAR = 2000;
export const LATEST_ACCEPTED_YEAR = 2100;

/** The year a date, month or date-time is written with ('2026-03-08', '2026-03', '2026-03-08T09:00Z'). */
function writtenYear(value: string): number | undefined {
  const m = /^(\d{4})-/.exec(value);
  return m ? Number(m[1]) : undefined;
}

/**
 * False only for a value written with a year outside the accepted range; a value with no
 * leading year is left to the format check.
 */
export function isInAcceptedDateRange(value: unknown): boolean {
  if (typeof value !== 'string') return true;
  const year = writtenYear(value);
  return year === undefined || (year >= EARLIEST_ACCEPTED_YEAR && year <= LATEST_ACCEPTED_YEAR);
}

/** A real calendar day inside the range: what a page may take from its address (`?date=`). */
export function isAcceptedCalendarDate(value: unknown): value is CalendarDate {
  return isCalendarDate(value) && isInAcceptedDateRange(value);
}

/** The 400 text for a value outside the range, naming the parameter. */
export function outsideAcceptedDatesMessage(parameter: string): string {
  return `${parameter} must be a date between ${EARLIEST_ACCEPTED_YEAR}-01-01 and ${LATEST_ACCEPTED_YEAR}-12-31`;
}
