import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { describe, expect, it } from 'vitest';
import type { ThreadMessage } from '@shared/api/conversations-responses';
import { MessageList } from './message-list';

const TRAVELER = '00000000-0000-4000-8000-00000000000a';
const PROVIDER = '00000000-0000-4000-8000-00000000000b';

function message(id: number, senderId: string, createdAt: string, body: string): ThreadMessage {
  return {
    id: `00000000-0000-4000-8000-${String(id).padStart(12, '0')}`,
    senderId,
    sender: { name: senderId === TRAVELER ? 'Tess' : 'Made', image: null },
    body,
    createdAt,
    readAt: null,
  };
}

/**
 * A conversation over five days around New York's autumn change (clocks go back from UTC−4 to
 * UTC−5 at 06:00 UTC on 1 Nov 2026), read by a traveler in New York whose today is 2 Nov 2026.
 */
const conversation = [
  message(1, TRAVELER, '2025-12-31T23:30:00Z', 'Happy new year! Booking for next autumn?'), // 6:30 PM Dec 31, 2025
  message(2, PROVIDER, '2026-10-29T14:00:00Z', 'Selamat pagi! Your ceremony is set.'), // 10:00 AM Thu Oct 29
  message(3, TRAVELER, '2026-10-31T03:59:00Z', 'Great, thank you'), // 11:59 PM Fri Oct 30
  message(4, TRAVELER, '2026-11-01T05:30:00Z', 'One more question'), // 1:30 AM EDT Sun Nov 1
  message(5, PROVIDER, '2026-11-01T06:30:00Z', 'Yes?'), // 1:30 AM EST Sun Nov 1 (the second 1:30)
  message(6, PROVIDER, '2026-11-02T04:59:00Z', 'Good night'), // 11:59 PM Sun Nov 1
  message(7, TRAVELER, '2026-11-02T05:00:00Z', 'See you soon'), // 12:00 AM Mon Nov 2
];

/** The list as a page renders it: inside the page's words (a hidden message's note is worded there). */
function render(timeZone: string, today: string) {
  const i18n = setupI18n({ locale: 'en', messages: { en: {} } });
  return renderToStaticMarkup(
    createElement(
      I18nProvider,
      { i18n },
      createElement(MessageList, { messages: conversation, ownId: TRAVELER, timeZone, today }),
    ),
  );
}

/** The thread as text, one line per separator or message. */
function lines(html: string): string[] {
  return html
    .replace(/<h3[^>]*>/g, '\n# ')
    .replace(/<li[^>]*>/g, '\n- ')
    .replace(/<[^>]+>/g, ' ')
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
}

describe('a conversation over several days', () => {
  it("has a separator between messages of different days, on the reader's clock across a DST change", () => {
    expect(lines(render('America/New_York', '2026-11-02'))).toEqual([
      '# Wed, Dec 31, 2025',
      '- Happy new year! Booking for next autumn? 6:30 PM',
      '# Thu, Oct 29',
      '- Selamat pagi! Your ceremony is set. 10:00 AM',
      '# Fri, Oct 30',
      '- Great, thank you 11:59 PM',
      '# Yesterday',
      '- One more question 1:30 AM',
      '- Yes? 1:30 AM',
      '- Good night 11:59 PM',
      '# Today',
      '- See you soon 12:00 AM',
    ]);
  });

  it('reads the same messages on another clock (UTC) as other days', () => {
    expect(lines(render('UTC', '2026-11-02'))).toEqual([
      '# Wed, Dec 31, 2025',
      '- Happy new year! Booking for next autumn? 11:30 PM',
      '# Thu, Oct 29',
      '- Selamat pagi! Your ceremony is set. 2:00 PM',
      '# Sat, Oct 31',
      '- Great, thank you 3:59 AM',
      '# Yesterday',
      '- One more question 5:30 AM',
      '- Yes? 6:30 AM',
      '# Today',
      '- Good night 4:59 AM',
      '- See you soon 5:00 AM',
    ]);
  });

  it('makes each bubble focusable, with its time as a <time> beside it and the separators as headings', () => {
    const html = render('America/New_York', '2026-11-02');
    expect(html.match(/tabindex="0"/g)).toHaveLength(conversation.length);
    expect(html).toContain('<time dateTime="2026-11-01T06:30:00Z"');
    expect(html).toContain('<time dateTime="2026-11-02"');
    // Shown on hover or focus: hidden otherwise, but never taken out of the accessible text.
    expect(html).toMatch(/opacity-0[^"]*group-hover:opacity-100[^"]*group-focus:opacity-100/);
    expect(html).not.toMatch(/aria-hidden="true"[^>]*dateTime/);
    // The reader's own on the right.
    expect(html.match(/data-own="true"/g)).toHaveLength(4);
    expect(html.match(/data-own="false"/g)).toHaveLength(3);
  });
});
