/**
 * The calendar parser's thread (decision 045): reads one calendar file at a time for parse-pool.ts
 * and answers with its busy intervals, or with the sentence that says why it could not.
 *
 * Once loaded it posts `{ ready: true }`. Messages in: `{ id, text, timeZone, from, to }` (instants as epoch milliseconds). Out:
 * `{ id, ok: true, starts, ends, unreadable, notes, zoneNotes }` (starts and ends as Float64Arrays, handed
 * over without a copy) or `{ id, ok: false, message, problem }`, where `problem` (when there is one)
 * is what the provider is told, `message` its English sentence (else the parser's own error).
 */
import { parentPort } from 'node:worker_threads';
import { CalendarFetchError, type CalendarProblem } from './calendar-error.ts';
import type { ZoneNote } from './calendar-zones.ts';
import { readCalendar } from './parse-calendar.ts';

export type ParseRequest = { id: number; text: string; timeZone: string; from: number; to: number };
export type ParseAnswer =
  | {
      id: number;
      ok: true;
      starts: Float64Array;
      ends: Float64Array;
      unreadable: number;
      notes: string[];
      zoneNotes: ZoneNote[];
    }
  | { id: number; ok: false; message: string; problem: CalendarProblem | null };

const port = parentPort;
if (port) {
  port.on('message', (m: ParseRequest) => {
    let answer: ParseAnswer;
    try {
      const reading = readCalendar(m.text, { timeZone: m.timeZone, from: new Date(m.from), to: new Date(m.to) });
      const starts = new Float64Array(reading.intervals.length);
      const ends = new Float64Array(reading.intervals.length);
      reading.intervals.forEach((b, i) => {
        starts[i] = b.start.getTime();
        ends[i] = b.end.getTime();
      });
      answer = {
        id: m.id,
        ok: true,
        starts,
        ends,
        unreadable: reading.unreadable,
        notes: reading.notes,
        zoneNotes: reading.zoneNotes,
      };
      port.postMessage(answer, [starts.buffer, ends.buffer]);
      return;
    } catch (err) {
      answer =
        err instanceof CalendarFetchError
          ? { id: m.id, ok: false, message: err.message, problem: err.problem }
          : { id: m.id, ok: false, message: String((err as Error)?.message ?? err), problem: null };
    }
    port.postMessage(answer);
  });
  port.postMessage({ ready: true });
}
