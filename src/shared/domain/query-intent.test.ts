import { describe, expect, it } from 'vitest';
import { normaliseQueryText, parseQueryIntent, whenDates } from './query-intent.ts';

describe('parseQueryIntent: time words', () => {
  it.each([
    ['chef tonight', 'chef', 'tonight'],
    ['massage tomorrow', 'massage', 'tomorrow'],
    ['yoga this weekend', 'yoga', 'weekend'],
    ['Yoga this Weekend in Bali', 'yoga in bali', 'weekend'],
    ['massage for tomorrow', 'massage', 'tomorrow'],
    ['tour today', 'tour', 'today'],
    ['massagem amanhã', 'massage', 'tomorrow'],
    ['ioga neste fim de semana', 'yoga', 'weekend'],
    ['masaje mañana', 'massage', 'tomorrow'],
    ['clases de yoga este fin de semana', 'yoga', 'weekend'],
    ['pijat besok', 'massage', 'tomorrow'],
    ['yoga akhir pekan', 'yoga', 'weekend'],
    ['明日 マッサージ', 'massage', 'tomorrow'],
    ['นวด พรุ่งนี้', 'massage', 'tomorrow'],
  ])('"%s" searches "%s" with a free start %s', (q, text, when) => {
    expect(parseQueryIntent(q)).toEqual({ text, when, isNearMe: false });
  });

  it('leaves a query without a time word as its words', () => {
    expect(parseQueryIntent('Deep tissue massage')).toEqual({
      text: 'deep tissue massage',
      when: null,
      isNearMe: false,
    });
  });

  it('drops every time word when there are two; the longer one is the filter', () => {
    expect(parseQueryIntent('massage tomorrow or this weekend')).toEqual({
      text: 'massage or',
      when: 'weekend',
      isNearMe: false,
    });
  });
});

describe('parseQueryIntent: near me', () => {
  it.each(['tour near me', 'tour nearby', 'passeio perto de mim', 'paseo cerca de mí', 'tur dekat saya'])(
    '"%s" is a tour near the traveler',
    (q) => {
      expect(parseQueryIntent(q)).toEqual({ text: 'tour', when: null, isNearMe: true });
    },
  );

  it('"massage near me tonight" keeps both', () => {
    expect(parseQueryIntent('massage near me tonight')).toEqual({ text: 'massage', when: 'tonight', isNearMe: true });
  });

  it('"near Ubud" is a place, not "near me"', () => {
    expect(parseQueryIntent('yoga near Ubud')).toEqual({ text: 'yoga near ubud', when: null, isNearMe: false });
  });
});

describe('parseQueryIntent: categories in other languages', () => {
  it.each([
    ['massagem', 'massage'],
    ['Massagem relaxante', 'massage relaxante'],
    ['ioga', 'yoga'],
    ['passeio', 'tour'],
    ['pijat', 'massage'],
    ['clases de yoga', 'yoga'],
    ['aulas de ioga', 'yoga'],
    ['kelas yoga', 'yoga'],
    ['chef privado', 'chef'],
    ['médico', 'doctor'],
    ['niñera', 'babysitting'],
    ['マッサージ', 'massage'],
    ['ヨガレッスン', 'yoga'],
    ['東京でマッサージ', '東京で massage'],
    ['นวดแผนไทย', 'massage'],
    ['โยคะ', 'yoga'],
    ['massagem em Lisboa', 'massage em lisboa'],
    ['massagem perto de Lisboa', 'massage near lisboa'],
    ['yoga cerca de Bali', 'yoga near bali'],
    ['pijat di dekat Ubud', 'massage near ubud'],
  ])('"%s" searches "%s"', (q, text) => {
    expect(parseQueryIntent(q).text).toBe(text);
  });

  it('keeps words it does not know', () => {
    expect(parseQueryIntent('surf lessons').text).toBe('surf lessons');
  });
});

describe('normaliseQueryText', () => {
  it('drops Latin accents and keeps Thai and Japanese marks', () => {
    expect(normaliseQueryText('São  Paulo!')).toBe('sao paulo');
    expect(normaliseQueryText('พรุ่งนี้')).toBe('พรุ่งนี้');
    expect(normaliseQueryText('ガイド')).toBe('ガイド');
  });
});

describe('whenDates, in the service zone (TZ=UTC)', () => {
  it('"tomorrow" is the day after today in the zone, not in UTC', () => {
    // 23:30 UTC on Saturday 28 March 2026: still Saturday in Lisbon, already Sunday in Tokyo.
    const now = new Date('2026-03-28T23:30:00Z');
    expect(whenDates('tomorrow', now, 'Europe/Lisbon').dates).toEqual(['2026-03-29']);
    expect(whenDates('tomorrow', now, 'Asia/Tokyo').dates).toEqual(['2026-03-30']);
    expect(whenDates('tomorrow', now, 'America/Sao_Paulo').dates).toEqual(['2026-03-29']);
  });

  it('"this weekend" is Saturday and Sunday, across the spring clock change in Lisbon', () => {
    // Friday evening; Lisbon's clocks go forward at 01:00 UTC on Sunday 29 March 2026.
    const now = new Date('2026-03-27T20:00:00Z');
    expect(whenDates('weekend', now, 'Europe/Lisbon')).toEqual({
      dates: ['2026-03-28', '2026-03-29'],
      notBefore: null,
    });
  });

  it('"this weekend" on a Saturday keeps the Saturday; on a Sunday it is that Sunday', () => {
    expect(whenDates('weekend', new Date('2026-03-28T10:00:00Z'), 'Europe/Lisbon').dates).toEqual([
      '2026-03-28',
      '2026-03-29',
    ]);
    // Sunday 00:30 in Lisbon after the change (23:30 UTC Saturday is still Saturday there, so use 2026-03-29T00:30Z).
    expect(whenDates('weekend', new Date('2026-03-29T00:30:00Z'), 'Europe/Lisbon').dates).toEqual(['2026-03-29']);
    // Saturday 23:30 UTC is already Sunday in Tokyo.
    expect(whenDates('weekend', new Date('2026-03-28T23:30:00Z'), 'Asia/Tokyo').dates).toEqual(['2026-03-29']);
  });

  it('"tonight" is today from 18:00; "today" is all of today', () => {
    const now = new Date('2026-11-01T12:00:00Z');
    expect(whenDates('tonight', now, 'America/New_York')).toEqual({ dates: ['2026-11-01'], notBefore: '18:00' });
    expect(whenDates('today', now, 'America/New_York')).toEqual({ dates: ['2026-11-01'], notBefore: null });
  });
});
