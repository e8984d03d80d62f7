/**
 * Why a calendar could not be fetched or read, as a code with its values: stored with the calendar
 * (calendar_imports.last_error_problem) and worded when shown, in the reader's language
 * (calendar-words.ts). No words here: the parser's thread loads this file without any catalog.
 */
export type CalendarProblem =
  | {
      code:
        | 'not_a_web_address'
        | 'https_only'
        | 'private_address'
        | 'host_not_found'
        | 'too_slow'
        | 'too_large'
        | 'too_many_redirects'
        | 'could_not_connect'
        | 'bad_certificate'
        | 'not_a_calendar'
        | 'cut_short'
        | 'too_many_repeats'
        | 'never_happens'
        | 'too_many_busy_times'
        | 'too_long_to_read'
        | 'too_big_to_read'
        | 'could_not_read'
        | 'did_not_finish';
    }
  | { code: 'answered_status'; status: number }
  | { code: 'never_happens_on'; month: number; day: number };

export type CalendarProblemCode = CalendarProblem['code'];

/**
 * A failure the provider can read, shown as the calendar's last error ("The address answered
 * 404"): `message` is its English sentence (the logs', and the last_error column's), `problem`
 * what it is, worded for each reader.
 */
export class CalendarFetchError extends Error {
  constructor(
    message: string,
    readonly problem: CalendarProblem,
  ) {
    super(message);
    this.name = 'CalendarFetchError';
  }
}
