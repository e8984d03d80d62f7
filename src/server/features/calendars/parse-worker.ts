/**
 * The calendar parser's thread (decision 045): reads one calendar file at a time for parse-pool.ts
 * and answers with its busy intervals, or with the sentence that says why it could not.
 *
 * Once loaded it posts `{ ready: true }`. Messages in: `{ id, text, timeZone, from, to }` (instants as epoch milliseconds). Out:
 * `{ id, ok: true, starts, ends, unreadable, notes }` (starts and ends as Float64Arrays, handed
 * over without a copy) or `{ id, ok: false, message, plain }`, where `plain` says the message is
 * meant for the provider.
 */
import { parentPort } from 'node:worker_threads';
import { CalendarFetchError } from './calendar-error.ts';
import { readCalendar } from './parse-calendar.ts';

export type ParseRequest = { id: number; text: string; timeZone: string; from: number; to: number };
export type ParseAnswer =
  | { id: number; ok: true; starts: Float64Array; ends: Float64Array; unreadable: number; notes: string[] }
  | { id: number; ok: false; message: string; plain: boolean };

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
      answer = { id: m.id, ok: true, starts, ends, unreadable: reading.unreadable, notes: reading.notes };
      port.postMessage(answer, [starts.buffer, ends.buffer]);
      return;
    } catch (err) {
      const plain = err instanceof CalendarFetchError;
      answer = { id: m.id, ok: false, plain, message: plain ? err.message : String((err as Error)?.message ?? err) };
    }
    port.postMessage(answer);
  });
  port.postMessage({ ready: true });
}
