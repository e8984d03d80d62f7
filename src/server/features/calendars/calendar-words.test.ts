import { describe, expect, it } from 'vitest';
import type { CalendarProblem } from './calendar-error.ts';
import { DID_NOT_FINISH } from './calendar-sync.ts';
import { calendarProblemWords, problemOfEnglish } from './calendar-words.ts';
import {
  CUT_SHORT,
  NEVER_HAPPENS,
  neverHappensOn,
  NOT_A_CALENDAR,
  TOO_MANY_REPEATS,
  tooManyBusyTimes,
} from './parse-calendar.ts';
import { COULD_NOT_READ, TOO_BIG_TO_READ, TOO_LONG_TO_READ } from './parse-pool.ts';
import {
  answeredStatus,
  BAD_CERTIFICATE,
  COULD_NOT_CONNECT,
  HTTPS_ONLY,
  NOT_A_WEB_ADDRESS,
  NOT_FOUND_HOST,
  PRIVATE_ADDRESS,
  TOO_LARGE,
  TOO_MANY_REDIRECTS,
  TOO_SLOW,
} from './safe-fetch.ts';

/** Each problem with the English sentence thrown with it. */
const THROWN: [CalendarProblem, string][] = [
  [{ code: 'not_a_web_address' }, NOT_A_WEB_ADDRESS],
  [{ code: 'https_only' }, HTTPS_ONLY],
  [{ code: 'private_address' }, PRIVATE_ADDRESS],
  [{ code: 'host_not_found' }, NOT_FOUND_HOST],
  [{ code: 'too_slow' }, TOO_SLOW],
  [{ code: 'too_large' }, TOO_LARGE],
  [{ code: 'too_many_redirects' }, TOO_MANY_REDIRECTS],
  [{ code: 'could_not_connect' }, COULD_NOT_CONNECT],
  [{ code: 'bad_certificate' }, BAD_CERTIFICATE],
  [{ code: 'answered_status', status: 503 }, answeredStatus(503)],
  [{ code: 'not_a_calendar' }, NOT_A_CALENDAR],
  [{ code: 'cut_short' }, CUT_SHORT],
  [{ code: 'too_many_repeats' }, TOO_MANY_REPEATS],
  [{ code: 'never_happens' }, NEVER_HAPPENS],
  [{ code: 'never_happens_on', month: 2, day: 30 }, neverHappensOn(2, 30)],
  [{ code: 'too_many_busy_times' }, tooManyBusyTimes()],
  [{ code: 'too_long_to_read' }, TOO_LONG_TO_READ],
  [{ code: 'too_big_to_read' }, TOO_BIG_TO_READ],
  [{ code: 'could_not_read' }, COULD_NOT_READ],
  [{ code: 'did_not_finish' }, DID_NOT_FINISH],
];

describe('a calendar’s problems in words', () => {
  it('in English are the sentences thrown (and stored), so older rows are recognised', () => {
    for (const [problem, english] of THROWN) {
      expect(calendarProblemWords(problem, 'en'), problem.code).toBe(english);
      expect(problemOfEnglish(english), english).toEqual(problem);
    }
    expect(problemOfEnglish('Something we never wrote')).toBeUndefined();
  });

  it('in every other language are the reader’s', () => {
    for (const [problem, english] of THROWN) {
      for (const locale of ['es', 'pt-BR', 'pt-PT', 'ja', 'th', 'id'] as const)
        expect(calendarProblemWords(problem, locale), `${problem.code} ${locale}`).not.toBe(english);
    }
    expect(calendarProblemWords({ code: 'never_happens_on', month: 4, day: 31 }, 'ja')).toBe(
      'カレンダーに、存在しない日付（4月31日）に繰り返される予定があります',
    );
    expect(calendarProblemWords({ code: 'too_many_busy_times' }, 'pt-BR')).toBe(
      'A agenda tem mais de 20.000 horários ocupados no próximo ano',
    );
    expect(calendarProblemWords({ code: 'too_slow' }, 'ja')).toBe('アドレスから 10 秒以内に応答がありませんでした');
  });
});
