import { describe, expect, it } from 'vitest';
import { groupMessagesByDay, messageDayLabel } from './message-days.ts';

describe('messageDayLabel', () => {
  const today = '2026-11-27';

  it('names today and yesterday, other days by weekday and date', () => {
    expect(messageDayLabel('2026-11-27', today)).toBe('Today');
    expect(messageDayLabel('2026-11-26', today)).toBe('Yesterday');
    expect(messageDayLabel('2026-11-23', today)).toBe('Mon, Nov 23');
    expect(messageDayLabel('2026-01-01', today)).toBe('Thu, Jan 1');
  });

  it('adds the year when it is not the current one', () => {
    expect(messageDayLabel('2025-11-23', today)).toBe('Sun, Nov 23, 2025');
    expect(messageDayLabel('2025-12-31', '2026-01-01')).toBe('Yesterday');
    expect(messageDayLabel('2025-12-30', '2026-01-01')).toBe('Tue, Dec 30, 2025');
    expect(messageDayLabel('2027-01-02', today)).toBe('Sat, Jan 2, 2027');
  });
});

describe('groupMessagesByDay', () => {
  const at = (createdAt: string, id = createdAt) => ({ id, createdAt });

  it("cuts a conversation into the reader's days, across Lisbon's autumn change", () => {
    // Lisbon goes back from UTC+1 to UTC at 01:00 UTC on 25 Oct 2026.
    const messages = [
      at('2026-10-24T22:59:00Z'), // 23:59 on the 24th (UTC+1)
      at('2026-10-24T23:00:00Z'), // 00:00 on the 25th (UTC+1)
      at('2026-10-25T01:30:00Z'), // 01:30 on the 25th (UTC, the second 01:30)
      at('2026-10-25T23:59:00Z'), // 23:59 on the 25th (UTC)
      at('2026-10-26T00:00:00Z'), // 00:00 on the 26th
    ];
    expect(groupMessagesByDay(messages, 'Europe/Lisbon').map((d) => [d.day, d.messages.length])).toEqual([
      ['2026-10-24', 1],
      ['2026-10-25', 3],
      ['2026-10-26', 1],
    ]);
    // The same messages read in UTC fall on other days.
    expect(groupMessagesByDay(messages, 'UTC').map((d) => [d.day, d.messages.length])).toEqual([
      ['2026-10-24', 2],
      ['2026-10-25', 2],
      ['2026-10-26', 1],
    ]);
  });

  it("and across New York's spring change", () => {
    // New York goes from UTC−5 to UTC−4 at 07:00 UTC on 8 Mar 2026.
    const messages = [
      at('2026-03-08T04:59:00Z'),
      at('2026-03-08T05:00:00Z'),
      at('2026-03-09T03:59:00Z'),
      at('2026-03-09T04:00:00Z'),
    ];
    expect(groupMessagesByDay(messages, 'America/New_York').map((d) => [d.day, d.messages.length])).toEqual([
      ['2026-03-07', 1],
      ['2026-03-08', 2],
      ['2026-03-09', 1],
    ]);
  });

  it('starts a new run whenever the day changes, and keeps an empty thread empty', () => {
    expect(groupMessagesByDay([], 'Europe/Lisbon')).toEqual([]);
    const days = groupMessagesByDay(
      [at('2026-11-20T10:00:00Z', 'a'), at('2026-11-20T18:00:00Z', 'b')],
      'Asia/Makassar',
    );
    expect(days).toEqual([
      { day: '2026-11-20', messages: [at('2026-11-20T10:00:00Z', 'a')] },
      { day: '2026-11-21', messages: [at('2026-11-20T18:00:00Z', 'b')] },
    ]);
  });
});

describe('messageDayLabel in the reader’s language', () => {
  it('names today and yesterday in their words, capitalised as a heading', () => {
    expect(messageDayLabel('2026-11-23', '2026-11-23', 'pt-BR')).toBe('Hoje');
    expect(messageDayLabel('2026-11-22', '2026-11-23', 'es')).toBe('Ayer');
    expect(messageDayLabel('2026-11-23', '2026-11-23', 'ja')).toBe('今日');
    expect(messageDayLabel('2026-11-22', '2026-11-23', 'id')).toBe('Kemarin');
  });

  it('writes other days with the locale’s weekday and month, the year only when it is not this one', () => {
    expect(messageDayLabel('2026-11-16', '2026-11-23', 'ja')).toBe('11月16日(月)');
    expect(messageDayLabel('2025-11-16', '2026-11-23', 'ja')).toBe('2025年11月16日(日)');
    expect(messageDayLabel('2026-11-16', '2026-11-23', 'th')).toContain('16 พ.ย.');
    expect(messageDayLabel('2025-11-16', '2026-11-23', 'th')).toContain('2025');
  });
});
